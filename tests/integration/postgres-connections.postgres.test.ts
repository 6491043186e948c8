import { sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// A PostgreSQL restart or failover ends every connection with 57P01
// ("terminating connection due to administrator command"): exactly what
// pg_terminate_backend sends, used here on this test's own database so that
// the other files' databases on the same server are untouched (issue 34 point
// 1, app/.server/platform/db/postgres-pool.ts). Before, a connection held by a
// request when that happened emitted an error nobody listened to, and the
// server process exited.

let t: TestDatabase;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  logged.mockRestore();
  await t.close();
});

/** Ends these server processes as a restart does, and waits until they are gone. */
async function terminate(pids: number[]): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1)", [pids]);
    await expect
      .poll(async () => (await admin.query("select count(*)::int as n from pg_stat_activity where pid = any($1)", [pids])).rows[0].n, {
        timeout: 30_000,
      })
      .toBe(0);
  } finally {
    await admin.end();
  }
}

/** Waits until the site has heard `count` connections end (its listener logs each: nothing unheard ends the process). */
async function heard(count: number): Promise<void> {
  const ended = () =>
    logged.mock.calls.filter((call: unknown[]) => String(call[0]).startsWith("PostgreSQL: terminating connection")).length;
  await expect.poll(ended, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
}

const backendPid = async (db: TestDatabase["db"]) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;

test("a connection a request holds when the database ends it ends no process, and the request's next read goes on a new one", async () => {
  await t.db.connection().execute(async (held) => {
    const pid = await backendPid(held);
    await terminate([pid]);
    await heard(1);
    const { rows } = await sql<{ one: number; pid: number }>`select 1 as one, pg_backend_pid() as pid`.execute(held);
    expect(rows[0].one).toBe(1);
    expect(rows[0].pid).not.toBe(pid);
  });
  // The pool goes on.
  expect((await sql<{ n: number }>`select count(*)::int as n from settings`.execute(t.db)).rows[0].n).toBeGreaterThanOrEqual(0);
});

test("a transaction whose connection ends fails whole: nothing of it stays, and it is not sent again", async () => {
  await expect(
    t.db.transaction().execute(async (tx) => {
      await tx.insertInto("settings").values({ key: "pirmas", value: "1" }).execute();
      await terminate([await backendPid(tx)]);
      await heard(1);
      await tx.insertInto("settings").values({ key: "antras", value: "2" }).execute();
    }),
  ).rejects.toThrow();
  const kept = await t.db.selectFrom("settings").select("key").where("key", "in", ["pirmas", "antras"]).execute();
  expect(kept).toEqual([]);
  // A write outside a transaction on a connection known dead before it was sent is sent again: it arrives once.
  await t.db.connection().execute(async (held) => {
    await terminate([await backendPid(held)]);
    await heard(2);
    await held.insertInto("settings").values({ key: "trečias", value: "3" }).execute();
  });
  expect(await t.db.selectFrom("settings").select("value").where("key", "=", "trečias").execute()).toEqual([{ value: "3" }]);
});

test("every connection of the pool ended at once, as by a restart: the next requests are answered", async () => {
  // Ten connections in the pool, idle.
  const pids = await Promise.all(
    Array.from({ length: 10 }, () =>
      t.db.connection().execute(async (c) => {
        const pid = await backendPid(c);
        await sql`select pg_sleep(0.05)`.execute(c);
        return pid;
      }),
    ),
  );
  await terminate([...new Set(pids)]);
  const answers = await Promise.all(Array.from({ length: 10 }, () => sql<{ one: number }>`select 1 as one`.execute(t.db)));
  expect(answers.map((a) => a.rows[0].one)).toEqual(Array(10).fill(1));
});
