import { expect, test } from "@playwright/test";
import { startSite, useSite } from "./site.ts";

// An upgrade with several processes (issue 34 point 5; README, "Upgrading"):
// while the new version's `npm run migrate` has run and the old processes are
// still being replaced, an old process answers from what it has kept and says
// "being upgraded" for the rest, instead of 500s from queries of a schema it
// does not know; and an old version started again on the new schema refuses
// with a sentence instead of Kysely's "corrupted migrations".

const site = useSite();
const FUTURE = "9999_is_ateities";

test("an old process on a database a newer version has migrated: kept pages as they were, 503 'atnaujinama' for the rest; restarted, it refuses plainly", async () => {
  test.setTimeout(5 * 60_000);
  const s = site();
  const home = await fetch(s.url + "/");
  expect(home.status).toBe(200);
  const kept = await home.text();

  // The new version's migration, as `npm run migrate` of a newer release leaves it.
  await s
    .db()
    .insertInto("kyselyMigration" as never)
    .values({ name: FUTURE, timestamp: new Date().toISOString() } as never)
    .execute();

  // Within its next look at the schema (every 10 s), the process stops writing.
  const login = () =>
    fetch(`${s.url}/login`, {
      method: "POST",
      headers: { Origin: s.url, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ username: s.admin.username, password: s.admin.password }),
      redirect: "manual",
    });
  await expect.poll(async () => (await login()).status, { timeout: 60_000 }).toBe(503);
  const refused = await login();
  expect(refused.headers.get("retry-after")).toBe("30");
  expect(await refused.text()).toContain("Svetainė trumpam neprieinama: ji atnaujinama.");
  const again = await fetch(s.url + "/");
  expect(again.status).toBe(200);
  expect(await again.text()).toBe(kept);
  const ready = await fetch(`${s.url}/readyz`);
  expect(ready.status).toBe(503);
  expect((await ready.json()).migrations).toBe("naujesnė schema");

  // The same old version started again on that database.
  const restarted = startSite({}, { dataDir: s.dataDir, database: s.database });
  await expect(restarted).rejects.toThrow(/Duomenų bazės schema naujesnė nei šios svetainės versijos \(joje yra „9999_is_ateities“/);
  await expect(restarted).rejects.not.toThrow(/corrupted migrations/);
});
