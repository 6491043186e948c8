import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { z } from "zod";
import type { PasskeyRefusal } from "#app/lib/accounts.ts";
import { PASSWORD_MAX_LENGTH } from "#app/lib/login.ts";
import { passwordField, textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import type { SessionUser } from "./session.ts";

// Passkeys (WebAuthn): a user adds one on /paskyra and then logs in with it,
// no password typed. The cryptography is @simplewebauthn/server's; this module
// keeps the credentials and the challenges. A challenge is stored, used once
// and expires in five minutes, so a response cannot be replayed and every
// server process knows it.

const CHALLENGE_MS = 5 * 60 * 1000;
/** A user's passkeys are few: more than this is refused. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 60;

// What a browser's answer must look like before anything reads it: a crafted
// one (null, a number, an object without its parts) is refused here with a
// message, never left to fail deeper in (a 500). The cryptography then checks
// what the parts say.
const BASE64URL = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/);
const CREDENTIAL = {
  id: BASE64URL.min(1),
  rawId: BASE64URL.min(1),
  type: z.literal("public-key"),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).nullish(),
};
const AUTHENTICATION_ANSWER = z.looseObject({
  ...CREDENTIAL,
  response: z.looseObject({
    clientDataJSON: BASE64URL,
    authenticatorData: BASE64URL,
    signature: BASE64URL,
    userHandle: BASE64URL.nullish(),
  }),
});
const REGISTRATION_ANSWER = z.looseObject({
  ...CREDENTIAL,
  response: z.looseObject({
    clientDataJSON: BASE64URL,
    attestationObject: BASE64URL,
    transports: z.array(z.string().max(40)).max(20).optional(),
  }),
});

/** The JSON a form field carries, or undefined when it is not JSON. */
function json(text: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(typeof text === "string" ? text : "");
  } catch {
    return undefined;
  }
}

/** A login's answer from the browser, as the form sent it; null when it is not one. */
export function readAuthenticationAnswer(field: FormDataEntryValue | null): AuthenticationResponseJSON | null {
  const read = AUTHENTICATION_ANSWER.safeParse(json(field));
  return read.success ? (read.data as unknown as AuthenticationResponseJSON) : null;
}

/** A new passkey's answer from the browser, as the form sent it; null when it is not one. */
export function readRegistrationAnswer(field: FormDataEntryValue | null): RegistrationResponseJSON | null {
  const read = REGISTRATION_ANSWER.safeParse(json(field));
  return read.success ? (read.data as unknown as RegistrationResponseJSON) : null;
}

export interface RelyingParty {
  /** The site's domain: a passkey works only there. */
  id: string;
  origin: string;
  name: string;
}

/**
 * Who asks for the passkey: the site at SITE_URL, or, without it, at the
 * address the browser used (a passkey is bound to the origin the browser
 * itself reports, so a forged Host header gains nothing).
 */
export function relyingParty(config: Pick<Config, "siteUrl">, request: Request, familyName: string): RelyingParty {
  const url = config.siteUrl ?? new URL(request.url);
  return { id: url.hostname, origin: url.origin, name: familyName };
}

/**
 * Anyone may ask for a login's challenge, so they are bounded: this many at
 * once from one address (a person trying a few times, a household behind one
 * address), and this many from everyone together. Each lives five minutes.
 */
export const LOGIN_CHALLENGES_PER_ADDRESS = 10;
export const LOGIN_CHALLENGES_IN_ALL = 500;

async function storeChallenge(db: Database, challenge: string, userId: number | null, clientAddress: string | null): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  const at = new Date();
  // Old ones go as new ones come: the table never holds more than a few minutes' worth.
  await db.deleteFrom("passkeyChallenges").where("expiresAt", "<", at.toISOString()).execute();
  await db
    .insertInto("passkeyChallenges")
    .values({ id, challenge, userId, clientAddress, expiresAt: new Date(at.getTime() + CHALLENGE_MS).toISOString() })
    .execute();
  return id;
}

/** Whether another login challenge may be handed out to this address now. */
async function mayAskForLogin(db: Database, clientAddress: string): Promise<boolean> {
  const waiting = db.selectFrom("passkeyChallenges").where("userId", "is", null).where("expiresAt", ">", now());
  const [fromAddress, inAll] = await Promise.all([
    waiting
      .where("clientAddress", "=", clientAddress)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    waiting.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return Number(fromAddress.n) < LOGIN_CHALLENGES_PER_ADDRESS && Number(inAll.n) < LOGIN_CHALLENGES_IN_ALL;
}

/** Takes a challenge (once): null when unknown, expired, used, or another user's. */
async function takeChallenge(db: Database, id: string, userId: number | null): Promise<string | null> {
  const row = await db
    .deleteFrom("passkeyChallenges")
    .where("id", "=", id)
    .where("expiresAt", ">", now())
    .returning(["challenge", "userId"])
    .executeTakeFirst();
  if (!row || row.userId !== userId) return null;
  return row.challenge;
}

export interface PasskeyListing {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function listPasskeys(db: Database, userId: number): Promise<PasskeyListing[]> {
  return db
    .selectFrom("passkeys")
    .select(["id", "name", "createdAt", "lastUsedAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
}

export async function removePasskey(db: Database, userId: number, id: string): Promise<boolean> {
  const result = await db.deleteFrom("passkeys").where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What the browser needs to make a new passkey for this user. */
export async function registrationOptions(db: Database, user: SessionUser, rp: RelyingParty) {
  const existing = await db.selectFrom("passkeys").select(["id", "transports"]).where("userId", "=", user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    // The same user handle every time, so a device keeps one passkey per user.
    userID: new TextEncoder().encode(`naudotojas-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: JSON.parse(c.transports) as string[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { challengeId: await storeChallenge(db, options.challenge, user.id, null), options };
}

/** A new passkey's name, as the account page sends it with the browser's answer (left empty: "Prisijungimo raktas", in the page's language). */
export const PASSKEY_NAME_FORM = z.object({
  name: textField("account.passkeys.nameField", { max: PASSKEY_NAME_MAX, optional: true }),
});

/** Asking to add one: the name it will have (checked before the browser's dialog) and the user's password. */
export const PASSKEY_OPTIONS_FORM = z.object({
  ...PASSKEY_NAME_FORM.shape,
  password: passwordField("account.passkeys.passwordField", PASSWORD_MAX_LENGTH),
});

export type PasskeyResult = { ok: true } | { ok: false; reason: PasskeyRefusal };

/** Checks the browser's new passkey against the challenge and keeps it under `name` (as PASSKEY_NAME_FORM reads it). */
export async function registerPasskey(
  db: Database,
  user: SessionUser,
  rp: RelyingParty,
  challengeId: string,
  response: RegistrationResponseJSON,
  name: string,
): Promise<PasskeyResult> {
  const challenge = await takeChallenge(db, challengeId, user.id);
  if (!challenge) return { ok: false, reason: "expired" };
  const count = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_PASSKEYS) return { ok: false, reason: "tooMany" };
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id });
  } catch {
    return { ok: false, reason: "badResponse" };
  }
  if (!verified.verified) return { ok: false, reason: "notVerified" };
  const { credential } = verified.registrationInfo;
  await db
    .insertInto("passkeys")
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      name: name || requestT()("account.passkeys.defaultName"),
      createdAt: now(),
      lastUsedAt: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return { ok: true };
}

/**
 * What the browser needs to log in with any passkey of this site (the user is
 * not known yet); null when this address, or everyone together, already holds
 * as many challenges as may wait at once.
 */
export async function authenticationOptions(db: Database, rp: RelyingParty, clientAddress: string) {
  if (!(await mayAskForLogin(db, clientAddress))) return null;
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  return { challengeId: await storeChallenge(db, options.challenge, null, clientAddress), options };
}

/** The user a login response claims to be (by its credential), for throttling before it is checked; null when unknown. */
export async function passkeyOwner(db: Database, response: AuthenticationResponseJSON): Promise<string | null> {
  const row = await db
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.userId")
    .select("users.username")
    .where("passkeys.id", "=", response.id)
    .executeTakeFirst();
  return row?.username ?? null;
}

/** Checks a login with a passkey; the user it proves, or null (a disabled user never). */
export async function verifyPasskeyLogin(
  db: Database,
  rp: RelyingParty,
  challengeId: string,
  response: AuthenticationResponseJSON,
): Promise<SessionUser | null> {
  const challenge = await takeChallenge(db, challengeId, null);
  if (!challenge) return null;
  const row = await db
    .selectFrom("passkeys")
    .innerJoin("users", "users.id", "passkeys.userId")
    .select([
      "passkeys.id",
      "passkeys.publicKey",
      "passkeys.counter",
      "passkeys.transports",
      "users.id as userId",
      "users.username",
      "users.role",
      "users.disabledAt",
    ])
    .where("passkeys.id", "=", response.id)
    .executeTakeFirst();
  if (!row || row.disabledAt !== null) return null;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: JSON.parse(row.transports) as never,
      },
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  await db
    .updateTable("passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
    .where("id", "=", row.id)
    .execute();
  return { id: row.userId, username: row.username, role: row.role };
}
