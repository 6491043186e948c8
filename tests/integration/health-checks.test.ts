import fs from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { DatabaseHealth, healthChecks } from "#server/database-outage.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// GET /healthz and GET /readyz (issue 34 point 2, server/database-outage.ts),
// on both databases: what a load balancer reads to send requests to a
// process, or not. The database stopped under running servers is
// tests/e2e/outage.postgres.spec.ts.

let t: TestDatabase;
let url: string;
let close: () => Promise<void>;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
  const app = express();
  app.use(healthChecks(t.db, t.media.root));
  app.use((_req, res) => res.status(404).send("kita"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterEach(async () => {
  await close();
  await t.close();
});

const ready = async () => {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: await response.json(), cache: response.headers.get("cache-control") };
};

test("/healthz says the process answers; /readyz that the database, its schema and the media folder are ready", async () => {
  const alive = await fetch(`${url}/healthz`);
  expect([alive.status, await alive.text()]).toEqual([200, "gyvas"]);
  expect(await ready()).toEqual({ status: 200, body: { database: "ok", migrations: "ok", media: "ok" }, cache: "no-store" });
  // Other addresses go on to the site, their headers untouched (a photo is cached for a year, not "no-store").
  for (const other of ["/readyzz", "/media/1.jpg", "/"]) {
    const response = await fetch(url + other);
    expect([response.status, response.headers.get("cache-control")]).toEqual([404, null]);
  }
});

test("/readyz refuses while the schema is older or newer than this version's, or the media folder is gone", async () => {
  const last = await t.db
    .selectFrom("kyselyMigration" as never)
    .select("name" as never)
    .orderBy("name" as never, "desc")
    .executeTakeFirstOrThrow();
  const name = (last as { name: string }).name;
  await t.db
    .deleteFrom("kyselyMigration" as never)
    .where("name" as never, "=", name as never)
    .execute();
  expect(await ready()).toMatchObject({ status: 503, body: { database: "ok", migrations: "neatnaujinta" } });
  await t.db
    .insertInto("kyselyMigration" as never)
    .values([
      { name, timestamp: new Date().toISOString() },
      { name: "9999_is_ateities", timestamp: new Date().toISOString() },
    ] as never)
    .execute();
  expect(await ready()).toMatchObject({ status: 503, body: { migrations: "naujesnė schema" } });
  await t.db
    .deleteFrom("kyselyMigration" as never)
    .where("name" as never, "=", "9999_is_ateities" as never)
    .execute();
  // Before the first upload the media folder need not exist; a data folder that is gone (an unmounted disk) is another matter.
  fs.rmSync(t.media.root, { recursive: true, force: true });
  expect((await ready()).status).toBe(200);
  fs.rmSync(t.dir, { recursive: true, force: true });
  expect(await ready()).toMatchObject({
    status: 503,
    body: { database: "ok", migrations: "ok", media: expect.stringMatching(/^nepasiekiama/) },
  });
});

test("the database is thought down after an error that says so, and up again once it answers", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const health = new DatabaseHealth(t.db);
    expect(health.note(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(health.down).toBe(false);
    expect(health.note(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    // Asked again in the background; this database answers, so it is soon up.
    expect(health.down).toBe(true);
    await expect.poll(() => health.down, { timeout: 10_000 }).toBe(false);
  } finally {
    logged.mockRestore();
  }
});
