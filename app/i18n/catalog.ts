// The message catalogs, one file per part of the site under catalogs/: each
// says every message in Lithuanian (the source) and in English, under ids
// that begin with the file's name ('gallery.title' in catalogs/gallery.ts).
// An English catalog without one of the Lithuanian ids does not compile, and
// tests/unit (app/i18n/catalog.test.ts) checks that both say the same
// placeholders.
//
// Two bundles: what every visitor's browser loads (SITE: the public pages, the
// account, the frame) and what only the administration loads (ADMIN). Letters
// are written on the server only (LETTERS).

import * as account from "./catalogs/account.ts";
import * as admin from "./catalogs/admin.ts";
import * as adminContent from "./catalogs/admin-content.ts";
import * as adminGallery from "./catalogs/admin-gallery.ts";
import * as adminMembers from "./catalogs/admin-members.ts";
import * as adminTree from "./catalogs/admin-tree.ts";
import * as auth from "./catalogs/auth.ts";
import * as changes from "./catalogs/changes.ts";
import * as common from "./catalogs/common.ts";
import * as gallery from "./catalogs/gallery.ts";
import * as genealogy from "./catalogs/genealogy.ts";
import * as guestbook from "./catalogs/guestbook.ts";
import * as history from "./catalogs/history.ts";
import * as home from "./catalogs/home.ts";
import * as kinship from "./catalogs/kinship.ts";
import * as letters from "./catalogs/letters.ts";
import * as toast from "./catalogs/toast.ts";
import * as tree from "./catalogs/tree.ts";
import type { Locale } from "./locales.ts";

export const SITE_CATALOGS = { common, toast, home, history, tree, genealogy, kinship, gallery, guestbook, account, auth };
export const ADMIN_CATALOGS = { admin, adminContent, adminGallery, adminTree, adminMembers, changes };
export const LETTER_CATALOGS = { letters };

type Catalogs = typeof SITE_CATALOGS & typeof ADMIN_CATALOGS & typeof LETTER_CATALOGS;
/** Every message's id. */
export type MessageId = { [N in keyof Catalogs]: keyof Catalogs[N]["lt"] & string }[keyof Catalogs];

/** A catalog file's English: exactly the Lithuanian's ids. */
export type English<L> = { [K in keyof L]: string };

export function merge(catalogs: Record<string, { lt: object; en: object }>, locale: Locale): Record<string, string> {
  return Object.assign({}, ...Object.values(catalogs).map((catalog) => catalog[locale])) as Record<string, string>;
}
