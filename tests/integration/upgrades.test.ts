import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { migrateToLatest, schemaState } from "#app/.server/platform/db/connect.ts";
import { DatabaseHealth } from "#server/database-outage.ts";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";

// Upgrades (issue 34 point 5): the schema's state against this version's
// migrations, `npm run migrate` (scripts/migrate.ts), a version older than the
// database refusing to start with a plain sentence instead of Kysely's
// "corrupted migrations", and a running process that finds its database
// migrated by a newer version serving what it has kept (server/database-outage.ts;
// the server itself: tests/e2e/upgrade.spec.ts).

const ROOT = path.resolve(import.meta.dirname, "../..");
const FUTURE = "9999_is_ateities";

let t: TestDatabase;
const opened: TestDatabase[] = [];
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(async () => {
  await t.close();
  for (const other of opened.splice(0)) await other.close();
});

const migrated = (name: string) =>
  t.db
    .insertInto("kyselyMigration" as never)
    .values({ name, timestamp: new Date().toISOString() } as never)
    .execute();

function migrate(database: TestDatabase) {
  return promisify(execFile)(process.execPath, ["scripts/migrate.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: database.dir,
      ...(database.database.kind === "postgres" ? { DATABASE_URL: database.database.url } : {}),
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

test("the schema is current, behind (a migration to run) or newer (another version's)", async () => {
  expect(await schemaState(t.db)).toEqual({ state: "current", unknown: [] });
  const last = (await t.db
    .selectFrom("kyselyMigration" as never)
    .select("name" as never)
    .orderBy("name" as never, "desc")
    .executeTakeFirstOrThrow()) as {
    name: string;
  };
  await t.db
    .deleteFrom("kyselyMigration" as never)
    .where("name" as never, "=", last.name as never)
    .execute();
  expect((await schemaState(t.db)).state).toBe("behind");
  await migrated(last.name);
  await migrated(FUTURE);
  expect(await schemaState(t.db)).toEqual({ state: "newer", unknown: [FUTURE] });
});

test("a version older than its database does not start, and says why in a sentence", async () => {
  await migrated(FUTURE);
  const refused = migrateToLatest(t.db);
  await expect(refused).rejects.toThrow(
    `Duomenų bazės schema naujesnė nei šios svetainės versijos (joje yra „${FUTURE}“, kurių ši versija nežino): paleiskite naujesnę versiją`,
  );
  await expect(migrateToLatest(t.db)).rejects.not.toThrow(/corrupted/);
});

test("npm run migrate brings an empty or older database to this version once, and refuses a newer one", async () => {
  const empty = await createEmptyDatabase();
  opened.push(empty);
  const first = await migrate(empty);
  expect([first.code, first.stderr]).toEqual([0, ""]);
  expect(first.stdout).toContain("Duomenų bazės schema atnaujinta");
  expect((await schemaState(empty.db)).state).toBe("current");
  expect((await migrate(empty)).stdout).toContain("Duomenų bazės schema jau atnaujinta: nieko nedaryta.");

  await migrated(FUTURE);
  const newer = await migrate(t);
  expect(newer.code).toBe(1);
  expect(newer.stderr).toContain("Duomenų bazės schema naujesnė nei šios svetainės versijos");
});

test("a running process whose database a newer version has migrated answers without it, and goes back when the schema is its own again", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const health = new DatabaseHealth(t.db);
    await health.lookAtSchema();
    expect(health.unavailable).toBeNull();
    await migrated(FUTURE);
    await health.lookAtSchema();
    expect(health.unavailable).toBe("upgrading");
    await t.db
      .deleteFrom("kyselyMigration" as never)
      .where("name" as never, "=", FUTURE as never)
      .execute();
    await health.lookAtSchema();
    expect(health.unavailable).toBeNull();
  } finally {
    logged.mockRestore();
  }
});
