import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { setRestriction, type Viewer } from "#app/.server/genealogy/living.ts";
import { anniversaries, otherDay, parseMonthDay } from "#app/.server/genealogy/on-this-day.ts";
import { placeCounts, placeEvents } from "#app/.server/genealogy/places.ts";
import { surnameCounts, surnamePeople } from "#app/.server/genealogy/surnames.ts";
import { treeStatistics } from "#app/.server/genealogy/tree-statistics.ts";
import { importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The tree's indexes (issue 16 item 6) and whom they count: a visitor never
// the living (not even as a number), a member never the private, an editor
// everyone. Dates of the living are relative to this year, so that who counts
// as living does not change as the years pass.
const YEAR = new Date().getUTCFullYear();
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
const editor: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

let t: TestDatabase;
let treeId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const file = path.join(t.dir, "rodykles.ged");
  fs.writeFileSync(
    file,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @JONAS@ INDI
1 NAME Jonas /Kalvaitis/
1 SEX M
1 BIRT
2 DATE 5 MAR 1850
1 DEAT
2 DATE 10 NOV 1920
2 PLAC Kaunas, Lietuva
1 FAMS @F1@
0 @ONA@ INDI
1 NAME Ona /Kalvaitienė/
2 TYPE married
1 NAME Ona /Petraitytė/
2 TYPE birth
1 SEX F
1 BIRT
2 DATE 1855
2 PLAC Vilnius
1 DEAT
2 DATE 1930
1 FAMS @F1@
0 @PETRAS@ INDI
1 NAME Petras /Kalvaitis/
1 SEX M
1 BIRT
2 DATE 23 NOV 1880
2 PLAC Kaunas, Lietuva
1 DEAT
2 DATE 1960
1 FAMC @F1@
1 FAMS @F2@
0 @RUTA@ INDI
1 NAME Rūta /Kalvaitytė/
1 SEX F
1 BIRT
2 DATE 23 NOV ${YEAR - 30}
2 PLAC Gyvakiemis
1 FAMC @F2@
0 @SLAPTAS@ INDI
1 NAME Slaptas /Užmirštasis/
1 BIRT
2 DATE 23 NOV 1890
2 PLAC Kaunas, Lietuva
1 DEAT
2 DATE 1950
0 @CUKRUS@ INDI
1 NAME Antanas /Cukrus/
1 DEAT
2 DATE ABT 23 NOV 1900
0 @CEPAS@ INDI
1 NAME Kazys /Čepas/
1 DEAT
2 DATE 1901
0 @SABAS@ INDI
1 NAME Jonas /Sabas/
1 DEAT
2 DATE 1902
0 @SIMKUS@ INDI
1 NAME Jonas /ŠIMKUS/
1 DEAT
2 DATE 1903
0 @F1@ FAM
1 HUSB @JONAS@
1 WIFE @ONA@
1 CHIL @PETRAS@
1 MARR
2 DATE 23 NOV 1875
2 PLAC Vilnius
0 @F2@ FAM
1 HUSB @PETRAS@
1 CHIL @RUTA@
0 TRLR
`,
  );
  treeId = (await importFile(t.db, t.media, file, { sourceName: "rodykles.ged" })).treeId;
  await makeCurrent(t.db, t.media, treeId);
  for (const row of await t.db.selectFrom("genealogyPeople").select(["id", "xref"]).where("treeId", "=", treeId).execute()) {
    ids[row.xref!.replaceAll("@", "")] = row.id;
  }
  await setRestriction(t.db, treeId, ids.SLAPTAS, "confidential");
  // What a visitor may see is computed once per content version (published.ts): an edit changes it.
  await changeContentVersion(t.db);
});
afterAll(() => t.close());

describe("surnames", () => {
  test("every surname with its count, maiden and married names too, in Lithuanian order; a visitor never the living's", async () => {
    const surnames = await surnameCounts(t.db, treeId, visitor);
    expect(surnames).toEqual(
      [
        { surname: "Čepas", people: 1 },
        { surname: "Cukrus", people: 1 },
        { surname: "Kalvaitienė", people: 1 },
        { surname: "Kalvaitis", people: 2 },
        { surname: "Petraitytė", people: 1 },
        { surname: "Sabas", people: 1 },
        { surname: "ŠIMKUS", people: 1 },
      ].sort((a, b) => new Intl.Collator("lt").compare(a.surname, b.surname)),
    );
    // c before č, s before š: the Lithuanian alphabet, not the code points.
    expect(surnames.map((s) => s.surname)).toEqual(["Cukrus", "Čepas", "Kalvaitienė", "Kalvaitis", "Petraitytė", "Sabas", "ŠIMKUS"]);
  });

  test("a member sees the living's surnames but not the private's; an editor everyone's", async () => {
    const forMember = (await surnameCounts(t.db, treeId, member)).map((s) => s.surname);
    expect(forMember).toContain("Kalvaitytė");
    expect(forMember).not.toContain("Užmirštasis");
    expect((await surnameCounts(t.db, treeId, editor)).map((s) => s.surname)).toContain("Užmirštasis");
  });

  test("the people of a surname, its case aside; a surname only the living bear is not found by a visitor", async () => {
    const found = await surnamePeople(t.db, treeId, "kalvaitis", visitor);
    expect(found.surname).toBe("Kalvaitis");
    expect(found.people.items.map((p) => p.name)).toEqual(["Jonas Kalvaitis", "Petras Kalvaitis"]);
    expect(found.people.total).toBe(2);
    expect((await surnamePeople(t.db, treeId, "Petraitytė", visitor)).people.items.map((p) => p.id)).toEqual([ids.ONA]);
    expect((await surnamePeople(t.db, treeId, "Kalvaitytė", visitor)).people.total).toBe(0);
    expect((await surnamePeople(t.db, treeId, "Kalvaitytė", member)).people.items.map((p) => p.name)).toEqual(["Rūta Kalvaitytė"]);
    expect((await surnamePeople(t.db, treeId, "Užmirštasis", member)).people.total).toBe(0);
    expect((await surnamePeople(t.db, treeId, "Užmirštasis", editor)).people.total).toBe(1);
  });

  test("pages of the people of a surname", async () => {
    const first = await surnamePeople(t.db, treeId, "Kalvaitis", visitor, 1, 1);
    const second = await surnamePeople(t.db, treeId, "Kalvaitis", visitor, 2, 1);
    expect([first.people.pages, first.people.items[0].name, second.people.items[0].name]).toEqual([
      2,
      "Jonas Kalvaitis",
      "Petras Kalvaitis",
    ]);
  });
});

describe("places", () => {
  test("places with the events a visitor may see, in order; the living's place is not there", async () => {
    expect((await placeCounts(t.db, treeId, visitor)).map(({ name, events }) => [name, events])).toEqual([
      ["Kaunas, Lietuva", 2],
      ["Vilnius", 2],
    ]);
    const forMember = (await placeCounts(t.db, treeId, member)).map(({ name, events }) => [name, events]);
    expect(forMember).toEqual([
      ["Gyvakiemis", 1],
      ["Kaunas, Lietuva", 2],
      ["Vilnius", 2],
    ]);
    expect((await placeCounts(t.db, treeId, editor)).find((p) => p.name === "Kaunas, Lietuva")?.events).toBe(3);
  });

  test("a place's events: who, what, when, oldest first; none of the living's or the private's", async () => {
    const places = await placeCounts(t.db, treeId, editor);
    const placeId = (name: string) => places.find((p) => p.name === name)!.id;
    // What happened is a message id (or the family's own word), said in the reader's language.
    const what = (e: { what: string }) => serverT("lt").say(e.what);
    const kaunas = await placeEvents(t.db, treeId, placeId("Kaunas, Lietuva"), member);
    expect(kaunas?.events.items.map((e) => [e.what, e.when, e.people.map((p) => p.name)])).toEqual([
      ["genealogy.event.birth", "1880 m. lapkričio 23 d.", ["Petras Kalvaitis"]],
      ["genealogy.event.death", "1920 m. lapkričio 10 d.", ["Jonas Kalvaitis"]],
    ]);
    expect(kaunas?.events.items.map((e) => [what(e), e.when, e.people.map((p) => p.name)])).toEqual([
      ["Gimimas", "1880 m. lapkričio 23 d.", ["Petras Kalvaitis"]],
      ["Mirtis", "1920 m. lapkričio 10 d.", ["Jonas Kalvaitis"]],
    ]);
    const vilnius = await placeEvents(t.db, treeId, placeId("Vilnius"), visitor);
    expect(vilnius?.events.items.map((e) => [what(e), e.people.map((p) => p.name)])).toEqual([
      ["Gimimas", ["Ona Kalvaitienė (Petraitytė)"]],
      ["Santuoka", ["Jonas Kalvaitis", "Ona Kalvaitienė (Petraitytė)"]],
    ]);
    expect(await placeEvents(t.db, treeId, placeId("Gyvakiemis"), visitor)).toBeNull();
    expect(await placeEvents(t.db, treeId, 999_999, editor)).toBeNull();
  });
});

describe("Šią dieną", () => {
  test("births, deaths and marriages on a day, of the dead only, exact dates only", async () => {
    const day = await anniversaries(t.db, treeId, 11, 23, visitor);
    expect(day.items.map((a) => [a.year, a.tag, a.people.map((p) => p.name)])).toEqual([
      [1875, "MARR", ["Jonas Kalvaitis", "Ona Kalvaitienė (Petraitytė)"]],
      [1880, "BIRT", ["Petras Kalvaitis"]],
    ]);
    // A member sees the living elsewhere, but never among the anniversaries; nor the private.
    expect((await anniversaries(t.db, treeId, 11, 23, member)).items.map((a) => a.year)).toEqual([1875, 1880]);
    expect((await anniversaries(t.db, treeId, 11, 23, editor)).items.map((a) => a.year)).toEqual([1875, 1880, 1890]);
    expect((await anniversaries(t.db, treeId, 3, 5, visitor)).items.map((a) => [a.year, a.tag])).toEqual([[1850, "BIRT"]]);
    expect((await anniversaries(t.db, treeId, 11, 10, visitor)).items.map((a) => [a.year, a.tag])).toEqual([[1920, "DEAT"]]);
    expect((await anniversaries(t.db, treeId, 11, 24, visitor)).total).toBe(0);
  });

  test("days of the year, round the year", () => {
    expect(parseMonthDay("02-29")).toEqual({ month: 2, day: 29 });
    for (const bad of ["02-30", "13-01", "00-10", "1-1", "01-01x", ""]) expect(parseMonthDay(bad)).toBeNull();
    expect(otherDay(12, 31, 1)).toEqual({ month: 1, day: 1 });
    expect(otherDay(1, 1, -1)).toEqual({ month: 12, day: 31 });
    expect(otherDay(2, 28, 1)).toEqual({ month: 2, day: 29 });
    expect(otherDay(3, 1, -1)).toEqual({ month: 2, day: 29 });
  });
});

describe("statistics", () => {
  test("a visitor's figures leave out the living and the private", async () => {
    const s = await treeStatistics(t.db, treeId, visitor);
    // Jonas, Ona, Petras, Cukrus, Čepas, Sabas, Šimkus.
    expect(s.people).toBe(7);
    expect(s.generations).toBe(2);
    expect(s.givenNames[0]).toEqual({ name: "Jonas", people: 3 });
    expect(s.givenNames.map((g) => g.name)).not.toContain("Rūta");
    expect(s.surnames[0]).toEqual({ surname: "Kalvaitis", people: 2 });
    expect(s.surnames.map((g) => g.surname)).not.toContain("Kalvaitytė");
    // Jonas 70, Ona 75 (years only), Petras 79 (23 Nov 1880 to the middle of 1960).
    expect(s.lifespans.count).toBe(3);
    expect(s.oldest).toEqual({ id: ids.PETRAS, name: "Petras Kalvaitis", age: 79 });
    expect(Math.round(s.lifespans.median!)).toBe(75);
    expect(s.birthsPerDecade).toEqual([
      { decade: 1850, births: 2 },
      { decade: 1860, births: 0 },
      { decade: 1870, births: 0 },
      { decade: 1880, births: 1 },
    ]);
  });

  test("a member counts the living, not the private; an editor everyone", async () => {
    const forMember = await treeStatistics(t.db, treeId, member);
    expect([forMember.people, forMember.generations]).toEqual([8, 3]);
    expect(forMember.birthsPerDecade.at(-1)).toEqual({ decade: Math.floor((YEAR - 30) / 10) * 10, births: 1 });
    expect((await treeStatistics(t.db, treeId, editor)).people).toBe(9);
  });
});

test("a loop of parents in a broken file counts its generations once and ends", async () => {
  const file = path.join(t.dir, "kilpa.ged");
  fs.writeFileSync(
    file,
    `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @A@ INDI
1 NAME Pirmas /Kilpa/
1 FAMC @F2@
1 FAMS @F1@
0 @B@ INDI
1 NAME Antras /Kilpa/
1 FAMC @F1@
1 FAMS @F2@
0 @C@ INDI
1 NAME Trečias /Kilpa/
1 FAMC @F2@
0 @F1@ FAM
1 HUSB @A@
1 CHIL @B@
0 @F2@ FAM
1 HUSB @B@
1 CHIL @A@
1 CHIL @C@
0 TRLR
`,
  );
  const loop = (await importFile(t.db, t.media, file, { sourceName: "kilpa.ged" })).treeId;
  const s = await treeStatistics(t.db, loop, editor);
  expect(s.people).toBe(3);
  expect(s.generations).toBeGreaterThanOrEqual(2);
  expect(s.generations).toBeLessThanOrEqual(3);
  expect(s.surnames).toEqual([{ surname: "Kilpa", people: 3 }]);
});
