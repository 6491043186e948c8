import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  acceptInvitation,
  createInvitation,
  createResetLink,
  INVITATION_FORM,
  linkState,
  pendingInvitations,
  revokeLink,
  redeemResetLink,
} from "#app/.server/accounts/account-links.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { addGalleryItem, updateGalleryItem } from "#app/.server/gallery/gallery.ts";
import { prepareImage } from "#app/.server/media/pipeline.ts";
import { membersMediaDir, placeAllMedia, publicMediaDir } from "#app/.server/media/storage.ts";
import {
  authenticationOptions,
  LOGIN_CHALLENGES_IN_ALL,
  LOGIN_CHALLENGES_PER_ADDRESS,
  MAX_PASSKEYS,
  readAuthenticationAnswer,
  readRegistrationAnswer,
  registerPasskey,
  registrationOptions,
} from "#app/.server/accounts/passkeys.ts";
import { PASSKEY_REFUSALS } from "#app/lib/accounts.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createSession, findSessionUser, readSessionToken } from "#app/.server/accounts/session.ts";
import { authenticate, checkCurrentPassword, createUser, removeUser, setDisabled, setRole } from "#app/.server/accounts/users.ts";
import { MAX_FAILED_LOGINS, THROTTLE_WINDOW_MS } from "#app/.server/accounts/login-throttle.ts";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";

// Members' accounts on both databases: invitations and new-password links used
// once, the last administrator kept, disabled users shut out at once, passkey
// challenges used once, family-only files kept out of the public folder, and
// all of it in backups.

let t: TestDatabase;
let admin: { id: number; username: string };
beforeEach(async () => {
  t = await createTestDatabase();
  admin = await createUser(t.db, "admin", "administratoriaus-slaptazodis", "administratorius", null);
});
afterEach(() => t.close());

const chosen = (username: string) => ({ username, next: "ilgas-slaptazodis" });

/** The invitation's form as the invitee sends it. */
function invitationForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function sessionOf(userId: number): Promise<string> {
  const cookie = await createSession(t.db, userId);
  return (await readSessionToken(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0] } })))!;
}

test("an invitation makes one account with its role and person, once; only the token's hash is kept", async () => {
  const token = await createInvitation(t.db, { role: "narys", personId: 7, email: null, createdBy: admin.id });
  expect(await linkState(t.db, "invite", token)).toMatchObject({ state: "ok", role: "narys" });
  const stored = await t.db.selectFrom("accountLinks").select("tokenHash").execute();
  expect(stored).toHaveLength(1);
  expect(stored[0].tokenHash).not.toContain(token);

  const accepted = await acceptInvitation(t.db, token, chosen("ruta"));
  expect(accepted).toMatchObject({ ok: true, value: { username: "ruta", role: "narys" } });
  expect(await t.db.selectFrom("users").select(["role", "personId"]).where("username", "=", "ruta").executeTakeFirst()).toEqual({
    role: "narys",
    personId: 7,
  });
  expect(await authenticate(t.db, "ruta", "ilgas-slaptazodis")).toMatchObject({ username: "ruta", role: "narys" });
  expect(await acceptInvitation(t.db, token, chosen("antras"))).toEqual({ ok: false, state: "used" });
  expect(await pendingInvitations(t.db)).toEqual([]);
});

test("two people opening the same invitation at once: one account, the other told it was used", async () => {
  const token = await createInvitation(t.db, { role: "narys", personId: null, email: null, createdBy: admin.id });
  const results = await Promise.all([acceptInvitation(t.db, token, chosen("pirmas")), acceptInvitation(t.db, token, chosen("antras"))]);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, state: "used" }]);
  expect(await t.db.selectFrom("users").select("username").where("username", "in", ["pirmas", "antras"]).execute()).toHaveLength(1);
});

test("a revoked or expired invitation opens nothing; a taken name or a weak password keeps the link usable", async () => {
  const revoked = await createInvitation(t.db, { role: "redaktorius", personId: null, email: null, createdBy: admin.id });
  const [pending] = await pendingInvitations(t.db);
  expect(await revokeLink(t.db, pending.id)).toBe(true);
  expect(await acceptInvitation(t.db, revoked, chosen("jonas"))).toEqual({ ok: false, state: "revoked" });

  const expired = await createInvitation(t.db, { role: "narys", personId: null, email: null, createdBy: admin.id });
  await t.db
    .updateTable("accountLinks")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .where("revokedAt", "is", null)
    .execute();
  expect(await acceptInvitation(t.db, expired, chosen("jonas"))).toEqual({ ok: false, state: "expired" });
  expect(await acceptInvitation(t.db, "nezinomas", chosen("jonas"))).toEqual({ ok: false, state: "unknown" });

  const fresh = await createInvitation(t.db, { role: "narys", personId: null, email: null, createdBy: admin.id });
  expect(await acceptInvitation(t.db, fresh, chosen("admin"))).toEqual({ ok: false, reason: "usernameTaken" });
  // A weak password, a name with a space, two passwords that differ: refused by the form, before the link is touched.
  expect(readForm(invitationForm({ username: "jonas", next: "trumpas", repeated: "trumpas" }), INVITATION_FORM)).toMatchObject({
    ok: false,
    errors: { next: "Naujas slaptažodis turi būti bent 8 simbolių." },
  });
  expect(
    readForm(invitationForm({ username: "jo nas", next: "ilgas-slaptazodis", repeated: "kitas-slaptazodis" }), INVITATION_FORM),
  ).toEqual({
    ok: false,
    typed: { username: "jo nas", next: "ilgas-slaptazodis", repeated: "kitas-slaptazodis" },
    errors: { username: "Vartotojo vardas: 2–100 raidžių, skaitmenų, taškų, brūkšnelių ar pabraukimų, be tarpų." },
  });
  expect(
    readForm(invitationForm({ username: "jonas", next: "ilgas-slaptazodis", repeated: "kitas-slaptazodis" }), INVITATION_FORM),
  ).toMatchObject({
    ok: false,
    errors: { repeated: "Slaptažodžiai nesutampa." },
  });
  expect(await linkState(t.db, "invite", fresh)).toMatchObject({ state: "ok" });
  expect(await acceptInvitation(t.db, fresh, chosen("jonas"))).toMatchObject({ ok: true });
  expect(await t.db.selectFrom("users").select("username").where("username", "=", "jonas").execute()).toHaveLength(1);
});

test("a new-password link sets the password once, ends every session and passkey, and replaces an earlier link", async () => {
  const ruta = await createUser(t.db, "ruta", "senas-slaptazodis", "narys", null);
  const session = await sessionOf(ruta.id);
  await t.db
    .insertInto("passkeys")
    .values({
      id: "svetimas",
      userId: ruta.id,
      publicKey: "AQID",
      counter: 0,
      transports: "[]",
      name: "Kažkieno",
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    })
    .execute();
  const first = await createResetLink(t.db, ruta.id, admin.id);
  const second = await createResetLink(t.db, ruta.id, admin.id);
  expect(await linkState(t.db, "reset", first)).toEqual({ state: "revoked" });

  expect(await redeemResetLink(t.db, second, { next: "naujas-slaptazodis" })).toMatchObject({ ok: true });
  expect(await authenticate(t.db, "ruta", "senas-slaptazodis")).toBeNull();
  expect(await authenticate(t.db, "ruta", "naujas-slaptazodis")).toMatchObject({ username: "ruta" });
  expect(await findSessionUser(t.db, session)).toBeNull();
  // A passkey someone added meanwhile no longer opens the account.
  expect(await t.db.selectFrom("passkeys").select("id").where("userId", "=", ruta.id).execute()).toEqual([]);
  expect(await redeemResetLink(t.db, second, { next: "trecias-slaptazodis" })).toEqual({
    ok: false,
    state: "used",
  });
});

test("the last active administrator cannot be demoted, disabled or removed; with a second one, they can", async () => {
  for (const change of [
    () => setRole(t.db, admin.id, "narys"),
    () => setDisabled(t.db, admin.id, true),
    () => removeUser(t.db, admin.id),
  ]) {
    const refused = await change();
    expect(refused).toEqual({ ok: false, message: "adminMembers.users.lastAdministrator" });
    expect(refused && !refused.ok && serverT("lt")(refused.message)).toContain("vienintelis administratorius");
  }
  expect(await t.db.selectFrom("users").select(["role", "disabledAt"]).where("id", "=", admin.id).executeTakeFirst()).toEqual({
    role: "administratorius",
    disabledAt: null,
  });
  // A disabled second administrator does not count as one.
  const other = await createUser(t.db, "antras", "antro-slaptazodis", "administratorius", null);
  expect(await setDisabled(t.db, other.id, true)).toEqual({ ok: true });
  expect(await setRole(t.db, admin.id, "narys")).toMatchObject({ ok: false });
  expect(await setDisabled(t.db, other.id, false)).toEqual({ ok: true });
  expect(await setRole(t.db, admin.id, "redaktorius")).toEqual({ ok: true });
  expect(await setRole(t.db, 9999, "narys")).toBeNull();
});

test("two administrators demoting each other at the same moment: one of them stays administrator", async () => {
  const other = await createUser(t.db, "antras", "antro-slaptazodis", "administratorius", null);
  const results = await Promise.all([setRole(t.db, admin.id, "narys"), setRole(t.db, other.id, "narys")]);
  expect(results.filter((r) => r?.ok)).toHaveLength(1);
  const admins = await t.db
    .selectFrom("users")
    .select("id")
    .where("role", "=", "administratorius")
    .where("disabledAt", "is", null)
    .execute();
  expect(admins).toHaveLength(1);
});

test("an administrator who loses the role takes their unused invitations with them", async () => {
  const other = await createUser(t.db, "antras", "antro-slaptazodis", "administratorius", null);
  const token = await createInvitation(t.db, { role: "administratorius", personId: null, email: null, createdBy: other.id });
  const mine = await createInvitation(t.db, { role: "narys", personId: null, email: null, createdBy: admin.id });
  expect(await setRole(t.db, other.id, "redaktorius")).toEqual({ ok: true });
  expect(await linkState(t.db, "invite", token)).toEqual({ state: "revoked" });
  expect(await linkState(t.db, "invite", mine)).toMatchObject({ state: "ok" });
});

test("a disabled user is shut out at once: sessions gone, no login, and back when enabled", async () => {
  const ruta = await createUser(t.db, "ruta", "rutos-slaptazodis", "narys", null);
  const session = await sessionOf(ruta.id);
  expect(await findSessionUser(t.db, session)).toMatchObject({ username: "ruta", role: "narys" });
  await setDisabled(t.db, ruta.id, true);
  expect(await findSessionUser(t.db, session)).toBeNull();
  expect(await t.db.selectFrom("sessions").select("id").where("userId", "=", ruta.id).execute()).toEqual([]);
  expect(await authenticate(t.db, "ruta", "rutos-slaptazodis")).toBeNull();
  await setDisabled(t.db, ruta.id, false);
  expect(await authenticate(t.db, "ruta", "rutos-slaptazodis")).toMatchObject({ username: "ruta" });
  await removeUser(t.db, ruta.id);
  expect(await authenticate(t.db, "ruta", "rutos-slaptazodis")).toBeNull();
});

test("the current password asked inside a session: so many wrong answers, then none is checked, the right one neither, until the window passes", async () => {
  const start = new Date("2026-11-28T10:00:00Z");
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  expect(await checkCurrentPassword(t.db, admin.id, "administratoriaus-slaptazodis", at(0))).toEqual({ ok: true });
  for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
    expect(await checkCurrentPassword(t.db, admin.id, `spėjimas-${i}`, at(i))).toEqual({ ok: false, reason: "wrongPassword" });
  }
  // Blocked: the right password is not even checked; the wait ends when the oldest wrong answer leaves the window.
  const blocked = await checkCurrentPassword(t.db, admin.id, "administratoriaus-slaptazodis", at(5));
  expect(blocked).toEqual({ ok: false, reason: "throttled", retryAt: new Date(start.getTime() + THROTTLE_WINDOW_MS) });
  // A refused answer is not a failure: asking while blocked does not extend the wait.
  expect(await t.db.selectFrom("passwordChecks").select("id").execute()).toHaveLength(MAX_FAILED_LOGINS);
  // Another user is not held by them.
  const other = await createUser(t.db, "ona", "onos-slaptazodis-1", "narys", null);
  expect(await checkCurrentPassword(t.db, other.id, "onos-slaptazodis-1", at(5))).toEqual({ ok: true });
  // Once the oldest has left the window, the right password is accepted again.
  expect(await checkCurrentPassword(t.db, admin.id, "administratoriaus-slaptazodis", at(THROTTLE_WINDOW_MS / 60_000 + 0.5))).toEqual({
    ok: true,
  });
});

test("a passkey challenge is used once, by its own user", async () => {
  const ruta = await createUser(t.db, "ruta", "rutos-slaptazodis", "narys", null);
  const rp = { id: "localhost", origin: "http://localhost:3000", name: "Giminė" };
  const user = { id: ruta.id, username: "ruta", role: "narys" as const };
  const { challengeId } = await registrationOptions(t.db, user, rp);
  const answer = {
    id: "x",
    rawId: "x",
    type: "public-key",
    response: { clientDataJSON: "", attestationObject: "" },
    clientExtensionResults: {},
  };
  // Another user cannot take it.
  const other = { id: admin.id, username: "admin", role: "administratorius" as const };
  expect(await registerPasskey(t.db, other, rp, challengeId, answer as never, "")).toEqual({ ok: false, reason: "expired" });
  expect(serverT("lt")(PASSKEY_REFUSALS.expired, { max: MAX_PASSKEYS })).toContain("laikas baigėsi");
  // The first answer uses it up, even a wrong one; the second finds it gone.
  const { challengeId: own } = await registrationOptions(t.db, user, rp);
  expect(await registerPasskey(t.db, user, rp, own, answer as never, "")).toEqual({ ok: false, reason: "badResponse" });
  expect(serverT("lt")(PASSKEY_REFUSALS.badResponse, { max: MAX_PASSKEYS })).toContain("nepatvirtintas");
  expect(serverT("en")(PASSKEY_REFUSALS.tooMany, { max: MAX_PASSKEYS })).toBe(`At most ${MAX_PASSKEYS} passkeys.`);
  expect(await registerPasskey(t.db, user, rp, own, answer as never, "")).toEqual({ ok: false, reason: "expired" });
  // Expired challenges go as new ones come.
  await t.db
    .updateTable("passkeyChallenges")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .execute();
  await authenticationOptions(t.db, rp, "192.0.2.1");
  expect(await t.db.selectFrom("passkeyChallenges").select("id").execute()).toHaveLength(1);
  expect(await t.db.selectFrom("passkeys").select("id").execute()).toEqual([]);
});

test("login challenges are bounded: so many from one address, so many from everyone, each freed when it expires", async () => {
  const rp = { id: "localhost", origin: "http://localhost:3000", name: "Giminė" };
  const handed = async (address: string) => (await authenticationOptions(t.db, rp, address)) !== null;
  for (let i = 0; i < LOGIN_CHALLENGES_PER_ADDRESS; i++) expect(await handed("192.0.2.1")).toBe(true);
  // The next one from that address is refused; another address still gets one.
  expect(await handed("192.0.2.1")).toBe(false);
  expect(await handed("192.0.2.2")).toBe(true);
  const stored = await t.db.selectFrom("passkeyChallenges").select("clientAddress").execute();
  expect(stored).toHaveLength(LOGIN_CHALLENGES_PER_ADDRESS + 1);
  // As many as everyone together may hold: then no address gets one.
  const fill = Array.from({ length: LOGIN_CHALLENGES_IN_ALL - stored.length }, (_, i) => ({
    id: `pildymas-${i}`,
    challenge: "x",
    userId: null,
    clientAddress: `198.51.100.${i % 250}-${i}`,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  }));
  for (let i = 0; i < fill.length; i += 100)
    await t.db
      .insertInto("passkeyChallenges")
      .values(fill.slice(i, i + 100))
      .execute();
  expect(await handed("203.0.113.9")).toBe(false);
  // Expired ones no longer count.
  await t.db
    .updateTable("passkeyChallenges")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .execute();
  expect(await handed("192.0.2.1")).toBe(true);
});

test("a browser's answer is read only when it has a passkey answer's shape", () => {
  const part = "AAEC";
  const login = {
    id: part,
    rawId: part,
    type: "public-key",
    clientExtensionResults: {},
    response: { clientDataJSON: part, authenticatorData: part, signature: part },
  };
  expect(readAuthenticationAnswer(JSON.stringify(login))).toMatchObject({ id: part });
  expect(
    readAuthenticationAnswer(
      JSON.stringify({ ...login, authenticatorAttachment: null, response: { ...login.response, userHandle: part } }),
    ),
  ).not.toBeNull();
  for (const bad of [
    "null",
    "",
    "[]",
    "1",
    '"x"',
    "{}",
    '{"id":null}',
    '{"id":{}}',
    JSON.stringify({ ...login, response: null }),
    JSON.stringify({ ...login, id: "ne base64!" }),
    JSON.stringify({ ...login, type: "password" }),
    JSON.stringify({ ...login, response: { ...login.response, signature: 5 } }),
  ]) {
    expect(readAuthenticationAnswer(bad), bad).toBeNull();
  }
  expect(readAuthenticationAnswer(null)).toBeNull();
  const added = { ...login, response: { clientDataJSON: part, attestationObject: part, transports: ["internal"] } };
  expect(readRegistrationAnswer(JSON.stringify(added))).toMatchObject({ id: part });
  expect(readRegistrationAnswer(JSON.stringify(login))).toBeNull();
  expect(readRegistrationAnswer(JSON.stringify({ ...added, response: { ...added.response, transports: "internal" } }))).toBeNull();
});

async function addPhoto(db: TestDatabase, title: string, membersOnly: boolean) {
  const file = path.join(db.media.root, "tmp", `${title}.jpg`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a08060" } })
    .jpeg()
    .toFile(file);
  const image = await prepareImage(db.media, { path: file, name: `${title}.jpg`, size: fs.statSync(file).size });
  const id = await addGalleryItem(db.db, db.media, { title, description: "Tik giminei", membersOnly }, image);
  return { id, mediaId: image.record.id };
}

const where = (db: TestDatabase, mediaId: string) => ({
  public: fs.existsSync(path.join(publicMediaDir(db.media), mediaId)),
  members: fs.existsSync(path.join(membersMediaDir(db.media), mediaId)),
});

test("a family-only photo's files live outside the public folder, move with its mark, and are put right after a crash", async () => {
  const { id, mediaId } = await addPhoto(t, "Vestuvės", true);
  expect(where(t, mediaId)).toEqual({ public: false, members: true });
  await updateGalleryItem(t.db, t.media, id, { title: "Vestuvės", description: "Visiems", membersOnly: false });
  expect(where(t, mediaId)).toEqual({ public: true, members: false });

  // A crash after the row was marked but before the files moved: the next sweep hides them.
  await t.db.updateTable("galleryItems").set({ membersOnly: 1 }).where("id", "=", id).execute();
  expect(await placeAllMedia(t.db, t.media)).toBe(1);
  expect(where(t, mediaId)).toEqual({ public: false, members: true });
  expect(await placeAllMedia(t.db, t.media)).toBe(0);
});

test("a backup keeps members, links, passkeys, private people and family-only files, each where it was", async () => {
  const ruta = await createUser(t.db, "ruta", "rutos-slaptazodis", "narys", null);
  await createInvitation(t.db, { role: "redaktorius", personId: null, email: null, createdBy: admin.id });
  await t.db
    .insertInto("passkeys")
    .values({
      id: "raktas",
      userId: ruta.id,
      publicKey: "AQID",
      counter: 0,
      transports: "[]",
      name: "Telefonas",
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
    })
    .execute();
  await t.db.insertInto("privatePeople").values({ personId: 42, markedAt: new Date().toISOString() }).execute();
  const { mediaId } = await addPhoto(t, "Vestuvės", true);
  const archive = path.join(t.dir, "kopija.tar.gz");
  const manifest = await writeBackup(t.db, t.database.kind, t.media, archive);
  expect(manifest.rows).toMatchObject({ users: 2, accountLinks: 1, passkeys: 1, privatePeople: 1 });

  const target = await createEmptyDatabase();
  try {
    await restoreBackup(target.db, target.database.kind, target.media, archive);
    expect(await target.db.selectFrom("users").select(["username", "role"]).orderBy("username").execute()).toEqual([
      { username: "admin", role: "administratorius" },
      { username: "ruta", role: "narys" },
    ]);
    expect(await authenticate(target.db, "ruta", "rutos-slaptazodis")).toMatchObject({ role: "narys" });
    expect(await pendingInvitations(target.db)).toHaveLength(1);
    expect(await target.db.selectFrom("passkeys").select("name").execute()).toEqual([{ name: "Telefonas" }]);
    expect(await target.db.selectFrom("privatePeople").select("personId").execute()).toEqual([{ personId: 42 }]);
    expect(where(target, mediaId)).toEqual({ public: false, members: true });
  } finally {
    await target.close();
  }
});
