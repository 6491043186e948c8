import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { attemptLogin, attemptPasswordLogin } from "#app/.server/accounts/auth.ts";
import {
  FAILURE_LOG_DAYS,
  FAILURE_LOG_PER_USER,
  recentLoginFailures,
  takeUnseenLoginFailures,
} from "#app/.server/accounts/login-failure-log.ts";
import { createUser, removeUser } from "#app/.server/accounts/users.ts";
import { restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The failed logins a user is told about (issue 31, decision 037): only
// against names a user has, no password, bounded, "since your last visit".

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

const PASSWORD = "teisingas-slaptažodis";
const DAY = 86_400_000;

const log = () => t.db.selectFrom("loginFailureLog").selectAll().orderBy("id").execute();
const wrong = (username: string, clientAddress: string, password = "blogas-spėjimas") =>
  attemptPasswordLogin(t.db, { username, password, clientAddress });

test("a wrong password for an existing name is logged with its time and address, and no password", async () => {
  const ona = await createUser(t.db, "ona", PASSWORD, "narys");
  const before = Date.now();
  expect(await wrong("ona", "203.0.113.1", "slaptas-spėjimas-1")).toEqual({ ok: false, reason: "invalid" });
  const rows = await log();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toEqual({
    id: expect.any(Number),
    userId: ona.id,
    clientAddress: "203.0.113.1",
    attemptedAt: expect.any(String),
    seenAt: null,
  });
  expect(Date.parse(rows[0].attemptedAt)).toBeGreaterThanOrEqual(before);
  expect(JSON.stringify(rows)).not.toContain("slaptas-spėjimas-1");
  // A success is not a failure.
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).ok).toBe(true);
  expect(await log()).toHaveLength(1);
});

test("a name nobody has leaves nothing, nor does a name that only differs in case, nor a passkey nobody owns", async () => {
  await createUser(t.db, "ona", PASSWORD, "narys");
  for (const name of ["onute", "ONA", "x".repeat(101), "admin"]) await wrong(name, "203.0.113.2");
  // A passkey attempt with no owner names nobody.
  await attemptLogin(t.db, { username: "", clientAddress: "203.0.113.2" }, async () => null);
  expect(await log()).toEqual([]);
  expect(await recentLoginFailures(t.db)).toEqual({});
});

test("attempts refused by the throttle are logged too, and a failed passkey of a user's counts against them", async () => {
  const ona = await createUser(t.db, "ona", PASSWORD, "narys");
  for (let i = 0; i < 7; i++) await wrong("ona", `203.0.113.${i % 3}`);
  // The sixth and the seventh were not even checked (decision 010), but they were attempts.
  expect((await wrong("ona", "203.0.113.9")).ok).toBe(false);
  await attemptLogin(t.db, { username: "ona", clientAddress: "198.51.100.1" }, async () => null);
  expect(await recentLoginFailures(t.db)).toEqual({
    [ona.id]: { count: 9, atLeast: false, first: expect.any(String), last: expect.any(String), addresses: 5 },
  });
});

test("the user is told what happened since they last looked, once; then only what came after", async () => {
  const ona = await createUser(t.db, "ona", PASSWORD, "narys");
  const jonas = await createUser(t.db, "jonas", PASSWORD, "narys");
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toBeNull();

  await wrong("ona", "203.0.113.1");
  await wrong("ona", "203.0.113.1");
  await wrong("ona", "203.0.113.2");
  await wrong("jonas", "203.0.113.3");
  const [first, , last] = await log();
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toEqual({
    count: 3,
    atLeast: false,
    first: first.attemptedAt,
    last: last.attemptedAt,
    addresses: 2,
  });
  // The next visit: nothing new.
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toBeNull();
  // Another user's are theirs, still unseen.
  expect(await takeUnseenLoginFailures(t.db, jonas.id)).toMatchObject({ count: 1, addresses: 1 });

  // A new attempt after the visit is told at the next one, alone.
  await wrong("ona", "198.51.100.7");
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toMatchObject({ count: 1, addresses: 1 });
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toBeNull();

  // The administrator sees the whole 90 days, seen or not; a user with none is absent.
  const admin = await createUser(t.db, "admin", PASSWORD, "administratorius");
  const recent = await recentLoginFailures(t.db);
  expect(recent[ona.id]).toMatchObject({ count: 4, addresses: 3 });
  expect(recent[jonas.id]).toMatchObject({ count: 1, addresses: 1 });
  expect(recent[admin.id]).toBeUndefined();
});

test("the log keeps 90 days and at most a few thousand rows a user, whatever an attacker sends", async () => {
  const ona = await createUser(t.db, "ona", PASSWORD, "narys");
  const jonas = await createUser(t.db, "jonas", PASSWORD, "narys");
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  // Older than the 90 days: gone at the next write (anyone's), and not counted before it.
  await t.db
    .insertInto("loginFailureLog")
    .values([
      { userId: jonas.id, clientAddress: "192.0.2.1", attemptedAt: at(now - (FAILURE_LOG_DAYS + 1) * DAY) },
      { userId: jonas.id, clientAddress: "192.0.2.2", attemptedAt: at(now - (FAILURE_LOG_DAYS - 1) * DAY) },
    ])
    .execute();
  expect(await recentLoginFailures(t.db)).toEqual({ [jonas.id]: expect.objectContaining({ count: 1 }) });
  // As many rows as a user may have, as an attack of several days leaves them.
  const rows = Array.from({ length: FAILURE_LOG_PER_USER }, (_, i) => ({
    userId: ona.id,
    clientAddress: `10.0.${i >> 8}.${i & 255}`,
    attemptedAt: at(now - DAY + i),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto("loginFailureLog")
      .values(rows.slice(i, i + 500))
      .execute();
  const oldest = (await log()).find((r) => r.userId === ona.id)!;

  await wrong("ona", "203.0.113.1");
  const kept = await log();
  expect(kept.filter((r) => r.userId === ona.id)).toHaveLength(FAILURE_LOG_PER_USER);
  expect(kept.some((r) => r.id === oldest.id)).toBe(false);
  expect(kept.at(-1)).toMatchObject({ userId: ona.id, clientAddress: "203.0.113.1" });
  // The other user's recent row stays; the one older than 90 days went.
  expect(kept.filter((r) => r.userId === jonas.id).map((r) => r.clientAddress)).toEqual(["192.0.2.2"]);
  // A count at the cap is said as "at least".
  expect(await takeUnseenLoginFailures(t.db, ona.id)).toMatchObject({ count: FAILURE_LOG_PER_USER, atLeast: true });

  // A removed user's log goes with them.
  await removeUser(t.db, ona.id);
  expect((await log()).filter((r) => r.userId === ona.id)).toEqual([]);
});

test("the log is not content: a restore leaves it empty", async () => {
  const ona = await createUser(t.db, "ona", PASSWORD, "narys");
  const archive = path.join(t.dir, "kopija.tar.gz");
  await writeBackup(t.db, t.database.kind, t.media, archive);
  await wrong("ona", "203.0.113.1");
  expect(await log()).toHaveLength(1);
  await restoreBackup(t.db, t.database.kind, t.media, archive, { force: true });
  expect(await t.db.selectFrom("users").select("id").execute()).toEqual([{ id: ona.id }]);
  expect(await log()).toEqual([]);
});
