import { expect, test } from "vitest";
import { collator } from "./lithuanian.ts";
import { collationKey } from "./collation-key.ts";

const byKey = (a: string, b: string) => {
  const x = collationKey(a);
  const y = collationKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

test("keys sort in the Lithuanian alphabet: č after c, y as i, accents and case after the letters", () => {
  const words = ["ž", "zz", "č", "cz", "ch", "d", "yra", "ira", "Ira", "įra", "ya", "ib", "a", "A", "ą", "Ą", "ä", "ab", "a b", "a-b", "a1", "10", "9", "„Aušra“", "Ėglė", "Eglė", "Žemės aktas", "Šarūnas", "Saulius", "ss", "ß", "st", "Łukasz", "Lukas", "Мария"]; // prettier-ignore
  expect([...words].sort(byKey)).toEqual([...words].sort(collator.compare));
});

test("on random text of Lithuanian letters, digits, spaces and punctuation the keys agree with Intl.Collator('lt')", () => {
  const alphabet = [..."aąbcčdeęėfghiįyjklmnoprsštuųūvzž AĄBCČDEĘĖFGHIĮYJKLMNOPRSŠTUŲŪVZŽ0123456789-.,;:!?()\"'„“–/&éöüłø"];
  // A fixed sequence (a linear congruential generator), so a failure can be run again.
  let seed = 15;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const word = () => Array.from({ length: 1 + next(8) }, () => alphabet[next(alphabet.length)]).join("");
  const disagreements: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const a = word();
    // Often a small change of the first, so that the lower levels decide.
    const b = next(2) ? word() : [...a].map((c, j) => (j === next(a.length) ? alphabet[next(alphabet.length)] : c)).join("");
    if (Math.sign(collator.compare(a, b)) !== byKey(a, b)) disagreements.push(`${a} | ${b}`);
  }
  expect(disagreements).toEqual([]);
});

test("the key is plain text a database can store: no NUL, no lone surrogates", () => {
  for (const text of ["", "\u0000x", "😀 emoji", "中文", "\ud800"]) {
    const key = collationKey(text);
    expect(key).not.toContain("\u0000");
    expect(key.isWellFormed()).toBe(true);
  }
});
