import { z } from "zod";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { Message } from "#app/i18n/intl.ts";
import { isLocale, LOCALES, SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { EMAIL_MAX_LENGTH } from "#app/lib/accounts.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import type { Role } from "#app/lib/roles.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import { checkbox, choiceField, emailField, passwordField, textField } from "#app/.server/platform/form.ts";
import { isUniqueViolation, now } from "#app/.server/platform/db/writes.ts";
import { onPostgresDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { MIN_PASSWORD_LENGTH } from "#app/.server/platform/env.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { generatePassword, hashForUnknownUser, hashPassword, verifyPassword } from "./password.ts";
import type { SessionUser } from "./session.ts";
import { blockedUntil, THROTTLE_WINDOW_MS } from "./login-throttle.ts";

/** Finds the user whose password matches (a disabled user never does); null otherwise, in about the same time either way. */
export async function authenticate(db: Database, username: string, password: string): Promise<SessionUser | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "role", "passwordHash", "disabledAt"])
    .where("username", "=", username.trim())
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(password, await hashForUnknownUser());
    return null;
  }
  const right = await verifyPassword(password, user.passwordHash);
  return right && user.disabledAt === null ? { id: user.id, username: user.username, role: user.role } : null;
}

export async function createUser(
  db: Database,
  username: string,
  password: string,
  role: Role = "administratorius",
  personId: number | null = null,
): Promise<SessionUser> {
  const passwordHash = await hashPassword(password);
  return db
    .insertInto("users")
    .values({ username, passwordHash, createdAt: now(), role, personId })
    .returning(["id", "username", "role"])
    .executeTakeFirstOrThrow();
}

export async function findUser(db: Database, username: string): Promise<SessionUser | null> {
  return (await db.selectFrom("users").select(["id", "username", "role"]).where("username", "=", username).executeTakeFirst()) ?? null;
}

/** The person of the tree a user's account is tied to (the tree opens at them), if any. */
export async function personOfUser(db: Database, userId: number): Promise<number | null> {
  return (await db.selectFrom("users").select("personId").where("id", "=", userId).executeTakeFirst())?.personId ?? null;
}

export interface UserListing extends SessionUser {
  createdAt: string;
  disabledAt: string | null;
  personId: number | null;
  /** The last time any of their sessions was used. */
  lastSeenAt: string | null;
}

export async function listUsers(db: Database): Promise<UserListing[]> {
  const users = await db
    .selectFrom("users")
    .select(["id", "username", "role", "createdAt", "disabledAt", "personId"])
    .orderBy("id")
    .execute();
  const seen = await db
    .selectFrom("sessions")
    .select(["userId", (eb) => eb.fn.max("lastSeenAt").as("lastSeenAt")])
    .groupBy("userId")
    .execute();
  const last = new Map(seen.map((s) => [s.userId, s.lastSeenAt as string | null]));
  return users.map((u) => ({ ...u, lastSeenAt: last.get(u.id) ?? null }));
}

// 2–100 letters, digits, dots, hyphens or underscores, no spaces (the message says so).
const USERNAME = /^[\p{L}\p{N}._-]{2,100}$/u;

/** Why a chosen user name cannot be one (a message id); null when it can (it may still be taken). */
export function checkUsername(username: string): MessageId | null {
  return USERNAME.test(username) ? null : "adminMembers.username.invalid";
}

/** A user name as a form asks for it (a new account's, a new one for an account): trimmed, and as checkUsername says. */
export function usernameField(label: string) {
  return textField(label, { max: USERNAME_MAX_LENGTH }).check((ctx) => {
    const problem = ctx.value === "" ? null : checkUsername(ctx.value);
    // Said in the language of the request being answered, as the field helpers say theirs.
    if (problem) ctx.issues.push({ code: "custom", message: requestT()(problem), input: ctx.value });
  });
}

/** A new password typed twice ('next', 'repeated'), under the labels the form shows; checked together by newPasswordPair. */
export function newPasswordFields(labels: { next: string; repeated: string }) {
  return { next: passwordField(labels.next, PASSWORD_MAX_LENGTH), repeated: passwordField(labels.repeated, PASSWORD_MAX_LENGTH) };
}

/** The two checked together (a form's check, run once each is within its limit): long enough, and typed the same twice. */
export function newPasswordPair(ctx: z.core.ParsePayload<{ next: string; repeated: string }>) {
  for (const [field, message] of Object.entries(checkNewPassword(ctx.value.next, ctx.value.repeated)))
    ctx.issues.push({ code: "custom", message: requestT()(message), path: [field], input: ctx.value });
}

/** What is wrong with a new password typed twice (messages with the limits they name); empty when it will do. */
export function checkNewPassword(next: string, repeated: string): { next?: Message; repeated?: Message } {
  if (next.length < MIN_PASSWORD_LENGTH) return { next: { id: "adminMembers.password.tooShort", values: { min: MIN_PASSWORD_LENGTH } } };
  if (next.length > PASSWORD_MAX_LENGTH) return { next: { id: "adminMembers.password.tooLong", values: { max: PASSWORD_MAX_LENGTH } } };
  if (repeated !== next) return { repeated: "adminMembers.password.mismatch" };
  return {};
}

/** A change to a user, or why not (a message id). */
export type UserChange = { ok: true } | { ok: false; message: MessageId };

const LAST_ADMIN = "adminMembers.users.lastAdministrator" satisfies MessageId;

/**
 * Runs a change to a user in one transaction that first takes the active
 * administrators' rows, so that two administrators demoting, disabling or
 * removing each other at the same moment cannot both pass the check and leave
 * nobody. (SQLite's transactions here take the write lock at once; PostgreSQL
 * gets SELECT … FOR UPDATE.) `change` returns false to refuse as the last one.
 */
async function changeUser(
  db: Database,
  userId: number,
  losesAdmin: (user: { role: Role; disabledAt: string | null }) => boolean,
  change: (tx: Database) => Promise<void>,
): Promise<UserChange | null> {
  return db.transaction().execute(async (tx) => {
    const admins = await tx
      .selectFrom("users")
      .select("id")
      .where("role", "=", "administratorius")
      .where("disabledAt", "is", null)
      .$if(onPostgresDatabase(tx), (q) => q.forUpdate())
      .execute();
    const user = await tx.selectFrom("users").select(["id", "role", "disabledAt"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return null;
    if (losesAdmin(user) && !admins.some((a) => a.id !== userId)) return { ok: false as const, message: LAST_ADMIN };
    await change(tx);
    return { ok: true as const };
  });
}

/** Links the user made and nobody has used yet stop working when the user loses the right to make them. */
async function revokeLinksMadeBy(tx: Database, userId: number): Promise<void> {
  await tx
    .updateTable("accountLinks")
    .set({ revokedAt: now() })
    .where("createdBy", "=", userId)
    .where("usedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
}

const isActiveAdmin = (user: { role: Role; disabledAt: string | null }) => user.role === "administratorius" && user.disabledAt === null;

/** Gives a user another role; the last active administrator keeps theirs. */
export async function setRole(db: Database, userId: number, role: Role): Promise<UserChange | null> {
  return changeUser(
    db,
    userId,
    (user) => isActiveAdmin(user) && role !== "administratorius",
    async (tx) => {
      await tx.updateTable("users").set({ role }).where("id", "=", userId).execute();
      if (role !== "administratorius") await revokeLinksMadeBy(tx, userId);
    },
  );
}

/** Disables a user (their sessions end at once) or lets them in again. */
export async function setDisabled(db: Database, userId: number, disabled: boolean): Promise<UserChange | null> {
  return changeUser(
    db,
    userId,
    (user) => disabled && isActiveAdmin(user),
    async (tx) => {
      await tx
        .updateTable("users")
        .set({ disabledAt: disabled ? now() : null })
        .where("id", "=", userId)
        .execute();
      if (disabled) {
        await tx.deleteFrom("sessions").where("userId", "=", userId).execute();
        await revokeLinksMadeBy(tx, userId);
      }
    },
  );
}

/** Removes a user: their sessions, passkeys and links go with them (the database cascades). */
export async function removeUser(db: Database, userId: number): Promise<UserChange | null> {
  return changeUser(db, userId, isActiveAdmin, async (tx) => {
    await revokeLinksMadeBy(tx, userId);
    await tx.deleteFrom("settings").where("key", "=", initialPasswordKey(userId)).execute();
    await tx.deleteFrom("sessions").where("userId", "=", userId).execute();
    await tx.deleteFrom("users").where("id", "=", userId).execute();
  });
}

/** A user's own account page (/paskyra), the new name for the account. */
export const ACCOUNT_NAME_FORM = z.object({ intent: z.literal("name"), username: usernameField("account.name.heading") });

/** Changes a user's name (as ACCOUNT_NAME_FORM reads it); a name another user has is refused. */
export async function renameUser(
  db: Database,
  userId: number,
  username: string,
): Promise<{ ok: true } | { ok: false; reason: "usernameTaken" | Extract<ToastKey, "userNotFound"> }> {
  const user = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  if (!user) return { ok: false, reason: "userNotFound" };
  if (user.username === username) return { ok: true };
  try {
    await db.transaction().execute(async (tx) => {
      await tx.updateTable("users").set({ username }).where("id", "=", userId).execute();
      // Where they have logged in from follows the name (login throttling, login-throttle.ts).
      await tx.updateTable("loginAddresses").set({ username }).where("username", "=", user.username).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "usernameTaken" };
    throw error;
  }
  return { ok: true };
}

/** A user's own notices: their e-mail address and whether they want to hear of their proposals' decisions. */
export async function userNotices(db: Database, userId: number): Promise<{ email: string; notifyDecisions: boolean; language: Locale }> {
  const row = await db.selectFrom("users").select(["email", "notifyDecisions", "language"]).where("id", "=", userId).executeTakeFirst();
  return {
    email: row?.email ?? "",
    notifyDecisions: row?.notifyDecisions === 1,
    language: isLocale(row?.language) ? row.language : SOURCE_LOCALE,
  };
}

/** A user's language (their letters, the site after logging in); Lithuanian when none was chosen. */
export async function userLanguage(db: Database, userId: number): Promise<Locale> {
  const row = await db.selectFrom("users").select("language").where("id", "=", userId).executeTakeFirst();
  return isLocale(row?.language) ? row.language : SOURCE_LOCALE;
}

/** The account page's notices: an address, if any, and whether to hear of decisions (which needs the address). */
export const NOTICES_FORM = z
  .object({
    intent: z.literal("notices"),
    email: emailField("account.notices.email", EMAIL_MAX_LENGTH, { optional: true }),
    notifyDecisions: checkbox(),
    // A form without it (an older page) keeps Lithuanian.
    language: choiceField(LOCALES, "account.notices.languageUnknown", SOURCE_LOCALE),
  })
  .check((ctx) => {
    if (ctx.value.notifyDecisions && ctx.value.email === "")
      ctx.issues.push({
        code: "custom",
        message: requestT()("adminMembers.notices.emailNeeded"),
        path: ["email"],
        input: ctx.value,
      });
  });

/** Saves them, as NOTICES_FORM reads them ("" for no address). */
export async function setUserNotices(
  db: Database,
  userId: number,
  input: { email: string; notifyDecisions: boolean; language?: Locale },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      email: input.email || null,
      notifyDecisions: input.notifyDecisions ? 1 : 0,
      ...(input.language ? { language: input.language } : {}),
    })
    .where("id", "=", userId)
    .execute();
}

// A password the administrator did not choose (printed at the first start,
// given in ADMIN_PASSWORD, or made by `admin:password --generate`) is marked,
// so the dashboard asks for it to be changed until it is.
const initialPasswordKey = (userId: number) => `initial_password_${userId}`;

/** Sets a user's password; `initial`: one the user is to replace with their own. */
export async function setPassword(db: Database, userId: number, password: string, initial = false): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    await tx.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute();
    await tx.deleteFrom("settings").where("key", "=", initialPasswordKey(userId)).execute();
    if (initial)
      await tx
        .insertInto("settings")
        .values({ key: initialPasswordKey(userId), value: now() })
        .execute();
  });
}

/** Whether the user still logs in with a password they were given rather than chose. */
export async function hasInitialPassword(db: Database, userId: number): Promise<boolean> {
  return (await db.selectFrom("settings").select("key").where("key", "=", initialPasswordKey(userId)).executeTakeFirst()) !== undefined;
}

export interface PasswordChange {
  current: string;
  next: string;
  repeated: string;
}

/** How the current password, asked again inside a session, was answered. */
export type PasswordCheck = { ok: true } | { ok: false; reason: "wrongPassword" } | { ok: false; reason: "throttled"; retryAt: Date };

/**
 * The current password asked again before a change that opens the account
 * another way (a new password, a new passkey), throttled per user like a
 * login (login-throttle.ts): after MAX_FAILED_LOGINS wrong answers within
 * THROTTLE_WINDOW_MS no answer is checked, right or wrong, until the oldest
 * of them leaves the window. Whoever holds an unattended session cannot guess
 * the password without limit; the user waits a few minutes at worst.
 */
export async function checkCurrentPassword(db: Database, userId: number, password: string, at = new Date()): Promise<PasswordCheck> {
  const since = new Date(at.getTime() - THROTTLE_WINDOW_MS).toISOString();
  await db.deleteFrom("passwordChecks").where("failedAt", "<=", since).execute();
  const failures = await db.selectFrom("passwordChecks").select("failedAt").where("userId", "=", userId).execute();
  const until = blockedUntil(
    failures.map((f) => Date.parse(f.failedAt)),
    at.getTime(),
  );
  if (until !== null) return { ok: false, reason: "throttled", retryAt: new Date(until) };
  if (await isUsersPassword(db, userId, password)) return { ok: true };
  await db.insertInto("passwordChecks").values({ userId, failedAt: at.toISOString() }).execute();
  return { ok: false, reason: "wrongPassword" };
}

/** Whether this is the user's password (not throttled: checkCurrentPassword is, for a person's answer). */
export async function isUsersPassword(db: Database, userId: number, password: string): Promise<boolean> {
  const user = await db.selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirst();
  return user !== undefined && password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(password, user.passwordHash));
}

/**
 * The account page's change of password: the current one, and a new one long
 * enough, typed the same twice, and not the current one again.
 */
export const PASSWORD_CHANGE_FORM = z
  .object({
    intent: z.literal("password"),
    current: passwordField("account.password.current", PASSWORD_MAX_LENGTH),
    ...newPasswordFields({ next: "common.password.new", repeated: "common.password.repeatNew" }),
  })
  .check((ctx) => {
    const before = ctx.issues.length;
    newPasswordPair(ctx);
    if (ctx.issues.length === before && ctx.value.next === ctx.value.current)
      ctx.issues.push({ code: "custom", message: requestT()("adminMembers.password.sameAsCurrent"), path: ["next"], input: ctx.value });
  });

/** A user's own change of password (as PASSWORD_CHANGE_FORM reads it): nothing changes unless the current one is right. */
export async function changePassword(
  db: Database,
  userId: number,
  change: Pick<PasswordChange, "current" | "next">,
): Promise<PasswordCheck> {
  const check = await checkCurrentPassword(db, userId, change.current);
  if (!check.ok) return check;
  await setPassword(db, userId, change.next);
  return { ok: true };
}

/**
 * Makes sure an administrator exists. The first one comes from ADMIN_USERNAME /
 * ADMIN_PASSWORD; without them it is "admin" with a random password, printed
 * once, since it is stored only as a hash.
 */
export async function ensureAdministrator(
  db: Database,
  initial: { username: string; password: string } | undefined,
  log: (line: string) => void,
): Promise<void> {
  const existing = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  const username = initial?.username ?? "admin";
  const password = initial?.password ?? generatePassword();
  let created: SessionUser;
  try {
    created = await createUser(db, username, password, "administratorius");
  } catch (error) {
    // Another server process starting at the same moment created it first.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  await db
    .insertInto("settings")
    .values({ key: initialPasswordKey(created.id), value: now() })
    .execute();
  if (initial) {
    log(`Sukurtas administratorius „${initial.username}“ (slaptažodis iš ADMIN_PASSWORD).`);
    return;
  }
  log(
    [
      "Sukurtas administratorius. Įsirašykite šiuos duomenis: slaptažodis daugiau nebus rodomas.",
      "  Vartotojo vardas: admin",
      `  Slaptažodis: ${password}`,
      "Prisijungę pakeiskite jį savo (Paskyra → Slaptažodis) arba komanda: npm run admin:password",
    ].join("\n"),
  );
}
