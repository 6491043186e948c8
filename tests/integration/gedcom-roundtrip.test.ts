import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, expect, test } from "vitest";
import { exportFile, importFile } from "#app/.server/genealogy/trees.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { CORPUS, inventory } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { decodeGedcom, items, lostItems } from "./gedcom-lines.ts";

// Every file of the public corpus (a copy of ../shared/gedcom) is imported and
// exported again in its version family (5.x as 5.5.1, 7.x as 7.0), and the
// two are compared line by line, modulo the normalisations gedcom-lines.ts
// declares: every line the export does not give back must be one the import
// warned about, at that line.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

function gedcomText(file: string): string {
  const bytes = fs.readFileSync(file);
  return decodeGedcom(file.endsWith(".gdz") ? unzipSync(bytes)["gedcom.ged"] : bytes);
}

test.each(inventory)("$file: every line comes back or was warned about", async ({ file, version }) => {
  const source = path.join(CORPUS, file);
  const summary = await importFile(t.db, t.media, source, { sourceName: path.basename(file) });
  const target = path.join(t.dir, `${path.basename(file)}.export${file.endsWith(".gdz") ? ".gdz" : ".ged"}`);
  await exportFile(t.db, t.media, target, {
    treeId: summary.treeId,
    version: version.startsWith("7") ? "7.0" : "5.5.1",
    zip: file.endsWith(".gdz"),
  });
  // A file the upload did not bring is warned about at its FILE line, yet that line must still come back.
  const warned = new Set(
    summary.warnings.filter((w) => !serverT("lt")(w.message).includes("neįkeltas kartu su GEDCOM failu")).map((w) => w.line),
  );
  const family = version.startsWith("7") ? "7" : "5";
  const unexplained = lostItems(items(gedcomText(source), family), items(gedcomText(target), family)).filter((i) => !warned.has(i.line));
  expect(unexplained.map((i) => `${i.line}: ${i.key} ${JSON.stringify(i.value.slice(0, 80))}`)).toEqual([]);
});

test("what other programs hang under CHIL, FAMS and a FILE-less OBJE record comes back", async () => {
  // As Family Tree Maker writes a child's relation to each parent, and a 5.5 object without FILE.
  const text = [
    "0 HEAD",
    "1 GEDC",
    "2 VERS 5.5.1",
    "1 CHAR UTF-8",
    "0 @I1@ INDI",
    "1 NAME Jonas /Jonaitis/",
    "1 FAMS @F1@",
    "2 NOTE Antroji santuoka",
    "1 OBJE @M1@",
    "0 @I2@ INDI",
    "1 NAME Petras /Jonaitis/",
    "1 FAMC @F1@",
    "0 @F1@ FAM",
    "1 HUSB @I1@",
    "1 CHIL @I2@",
    "2 _FREL Adopted",
    "2 _MREL Natural",
    "0 @M1@ OBJE",
    "1 FORM jpg",
    "1 TITL Sodyba 1930 m.",
    "1 BLOB",
    "2 CONT .HM.......k.1..F.jP..",
    "0 TRLR",
    "",
  ].join("\n");
  const source = path.join(t.dir, "ftm.ged");
  fs.writeFileSync(source, text);
  const summary = await importFile(t.db, t.media, source, { sourceName: "ftm.ged" });
  const target = path.join(t.dir, "ftm.export.ged");
  await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "5.5.1" });
  expect(lostItems(items(text, "5"), items(fs.readFileSync(target, "utf8"), "5"))).toEqual([]);
  const exported = fs.readFileSync(target, "utf8");
  expect(exported).toContain("1 CHIL @I2@\n2 _FREL Adopted\n2 _MREL Natural\n");
  expect(exported).toContain("1 FAMS @F1@\n2 NOTE Antroji santuoka\n");
});
