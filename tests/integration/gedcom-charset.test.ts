import fs from "node:fs";
import path from "node:path";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Issue 32, point 1: what a file's CHAR says is a hint; the bytes decide. A
// wrong declaration must not corrupt the family's letters, and whenever the
// bytes overrule it the import summary says so first, with a line read both
// ways. The files are made here, in the charsets an old program would write.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

const head = (char: string) => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR ${char}\n`;
// Line 7 is the first with a letter outside ASCII.
const BODY = [
  "0 @I1@ INDI",
  "1 NAME Žemyna /Šaltenytė/",
  "1 SEX F",
  "0 @I2@ INDI",
  "1 NAME Ąžuolas /Čiurlionis/",
  "1 SEX M",
  "1 BIRT",
  "2 PLAC Kėdainiai, Lietuva",
  "1 NOTE Ūkininkas, gyveno prie Nevėžio.",
  "0 TRLR",
  "",
].join("\n");
const NAME_LINE = "1 NAME Žemyna /Šaltenytė/";

/** ANSEL: each accent (ogonek, caron, dot above, macron) written before its letter. */
function ansel(text: string): Buffer {
  const marks: Record<string, number> = { "\u0328": 0xf1, "\u030c": 0xe9, "\u0307": 0xe7, "\u0304": 0xe5 };
  const bytes: number[] = [];
  for (const char of text) {
    const [base, ...accents] = char.normalize("NFD");
    for (const accent of accents) bytes.push(marks[accent]);
    bytes.push(base.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

let n = 0;
async function importBytes(bytes: Buffer, codePage?: CodePageChoice) {
  const file = path.join(t.dir, `koduote-${++n}.ged`);
  fs.writeFileSync(file, bytes);
  const summary = await importFile(t.db, t.media, file, { sourceName: path.basename(file), codePage });
  const people = await t.db
    .selectFrom("genealogyPeople")
    .select(["givenNames", "surname", "notes"])
    .where("treeId", "=", summary.treeId)
    .orderBy("id")
    .execute();
  const places = await t.db.selectFrom("genealogyPlaces").select("name").where("treeId", "=", summary.treeId).execute();
  const stored = await t.db.selectFrom("genealogyTrees").select("warnings").where("id", "=", summary.treeId).executeTakeFirstOrThrow();
  return {
    summary,
    names: people.map((p) => `${p.givenNames} ${p.surname}`),
    notes: people.map((p) => JSON.parse(p.notes) as { text: string }[]).flat(),
    places: places.map((p) => p.name),
    /** The warnings as /admin/medis shows them: kept with the tree. */
    storedWarnings: JSON.parse(stored.warnings) as unknown[],
  };
}

function expectLetters(read: Awaited<ReturnType<typeof importBytes>>) {
  expect(read.names).toEqual(["Žemyna Šaltenytė", "Ąžuolas Čiurlionis"]);
  expect(read.places).toEqual(["Kėdainiai, Lietuva"]);
  expect(read.notes).toEqual([{ text: "Ūkininkas, gyveno prie Nevėžio." }]);
}

const lt = serverT("lt");
const en = serverT("en");

describe("a wrong CHAR does not corrupt the letters, and the summary says so first", () => {
  test("1 CHAR ANSEL over UTF-8 bytes is read as UTF-8", async () => {
    const read = await importBytes(Buffer.from(head("ANSEL") + BODY, "utf8"));
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "utf-8", declared: "ANSEL", reason: "bytes" });
    const first = read.summary.warnings[0];
    expect(first).toEqual({
      line: 0,
      message: {
        id: "adminTree.warning.charsetIsUtf8",
        values: { declared: "ANSEL", used: "UTF-8", line: "7", before: "1 NAME ¿ưemyna /¿\ufffdaltenyt♯\ufffd/", after: NAME_LINE },
      },
    });
    expect(lt(first.message)).toBe(
      "Faile nurodyta koduotė ANSEL, bet baitai yra UTF-8: skaityta kaip UTF-8. Pvz. eilutė 7: „1 NAME ¿ưemyna /¿�altenyt♯�/“ → „1 NAME Žemyna /Šaltenytė/“.",
    );
    expect(en(first.message)).toBe(
      "The file declares the character set ANSEL, but its bytes are UTF-8: read as UTF-8. For example, line 7: “1 NAME ¿ưemyna /¿�altenyt♯�/” → “1 NAME Žemyna /Šaltenytė/”.",
    );
    // Nothing else to say: the text as read has no character read in no charset.
    expect(read.summary.warnings).toHaveLength(1);
    expect(read.storedWarnings[0]).toEqual(first);
  });

  test("1 CHAR UTF-8 over Windows-1257 bytes is read as Windows-1257, not as U+FFFD", async () => {
    const read = await importBytes(iconv.encode(head("UTF-8") + BODY, "windows-1257"));
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "windows-1257", declared: "UTF-8", reason: "detected" });
    const first = read.summary.warnings[0];
    expect(first).toEqual({
      line: 0,
      message: {
        id: "adminTree.warning.charsetNotDeclared",
        values: {
          declared: "UTF-8",
          used: "Windows-1257",
          line: "7",
          before: "1 NAME \ufffdemyna /\ufffdaltenyt\ufffd/",
          after: NAME_LINE,
        },
      },
    });
    expect(lt(first.message)).toBe(
      "Faile nurodyta koduotė UTF-8, bet baitai jai netinka: skaityta kaip Windows-1257. Pvz. eilutė 7: „1 NAME �emyna /�altenyt�/“ → „1 NAME Žemyna /Šaltenytė/“.",
    );
    expect(en(first.message)).toContain("declares the character set UTF-8, but its bytes do not fit it: read as Windows-1257.");
    expect(read.summary.warnings).toHaveLength(1);
    expect(read.storedWarnings[0]).toEqual(first);
  });

  test("1 CHAR ASCII over UTF-8 bytes is read as UTF-8", async () => {
    const read = await importBytes(Buffer.from(head("ASCII") + BODY, "utf8"));
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "utf-8", declared: "ASCII", reason: "bytes" });
    const first = read.summary.warnings[0];
    expect(first).toEqual({
      line: 0,
      message: {
        id: "adminTree.warning.charsetIsUtf8",
        values: { declared: "ASCII", used: "UTF-8", line: "7", before: "1 NAME Å½emyna /Å\u00a0altenytÄ—/", after: NAME_LINE },
      },
    });
    expect(lt(first.message)).toContain(
      "Faile nurodyta koduotė ASCII, bet baitai yra UTF-8: skaityta kaip UTF-8. Pvz. eilutė 7: „1 NAME Å½emyna",
    );
    expect(read.summary.warnings).toHaveLength(1);
  });

  test("1 CHAR UTF-8 over ANSEL bytes is read as ANSEL", async () => {
    const read = await importBytes(Buffer.concat([Buffer.from(head("UTF-8")), ansel(BODY)]));
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "ansel", declared: "UTF-8" });
    expect(read.summary.warnings[0].message).toMatchObject({
      id: "adminTree.warning.charsetNotDeclared",
      values: { declared: "UTF-8", used: "ANSEL", line: "7", after: NAME_LINE },
    });
  });

  test("a file with no CHAR over Windows-1257 bytes is read as Windows-1257, said as undeclared", async () => {
    const read = await importBytes(iconv.encode("0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 SOUR X\n" + BODY, "windows-1257"));
    expectLetters(read);
    expect(read.summary.warnings[0].message).toMatchObject({ id: "adminTree.warning.charsetUndeclared", values: { used: "Windows-1257" } });
    expect(lt(read.summary.warnings[0].message)).toMatch(
      /^Faile koduotė nenurodyta, o baitai nėra UTF-8: skaityta kaip Windows-1257\. Pvz\. eilutė 7: /,
    );
  });
});

describe("a file that says its charset rightly gets no such warning", () => {
  test("UTF-8 declared as UTF-8", async () => {
    const read = await importBytes(Buffer.from(head("UTF-8") + BODY, "utf8"));
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "utf-8", declared: "UTF-8", reason: "declared" });
    expect(read.summary.warnings).toEqual([]);
  });

  test("Windows-1257 declared as ANSI; the administrator's code page still wins", async () => {
    const bytes = iconv.encode(head("ANSI") + BODY, "windows-1257");
    const read = await importBytes(bytes);
    expectLetters(read);
    expect(read.summary.charset).toMatchObject({ charset: "windows-1257", declared: "ANSI", reason: "detected" });
    expect(read.summary.warnings).toEqual([]);
    const western = await importBytes(bytes, "windows-1252");
    expect(western.summary.charset).toMatchObject({ charset: "windows-1252", reason: "chosen" });
    expect(western.names[0]).toBe("Þemyna Ðaltenytë");
  });
});

describe("a character read in no charset is never kept silently", () => {
  test("a byte no candidate defines becomes U+FFFD, counted with its first line", async () => {
    // 0x81 is undefined in Windows-1257 and 1252 and ANSEL, and not UTF-8.
    const text = iconv.encode(head("UTF-8") + BODY, "windows-1257");
    const at = text.indexOf(iconv.encode("1 NOTE Ūkininkas", "windows-1257"));
    expect(at).toBeGreaterThan(0);
    const bytes = Buffer.concat([text.subarray(0, at + 7), Buffer.from([0x81, 0x81]), text.subarray(at + 7)]);
    const read = await importBytes(bytes);
    expect(read.names).toEqual(["Žemyna Šaltenytė", "Ąžuolas Čiurlionis"]);
    expect(read.notes).toEqual([{ text: "\ufffd\ufffdŪkininkas, gyveno prie Nevėžio." }]);
    expect(read.summary.warnings.map((w) => w.message)).toEqual([
      expect.objectContaining({ id: "adminTree.warning.charsetNotDeclared" }),
      { id: "adminTree.warning.unreadableCharacters", values: { count: 2, line: "14" } },
    ]);
    expect(lt(read.summary.warnings[1].message)).toBe(
      "Kai kurių baitų nepavyko perskaityti jokia koduote: jie išsaugoti kaip „�“ (2 ženklai, pirmasis 14 eilutėje).",
    );
    expect(en(read.summary.warnings[1].message)).toBe(
      "Some bytes could not be read in any character set: they were kept as “�” (2 characters, the first on line 14).",
    );
  });
});
