import { isUniqueViolation, now, type Database } from "./db.ts";
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

export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable("users").set({ passwordHash }).where("id", "=", userId).execute();
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
  try {
    await createUser(db, username, password);
  } catch (error) {
    // Another server process starting at the same moment created it first.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  if (initial) {
    log(`Sukurtas administratorius „${initial.username}“ (slaptažodis iš ADMIN_PASSWORD).`);
    return;
  }
  log(
    [
      "Sukurtas administratorius. Įsirašykite šiuos duomenis: slaptažodis daugiau nebus rodomas.",
      "  Vartotojo vardas: admin",
      `  Slaptažodis: ${password}`,
      "Slaptažodį galite pakeisti komanda: npm run admin:password",
    ].join("\n"),
  );
}
