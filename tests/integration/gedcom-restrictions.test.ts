import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { validateGedcom7 } from "#app/.server/genealogy/gedcom/gedcom7-rules.ts";
import { editorViewer, memberViewer, type Viewer } from "#app/.server/genealogy/living.ts";
import { anniversaries } from "#app/.server/genealogy/on-this-day.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { placeCounts } from "#app/.server/genealogy/places.ts";
import { searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { treeStatistics } from "#app/.server/genealogy/tree-statistics.ts";
import { personEvents, saveEvent } from "#app/.server/genealogy/editing.ts";
import { setRestriction } from "#app/.server/genealogy/living.ts";
import { currentTreeId, exportFile, importFile, mergeImport } from "#app/.server/genealogy/trees.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { migrations } from "#db/migrations/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// GEDCOM's own privacy marks (issue 31, point 9): RESN privacy keeps a person
// or a fact from visitors, RESN confidential from everyone but editors; both
// read on import, honoured wherever the living rule is, and written back.

const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Slaptas /Privatumas/
1 RESN privacy
1 BIRT
2 DATE 1801
1 DEAT
2 DATE 1870
0 @I2@ INDI
1 NAME Konfidencialus /Asmuo/
1 RESN confidential
1 BIRT
2 DATE 1802
1 DEAT
2 DATE 1871
0 @I3@ INDI
1 NAME Atviras /Žmogus/
1 BIRT
2 DATE 3 MAR 1803
2 PLAC Slaptavietė
2 RESN confidential
1 DEAT
2 DATE 1872
2 PLAC Narių kaimas
2 RESN privacy
1 OCCU Kalvis
0 @I4@ INDI
1 NAME Užrakintas /Asmuo/
1 RESN locked
1 DEAT
2 DATE 1850
0 @I5@ INDI
1 NAME Dvigubas /Ženklas/
1 RESN confidential, locked
1 DEAT
2 DATE 1851
0 TRLR
`;

const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member = memberViewer(110);
const editor = editorViewer(110);

let t: TestDatabase;
let treeId: number;
let ids: Record<string, number>;

async function importText(text: string, name = "seima.ged", planMerge = false) {
  const file = path.join(t.dir, name);
  fs.writeFileSync(file, text);
  return importFile(t.db, t.media, file, { sourceName: name, planMerge });
}

async function peopleOf(tree: number) {
  const rows = await t.db.selectFrom("genealogyPeople").select(["id", "xref"]).where("treeId", "=", tree).execute();
  return Object.fromEntries(rows.map((p) => [p.xref!.replaceAll("@", ""), p.id]));
}

async function exported(options: Parameters<typeof exportFile>[3]) {
  const file = path.join(t.dir, `eksportas-${options.version}-${options.audience ?? "visi"}.ged`);
  await exportFile(t.db, t.media, file, options);
  return fs.readFileSync(file, "utf8");
}

/** The lines of one record of a GEDCOM text ('0 @I3@ INDI' up to the next record). */
function recordOf(text: string, xref: string): string[] | null {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.startsWith(`0 ${xref} `));
  if (start === -1) return null;
  const end = lines.findIndex((l, i) => i > start && l.startsWith("0 "));
  return lines.slice(start, end);
}

beforeEach(async () => {
  t = await createTestDatabase();
  treeId = (await importText(FAMILY)).treeId;
  ids = await peopleOf(treeId);
});
afterEach(() => t.close());

describe("reading the marks", () => {
  test("the import stores each mark in its own column and keeps RESN's other items as written", async () => {
    const people = await t.db
      .selectFrom("genealogyPeople")
      .select(["xref", "restriction", "extra"])
      .where("treeId", "=", treeId)
      .orderBy("position")
      .execute();
    expect(people.map((p) => [p.xref, p.restriction])).toEqual([
      ["@I1@", "privacy"],
      ["@I2@", "confidential"],
      ["@I3@", null],
      ["@I4@", null],
      ["@I5@", "confidential"],
    ]);
    // RESN locked says nothing about who sees: it stays among the substructures.
    expect(JSON.parse(people[3].extra)).toContainEqual({ t: "RESN", v: "locked" });
    expect(JSON.parse(people[4].extra)).toContainEqual({ t: "RESN", v: "LOCKED" });
    expect(people[0].extra).not.toContain("RESN");
    const events = await t.db
      .selectFrom("genealogyEvents")
      .select(["tag", "restriction", "extra"])
      .where("treeId", "=", treeId)
      .where("ownerId", "=", ids.I3)
      .orderBy("position")
      .execute();
    expect(events.map((e) => [e.tag, e.restriction])).toEqual([
      ["BIRT", "confidential"],
      ["DEAT", "privacy"],
      ["OCCU", null],
    ]);
    expect(events.map((e) => e.extra).join("")).not.toContain("RESN");
  });

  test("a tree imported before the marks had columns gets them from its stored lines when the site is upgraded", async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      const migrator = new Migrator({ db: fresh.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0028_story_person_links")).error).toBeUndefined();
      await sql`insert into genealogy_trees (id, status, source_name, created_at) values (1, 'ready', 'senas.ged', '2026-01-01')`.execute(
        fresh.db,
      );
      const row = (id: number, extra: unknown) =>
        sql`insert into genealogy_people (tree_id, id, given_names, surname, sex, names, notes, extra, search_key, position)
            values (1, ${id}, 'Senas', 'Įrašas', 'U', '[]', '[]', ${JSON.stringify(extra)}, 'senas irasas', ${id})`.execute(fresh.db);
      await row(1, [{ t: "RESN", v: "privacy" }]);
      await row(2, [
        { t: "RESN", v: "confidential, locked" },
        { t: "_UID", v: "X" },
      ]);
      await row(3, [{ t: "RESN", v: "locked" }]);
      await sql`insert into genealogy_events (tree_id, id, owner_kind, owner_id, tag, notes, extra, position)
                values (1, 1, 'person', 3, 'BIRT', '[]', ${JSON.stringify([{ t: "RESN", v: "confidential" }])}, 0)`.execute(fresh.db);
      await migrateToLatest(fresh.db);
      const people = await fresh.db.selectFrom("genealogyPeople").select(["id", "restriction", "extra"]).orderBy("id").execute();
      expect(people.map((p) => [p.id, p.restriction, JSON.parse(p.extra)])).toEqual([
        [1, "privacy", []],
        [
          2,
          "confidential",
          [
            { t: "RESN", v: "LOCKED" },
            { t: "_UID", v: "X" },
          ],
        ],
        [3, null, [{ t: "RESN", v: "locked" }]],
      ]);
      const event = await fresh.db.selectFrom("genealogyEvents").select(["restriction", "extra"]).executeTakeFirstOrThrow();
      expect(event).toEqual({ restriction: "confidential", extra: "[]" });
    } finally {
      await fresh.close();
    }
  });
});

describe("honouring the marks", () => {
  test("a person marked privacy is hidden from visitors only; confidential from members too", async () => {
    const names = async (viewer: Viewer) => {
      const people = await summaries(t.db, treeId, [ids.I1, ids.I2, ids.I3], viewer);
      return [ids.I1, ids.I2, ids.I3].map((id) => people[id].name);
    };
    expect(await names(visitor)).toEqual(["Privatus asmuo", "Privatus asmuo", "Atviras Žmogus"]);
    expect(await names(member)).toEqual(["Slaptas Privatumas", "Privatus asmuo", "Atviras Žmogus"]);
    expect(await names(editor)).toEqual(["Slaptas Privatumas", "Konfidencialus Asmuo", "Atviras Žmogus"]);

    const page = async (id: number, viewer: Viewer) => (await personDetail(t.db, treeId, id, viewer))!;
    const visitorsPage = await page(ids.I1, visitor);
    expect(visitorsPage.summary.hidden).toBe(true);
    expect(visitorsPage.timeline).toEqual([]);
    expect((await page(ids.I1, member)).timeline.map((e) => e.tag)).toEqual(["BIRT", "DEAT"]);
    expect((await page(ids.I2, member)).timeline).toEqual([]);

    const found = async (query: string, viewer: Viewer) => (await searchPeoplePage(t.db, treeId, query, viewer)).items.length;
    expect([await found("Privatumas", visitor), await found("Privatumas", member)]).toEqual([0, 1]);
    expect([await found("Konfidencialus", member), await found("Konfidencialus", editor)]).toEqual([0, 1]);
  });

  test("a fact marked privacy or confidential leaves the page, the years, the places and the statistics of whom it is kept from", async () => {
    const tags = async (viewer: Viewer) => (await personDetail(t.db, treeId, ids.I3, viewer))!.timeline.map((e) => e.tag);
    expect(await tags(visitor)).toEqual(["OCCU"]);
    expect(await tags(member)).toEqual(["DEAT", "OCCU"]);
    expect(await tags(editor)).toEqual(["BIRT", "DEAT", "OCCU"]);

    const years = async (viewer: Viewer) => (await summaries(t.db, treeId, [ids.I3], viewer))[ids.I3].years;
    expect(await years(visitor)).toBe("");
    expect(await years(member)).toBe("m. 1872");
    expect(await years(editor)).toBe("1803–1872");

    const places = async (viewer: Viewer) => (await placeCounts(t.db, treeId, viewer)).map((p) => p.name);
    expect(await places(visitor)).toEqual([]);
    expect(await places(member)).toEqual(["Narių kaimas"]);
    expect(await places(editor)).toEqual(["Narių kaimas", "Slaptavietė"]);

    const onMarch3 = async (viewer: Viewer) => (await anniversaries(t.db, treeId, 3, 3, viewer)).items.length;
    expect([await onMarch3(member), await onMarch3(editor)]).toEqual([0, 1]);

    const births = async (viewer: Viewer) =>
      (await treeStatistics(t.db, treeId, viewer)).birthsPerDecade.reduce((sum, d) => sum + d.births, 0);
    // I1 (privacy) and I2 (confidential) are people the visitor does not see; I3's birth is confidential.
    expect(await births(visitor)).toBe(0);
    expect(await births(member)).toBe(1);
    expect(await births(editor)).toBe(3);
  });

  test("a public export leaves out what visitors may not see, a members' export what members may not", async () => {
    const forVisitors = await exported({ version: "5.5.1", audience: "visitors" });
    expect(recordOf(forVisitors, "@I1@")).toBeNull();
    expect(recordOf(forVisitors, "@I2@")).toBeNull();
    expect(forVisitors).not.toContain("Slaptavietė");
    expect(forVisitors).not.toContain("Narių kaimas");
    expect(recordOf(forVisitors, "@I3@")).toContain("1 OCCU Kalvis");

    const forMembers = await exported({ version: "5.5.1", audience: "members" });
    expect(recordOf(forMembers, "@I1@")).toContain("1 RESN privacy");
    expect(recordOf(forMembers, "@I2@")).toBeNull();
    expect(forMembers).not.toContain("Slaptavietė");
    expect(forMembers).toContain("2 PLAC Narių kaimas");
  });
});

describe("writing the marks back", () => {
  test("the full export writes every mark where the file had it, in 5.5.1 and in valid GEDCOM 7, and a re-import reads them again", async () => {
    const v5 = await exported({ version: "5.5.1" });
    expect(recordOf(v5, "@I1@")).toContain("1 RESN privacy");
    expect(recordOf(v5, "@I2@")).toContain("1 RESN confidential");
    expect(recordOf(v5, "@I4@")).toContain("1 RESN locked");
    // 5.5.1's RESN takes one value: the one that hides most, the other beside it.
    expect(recordOf(v5, "@I5@")).toEqual(expect.arrayContaining(["1 RESN confidential", "1 _RESN locked"]));
    const i3 = recordOf(v5, "@I3@")!;
    expect(i3.slice(i3.indexOf("1 BIRT"), i3.indexOf("1 DEAT"))).toContain("2 RESN confidential");
    expect(i3.slice(i3.indexOf("1 DEAT"), i3.indexOf("1 OCCU Kalvis"))).toContain("2 RESN privacy");

    const v7 = await exported({ version: "7.0" });
    expect(validateGedcom7(v7)).toEqual([]);
    expect(recordOf(v7, "@I1@")).toContain("1 RESN PRIVACY");
    expect(recordOf(v7, "@I5@")).toContain("1 RESN CONFIDENTIAL, LOCKED");

    const again = await importText(v7, "atgal.ged");
    const marks = await t.db
      .selectFrom("genealogyPeople")
      .select(["xref", "restriction"])
      .where("treeId", "=", again.treeId)
      .orderBy("position")
      .execute();
    expect(marks.map((p) => p.restriction)).toEqual(["privacy", "confidential", null, null, "confidential"]);
    const i3Events = await t.db
      .selectFrom("genealogyEvents")
      .select("restriction")
      .where("treeId", "=", again.treeId)
      .where("ownerKind", "=", "person")
      .orderBy("ownerId")
      .orderBy("position")
      .execute();
    expect(i3Events.map((e) => e.restriction).filter(Boolean)).toEqual(["confidential", "privacy"]);
  });
});

describe("the marks set on the site", () => {
  test("a mark the administrator sets or lifts on the site survives the historian's next file, merged", async () => {
    await setRestriction(t.db, treeId, ids.I3, "privacy");
    await setRestriction(t.db, treeId, ids.I1, null);
    const [occupation] = await personEvents(t.db, treeId, ids.I3, "OCCU");
    await saveEvent(t.db, treeId, ids.I3, {
      eventId: occupation.id,
      tag: "OCCU",
      date: "",
      place: "",
      value: "Kalvis",
      restriction: "confidential",
    });

    // The historian's next file: the same people, one new fact elsewhere.
    const next = (
      await importText(FAMILY.replace("1 NAME Užrakintas /Asmuo/", "1 NAME Užrakintas /Asmuo/\n1 OCCU Malūnininkas"), "kitas.ged", true)
    ).treeId;
    const waiting = await t.db.selectFrom("genealogyTrees").select("mergePlan").where("id", "=", next).executeTakeFirstOrThrow();
    const planned = JSON.parse(waiting.mergePlan!);
    // Kept from the site, for two people: Slaptas's mark lifted, Atviras's set, and the mark on his occupation.
    expect(planned.counts).toMatchObject({ keptFromSite: 2, conflicts: 0 });
    expect(planned.plan.keptFromSite.map((item: { slot: string; site: string | null }) => [item.slot, item.site])).toEqual([
      ["restriction", null],
      ["restriction", "privacy"],
      ["event OCCU#0 › restriction", "confidential"],
    ]);
    expect(await mergeImport(t.db, t.media, next, () => "file")).toMatchObject({ done: {} });
    expect(await currentTreeId(t.db)).toBe(next);

    const marks = await t.db
      .selectFrom("genealogyPeople")
      .select(["xref", "restriction"])
      .where("treeId", "=", next)
      .orderBy("position")
      .execute();
    expect(marks.map((p) => p.restriction)).toEqual([null, "confidential", "privacy", null, "confidential"]);
    const [kept] = await personEvents(t.db, next, ids.I3, "OCCU");
    expect(kept.restriction).toBe("confidential");
    // As the site had it: Slaptas is for everyone now, Atviras for the family only.
    expect((await summaries(t.db, next, [ids.I1, ids.I3], visitor))[ids.I3].name).toBe("Privatus asmuo");
    expect((await summaries(t.db, next, [ids.I1], visitor))[ids.I1].name).toBe("Slaptas Privatumas");
  });
});
