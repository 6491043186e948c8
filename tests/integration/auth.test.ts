import { afterEach, beforeEach, expect, test } from "vitest";
import { attemptPasswordLogin } from "#app/.server/accounts/auth.ts";
import { issueDeviceCookie, readDeviceToken } from "#app/.server/accounts/login-throttle.ts";
import { ensureAdministrator, listUsers, authenticate } from "#app/.server/accounts/users.ts";
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
  expect(await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).toMatchObject({
    ok: true,
    user: { username: "ona" },
  });
  expect(await attemptPasswordLogin(t.db, { username: "ona", password: "blogas", clientAddress: "10.0.0.1" })).toEqual({
    ok: false,
    reason: "invalid",
  });
  expect(await attemptPasswordLogin(t.db, { username: "jonas", password: PASSWORD, clientAddress: "10.0.0.1" })).toEqual({
    ok: false,
    reason: "invalid",
  });
});

test("after 5 wrong passwords for a user name, even the right one is refused", async () => {
  await withAdmin();
  for (let i = 0; i < 5; i++) {
    const result = await attemptPasswordLogin(t.db, { username: "ona", password: `blogas-${i}`, clientAddress: `10.0.0.${i}` });
    expect(result).toEqual({ ok: false, reason: "invalid" });
  }
  const refused = await attemptPasswordLogin(t.db, { username: "ONA", password: PASSWORD, clientAddress: "10.9.9.9" });
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
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.9.9.9" })).ok).toBe(true);
});

test("after 5 failures from one address, that address is refused for every user name", async () => {
  await withAdmin();
  for (let i = 0; i < 5; i++) {
    await attemptPasswordLogin(t.db, { username: `spėjimas${i}`, password: "x", clientAddress: "203.0.113.7" });
  }
  expect(await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "203.0.113.7" })).toMatchObject({
    ok: false,
    reason: "throttled",
  });
  // The administrator at another address is not locked out by it.
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "198.51.100.1" })).ok).toBe(true);
});

test("many attempts sent at once get at most 5 password checks", async () => {
  await withAdmin();
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      attemptPasswordLogin(t.db, { username: "ona", password: `blogas-${i}`, clientAddress: "192.0.2.1" }),
    ),
  );
  expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
  expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(7);
});

test("a right login forgives earlier mistakes of the same user from the same address", async () => {
  await withAdmin();
  for (let i = 0; i < 4; i++) await attemptPasswordLogin(t.db, { username: "ona", password: "x", clientAddress: "10.0.0.1" });
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).ok).toBe(true);
  expect(await t.db.selectFrom("failedLogins").selectAll().execute()).toEqual([]);
});

/** The device cookie a successful login gives this browser, as the browser would send it back. */
async function deviceOf(username: string): Promise<string> {
  const setCookie = await issueDeviceCookie(t.db, username);
  const token = await readDeviceToken(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } }));
  expect(token).toBeTruthy();
  return token!;
}

test("a stranger's wrong passwords do not lock out a browser that logged in before, nor a known address", async () => {
  await withAdmin();
  // The administrator's browser and home address have logged in before.
  const device = await deviceOf("ona");
  expect(
    (await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1", deviceToken: device })).ok,
  ).toBe(true);
  // A stranger guesses from several addresses until refused.
  for (let i = 0; i < 5; i++)
    await attemptPasswordLogin(t.db, { username: "ona", password: `spėjimas-${i}`, clientAddress: `203.0.113.${i}` });
  expect(await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "203.0.113.99" })).toMatchObject({
    reason: "throttled",
  });
  // The trusted browser, from any address, and the known address, in any browser, log in.
  expect(
    (await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "198.51.100.7", deviceToken: device })).ok,
  ).toBe(true);
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.1" })).ok).toBe(true);
});

test("a trusted browser has an allowance of its own, and a device cookie cannot be forged or moved to another user", async () => {
  await withAdmin();
  const device = await deviceOf("ona");
  for (let i = 0; i < 5; i++) {
    expect(
      await attemptPasswordLogin(t.db, { username: "ona", password: `klaida-${i}`, clientAddress: "10.0.0.2", deviceToken: device }),
    ).toEqual({
      ok: false,
      reason: "invalid",
    });
  }
  expect(
    await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "10.0.0.2", deviceToken: device }),
  ).toMatchObject({
    reason: "throttled",
  });
  // Its mistakes are its own: a stranger's allowance for the user is untouched.
  expect((await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "198.51.100.8" })).ok).toBe(true);

  // A cookie issued for another user name, or a made-up one, makes nobody trusted.
  for (let i = 0; i < 5; i++)
    await attemptPasswordLogin(t.db, { username: "ona", password: `spėjimas-${i}`, clientAddress: `203.0.113.${i}` });
  const other = await deviceOf("jonas");
  const [nonce] = device.split(".");
  for (const forged of [other, `${nonce}.netikras`, "x.y"]) {
    expect(
      await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD, clientAddress: "203.0.113.50", deviceToken: forged }),
    ).toMatchObject({
      reason: "throttled",
    });
  }
});

test("a user name or password longer than a login form allows is wrong, and its failure is stored short", async () => {
  await withAdmin();
  const long = "ona".padEnd(10_000, "x");
  expect(await attemptPasswordLogin(t.db, { username: long, password: PASSWORD, clientAddress: "10.0.0.3" })).toEqual({
    ok: false,
    reason: "invalid",
  });
  expect(await attemptPasswordLogin(t.db, { username: "ona", password: PASSWORD.padEnd(5000, "x"), clientAddress: "10.0.0.3" })).toEqual({
    ok: false,
    reason: "invalid",
  });
  const stored = await t.db.selectFrom("failedLogins").select("username").execute();
  expect(stored.map((r) => r.username.length).sort((a, b) => a - b)).toEqual([3, 101]);
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
