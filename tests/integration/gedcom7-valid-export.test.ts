import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { validateGedcom7 } from "#app/.server/genealogy/gedcom/gedcom7-rules.ts";
import { exportFile, importFile } from "#app/.server/genealogy/trees.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { declaredSchema, decodeGedcom } from "./gedcom-lines.ts";

// Valid GEDCOM 7.0 from valid input (issue 32, point 3): a submitter without
// a NAME, an object with only a BLOB or only a mailto: FILE, and an object
// with a file beside a mailto:, each as files outside the corpus brought them.
// The 7.0 export validates, and keeps what the file said.

const FILE = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 SUBM @U1@
0 @U1@ SUBM
1 PHON +370 600 00000
0 @U2@ SUBM
1 NAME Ona Pateikėja
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 OBJE @M1@
1 OBJE @M2@
1 OBJE @M3@
0 @M1@ OBJE
1 FORM bmp
1 BLOB
2 CONT .HM.......k.1..F.jwA.Dzzzzw............A....1.........
0 @M2@ OBJE
1 FILE mailto:jonas@example.com
2 FORM url
1 TITL Jono laiškas
0 @M3@ OBJE
1 FILE nuotrauka.jpg
2 FORM jpg
1 FILE mailto:ona@example.com
2 FORM url
0 TRLR
`;

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

/** The lines of one record ('0 @M2@ …' up to the next record). */
function recordOf(text: string, xref: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`0 ${xref} `));
  const end = lines.findIndex((l, i) => i > start && l.startsWith("0 "));
  return start === -1 ? [] : lines.slice(start, end);
}

test("a submitter without a name and objects without a file 7.0 can hold come out as valid 7.0, nothing they said lost", async () => {
  const source = path.join(t.dir, "be-failu.ged");
  fs.writeFileSync(source, FILE);
  const { treeId } = await importFile(t.db, t.media, source, { sourceName: "be-failu.ged" });
  const target = path.join(t.dir, "eksportas.ged");
  await exportFile(t.db, t.media, target, { treeId, version: "7.0" });
  const text = decodeGedcom(fs.readFileSync(target));

  expect(validateGedcom7(text)).toEqual([]);
  expect(recordOf(text, "@U1@").sort()).toEqual(["0 @U1@ SUBM", "1 NAME Nežinomas pateikėjas", "1 PHON +370 600 00000"]);
  expect(recordOf(text, "@U2@")).toContain("1 NAME Ona Pateikėja");
  // Only a BLOB, only a mailto: an extension record each, linked as one; the mailto kept whole.
  expect(recordOf(text, "@M1@")[0]).toBe("0 @M1@ _OBJE");
  expect(recordOf(text, "@M2@")).toEqual(expect.arrayContaining(["0 @M2@ _OBJE", "1 FILE mailto:jonas@example.com"]));
  expect(recordOf(text, "@I1@")).toEqual(expect.arrayContaining(["1 _OBJE @M1@", "1 _OBJE @M2@", "1 OBJE @M3@"]));
  // A file beside a mailto: stays an object; the mailto becomes an extension under it.
  const m3 = recordOf(text, "@M3@");
  expect(m3).toEqual(expect.arrayContaining(["0 @M3@ OBJE", "1 FILE nuotrauka.jpg", "1 _FILE mailto:ona@example.com"]));
});

/** The identifiers of a text's records, in order ('@I1@', …). */
const recordXrefs = (text: string) => [...text.matchAll(/^0 (@[^@]+@) /gm)].map((m) => m[1]);

test("an identifier used twice is written once, and a 7.0 export writes every identifier in 7.0's form with its pointers", async () => {
  const source = path.join(t.dir, "dvigubas.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Pirmasis/
1 FAMS @f1@
1 NOTE @NoTe@
0 @I1@ INDI
1 NAME Jonas /Antrasis/
0 @I2@ INDI
1 NAME Ona /Jonienė/
1 FAMS @f1@
0 @f1@ FAM
1 HUSB @I1@
1 WIFE @I2@
0 @NoTe@ NOTE Gyveno prie Nemuno.
0 TRLR
`,
  );
  const { treeId } = await importFile(t.db, t.media, source, { sourceName: "dvigubas.ged" });
  for (const version of ["5.5.1", "7.0"] as const) {
    const target = path.join(t.dir, `dvigubas-${version}.ged`);
    await exportFile(t.db, t.media, target, { treeId, version });
    const text = decodeGedcom(fs.readFileSync(target));
    const xrefs = recordXrefs(text);
    expect(new Set(xrefs.map((x) => x.toUpperCase())).size, `${version}: ${xrefs.join(" ")}`).toBe(xrefs.length);
    // Both Jonai are there; the family still has the first as its husband.
    expect(text).toContain("Jonas /Antrasis/");
    expect(recordOf(text, version === "7.0" ? "@F1@" : "@f1@")).toContain("1 HUSB @I1@");
    expect(recordOf(text, "@I1@")).toContain("1 NAME Jonas /Pirmasis/");
    if (version === "7.0") {
      expect(validateGedcom7(text)).toEqual([]);
      expect(xrefs).toEqual(expect.arrayContaining(["@NOTE@", "@F1@"]));
      expect(recordOf(text, "@I1@")).toEqual(expect.arrayContaining(["1 SNOTE @NOTE@", "1 FAMS @F1@"]));
    }
  }
});

test("a 5.5.1 file's _UID is 7.0's UID in the 7.0 export, and the people keep their addresses when it comes back", async () => {
  const source = path.join(t.dir, "uid.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 _UID 6F2E1B0C9A8D4E7F8A1B2C3D4E5F6A7B
0 @I2@ INDI
1 NAME Ona /Jonienė/
1 _UID 0123456789ABCDEF0123456789ABCDEF1A2B
0 TRLR
`,
  );
  const { treeId } = await importFile(t.db, t.media, source, { sourceName: "uid.ged" });
  const target = path.join(t.dir, "uid-7.ged");
  await exportFile(t.db, t.media, target, { treeId, version: "7.0" });
  const text = decodeGedcom(fs.readFileSync(target));
  expect(validateGedcom7(text)).toEqual([]);
  expect(text).not.toContain("_UID");
  expect(recordOf(text, "@I1@")).toContain("1 UID 6f2e1b0c-9a8d-4e7f-8a1b-2c3d4e5f6a7b");
  // PAF's 36 digits (a checksum at the end) are no RFC 4122 UUID: written as they were.
  expect(recordOf(text, "@I2@")).toContain("1 UID 0123456789ABCDEF0123456789ABCDEF1A2B");

  const people = async (tree: number) =>
    (await t.db.selectFrom("genealogyPeople").select(["id", "uid"]).where("treeId", "=", tree).orderBy("position").execute()).map((p) => [
      p.id,
      p.uid,
    ]);
  const again = await importFile(t.db, t.media, target, { sourceName: "uid-7.ged" });
  expect(await people(again.treeId)).toEqual(await people(treeId));
});

test("every extension tag a 7.0 export uses is declared in HEAD.SCHMA: 5.5.1 structures by their registry URIs, others by a stable URN", async () => {
  const source = path.join(t.dir, "zymos.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
1 _HME Namai
0 @I1@ INDI
1 NAME Ona /Jonaitytė/
2 _MARNM Jonienė
1 AFN 12AB-3CD
1 RIN 17
1 _UID 6F2E1B0C9A8D4E7F8A1B2C3D4E5F6A7B
1 BIRT
2 DATE 1890
2 DATE 1891
1 _UPD 12 JAN 2020
1 OBJE @M1@
0 @M1@ OBJE
1 FORM bmp
1 BLOB
2 CONT .HM.......k.1..F.jwA.Dzzzzw............A....1.........
0 TRLR
`,
  );
  const { treeId } = await importFile(t.db, t.media, source, { sourceName: "zymos.ged" });
  const exported = async (name: string) => {
    const target = path.join(t.dir, name);
    await exportFile(t.db, t.media, target, { treeId, version: "7.0" });
    return decodeGedcom(fs.readFileSync(target));
  };
  const text = await exported("zymos-7.ged");
  expect(validateGedcom7(text)).toEqual([]);
  // SCHMA comes right after GEDC, as 7.0 orders the header.
  expect(text.split("\n").slice(0, 4)).toEqual(["0 HEAD", "1 GEDC", "2 VERS 7.0", "1 SCHMA"]);
  const declared = declaredSchema(text);
  const used = new Set([...text.matchAll(/^\d+ (?:@[^@]+@ )?(_[A-Z0-9_]+)/gm)].map((m) => m[1]));
  expect([...used].sort()).toEqual(["_AFN", "_DATE", "_HME", "_MARNM", "_OBJE", "_RIN", "_UPD"]);
  expect([...declared.keys()].sort()).toEqual([...used].sort());
  // What 7.0 removed or allows once, relocated under an underscore: the 5.5.1 structure it was.
  expect(declared.get("_AFN")).toEqual(["https://gedcom.io/terms/v5.5.1/AFN"]);
  expect(declared.get("_RIN")).toEqual(["https://gedcom.io/terms/v5.5.1/RIN"]);
  expect(declared.get("_DATE")).toEqual(["https://gedcom.io/terms/v5.5.1/DATE-DATE_VALUE"]);
  expect(declared.get("_OBJE")).toEqual(["https://gedcom.io/terms/v5.5.1/record-OBJE"]);
  // A program's own tags: a name-based UUID, the same in every export.
  for (const tag of ["_MARNM", "_UPD", "_HME"])
    expect(declared.get(tag)?.[0]).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(new Set(["_MARNM", "_UPD", "_HME"].map((tag) => declared.get(tag)![0])).size).toBe(3);
  expect(declaredSchema(await exported("zymos-7-again.ged"))).toEqual(declared);
  // _UID is 7.0's UID, no extension.
  expect(declared.has("_UID")).toBe(false);

  // The 7.0 export read back and written again keeps its declarations: the file's own SCHMA wins.
  const again = await importFile(t.db, t.media, path.join(t.dir, "zymos-7.ged"), { sourceName: "zymos-7.ged" });
  const target = path.join(t.dir, "zymos-7-7.ged");
  await exportFile(t.db, t.media, target, { treeId: again.treeId, version: "7.0" });
  const second = decodeGedcom(fs.readFileSync(target));
  expect(declaredSchema(second)).toEqual(declared);
  expect(second.match(/^1 SCHMA$/gm)).toHaveLength(1);
  // A 5.5.1 export has no SCHMA (7.0 only).
  const v551 = path.join(t.dir, "zymos-7-551.ged");
  await exportFile(t.db, t.media, v551, { treeId: again.treeId, version: "5.5.1" });
  expect(decodeGedcom(fs.readFileSync(v551))).not.toMatch(/SCHMA|^2 TAG /m);
});

test("a citation of a source the file lacks keeps its page: warned, written back in both versions", async () => {
  const source = path.join(t.dir, "be-saltinio.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 BIRT
2 DATE 1890
2 SOUR @S99@
3 PAGE Krikšto knyga, 1890 m., įrašas 57
0 TRLR
`,
  );
  const summary = await importFile(t.db, t.media, source, { sourceName: "be-saltinio.ged" });
  expect(summary.warnings.map((w) => w.message)).toContainEqual({
    id: "adminTree.warning.missingRecord",
    values: { kind: "source", xref: "@S99@" },
  });
  const citations = await t.db.selectFrom("genealogyCitations").select(["sourceId", "page"]).where("treeId", "=", summary.treeId).execute();
  expect(citations).toEqual([{ sourceId: null, page: "Krikšto knyga, 1890 m., įrašas 57" }]);

  const written = async (version: "5.5.1" | "7.0") => {
    const target = path.join(t.dir, `be-saltinio-${version}.ged`);
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version });
    return decodeGedcom(fs.readFileSync(target));
  };
  expect(recordOf(await written("5.5.1"), "@I1@")).toContain("2 SOUR Krikšto knyga, 1890 m., įrašas 57");
  const v7 = await written("7.0");
  expect(validateGedcom7(v7)).toEqual([]);
  expect(recordOf(v7, "@I1@")).toEqual(expect.arrayContaining(["2 SOUR @VOID@", "3 PAGE Krikšto knyga, 1890 m., įrašas 57"]));
});

test("pointers to notes and people the file never defines (NOTE, ASSO, ALIA) are warned about and dropped, the rest kept", async () => {
  const source = path.join(t.dir, "kabantys.ged");
  fs.writeFileSync(
    source,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 NOTE @N1@
1 NOTE @N9@
1 ASSO @I2@
2 RELA Krikštatėvis
1 ASSO @I99@
2 RELA Kaimynas
1 ALIA @I98@
1 BIRT
2 DATE 1890
2 NOTE @N8@
0 @I2@ INDI
1 NAME Petras /Krikštatėvis/
0 @N1@ NOTE Gyveno prie Nemuno.
0 TRLR
`,
  );
  const summary = await importFile(t.db, t.media, source, { sourceName: "kabantys.ged" });
  const missing = summary.warnings
    .map((w) => w.message)
    .filter((m) => typeof m === "object" && m.id === "adminTree.warning.missingRecord")
    .map((m) => (m as { values: Record<string, string> }).values);
  expect(missing).toEqual(
    expect.arrayContaining([
      { kind: "note", xref: "@N9@" },
      { kind: "note", xref: "@N8@" },
      { kind: "person", xref: "@I99@" },
      { kind: "person", xref: "@I98@" },
    ]),
  );
  expect(missing).toHaveLength(4);
  for (const version of ["5.5.1", "7.0"] as const) {
    const target = path.join(t.dir, `kabantys-${version}.ged`);
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version });
    const text = decodeGedcom(fs.readFileSync(target));
    for (const gone of ["@N9@", "@N8@", "@I99@", "@I98@", "Kaimynas"]) expect(text, `${version}: ${gone}`).not.toContain(gone);
    const jonas = recordOf(text, "@I1@");
    expect(jonas).toContain(`1 ${version === "7.0" ? "SNOTE" : "NOTE"} @N1@`);
    expect(jonas).toContain("1 ASSO @I2@");
    if (version === "7.0") expect(validateGedcom7(text)).toEqual([]);
  }
});
