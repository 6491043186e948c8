import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { changeContentVersion } from "./content-version.ts";
import type { Database } from "./db.ts";
import type { Config } from "./env.ts";
import type { ImportRunner } from "./genealogy/import-process.ts";
import type { MediaStore } from "./media.ts";
import { findSessionUser, readSessionToken, type SessionUser } from "./session.ts";

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
  /** The Content-Security-Policy nonce of this response's scripts. */
  nonce: string;
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
 * still valid. After a logged-in user's state-changing request, whatever it
 * did, the content version changes (content-version.ts).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = services(context);
  const token = await readSessionToken(request);
  const user = token ? await findSessionUser(db, token) : null;
  context.set(userContext, user);
  if (!user || SAFE_METHODS.has(request.method)) return next();
  try {
    return await next();
  } finally {
    await changeContentVersion(db);
  }
};

/**
 * The administrator of this request; anyone else is sent to the login page.
 * Called by the admin layout's middleware for every /admin page and again by
 * every admin action, so that no change depends on a single check.
 */
export function requireAdmin(context: Context): SessionUser {
  const user = currentUser(context);
  if (!user) throw redirect("/login");
  return user;
}

export const adminMiddleware: MiddlewareFunction<Response> = async ({ context }) => {
  requireAdmin(context);
};
