import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { logLoginFailure } from "./login-failure-log.ts";
import { loginBlockedUntil, recordFailedLogin, rememberLogin, removeFailedLogin, standingOf } from "./login-throttle.ts";
import type { SessionUser } from "./session.ts";
import { authenticate } from "./users.ts";

export type LoginResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAt: Date };

export interface LoginAttempt {
  /** The user the attempt is for: typed, or the owner of the passkey offered ('' when nobody's). */
  username: string;
  clientAddress: string;
  /** The browser's device cookie, if it has one (see login-throttle.ts). */
  deviceToken?: string | null;
}

/**
 * Judges a login attempt, by password or by passkey alike: `check` proves
 * the user (or does not). Each attempt is first recorded as a failure and then
 * judged by the failures recorded before it, so that many attempts sent at
 * once cannot all slip in before the first of them is counted. A refused
 * attempt is not counted, and `check` is not even run; a success removes the
 * record again. Every attempt that does not log in, refused or wrong, goes in
 * the user's log of failed logins (login-failure-log.ts), which they are shown.
 */
export async function attemptLogin(db: Database, attempt: LoginAttempt, check: () => Promise<SessionUser | null>): Promise<LoginResult> {
  const now = new Date();
  // Stored failures keep the name within bounds: a longer one cannot be a user's.
  const username = attempt.username.slice(0, USERNAME_MAX_LENGTH + 1);
  const at = { username, clientAddress: attempt.clientAddress, now };
  const standing = await standingOf(db, { ...at, deviceToken: attempt.deviceToken ?? null });
  const failureId = await recordFailedLogin(db, at, standing);
  const blocked = await loginBlockedUntil(db, at, standing, failureId);
  if (blocked) {
    await removeFailedLogin(db, failureId);
    await logLoginFailure(db, at);
    return { ok: false, reason: "throttled", retryAt: blocked };
  }
  const user = await check();
  if (!user) {
    await logLoginFailure(db, at);
    return { ok: false, reason: "invalid" };
  }
  await rememberLogin(db, { ...at, username: user.username }, standing);
  return { ok: true, user };
}

/** A login with a user name and a password. */
export async function attemptPasswordLogin(db: Database, attempt: LoginAttempt & { password: string }): Promise<LoginResult> {
  const tooLong = attempt.username.length > USERNAME_MAX_LENGTH || attempt.password.length > PASSWORD_MAX_LENGTH;
  return attemptLogin(db, attempt, async () => (tooLong ? null : authenticate(db, attempt.username, attempt.password)));
}
