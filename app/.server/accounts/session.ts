import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { siteCookie } from "#app/.server/platform/cookies.ts";
import { atLeast, type Role } from "#app/lib/roles.ts";
import { services, setCurrentUser } from "#app/.server/platform/context.ts";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { refreshIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { rememberSiteAddress } from "#app/.server/platform/site-address.ts";
import { now as timestamp } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// A session is a random token in an HttpOnly cookie; the database keeps only
// the token's SHA-256, the user and the expiry. Logging out deletes the row, so
// an old cookie opens nothing afterwards, in any server process.

/** The session cookie's name; the request guard (server/request-guard.ts) looks for it too. */
export const SESSION_COOKIE = "sesija";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

/** How often a session's last use is written down (not at every request). */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

function cookie() {
  return siteCookie(SESSION_COOKIE, SESSION_LIFETIME_MS / 1000);
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The session token sent by the browser, if any. */
export async function readSessionToken(request: Request): Promise<string | null> {
  return sessionTokenOf(request.headers.get("Cookie"));
}

/** The session token in a Cookie header, if any. */
export async function sessionTokenOf(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await cookie().parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Starts a session for the user and returns the Set-Cookie header that
 * carries it. `userAgent` names the device in the user's list of sessions.
 */
export async function createSession(db: Database, userId: number, userAgent: string | null = null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const created = new Date();
  await db
    .insertInto("sessions")
    .values({
      id: tokenHash(token),
      userId,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + SESSION_LIFETIME_MS).toISOString(),
      lastSeenAt: created.toISOString(),
      device: describeDevice(userAgent),
    })
    .execute();
  return cookie().serialize(token);
}

/**
 * The user of a live session, or null for an unknown or expired token or a
 * disabled user. Notes the session's use, every few minutes at most.
 */
/**
 * Whether a Cookie header carries a live session (an active user's, not
 * expired): the request guard's larger body limits follow a session that
 * exists, not a cookie that is only present (a crafted 'sesija=x').
 */
export async function hasLiveSession(db: Database, cookieHeader: string | null): Promise<boolean> {
  const token = await sessionTokenOf(cookieHeader);
  if (!token) return false;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select("sessions.id")
    .where("sessions.id", "=", tokenHash(token))
    .where("sessions.expiresAt", ">", timestamp())
    .where("users.disabledAt", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  return (await findSession(db, token))?.user ?? null;
}

/** A live session: its user, the person their account is tied to, and what its next use depends on. */
export interface LiveSession {
  user: SessionUser;
  /** The tree's person of the account (where the tree opens for them), or null. */
  personId: number | null;
  /** When it expires, and when its use is next to be written down (ms since the epoch). */
  expiresAt: number;
  noteUseAt: number;
}

/**
 * The session of a token, with its user, or null for an unknown or expired
 * token or a disabled user. Notes the session's use, every few minutes at most.
 */
export async function findSession(db: Database, token: string): Promise<LiveSession | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["users.id", "users.username", "users.role", "users.personId", "sessions.lastSeenAt", "sessions.expiresAt"])
    .where("sessions.id", "=", tokenHash(token))
    .where("sessions.expiresAt", ">", timestamp())
    .where("users.disabledAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  let lastSeen = row.lastSeenAt ? Date.parse(row.lastSeenAt) : Number.NaN;
  if (!(now - lastSeen <= LAST_SEEN_EVERY_MS)) {
    lastSeen = now;
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where("id", "=", tokenHash(token))
      .execute();
  }
  return {
    user: { id: row.id, username: row.username, role: row.role },
    personId: row.personId,
    expiresAt: Date.parse(row.expiresAt),
    noteUseAt: lastSeen + LAST_SEEN_EVERY_MS,
  };
}

export interface SessionInfo {
  /** An id for the list (not the token, not its hash). */
  id: string;
  device: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  current: boolean;
}

/** A user's live sessions, newest use first; `current` marks the one of this request. */
export async function listSessions(db: Database, userId: number, currentToken: string | null): Promise<SessionInfo[]> {
  const current = currentToken ? tokenHash(currentToken) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "device", "createdAt", "lastSeenAt"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", timestamp())
    .orderBy("lastSeenAt", "desc")
    .execute();
  return rows.map((row) => ({
    id: listId(row.id),
    device: row.device,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    current: row.id === current,
  }));
}

/** Ends one of a user's sessions, named by its list id. */
export async function endSession(db: Database, userId: number, id: string): Promise<boolean> {
  const rows = await db.selectFrom("sessions").select("id").where("userId", "=", userId).execute();
  const row = rows.find((r) => listId(r.id) === id);
  if (!row) return false;
  await db.deleteFrom("sessions").where("id", "=", row.id).execute();
  return true;
}

/** A session's id in the user's list: derived from the stored hash, so that the page never shows what the table holds. */
function listId(hash: string): string {
  return createHash("sha256").update(`list:${hash}`).digest("base64url").slice(0, 16);
}

/** 'Chrome, Android', from a User-Agent header; null when it says nothing useful. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["Firefox/", "Firefox"],
    ["Chrome/", "Chrome"],
    ["Chromium/", "Chromium"],
    ["Safari/", "Safari"],
  ].find(([mark]) => userAgent.includes(mark))?.[1];
  const system = [
    ["Android", "Android"],
    ["iPhone", "iPhone"],
    ["iPad", "iPad"],
    ["Windows", "Windows"],
    ["Mac OS", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([mark]) => userAgent.includes(mark))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(", ") : userAgent.slice(0, 60);
}

/** Ends a session; returns the Set-Cookie header that removes the cookie. */
export async function destroySession(db: Database, token: string | null): Promise<string> {
  if (token) await db.deleteFrom("sessions").where("id", "=", tokenHash(token)).execute();
  return cookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends every session of a user (after a password reset). */
export async function destroyUserSessions(db: Database, userId: number): Promise<void> {
  await db.deleteFrom("sessions").where("userId", "=", userId).execute();
}

/** Ends every other session of a user, keeping the one in use (after a password change). */
export async function destroyOtherSessions(db: Database, userId: number, keepToken: string): Promise<void> {
  await db.deleteFrom("sessions").where("userId", "=", userId).where("id", "!=", tokenHash(keepToken)).execute();
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.deleteFrom("sessions").where("expiresAt", "<=", timestamp()).execute();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Root middleware: finds the user of the request's session cookie, if it is
 * still valid. After an editor's or the administrator's state-changing
 * request, whatever it did, the content version changes (platform/content-version.ts)
 * and the address it came from is kept for the site's letters (platform/site-address.ts);
 * not after a member's (their own account is all they change) nor after a
 * request refused as not theirs (403: nothing ran).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db } = services(context);
  const token = await readSessionToken(request);
  const session = token ? await findSession(db, token) : null;
  const user = session?.user ?? null;
  setCurrentUser(context, user, session?.personId ?? null);
  if (!user || SAFE_METHODS.has(request.method) || !atLeast(user.role, "redaktorius")) return next();
  let refused = false;
  let changed = false;
  try {
    const response = await next();
    refused = response.status === 403;
    changed = response.status < 400;
    return response;
  } finally {
    if (!refused) {
      await changeContentVersion(db);
      // The indexes are rebuilt at once, in the background (genealogy/prepared-indexes.ts).
      refreshIndexes(db);
    }
    // The address this editor reached the site at, once a change went through (a refused form writes nothing):
    // what the site's letters link to when SITE_URL is not set.
    if (changed) await rememberSiteAddress(db, services(context).config, request);
  }
};
