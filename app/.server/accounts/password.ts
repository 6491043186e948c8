import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { passwordHashLogN, RECOMMENDED_PASSWORD_HASH_LOG_N } from "#app/.server/platform/env.ts";
import { Semaphore } from "#app/.server/platform/limit.ts";

// scrypt at OWASP's recommended minimum (N=2^17, r=8, p=1): about 128 MiB and a
// few hundred milliseconds per hash, which makes guessing from a stolen
// database slow. The parameters travel inside each stored hash, so they can be
// raised later without breaking existing passwords. N is the environment's
// PASSWORD_HASH_LOG_N (platform/env.ts, which refuses a bad value at start),
// read here for every hash: the server, the command-line tools and the tests
// that create users all hash alike.
const PARAMS = { r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

// At most two hashes run at once (each holds 128 MiB); the rest wait their
// turn, so a burst of logins cannot exhaust the server's memory.
const hashing = new Semaphore(2);

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** Hashes a password as `scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const logN = passwordHashLogN(process.env) ?? RECOMMENDED_PASSWORD_HASH_LOG_N;
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, logN, PARAMS.r, PARAMS.p);
  return `scrypt$ln=${logN},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, logN, r, p, salt, key] = match;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// Verified against when the user name is unknown, so that a wrong name takes as
// long as a wrong password and the response time does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
export function hashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** A random password that is easy to copy from a console: 20 characters, about 119 bits. */
export function generatePassword(): string {
  const alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from({ length: 20 }, () => alphabet[randomInt(alphabet.length)]).join("");
}
