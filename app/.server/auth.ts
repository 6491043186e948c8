import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "../lib/login.ts";
import type { Database } from "./db.ts";
import { loginBlockedUntil, recordFailedLogin, rememberLogin, removeFailedLogin, standingOf } from "./login-throttle.ts";
import type { SessionUser } from "./session.ts";
import { authenticate } from "./users.ts";

export type LoginResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAt: Date };

export interface LoginAttempt {
  username: string;
  password: string;
  clientAddress: string;
  /** The browser's device cookie, if it has one (see login-throttle.ts). */
  deviceToken?: string | null;
}

/**
 * Checks a login attempt. Each attempt is first recorded as a failure and then
 * judged by the failures recorded before it, so that many attempts sent at once
 * cannot all slip in before the first of them is counted. A refused attempt is
 * not counted; a right password removes the record again.
 */
export async function attemptLogin(db: Database, attempt: LoginAttempt): Promise<LoginResult> {
  const now = new Date();
  // Stored failures keep the name within bounds: a longer one cannot be a user's.
  const username = attempt.username.slice(0, USERNAME_MAX_LENGTH + 1);
  const at = { username, clientAddress: attempt.clientAddress, now };
  const standing = await standingOf(db, { ...at, deviceToken: attempt.deviceToken ?? null });
  const failureId = await recordFailedLogin(db, at, standing);
  const blocked = await loginBlockedUntil(db, at, standing, failureId);
  if (blocked) {
    await removeFailedLogin(db, failureId);
    return { ok: false, reason: "throttled", retryAt: blocked };
  }
  const tooLong = attempt.username.length > USERNAME_MAX_LENGTH || attempt.password.length > PASSWORD_MAX_LENGTH;
  const user = tooLong ? null : await authenticate(db, username, attempt.password);
  if (!user) return { ok: false, reason: "invalid" };
  await rememberLogin(db, at, standing);
  return { ok: true, user };
}
