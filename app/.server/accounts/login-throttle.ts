import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { siteCookie } from "#app/.server/platform/cookies.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { installationSecret } from "#app/.server/site-texts/settings.ts";

// Login throttling that slows guessing without letting a stranger lock a user
// out (docs/decisions/010-login-throttling.md). Every attempt is judged by who
// makes it:
//   - a trusted browser: one that logged in as this user before and carries
//     the signed device cookie it got then. Only its own failures count.
//   - a known address: one this user logged in from within KNOWN_ADDRESS_DAYS.
//     Only this user's failures from that address count.
//   - a stranger: anyone else. This user's failures from all strangers count
//     together, and so do all failures from the stranger's address.
// MAX_FAILED_LOGINS failures within THROTTLE_WINDOW_MS block further attempts
// of that kind, right password or not, until enough failures leave the window.
// The failures live in the database so every server process counts them alike.

export const MAX_FAILED_LOGINS = 5;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const KNOWN_ADDRESS_DAYS = 90;
export const DEVICE_COOKIE_DAYS = 365;

export type Standing = { kind: "device"; device: string } | { kind: "address" } | { kind: "stranger" };

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

// The device cookie: a random nonce and a signature binding it to one user
// name, so that it cannot be forged or moved to another user.
const deviceCookie = () => siteCookie("irenginys", DEVICE_COOKIE_DAYS * 24 * 60 * 60);

function sign(secret: string, key: string, nonce: string): string {
  return createHmac("sha256", secret).update(`device:${key}:${nonce}`).digest("base64url");
}

/** The device cookie the request carries, as sent; null when there is none. */
export async function readDeviceToken(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length <= 200 ? value : null;
}

/** The Set-Cookie header that makes this browser trusted for this user. */
export async function issueDeviceCookie(db: Database, username: string): Promise<string> {
  const nonce = randomBytes(18).toString("base64url");
  const signature = sign(await installationSecret(db, "login_device"), throttleKey(username), nonce);
  return deviceCookie().serialize(`${nonce}.${signature}`);
}

interface Attempt {
  username: string;
  clientAddress: string;
  now: Date;
}

/** Who is attempting: a trusted browser, a known address of this user, or a stranger. */
export async function standingOf(db: Database, attempt: Omit<Attempt, "now"> & { deviceToken: string | null }): Promise<Standing> {
  const key = throttleKey(attempt.username);
  const [nonce, signature] = attempt.deviceToken?.split(".") ?? [];
  if (nonce && signature) {
    const expected = Buffer.from(sign(await installationSecret(db, "login_device"), key, nonce));
    const given = Buffer.from(signature);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return { kind: "device", device: nonce };
  }
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString();
  const known = await db
    .selectFrom("loginAddresses")
    .select("username")
    .where("username", "=", key)
    .where("clientAddress", "=", attempt.clientAddress)
    .where("lastLoginAt", ">", since)
    .executeTakeFirst();
  return known ? { kind: "address" } : { kind: "stranger" };
}

/**
 * The time until which attempts of this standing are blocked, or null. With
 * `before`, only failures recorded before that one count (see attemptLogin).
 */
export async function loginBlockedUntil(
  db: Database,
  { username, clientAddress, now }: Attempt,
  standing: Standing,
  before?: number,
): Promise<Date | null> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const key = throttleKey(username);
  let query = db
    .selectFrom("failedLogins")
    .select(["username", "clientAddress", "kind", "device", "attemptedAt"])
    .where("attemptedAt", ">", since);
  query =
    standing.kind === "device"
      ? query.where("device", "=", standing.device)
      : query.where((eb) => eb.or([eb("username", "=", key), eb("clientAddress", "=", clientAddress)]));
  if (before !== undefined) query = query.where("id", "<", before);
  const rows = await query.execute();
  const until = (match: (r: (typeof rows)[number]) => boolean) =>
    blockedUntil(
      rows.filter(match).map((r) => Date.parse(r.attemptedAt)),
      now.getTime(),
    ) ?? 0;
  const latest =
    standing.kind === "device"
      ? until(() => true)
      : standing.kind === "address"
        ? until((r) => r.kind === "address" && r.username === key && r.clientAddress === clientAddress)
        : Math.max(
            until((r) => r.kind === "stranger" && r.username === key),
            until((r) => r.kind !== "device" && r.clientAddress === clientAddress),
          );
  return latest > 0 ? new Date(latest) : null;
}

/** Records a failure and returns its id. */
export async function recordFailedLogin(db: Database, { username, clientAddress, now }: Attempt, standing: Standing): Promise<number> {
  const { id } = await db
    .insertInto("failedLogins")
    .values({
      username: throttleKey(username),
      clientAddress,
      kind: standing.kind,
      device: standing.kind === "device" ? standing.device : null,
      attemptedAt: now.toISOString(),
    })
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

/**
 * After a successful login: this user's earlier mistakes from this address
 * and this browser are forgiven, and the address becomes a known one.
 */
export async function rememberLogin(db: Database, { username, clientAddress, now }: Attempt, standing: Standing): Promise<void> {
  const key = throttleKey(username);
  await db
    .deleteFrom("failedLogins")
    .where((eb) =>
      eb.or([
        eb.and([eb("username", "=", key), eb("clientAddress", "=", clientAddress), eb("kind", "!=", "device")]),
        ...(standing.kind === "device" ? [eb("device", "=", standing.device)] : []),
      ]),
    )
    .execute();
  await db
    .insertInto("loginAddresses")
    .values({ username: key, clientAddress, lastLoginAt: now.toISOString() })
    .onConflict((oc) => oc.columns(["username", "clientAddress"]).doUpdateSet({ lastLoginAt: now.toISOString() }))
    .execute();
}

/** Minutes left until a blocked login may be tried again, rounded up (at least 1). */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
