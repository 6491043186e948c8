import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { atLeast, type Role } from "#app/lib/roles.ts";
import { changeContentVersion } from "./content-version.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "./env.ts";
import type { ImportRunner } from "#app/.server/genealogy/gedcom/import-process.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import { findSessionUser, readSessionToken, type SessionUser } from "#app/.server/accounts/session.ts";

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
}

export const servicesContext = createContext<Services>();
export const requestInfoContext = createContext<RequestInfo>();
const userContext = createContext<SessionUser | null>(null);

type Context = Readonly<RouterContextProvider>;

export function services(context: Context): Services {
  return context.get(servicesContext);
}

export function requestInfo(context: Context): RequestInfo {
  return context.get(requestInfoContext);
}

/** The logged-in administrator, or null for a visitor. */
export function currentUser(context: Context): SessionUser | null {
  return context.get(userContext);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Root middleware: finds the user of the request's session cookie, if it is
 * still valid. After an editor's or the administrator's state-changing
 * request, whatever it did, the content version changes (content-version.ts);
 * not after a member's (their own account is all they change) nor after a
 * request refused as not theirs (403: nothing ran).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = services(context);
  const token = await readSessionToken(request);
  const user = token ? await findSessionUser(db, token) : null;
  context.set(userContext, user);
  if (!user || SAFE_METHODS.has(request.method) || !atLeast(user.role, "redaktorius")) return next();
  let refused = false;
  try {
    const response = await next();
    refused = response.status === 403;
    return response;
  } finally {
    if (!refused) await changeContentVersion(db);
  }
};

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
  if (!atLeast(user.role, role)) throw data(NOT_ALLOWED, { status: 403 });
  return user;
}

export const NOT_ALLOWED = "Šiam veiksmui jūsų paskyrai trūksta teisių.";
