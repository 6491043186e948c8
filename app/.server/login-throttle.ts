import type { Database } from "./db.ts";

// Login throttling: after MAX_FAILED_LOGINS failures for one user name, or from
// one client address, within THROTTLE_WINDOW_MS, every further attempt is
// refused, right password or not, until enough failures have left the window.
// The failures live in the database so every server process counts them alike.

export const MAX_FAILED_LOGINS = 5;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * When attempts are allowed again for one key (a user name or an address),
 * given the times of its failures; null when they are allowed now. Refused
 * attempts are not failures, so retrying while blocked does not extend the wait.
 */
export function blockedUntil(failures: readonly number[], now: number): number | null {
  const recent = failures.filter((t) => t > now - THROTTLE_WINDOW_MS).sort((a, b) => b - a);
  if (recent.length < MAX_FAILED_LOGINS) return null;
  // The count falls below the limit when the MAX-th newest failure leaves the window.
  return recent[MAX_FAILED_LOGINS - 1] + THROTTLE_WINDOW_MS;
}

/** User names are compared without regard to case or surrounding spaces. */
export function throttleKey(username: string): string {
  return username.trim().toLocaleLowerCase("lt");
}

interface Attempt {
  username: string;
  clientAddress: string;
  now: Date;
}

/**
 * The time until which this user name or address is blocked, or null. With
 * `before`, only failures recorded before that one count (see attemptLogin).
 */
export async function loginBlockedUntil(db: Database, { username, clientAddress, now }: Attempt, before?: number): Promise<Date | null> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const key = throttleKey(username);
  let query = db
    .selectFrom("failedLogins")
    .select(["username", "clientAddress", "attemptedAt"])
    .where("attemptedAt", ">", since)
    .where((eb) => eb.or([eb("username", "=", key), eb("clientAddress", "=", clientAddress)]));
  if (before !== undefined) query = query.where("id", "<", before);
  const rows = await query.execute();
  const times = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).map((r) => Date.parse(r.attemptedAt));
  const until = Math.max(
    blockedUntil(
      times((r) => r.username === key),
      now.getTime(),
    ) ?? 0,
    blockedUntil(
      times((r) => r.clientAddress === clientAddress),
      now.getTime(),
    ) ?? 0,
  );
  return until > 0 ? new Date(until) : null;
}

/** Records a failure and returns its id. */
export async function recordFailedLogin(db: Database, { username, clientAddress, now }: Attempt): Promise<number> {
  const { id } = await db
    .insertInto("failedLogins")
    .values({ username: throttleKey(username), clientAddress, attemptedAt: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Keep the table small: failures older than the window no longer count.
  const expired = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  await db.deleteFrom("failedLogins").where("attemptedAt", "<=", expired).execute();
  return id;
}

export async function removeFailedLogin(db: Database, id: number): Promise<void> {
  await db.deleteFrom("failedLogins").where("id", "=", id).execute();
}

/** After a successful login, this user's earlier mistakes from this address are forgiven. */
export async function forgetFailedLogins(db: Database, { username, clientAddress }: Omit<Attempt, "now">): Promise<void> {
  await db.deleteFrom("failedLogins").where("username", "=", throttleKey(username)).where("clientAddress", "=", clientAddress).execute();
}

/** Minutes left until a blocked login may be tried again, rounded up (at least 1). */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
