import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, expect, test } from "vitest";
import { validateGedcom7 } from "#app/.server/genealogy/gedcom/gedcom7-rules.ts";
import { exportFile, importFile } from "#app/.server/genealogy/trees.ts";
import { CORPUS, inventory } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { decodeGedcom } from "./gedcom-lines.ts";

// A 5.5.1 export of a tree that came in GEDCOM 7.x is 5.5.1 (issue 32, point 4): none of what 7.0 added
// (shared notes as SNOTE, PHRASE, UID, EXID, TRAN, MIME, CROP, SDATE, NO, INIL, CREA, SCHMA, @VOID@) is
// written as a 5.5.1 structure; what 5.5.1 can say is said its way (NOTE records, INT dates, RELA, inline
// sources, lower-case enumerations, language names), the rest is kept under an underscore; and the file,
// read back, is the same family.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

/** Tags that are GEDCOM 7 only: 5.5.1 has no structure of that name. */
const ONLY_7 = ["SNOTE", "PHRASE", "EXID", "UID", "TRAN", "MIME", "CROP", "SDATE", "NO", "INIL", "CREA", "SCHMA"];

/** Each line as level, xref, tag and payload. */
function lines(text: string) {
  return text
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line, index) => {
      const m = /^(\d+) (?:(@[^@]+@) )?(\S+)(?: (.*))?$/.exec(line)!;
      return { number: index + 1, level: Number(m[1]), xref: m[2], tag: m[3], value: m[4] ?? "" };
    });
}

/** What a 5.5.1 reader would stumble on: a 7.0-only tag, a @VOID@, a pointer to no record, a NOTE pointer to no NOTE record, an upper-case enumeration. */
function not551(text: string, source = ""): string[] {
  const all = lines(text);
  const records = new Map(all.filter((l) => l.level === 0 && l.xref).map((l) => [l.xref!, l.tag]));
  // A pointer the source file itself left dangling (below an extension, kept as it was) is not the export's doing.
  const danglingInSource = (pointer: string) => source !== "" && !source.includes(`\n0 ${pointer} `);
  const problems: string[] = [];
  for (const l of all) {
    const where = `${l.number}: ${l.level} ${l.tag} ${l.value}`;
    if (ONLY_7.includes(l.tag)) problems.push(`${where}: 7.0 only`);
    if (l.value.includes("@VOID@")) problems.push(`${where}: @VOID@`);
    const pointer = /^@[^@#\s][^@]*@$/.exec(l.value)?.[0];
    if (pointer && l.level > 0 && !records.has(pointer) && !danglingInSource(pointer)) problems.push(`${where}: points to nothing`);
    if (pointer && l.tag === "NOTE" && records.get(pointer) !== "NOTE") problems.push(`${where}: a note link to a ${records.get(pointer)}`);
    if (["PEDI", "RESN"].includes(l.tag) && l.value !== l.value.toLowerCase()) problems.push(`${where}: 5.5.1 spells it in lower case`);
    if (l.tag === "RESN" && l.value.includes(",")) problems.push(`${where}: 5.5.1 takes one value`);
    if (l.level === 0 && l.tag === "HEAD" && !text.includes("\n2 VERS 5.5.1\n")) problems.push("not 5.5.1");
  }
  return problems;
}

async function exported(treeId: number, version: "5.5.1" | "7.0", name: string): Promise<{ file: string; text: string }> {
  const file = path.join(t.dir, name);
  await exportFile(t.db, t.media, file, { treeId, version });
  return { file, text: decodeGedcom(fs.readFileSync(file)) };
}

const counts = async (treeId: number) => {
  const count = async (table: "genealogyPeople" | "genealogyFamilies" | "genealogySources" | "genealogyRecords") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("treeId", "=", treeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    people: await count("genealogyPeople"),
    families: await count("genealogyFamilies"),
    sources: await count("genealogySources"),
    records: await count("genealogyRecords"),
  };
};

test.each(inventory.filter((i) => i.version.startsWith("7")))(
  "$file: its 5.5.1 export is 5.5.1, and reads back as the same family",
  async ({ file }) => {
    const source = path.join(CORPUS, file);
    const summary = await importFile(t.db, t.media, source, { sourceName: path.basename(file) });
    const { file: target, text } = await exported(summary.treeId, "5.5.1", `${path.basename(file)}.551.ged`);
    const bytes = fs.readFileSync(source);
    const original = decodeGedcom(file.endsWith(".gdz") ? unzipSync(bytes)["gedcom.ged"] : bytes);
    expect(not551(text, original)).toEqual([]);

    const again = await importFile(t.db, t.media, target, { sourceName: path.basename(target) });
    // 5.5.1 requires a submitter: a file without one gets one made up (Šeimos svetainė).
    const before = await counts(summary.treeId);
    const madeUp = /^0 @[^@]+@ SUBM/m.test(original) ? 0 : 1;
    expect(await counts(again.treeId)).toEqual({ ...before, records: before.records + madeUp });
    // Every shared note the 7.x file linked is linked again: as many NOTE @N@ links as it had SNOTE @N@.
    const links = (text: string, tag: string) => lines(text).filter((l) => l.tag === tag && /^@(?!VOID@)[^@]+@$/.test(l.value)).length;
    expect(links(text, "NOTE")).toBe(links(original, "SNOTE"));
  },
);

test("what 7.0 says that 5.5.1 says otherwise is written 5.5.1's way, and comes back", async () => {
  const source = path.join(t.dir, "septintas.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 7.0
1 LANG lt
1 SCHMA
2 TAG _MANO https://example.com/mano
0 @I1@ INDI
1 NAME Ona /Jonaitytė/
2 TYPE BIRTH
1 SEX F
1 UID 6f2e1b0c-9a8d-4e7f-8a1b-2c3d4e5f6a7b
1 EXID 123
2 TYPE https://www.familysearch.org/ark:/61903/1/
1 BIRT
2 DATE 1890
3 PHRASE Pavasarį, prieš Velykas
2 SOUR @VOID@
3 PAGE Krikšto knyga, 1890 m.
1 DEAT
2 DATE
3 PHRASE Per karą
1 ASSO @I2@
2 ROLE GODP
1 FAMC @F1@
2 PEDI FOSTER
1 SNOTE @N1@
1 NOTE Rašė ona@example.com
2 MIME text/plain
1 NO MARR
1 _MANO Mano žymė
1 RESN CONFIDENTIAL, LOCKED
0 @I2@ INDI
1 NAME Petras /Krikštatėvis/
1 SEX X
0 @F1@ FAM
1 HUSB @I2@
0 @N1@ SNOTE Gyveno prie Nemuno.
0 TRLR
`,
  );
  const summary = await importFile(t.db, t.media, source, { sourceName: "septintas.ged" });
  const { file, text } = await exported(summary.treeId, "5.5.1", "septintas-551.ged");
  expect(not551(text)).toEqual([]);
  expect(text.split("\n")).toEqual(
    expect.arrayContaining([
      "1 LANG Lithuanian",
      "2 TYPE birth",
      "1 _UID 6f2e1b0c-9a8d-4e7f-8a1b-2c3d4e5f6a7b",
      "1 _EXID 123",
      "2 DATE INT 1890 (Pavasarį, prieš Velykas)",
      "2 SOUR Krikšto knyga, 1890 m.",
      "2 DATE (Per karą)",
      "1 ASSO @I2@",
      "2 RELA Godparent",
      "2 PEDI foster",
      "1 NOTE @N1@",
      "0 @N1@ NOTE Gyveno prie Nemuno.",
      "1 NOTE Rašė ona@@example.com",
      "1 _NO MARR",
      "1 _MANO Mano žymė",
      "1 _SEX X",
      "1 RESN confidential",
      "1 _RESN locked",
    ]),
  );
  expect(text).not.toMatch(/SCHMA|MIME|_TAG/);

  // Read back, and written as 7.0 again: the same dates, phrases, links and identifier.
  const again = await importFile(t.db, t.media, file, { sourceName: "septintas-551.ged" });
  expect(again.warnings).toEqual([]);
  const v7 = (await exported(again.treeId, "7.0", "septintas-551-7.ged")).text;
  expect(validateGedcom7(v7)).toEqual([]);
  expect(v7.split("\n")).toEqual(
    expect.arrayContaining([
      "1 UID 6f2e1b0c-9a8d-4e7f-8a1b-2c3d4e5f6a7b",
      "2 DATE 1890",
      "3 PHRASE Pavasarį, prieš Velykas",
      "3 PAGE Krikšto knyga, 1890 m.",
      "3 PHRASE Per karą",
      "1 SNOTE @N1@",
      "1 NOTE Rašė ona@example.com",
      "2 PEDI FOSTER",
    ]),
  );
});
