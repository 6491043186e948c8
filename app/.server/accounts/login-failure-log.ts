import type { Database } from "#app/.server/platform/db/schema.ts";

// The failed logins a user is told about (docs/decisions/037-failed-logins-shown.md).
// The throttle (login-throttle.ts) keeps a failure 15 minutes, and a success
// forgives some: it cannot say what happened while the user was away. This log
// can, within bounds that hold under attack:
//   - only names a user has: a guess at a name nobody has leaves no row, so
//     nobody can fill the table with made-up names;
//   - no password, only when and from which address;
//   - FAILURE_LOG_DAYS days, and at most FAILURE_LOG_PER_USER rows a user
//     (the oldest go first), both enforced at every write.
// A user sees on /paskyra the rows they have not seen yet, which are then
// marked seen; the administrator sees every user's last 90 days.

export const FAILURE_LOG_DAYS = 90;
export const FAILURE_LOG_PER_USER = 5000;
/** An address longer than any IPv6 one is cut (behind a trusted proxy it is what X-Forwarded-For said). */
const ADDRESS_MAX_LENGTH = 64;

/** Failed logins against one user, summed up. */
export interface LoginFailures {
  count: number;
  /** The count reached the cap per user: older attempts were dropped, there were at least this many. */
  atLeast: boolean;
  /** The first and the last attempt (ISO times). */
  first: string;
  last: string;
  /** From how many different addresses. */
  addresses: number;
}

interface FailedAttempt {
  /** The name as typed (or the owner of the passkey offered). */
  username: string;
  clientAddress: string;
  now: Date;
}

const cutoff = (now: Date) => new Date(now.getTime() - FAILURE_LOG_DAYS * 86_400_000).toISOString();

/**
 * Logs a failed login when the name is a user's (matched as authenticate()
 * matches it); a name nobody has leaves nothing. Then drops what is older
 * than FAILURE_LOG_DAYS and, for this user, what is beyond FAILURE_LOG_PER_USER.
 */
export async function logLoginFailure(db: Database, { username, clientAddress, now }: FailedAttempt): Promise<void> {
  // One statement whether or not the name is a user's: an unknown name costs the same.
  const logged = await db
    .insertInto("loginFailureLog")
    .columns(["userId", "clientAddress", "attemptedAt"])
    .expression(
      db
        .selectFrom("users")
        .select((eb) => [
          "id",
          eb.val(clientAddress.slice(0, ADDRESS_MAX_LENGTH)).as("clientAddress"),
          eb.val(now.toISOString()).as("attemptedAt"),
        ])
        .where("username", "=", username.trim()),
    )
    .returning("userId")
    .executeTakeFirst();
  await db.deleteFrom("loginFailureLog").where("attemptedAt", "<", cutoff(now)).execute();
  if (!logged) return;
  // Keep this user's newest FAILURE_LOG_PER_USER rows (no row to compare with while there are fewer).
  await db
    .deleteFrom("loginFailureLog")
    .where("userId", "=", logged.userId)
    .where("id", "<", (eb) =>
      eb
        .selectFrom("loginFailureLog")
        .select("id")
        .where("userId", "=", logged.userId)
        .orderBy("id", "desc")
        .limit(1)
        .offset(FAILURE_LOG_PER_USER - 1),
    )
    .execute();
}

interface Summed {
  count: string | number | bigint;
  first: string | null;
  last: string | null;
  addresses: string | number | bigint;
}

function summary(row: Summed): LoginFailures | null {
  const count = Number(row.count);
  if (count === 0 || row.first === null || row.last === null) return null;
  return { count, atLeast: count >= FAILURE_LOG_PER_USER, first: row.first, last: row.last, addresses: Number(row.addresses) };
}

/**
 * The failed logins against this user that /paskyra has not shown them yet
 * (null when there are none), which are from now on shown: "since your last
 * visit" is since the page last told them.
 */
export async function takeUnseenLoginFailures(db: Database, userId: number, now = new Date()): Promise<LoginFailures | null> {
  const row = await db
    .selectFrom("loginFailureLog")
    .select((eb) => [
      eb.fn.countAll().as("count"),
      eb.fn.min("attemptedAt").as("first"),
      eb.fn.max("attemptedAt").as("last"),
      eb.fn.count("clientAddress").distinct().as("addresses"),
      eb.fn.max("id").as("newest"),
    ])
    .where("userId", "=", userId)
    .where("seenAt", "is", null)
    .executeTakeFirstOrThrow();
  const unseen = summary(row);
  if (!unseen) return null;
  // Only the rows counted: one logged meanwhile is told next time.
  await db
    .updateTable("loginFailureLog")
    .set({ seenAt: now.toISOString() })
    .where("userId", "=", userId)
    .where("seenAt", "is", null)
    .where("id", "<=", Number(row.newest))
    .execute();
  return unseen;
}

/** Every user's failed logins of the last FAILURE_LOG_DAYS days, seen or not, by user id; a user with none is absent. */
export async function recentLoginFailures(db: Database, now = new Date()): Promise<Record<number, LoginFailures>> {
  const rows = await db
    .selectFrom("loginFailureLog")
    .select((eb) => [
      "userId",
      eb.fn.countAll().as("count"),
      eb.fn.min("attemptedAt").as("first"),
      eb.fn.max("attemptedAt").as("last"),
      eb.fn.count("clientAddress").distinct().as("addresses"),
    ])
    .where("attemptedAt", ">=", cutoff(now))
    .groupBy("userId")
    .execute();
  const byUser: Record<number, LoginFailures> = {};
  for (const row of rows) {
    const failures = summary(row);
    if (failures) byUser[row.userId] = failures;
  }
  return byUser;
}
