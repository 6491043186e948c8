import { PASSWORD_MAX_LENGTH } from "../lib/login.ts";
import { isUniqueViolation, now, type Database } from "./db.ts";
import { MIN_PASSWORD_LENGTH } from "./env.ts";
import { generatePassword, hashForUnknownUser, hashPassword, verifyPassword } from "./password.ts";
import type { SessionUser } from "./session.ts";

/** Finds the user whose password matches; null otherwise, in about the same time either way. */
export async function authenticate(db: Database, username: string, password: string): Promise<SessionUser | null> {
  const user = await db
    .selectFrom("users")
    .select(["id", "username", "passwordHash"])
    .where("username", "=", username.trim())
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(password, await hashForUnknownUser());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? { id: user.id, username: user.username } : null;
}

export async function createUser(db: Database, username: string, password: string): Promise<SessionUser> {
  const passwordHash = await hashPassword(password);
  const row = await db
    .insertInto("users")
    .values({ username, passwordHash, createdAt: now() })
    .returning(["id", "username"])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findUser(db: Database, username: string): Promise<SessionUser | null> {
  return (await db.selectFrom("users").select(["id", "username"]).where("username", "=", username).executeTakeFirst()) ?? null;
}

export async function listUsers(db: Database): Promise<SessionUser[]> {
  return db.selectFrom("users").select(["id", "username"]).orderBy("id").execute();
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

/**
 * The administrator's own change of password: the current one must be right
 * and the new one long enough and typed the same twice. Returns a Lithuanian
 * message per field in error; nothing changes unless there are none.
 */
export async function changePassword(
  db: Database,
  userId: number,
  change: PasswordChange,
): Promise<Partial<Record<keyof PasswordChange, string>>> {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (change.next.length < MIN_PASSWORD_LENGTH) errors.next = `Naujas slaptažodis turi būti bent ${MIN_PASSWORD_LENGTH} simbolių.`;
  else if (change.next.length > PASSWORD_MAX_LENGTH) errors.next = `Naujas slaptažodis gali būti iki ${PASSWORD_MAX_LENGTH} simbolių.`;
  else if (change.repeated !== change.next) errors.repeated = "Slaptažodžiai nesutampa.";
  else if (change.next === change.current) errors.next = "Naujas slaptažodis turi skirtis nuo dabartinio.";
  const user = await db.selectFrom("users").select("passwordHash").where("id", "=", userId).executeTakeFirst();
  const currentRight =
    user !== undefined && change.current.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(change.current, user.passwordHash));
  if (!currentRight) errors.current = "Dabartinis slaptažodis neteisingas.";
  if (Object.keys(errors).length === 0) await setPassword(db, userId, change.next);
  return errors;
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
    created = await createUser(db, username, password);
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
      "Prisijungę pakeiskite jį savo (Administravimas → Slaptažodis) arba komanda: npm run admin:password",
    ].join("\n"),
  );
}
