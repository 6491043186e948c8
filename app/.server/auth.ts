import type { Database } from "./db.ts";
import { forgetFailedLogins, loginBlockedUntil, recordFailedLogin, removeFailedLogin } from "./login-throttle.ts";
import type { SessionUser } from "./session.ts";
import { authenticate } from "./users.ts";

export type LoginResult =
  { ok: true; user: SessionUser } | { ok: false; reason: "invalid" } | { ok: false; reason: "throttled"; retryAt: Date };

/**
 * Checks a login attempt. Each attempt is first recorded as a failure and then
 * judged by the failures recorded before it, so that many attempts sent at once
 * cannot all slip in before the first of them is counted. A refused attempt is
 * not counted; a right password removes the record again.
 */
export async function attemptLogin(
  db: Database,
  attempt: { username: string; password: string; clientAddress: string },
): Promise<LoginResult> {
  const now = new Date();
  const failureId = await recordFailedLogin(db, { ...attempt, now });
  const blocked = await loginBlockedUntil(db, { ...attempt, now }, failureId);
  if (blocked) {
    await removeFailedLogin(db, failureId);
    return { ok: false, reason: "throttled", retryAt: blocked };
  }
  const user = await authenticate(db, attempt.username, attempt.password);
  if (!user) return { ok: false, reason: "invalid" };
  await forgetFailedLogins(db, attempt);
  return { ok: true, user };
}
