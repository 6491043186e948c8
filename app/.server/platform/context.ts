import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { atLeast, type Role } from "#app/lib/roles.ts";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { serverT } from "./i18n.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "./env.ts";
import type { ImportRunner } from "#app/.server/genealogy/gedcom/import-process.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import type { SessionUser } from "#app/.server/accounts/session.ts";

// What every loader and action may use, set per request by the HTTP server
// (server/app.ts) and by the session middleware of the root route.

export interface Services {
  db: Database;
  config: Config;
  media: MediaStore;
  /** GEDCOM imports, each in a process of its own. */
  imports: ImportRunner;
}

export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response's scripts; empty for a page rendered to be kept (allowed by hash). */
  nonce: string;
  /** Read the whole page and start its scripts after its first paint: a visitor's page (app/.server/platform/low-priority-scripts.ts). */
  holdScripts: boolean;
  /** The client's address (the proxy's client when TRUST_PROXY is set). */
  clientAddress: string;
  /** Whether cookies must be Secure: an https SITE_URL or an https request. */
  secure: boolean;
  /**
   * Set when a loader, an action or a middleware failed because the database
   * could not be reached (entry.server.tsx): the server then answers 503 or a
   * kept page instead of the error page (server/database-outage.ts).
   */
  databaseLost?: boolean;
}

export const servicesContext = createContext<Services>();
export const requestInfoContext = createContext<RequestInfo>();
const userContext = createContext<SessionUser | null>(null);
/** The tree's person the user's account is tied to (users.personId), read with the session. */
const ownPersonContext = createContext<number | null>(null);

/**
 * What a page rendered to be kept for an audience read of its viewer
 * (server/render-cache.ts): it is kept for the viewer's role, and for their
 * own person only when it read it. Reading the account itself (an id, a
 * name) makes the page theirs alone, not kept.
 */
export interface KeptRender {
  /** The role the page was rendered for, null for a visitor; undefined until the session is read. */
  role?: Role | null;
  /** The viewer's own person, when the page read it (ownPerson). */
  person?: number | null;
  /** Something of the account itself was read: the page is not kept. */
  personal: boolean;
}

/** Set by the server for a page rendered to be kept; absent for every other request. */
export const keptRenderContext = createContext<KeptRender | null>(null);
const localeContext = createContext<Locale>(SOURCE_LOCALE);

type Context = Readonly<RouterContextProvider>;

export function services(context: Context): Services {
  return context.get(servicesContext);
}

export function requestInfo(context: Context): RequestInfo {
  return context.get(requestInfoContext);
}

/**
 * The signed-in user, or null for a visitor. In a page rendered to be kept
 * for their role, reading the account's id or name marks the page as theirs
 * alone (KeptRender.personal): a page that says who is looking is never
 * handed to another member, whatever a loader added later reads.
 */
export function currentUser(context: Context): SessionUser | null {
  const user = context.get(userContext);
  const kept = context.get(keptRenderContext);
  if (!user || !kept) return user;
  return {
    role: user.role,
    get id() {
      kept.personal = true;
      return user.id;
    },
    get username() {
      kept.personal = true;
      return user.username;
    },
  };
}

/**
 * The person of the tree the user's account is tied to (where their tree
 * opens), or null; a page rendered to be kept is then kept for that person.
 */
export function ownPerson(context: Context): number | null {
  const person = context.get(ownPersonContext);
  const kept = context.get(keptRenderContext);
  if (kept && context.get(userContext)) kept.person = person;
  return person;
}

/** The language of the request's address ('/en/…' is English): set by the language middleware (language.ts) before any other. */
export function requestLocale(context: Context): Locale {
  return context.get(localeContext);
}

export function setRequestLocale(context: Context, locale: Locale): void {
  context.set(localeContext, locale);
}

/** Sets the request's user and their own person: the session middleware's (accounts/session.ts), once per request. */
export function setCurrentUser(context: Context, user: SessionUser | null, person: number | null = null): void {
  context.set(userContext, user);
  context.set(ownPersonContext, user ? person : null);
  const kept = context.get(keptRenderContext);
  if (kept) kept.role = user?.role ?? null;
}

/**
 * The user of this request, when their role is at least `role`: someone
 * without a session is sent to the login page, a user whose role is lower is
 * refused (403). The access middleware (access.ts) asks this for every
 * address before any route runs; every action asks it again for what it does,
 * so that no change depends on a single check.
 */
export function requireRole(context: Context, role: Role): SessionUser {
  const user = currentUser(context);
  if (!user) throw redirect("/login");
  // Said in the request's language here: a file's route (a backup, an export) answers with the sentence itself.
  if (!atLeast(user.role, role)) throw data(notAllowed(requestLocale(context)), { status: 403 });
  return user;
}

/** The refusal's id, for a page's own 403 (the root's error page says it in the page's language). */
export const NOT_ALLOWED = "common.error.notAllowed" satisfies MessageId;

/** The refusal of a right the account lacks, in a language. */
export function notAllowed(locale: Locale): string {
  return serverT(locale)("common.error.notAllowed");
}
