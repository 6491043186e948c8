import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { atLeast, type Role } from "#app/lib/roles.ts";
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

/** Sets the request's user: the session middleware's (accounts/session.ts), once per request. */
export function setCurrentUser(context: Context, user: SessionUser | null): void {
  context.set(userContext, user);
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
  if (!atLeast(user.role, role)) throw data(NOT_ALLOWED, { status: 403 });
  return user;
}

export const NOT_ALLOWED = "Šiam veiksmui jūsų paskyrai trūksta teisių.";
