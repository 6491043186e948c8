import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SEED_DOCUMENTS, SEED_GALLERY, SEED_GUESTBOOK, SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";

// Every word a visitor reads about the family is the family's to change, so
// none may be written into the pages' code: the seed (app/.server/seed*.ts)
// is the only place the example family lives. This test takes the seed's
// proper names (places, people, the family's name) and looks for them in
// app/routes and app/components.

/** Every text of the seed, each as written. */
function seedTexts(): string[] {
  const texts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect([SEED_SITE, SEED_HISTORY, SEED_GALLERY, SEED_DOCUMENTS, SEED_GUESTBOOK]);
  return texts;
}

const WORD = /\p{Lu}\p{Ll}{2,}/gu;

/** Capitalised in the seed but nobody's own: "į Vakarus" (the West); Windows-1252 is "Vakarų Europos". */
const COMMON_NAMES = new Set(["vakar"]);

/**
 * The seed's proper names: words with a capital letter that do not start a
 * sentence (Alytuje, Miroslavo, Jonaitis), and the family's name. Each is cut
 * to a stem that its other cases share (Kaune, Kauno: "Kaun").
 */
export function properNameStems(texts: string[], familyName: string): Set<string> {
  const stems = new Set<string>();
  const add = (word: string) => stems.add(word.slice(0, Math.max(4, word.length - 2)).toLowerCase());
  for (const text of texts) {
    for (const match of text.matchAll(WORD)) {
      const before = text.slice(0, match.index).trimEnd();
      const startsSentence = before === "" || /[.!?:;–\-„"(\n]$/.test(before);
      if (!startsSentence) add(match[0]);
    }
  }
  for (const word of familyName.match(WORD) ?? []) add(word);
  for (const common of COMMON_NAMES) stems.delete(common);
  return stems;
}

/** Where a stem starts a word in the given source: "file:line: word". */
export function findStems(files: Map<string, string>, stems: Set<string>): string[] {
  const found: string[] = [];
  for (const [file, source] of files) {
    source.split("\n").forEach((line, i) => {
      for (const match of line.matchAll(/\p{L}+/gu)) {
        const word = match[0].toLowerCase();
        for (const stem of stems) if (word.startsWith(stem)) found.push(`${file}:${i + 1}: ${match[0]}`);
      }
    });
  }
  return found;
}

function sources(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(tsx?|css)$/.test(entry.name) || entry.name.endsWith(".test.ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(file, fs.readFileSync(file, "utf8"));
  }
  return files;
}

describe("the example family's words", () => {
  const stems = properNameStems(seedTexts(), SEED_SITE.familyName);

  test("the seed's places and names are found as proper names", () => {
    for (const expected of ["alyt", "vilniu", "kaun", "miroslav", "jonaiči", "čikag"]) {
      expect([...stems].some((stem) => stem.startsWith(expected) || expected.startsWith(stem))).toBe(true);
    }
  });

  test("a page that names them is caught", () => {
    const page = new Map([["app/routes/public/x.tsx", "const x = 1;\n<p>Giminės šakos Alytuje ir Kaune</p>"]]);
    expect(findStems(page, stems)).toEqual(["app/routes/public/x.tsx:2: Alytuje", "app/routes/public/x.tsx:2: Kaune"]);
  });

  test("no route and no component names them", () => {
    const code = new Map([...sources("app/routes"), ...sources("app/components")]);
    expect(code.size).toBeGreaterThan(20);
    expect(findStems(code, stems)).toEqual([]);
  });
});
