import { describe, expect, test } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  test("a hash verifies its own password and no other", async () => {
    const hash = await hashPassword("Ąžuolas-1923");
    expect(await verifyPassword("Ąžuolas-1923", hash)).toBe(true);
    expect(await verifyPassword("ąžuolas-1923", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  test("uses scrypt at OWASP's parameters with a random salt", async () => {
    // The suites hash at PASSWORD_HASH_LOG_N=10 (vitest.config.ts); a site without it, at 17.
    const set = process.env.PASSWORD_HASH_LOG_N;
    delete process.env.PASSWORD_HASH_LOG_N;
    try {
      const [a, b] = await Promise.all([hashPassword("slaptas"), hashPassword("slaptas")]);
      expect(a).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
      expect(a).not.toBe(b);
      expect(a).not.toContain("slaptas");
    } finally {
      process.env.PASSWORD_HASH_LOG_N = set;
    }
  });

  test("PASSWORD_HASH_LOG_N sets the factor of new hashes; a hash of another factor still verifies", async () => {
    const set = process.env.PASSWORD_HASH_LOG_N;
    try {
      process.env.PASSWORD_HASH_LOG_N = "12";
      const twelve = await hashPassword("slaptas");
      expect(twelve).toMatch(/^scrypt\$ln=12,r=8,p=1\$/);
      process.env.PASSWORD_HASH_LOG_N = "11";
      expect(await hashPassword("slaptas")).toMatch(/^scrypt\$ln=11,r=8,p=1\$/);
      expect(await verifyPassword("slaptas", twelve)).toBe(true);
      expect(await verifyPassword("slaptaS", twelve)).toBe(false);
    } finally {
      process.env.PASSWORD_HASH_LOG_N = set;
    }
  });

  test("the same letters typed in another Unicode form still match", async () => {
    const composed = "Šarūnas";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  test("a malformed or foreign hash never verifies", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "plain-text-password")).toBe(false);
    expect(await verifyPassword("x", "$2b$10$abcdefghijklmnopqrstuv")).toBe(false);
  });

  test("generated passwords are long and differ", () => {
    const a = generatePassword();
    expect(a).toHaveLength(20);
    expect(a).not.toBe(generatePassword());
  });
});
