import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NotGedcomError } from "#app/.server/genealogy/gedcom/import.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { currentTreeId, discardTree, exportFile, importFile, KEPT_TREES, listTrees, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { generate } from "#bench/gedcom-generate.ts";
import { CORPUS, inventory } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { treeSnapshot } from "./genealogy.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/gedcom");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

function importOne(file: string, options: { codePage?: "auto" | "windows-1257" | "windows-1252" } = {}) {
  return importFile(t.db, t.media, file, { sourceName: path.basename(file), ...options });
}

describe("the public corpus", () => {
  test.each(inventory)("$file imports with the inventory's counts", async ({ file, indi, fam }) => {
    const summary = await importOne(path.join(CORPUS, file));
    // The inventory counts records with an identifier (0 @X@ INDI); GEDCOM 7 also allows some without.
    const identified = async (table: "genealogyPeople" | "genealogyFamilies") =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .where("treeId", "=", summary.treeId)
            .where("xref", "is not", null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect({ people: await identified("genealogyPeople"), families: await identified("genealogyFamilies") }).toEqual({
      people: indi,
      families: fam,
    });
    expect(summary.people).toBeGreaterThanOrEqual(indi);
    expect(summary.families).toBeGreaterThanOrEqual(fam);
  });

  test.each(inventory)("$file: import, export, import again gives the same tree", async ({ file, version }) => {
    const first = await importOne(path.join(CORPUS, file));
    const target = path.join(t.dir, `${path.basename(file)}.again${file.endsWith(".gdz") ? ".gdz" : ".ged"}`);
    const v7 = version.startsWith("7");
    await exportFile(t.db, t.media, target, { treeId: first.treeId, version: v7 ? "7.0" : "5.5.1", zip: file.endsWith(".gdz") });
    const second = await importOne(target);
    expect(second.people).toBe(first.people);
    expect(await treeSnapshot(t.db, second.treeId)).toEqual(await treeSnapshot(t.db, first.treeId));
  });

  test("ANSEL and its UTF-16 twins give the same letters, composed", async () => {
    const placesOf = async (file: string) => {
      const { treeId } = await importOne(path.join(CORPUS, "eichmann-geneweb", file));
      const people = await t.db.selectFrom("genealogyPeople").select(["id", "names"]).where("treeId", "=", treeId).execute();
      const events = await t.db
        .selectFrom("genealogyEvents")
        .innerJoin("genealogyPlaces", (j) =>
          j.onRef("genealogyPlaces.id", "=", "genealogyEvents.placeId").onRef("genealogyPlaces.treeId", "=", "genealogyEvents.treeId"),
        )
        .select(["genealogyEvents.ownerId", "genealogyPlaces.name"])
        .where("genealogyEvents.treeId", "=", treeId)
        .execute();
      // Children are named after the combining mark they test: 'code: E9 (Unicode: caron, 030C)' or 'code: 030C/CARON/'.
      const byMark = new Map<string, string>();
      for (const p of people) {
        const mark = /(0[0-9A-F]{3}|FE2[0-3])/.exec(JSON.parse(p.names)[0]?.value ?? "")?.[1];
        if (mark)
          byMark.set(
            mark,
            events
              .filter((e) => e.ownerId === p.id)
              .map((e) => e.name)
              .join(","),
          );
      }
      return byMark;
    };
    const ansel = await placesOf("ANSEL.GED");
    expect(ansel.get("0328")).toContain("ą");
    for (const letter of ["ą", "ę", "į", "ų"]) expect(ansel.get("0328")).toContain(letter);
    for (const letter of ["č", "š", "ž"]) expect(ansel.get("030C")).toContain(letter);
    expect(ansel.get("0307")).toContain("ė");
    expect(ansel.get("0304")).toContain("ū");
    for (const twin of ["UHLBOMCL.GED", "ULHBOMCL.GED", "ULHCL.GED"]) {
      const unicode = await placesOf(twin);
      expect(unicode.size).toBeGreaterThan(20);
      for (const [mark, places] of unicode) {
        // Every letter the twin composes with this mark, ANSEL gives letter for letter.
        const combining = String.fromCharCode(parseInt(mark, 16));
        const letters = [...places.normalize("NFC")].filter((c) => /\p{L}/u.test(c) && c.normalize("NFD").includes(combining));
        for (const letter of letters.filter((c) => c === c.toLowerCase()))
          expect(ansel.get(mark), `${twin} ${mark} ${letter}`).toContain(letter);
      }
    }
  });
});

describe("the project's Lithuanian fixtures", () => {
  test("UTF-8: names, places, notes, relations, with warnings by line", async () => {
    const summary = await importOne(path.join(FIXTURES, "lietuviai-utf8.ged"));
    expect(summary).toMatchObject({ people: 5, families: 1, sources: 1, version: "5.5.1" });
    // Kept as messages with their values, said in the reader's language.
    expect(summary.warnings).toEqual([
      { line: 36, message: { id: "adminTree.warning.unreadableDate", values: { text: "17 GRU 1975" } } },
      { line: 67, message: { id: "adminTree.warning.missingRecord", values: { kind: "family", xref: "@F9@" } } },
      { line: 68, message: { id: "adminTree.warning.unknownTag", values: { tag: "KILME" } } },
    ]);
    expect(summary.warnings.map((w) => serverT("lt")(w.message))).toEqual([
      "Data „17 GRU 1975“ neatpažinta: išsaugota kaip tekstas.",
      "Nuoroda į neaprašytą šeimos įrašą @F9@: praleista.",
      "Nežinoma žymė KILME: išsaugota nepakeista.",
    ]);
    expect(summary.warnings.map((w) => serverT("en")(w.message))).toEqual([
      "Date “17 GRU 1975” not recognised: kept as text.",
      "Reference to an undefined family record @F9@: skipped.",
      "Unknown tag KILME: kept unchanged.",
    ]);
    const people = await t.db.selectFrom("genealogyPeople").selectAll().where("treeId", "=", summary.treeId).orderBy("id").execute();
    expect(people.map((p) => `${p.givenNames} ${p.surname}`)).toEqual([
      "Jonas Jonaitis",
      "Ona Jonaitienė",
      "Petras Jonaitis",
      "Marija Jonaitytė",
      "Šarūnas Žemaitis",
    ]);
    expect(people[1].birthSurname).toBe("Petrauskaitė");
    expect(people[4].searchKey).toBe("sarunas zemaitis");
    expect(JSON.parse(people[0].notes)).toEqual([
      { text: "Pirmasis žinomas giminės narys.\nGyveno prie Nemuno; jo el. paštas būtų jonas@example.lt." },
    ]);
    const places = await t.db
      .selectFrom("genealogyPlaces")
      .select(["name", "parts"])
      .where("treeId", "=", summary.treeId)
      .orderBy("id")
      .execute();
    expect(places[0]).toEqual({
      name: "Miroslavas, Alytaus apskr., Lietuva",
      parts: JSON.stringify(["Miroslavas", "Alytaus apskr.", "Lietuva"]),
    });
    expect(places.map((p) => p.name)).toContain("Čikaga, Ilinojus, JAV");
    const snapshot = await treeSnapshot(t.db, summary.treeId);
    expect(snapshot.childLinks).toEqual(["@F1@>@I3@:birth", "@F1@>@I4@:adopted"]);
    expect(snapshot.people.find((p) => p.xref === "@I4@")!.events[0].date).toEqual({
      kind: "exact",
      date: { calendar: "JULIAN", year: 1926, month: 1, day: 2 },
    });
    // The extension tag stays, to be written back.
    expect(JSON.parse(people[4].extra)).toEqual(
      expect.arrayContaining([
        { t: "_PAVARDES_KILME", v: "Žemaitija" },
        { t: "KILME", v: "Dzūkija" },
      ]),
    );
  });

  test("code page 1257 declared as ANSI is recognised, and gives the same tree as UTF-8", async () => {
    const utf8 = await importOne(path.join(FIXTURES, "lietuviai-utf8.ged"));
    const baltic = await importOne(path.join(FIXTURES, "lietuviai-cp1257.ged"));
    expect(baltic.charset).toMatchObject({ charset: "windows-1257", declared: "ANSI", reason: "detected" });
    expect(await treeSnapshot(t.db, baltic.treeId)).toEqual(await treeSnapshot(t.db, utf8.treeId));
    // The administrator's choice wins: read as Western European, the letters come out wrong.
    const western = await importOne(path.join(FIXTURES, "lietuviai-cp1257.ged"), { codePage: "windows-1252" });
    expect(western.charset?.reason).toBe("chosen");
    const names = await t.db.selectFrom("genealogyPeople").select("surname").where("treeId", "=", western.treeId).execute();
    expect(names.map((n) => n.surname)).toContain("Þemaitis");
  });

  test("exported as GEDCOM 7.0 and read back, the tree is the same", async () => {
    const first = await importOne(path.join(FIXTURES, "lietuviai-utf8.ged"));
    const target = path.join(t.dir, "lietuviai-7.ged");
    await exportFile(t.db, t.media, target, { treeId: first.treeId, version: "7.0" });
    const text = fs.readFileSync(target, "utf8");
    expect(text).toContain("2 VERS 7.0");
    expect(text).toContain("2 DATE JULIAN 2 JAN 1926");
    expect(text).toContain("1 SNOTE @N1@");
    const second = await importOne(target);
    expect(second.version).toBe("7.0");
    expect(await treeSnapshot(t.db, second.treeId)).toEqual(await treeSnapshot(t.db, first.treeId));
  });
});

describe("the benchmark's generated trees", () => {
  test("every date form the generator writes parses, and the tree round-trips in both versions", async () => {
    const file = path.join(t.dir, "sugeneruotas.ged");
    generate(400, file);
    const first = await importOne(file);
    expect(first).toMatchObject({ people: 400, families: 200, warnings: [] });
    const dates = await t.db.selectFrom("genealogyEvents").select(["date", "dateFrom"]).where("treeId", "=", first.treeId).execute();
    expect(dates.filter((d) => d.date !== null && d.dateFrom === null && !d.date.startsWith("(") && !d.date.startsWith("BEF"))).toEqual([]);
    for (const version of ["5.5.1", "7.0"] as const) {
      const target = path.join(t.dir, `sugeneruotas-${version}.ged`);
      await exportFile(t.db, t.media, target, { treeId: first.treeId, version });
      const again = await importOne(target);
      expect(again.warnings).toEqual([]);
      expect(await treeSnapshot(t.db, again.treeId)).toEqual(await treeSnapshot(t.db, first.treeId));
    }
  });
});

describe("refusals and the tree's lifecycle", () => {
  test("a file that is not GEDCOM is refused and leaves nothing", async () => {
    const before = await t.db.selectFrom("genealogyTrees").select("id").execute();
    const notGedcom = path.join(t.dir, "laiskas.ged");
    fs.writeFileSync(notGedcom, "Mieli giminaičiai,\nsiunčiu nuotraukas.\n");
    await expect(importOne(notGedcom)).rejects.toThrow(NotGedcomError);
    await expect(importOne(path.join(import.meta.dirname, "../fixtures/sodyba.jpg"))).rejects.toThrow(NotGedcomError);
    expect(await t.db.selectFrom("genealogyTrees").select("id").execute()).toEqual(before);
  });

  test("a file with a GEDCOM header and no one in it (cut off after it, or not a tree at all) is refused and leaves nothing", async () => {
    const before = await t.db.selectFrom("genealogyTrees").select("id").execute();
    const current = await currentTreeId(t.db);
    const headerOnly = path.join(t.dir, "tik-antraste.ged");
    fs.writeFileSync(headerOnly, "0 HEAD\n1 CHAR UTF-8\nVardas;Pavardė;Gimė\nJonas;Jonaitis;1880\n");
    await expect(importFile(t.db, t.media, headerOnly, { sourceName: "tik-antraste.ged" })).rejects.toThrow(
      "Tai ne GEDCOM giminės medis: failas nutrūksta ir jame nėra nė vieno asmens ar šeimos. Patikrinkite, ar įkėlėte tą failą.",
    );
    expect(await t.db.selectFrom("genealogyTrees").select("id").execute()).toEqual(before);
    expect(await currentTreeId(t.db)).toBe(current);
  });

  test("the first import becomes the tree; a later one waits for confirmation; the replaced tree can be restored", async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      const first = await importFile(fresh.db, fresh.media, path.join(FIXTURES, "lietuviai-utf8.ged"), { sourceName: "pirmas.ged" });
      expect(first.current).toBe(true);
      expect(await currentTreeId(fresh.db)).toBe(first.treeId);
      const second = await importFile(fresh.db, fresh.media, path.join(CORPUS, "samples/bronte.ged"), { sourceName: "antras.ged" });
      expect(second.current).toBe(false);
      expect(await currentTreeId(fresh.db)).toBe(first.treeId);
      expect(await makeCurrent(fresh.db, fresh.media, second.treeId)).toBe("done");
      expect(await currentTreeId(fresh.db)).toBe(second.treeId);
      // The replaced tree is a backup that can be restored.
      expect((await listTrees(fresh.db)).map((tr) => [tr.sourceName, tr.current])).toEqual([
        ["antras.ged", true],
        ["pirmas.ged", false],
      ]);
      expect(await makeCurrent(fresh.db, fresh.media, first.treeId)).toBe("done");
      expect(await currentTreeId(fresh.db)).toBe(first.treeId);
      // An import never confirmed can be discarded; the current one cannot.
      expect(await discardTree(fresh.db, fresh.media, first.treeId)).toBe(false);
      expect(await discardTree(fresh.db, fresh.media, second.treeId)).toBe(true);
      // Only the newest few replaced trees are kept.
      for (let i = 0; i < KEPT_TREES + 2; i++) {
        const next = await importFile(fresh.db, fresh.media, path.join(CORPUS, "samples/bach.ged"), { sourceName: `nr${i}.ged` });
        await makeCurrent(fresh.db, fresh.media, next.treeId);
      }
      expect(await listTrees(fresh.db)).toHaveLength(KEPT_TREES + 1);
      expect(await fresh.db.selectFrom("genealogyPeople").select("treeId").distinct().execute()).toHaveLength(KEPT_TREES + 1);
    } finally {
      await fresh.close();
    }
  });

  test("a GEDZIP archive brings its media files; exported as GEDZIP they go with it", async () => {
    const summary = await importOne(path.join(CORPUS, "fs-gedcom.io/gedcom70/maximal70.gdz"));
    const media = await t.db.selectFrom("genealogyMedia").select(["file", "mediaId"]).where("treeId", "=", summary.treeId).execute();
    const picture = media.find((m) => m.file === "media/CharlotteBront%C3%AB.jpg");
    expect(picture?.mediaId).toBeTruthy();
    // A sound is kept too (among the originals, not served): the archive gives back what it brought.
    const kept = await t.db.selectFrom("genealogyFiles").select("path").where("treeId", "=", summary.treeId).execute();
    expect(kept.map((f) => f.path)).toContain("media/original.mp3");
    const target = path.join(t.dir, "kopija.gdz");
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "7.0", zip: true });
    const again = await importOne(target);
    const againMedia = await t.db.selectFrom("genealogyMedia").select(["file", "mediaId"]).where("treeId", "=", again.treeId).execute();
    expect(againMedia.find((m) => m.file === "media/CharlotteBront%C3%AB.jpg")?.mediaId).toBeTruthy();
  });
});
