import { withSecureCookies } from "#app/.server/platform/cookies.ts";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createSession, destroySession, destroyUserSessions, findSessionUser, readSessionToken } from "#app/.server/accounts/session.ts";
import { createUser } from "#app/.server/accounts/users.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
let userId: number;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
  userId = (await createUser(t.db, "ona", "ilgas-slaptažodis")).id;
});
afterEach(() => t.close());

/** What a browser would send back after receiving this Set-Cookie. */
function asRequest(setCookie: string): Request {
  return new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });
}

test("a session cookie is HttpOnly and SameSite=Lax, Secure only on HTTPS, and opens the session", async () => {
  const plain = await createSession(t.db, userId);
  expect(plain).toMatch(/^sesija=/);
  expect(plain).toContain("HttpOnly");
  expect(plain).toContain("SameSite=Lax");
  expect(plain).not.toContain("Secure");
  expect(await withSecureCookies(true, () => createSession(t.db, userId))).toContain("Secure");

  const token = await readSessionToken(asRequest(plain));
  expect(token).toBeTruthy();
  expect(await findSessionUser(t.db, token!)).toEqual({ id: userId, username: "ona", role: "administratorius" });
});

test("the database keeps only a hash of the token", async () => {
  const token = (await readSessionToken(asRequest(await createSession(t.db, userId))))!;
  const ids = (await t.db.selectFrom("sessions").select("id").execute()).map((r) => r.id);
  expect(ids).toHaveLength(1);
  expect(ids[0]).toMatch(/^[0-9a-f]{64}$/);
  expect(ids[0]).not.toContain(token);
});

test("after logout the old cookie opens nothing", async () => {
  const token = (await readSessionToken(asRequest(await createSession(t.db, userId))))!;
  const cleared = await destroySession(t.db, token);
  expect(cleared).toMatch(/^sesija=;/);
  expect(cleared).toContain("Max-Age=0");
  expect(await findSessionUser(t.db, token)).toBeNull();
});

test("an expired session or an unknown token opens nothing", async () => {
  const token = (await readSessionToken(asRequest(await createSession(t.db, userId))))!;
  await t.db
    .updateTable("sessions")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .execute();
  expect(await findSessionUser(t.db, token)).toBeNull();
  expect(await findSessionUser(t.db, "arbitrary-token")).toBeNull();
});

test("a password reset can end every session of the user", async () => {
  const a = (await readSessionToken(asRequest(await createSession(t.db, userId))))!;
  const b = (await readSessionToken(asRequest(await createSession(t.db, userId))))!;
  expect(a).not.toBe(b);
  await destroyUserSessions(t.db, userId);
  expect(await findSessionUser(t.db, a)).toBeNull();
  expect(await findSessionUser(t.db, b)).toBeNull();
});
