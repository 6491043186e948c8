import type { MessageId } from "#app/i18n/catalog.ts";
import { lt } from "#app/i18n/catalogs/account.ts";

/** How the administrator hears of new proposals and guestbook entries (app/.server/accounts/notifications.ts). */
export type NotifyMode = "none" | "each" | "digest";
export const NOTIFY_MODE_LIST = ["none", "each", "digest"] as const satisfies readonly NotifyMode[];
/** The modes' names: message ids of the account catalog, said in the reader's language. */
export const NOTIFY_MODE_IDS = {
  none: "account.notify.mode.none",
  each: "account.notify.mode.each",
  digest: "account.notify.mode.digest",
} as const satisfies Record<NotifyMode, MessageId>;
/** Lithuanian only, for the code not yet moved to NOTIFY_MODE_IDS (the catalog's own words). */
export const NOTIFY_MODES: Record<NotifyMode, string> = {
  none: lt[NOTIFY_MODE_IDS.none],
  each: lt[NOTIFY_MODE_IDS.each],
  digest: lt[NOTIFY_MODE_IDS.digest],
};
/** The digest goes out once a day, from this hour on (the family's time). */
export const DIGEST_HOUR = 8;
