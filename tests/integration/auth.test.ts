import { afterEach, beforeEach, expect, test } from "vitest";
import { attemptLogin } from "#app/.server/auth.ts";
import { ensureAdministrator, listUsers, authenticate } from "#app/.server/users.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

const PASSWORD = "teisingas-slaptažodis";

async function withAdmin() {
  await ensureAdministrator(t.db, { username: "ona", password: PASSWORD }, () => {});
}

test("the right pair logs in, a wrong password or an unknown name does not", async () => {
  await withAdmin();
  expect(await attemptLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).toMatchObject({
    ok: true,
    user: { username: "ona" },
  });
  expect(await attemptLogin(t.db, { username: "ona", password: "blogas", clientAddress: "10.0.0.1" })).toEqual({
    ok: false,
    reason: "invalid",
  });
  expect(await attemptLogin(t.db, { username: "jonas", password: PASSWORD, clientAddress: "10.0.0.1" })).toEqual({
    ok: false,
    reason: "invalid",
  });
});

test("after 5 wrong passwords for a user name, even the right one is refused", async () => {
  await withAdmin();
  for (let i = 0; i < 5; i++) {
    const result = await attemptLogin(t.db, { username: "ona", password: `blogas-${i}`, clientAddress: `10.0.0.${i}` });
    expect(result).toEqual({ ok: false, reason: "invalid" });
  }
  const refused = await attemptLogin(t.db, { username: "ONA", password: PASSWORD, clientAddress: "10.9.9.9" });
  expect(refused.ok).toBe(false);
  if (refused.ok || refused.reason !== "throttled") throw new Error("expected throttled");
  const wait = refused.retryAt.getTime() - Date.now();
  expect(wait).toBeGreaterThan(14 * 60_000);
  expect(wait).toBeLessThanOrEqual(15 * 60_000);

  // Once the window has passed, the right password works again.
  await t.db
    .updateTable("failedLogins")
    .set({ attemptedAt: new Date(Date.now() - 16 * 60_000).toISOString() })
    .execute();
  expect((await attemptLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.9.9.9" })).ok).toBe(true);
});

test("after 5 failures from one address, that address is refused for every user name", async () => {
  await withAdmin();
  for (let i = 0; i < 5; i++) {
    await attemptLogin(t.db, { username: `spėjimas${i}`, password: "x", clientAddress: "203.0.113.7" });
  }
  expect(await attemptLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "203.0.113.7" })).toMatchObject({
    ok: false,
    reason: "throttled",
  });
  // The administrator at another address is not locked out by it.
  expect((await attemptLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "198.51.100.1" })).ok).toBe(true);
});

test("many attempts sent at once get at most 5 password checks", async () => {
  await withAdmin();
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => attemptLogin(t.db, { username: "ona", password: `blogas-${i}`, clientAddress: "192.0.2.1" })),
  );
  expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(7);
});

test("a right login forgives earlier mistakes of the same user from the same address", async () => {
  await withAdmin();
  for (let i = 0; i < 4; i++) await attemptLogin(t.db, { username: "ona", password: "x", clientAddress: "10.0.0.1" });
  expect((await attemptLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).ok).toBe(true);
  expect(await t.db.selectFrom("failedLogins").selectAll().execute()).toEqual([]);
});

test("without ADMIN_USERNAME/ADMIN_PASSWORD the first start creates 'admin' with a printed random password, once", async () => {
  const lines: string[] = [];
  await ensureAdministrator(t.db, undefined, (line) => lines.push(line));
  const printed = /Slaptažodis: (\S+)/.exec(lines.join("\n"))?.[1];
  expect(printed).toHaveLength(20);
  expect(await authenticate(t.db, "admin", printed!)).toMatchObject({ username: "admin" });

  await ensureAdministrator(t.db, { username: "kitas", password: "kitas-slaptažodis" }, (line) => lines.push(line));
  expect(lines).toHaveLength(1);
  expect((await listUsers(t.db)).map((u) => u.username)).toEqual(["admin"]);
});
