import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { now as timestamp, type Database } from "./db.ts";

// A session is a random token in an HttpOnly cookie; the database keeps only
// the token's SHA-256, the user and the expiry. Logging out deletes the row, so
// an old cookie opens nothing afterwards, in any server process.

/** The session cookie's name; the request guard (server/request-guard.ts) looks for it too. */
export const SESSION_COOKIE = "sesija";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  username: string;
}

function cookie(secure: boolean) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The session token sent by the browser, if any. */
export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await cookie(false).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Starts a session for the user and returns the Set-Cookie header that carries it. */
export async function createSession(db: Database, userId: number, secure: boolean): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const created = new Date();
  await db
    .insertInto("sessions")
    .values({
      id: tokenHash(token),
      userId,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + SESSION_LIFETIME_MS).toISOString(),
    })
    .execute();
  return cookie(secure).serialize(token);
}

/** The user of a live session, or null for an unknown or expired token. */
export async function findSessionUser(db: Database, token: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["users.id", "users.username"])
    .where("sessions.id", "=", tokenHash(token))
    .where("sessions.expiresAt", ">", timestamp())
    .executeTakeFirst();
  return row ?? null;
}

/** Ends a session; returns the Set-Cookie header that removes the cookie. */
export async function destroySession(db: Database, token: string | null, secure: boolean): Promise<string> {
  if (token) await db.deleteFrom("sessions").where("id", "=", tokenHash(token)).execute();
  return cookie(secure).serialize("", { maxAge: 0, expires: new Date(0) });
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
