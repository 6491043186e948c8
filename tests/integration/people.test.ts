import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDocument, removeDocument } from "#app/.server/documents/documents.ts";
import {
  addChild,
  addPartner,
  createPerson,
  editableTree,
  removePerson,
  resolvePerson,
  saveEvent,
  setParents,
  setPersonLinks,
  updatePerson,
} from "#app/.server/genealogy/editing.ts";
import { documentPeople } from "#app/.server/documents/people.ts";
import { LIVING_YEARS_FORM, withheldPeople, setLivingYears, livingYearsSetting, type Viewer } from "#app/.server/genealogy/living.ts";
import { neighbourhood } from "#app/.server/genealogy/chart.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { searchPeople } from "#app/.server/genealogy/search.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId, exportFile, importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { EVENT_FORM, NEW_PERSON_FORM, PERSON_DETAILS_FORM } from "#app/.server/genealogy/person-forms.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { DATE_FORMS_MESSAGE } from "#app/lib/date-input.ts";
import { personNotFoundText } from "#app/lib/person-fields.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Dates are written relative to this year, so that who counts as living does
// not change as the years pass.
const YEAR = new Date().getUTCFullYear();
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const admin: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
});
afterAll(() => t.close());

let fileNumber = 0;
/** Imports a GEDCOM text (records after the header) as a new tree; the first import becomes current. */
async function importText(records: string): Promise<number> {
  const file = path.join(t.dir, `medis-${++fileNumber}.ged`);
  fs.writeFileSync(file, `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n${records.trim()}\n0 TRLR\n`);
  const summary = await importFile(t.db, t.media, file, { sourceName: path.basename(file) });
  return summary.treeId;
}

/** The database id of the person with this GEDCOM identifier. */
async function idOf(treeId: number, xref: string): Promise<number> {
  const row = await t.db
    .selectFrom("genealogyPeople")
    .select("id")
    .where("treeId", "=", treeId)
    .where("xref", "=", xref)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("who counts as living", () => {
  let treeId: number;
  beforeAll(async () => {
    treeId = await importText(`
0 @OLD@ INDI
1 NAME Senasis /Tėvas/
1 BIRT
2 DATE 1850
1 FAMS @F1@
0 @WIFE@ INDI
1 NAME Be /Datų/
1 FAMS @F1@
0 @KID@ INDI
1 NAME Vaikas /Bedatis/
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @OLD@
1 WIFE @WIFE@
1 CHIL @KID@
0 @PARENT@ INDI
1 NAME Tėvas /Bedatis/
1 FAMS @F2@
0 @CHILD1900@ INDI
1 NAME Sūnus /Senas/
1 BIRT
2 DATE 1900
1 FAMC @F2@
0 @F2@ FAM
1 HUSB @PARENT@
1 CHIL @CHILD1900@
0 @YOUNG@ INDI
1 NAME Jaunas /Gyvas/
1 BIRT
2 DATE ${YEAR - 30}
1 FAMS @F3@
0 @YOUNGWIFE@ INDI
1 NAME Žmona /Bedatė/
1 FAMS @F3@
0 @F3@ FAM
1 HUSB @YOUNG@
1 WIFE @YOUNGWIFE@
0 @BURIED@ INDI
1 NAME Palaidotas /Jaunas/
1 BIRT
2 DATE ${YEAR - 30}
1 BURI
0 @DIED@ INDI
1 NAME Miręs /Jaunas/
1 DEAT Y
0 @ALONE@ INDI
1 NAME Vienišas /Bedatis/
0 @RESI@ INDI
1 NAME Gyventojas /Senas/
1 RESI
2 DATE 1880
`);
  });

  test("by their own records, then by their parents', partners' and children's dates", async () => {
    const living = await withheldPeople(t.db, treeId, { ...visitor, livingYears: 110 });
    const names = async (ids: Set<number>) =>
      (await t.db.selectFrom("genealogyPeople").select(["id", "xref"]).where("treeId", "=", treeId).execute())
        .filter((p) => ids.has(p.id))
        .map((p) => p.xref)
        .sort();
    // OLD was born 1850; WIFE has no dates but a partner born more than 120 years ago;
    // KID a parent born more than 155 years ago; PARENT a child born more than 95 years ago;
    // BURIED and DIED have a burial or death record; RESI an event from 1880.
    expect(await names(living)).toEqual(["@ALONE@", "@YOUNG@", "@YOUNGWIFE@"]);
  });

  test("the number of years is a setting", async () => {
    expect(await livingYearsSetting(t.db)).toBe(110);
    await setLivingYears(t.db, 20);
    expect(await livingYearsSetting(t.db)).toBe(20);
    const living = await withheldPeople(t.db, treeId, { ...visitor, livingYears: await livingYearsSetting(t.db) });
    // Born thirty years ago is no longer 'living' when the rule says twenty.
    expect(living.has(await idOf(treeId, "@YOUNG@"))).toBe(false);
    expect(living.has(await idOf(treeId, "@ALONE@"))).toBe(true);
    await setLivingYears(t.db, 110);
  });
});

describe("an uncertain date proves age only by the latest day it can mean", () => {
  // Each person has one birth in one GEDCOM date form, and whether that
  // birth proves them dead under the 110-year rule.
  const old = YEAR - 150;
  const recent = YEAR - 40;
  const cases: [string, string, boolean][] = [
    ["EXACT", `5 MAR ${old}`, false],
    ["MONTH", `MAR ${old}`, false],
    ["YEAR", `${old}`, false],
    ["RECENT", `${recent}`, true],
    ["BETWEEN", `BET ${old} AND ${recent}`, true],
    ["BETWEENOLD", `BET ${old} AND ${old + 10}`, false],
    ["AFTER", `AFT ${old}`, true],
    ["BEFORE", `BEF ${old}`, false],
    ["BEFORERECENT", `BEF ${recent}`, true],
    ["ABOUT", `ABT ${old}`, false],
    // 'about' reaches ten years later: 105 years ago may be 95.
    ["ABOUTEDGE", `ABT ${YEAR - 105}`, true],
    ["CALCULATED", `CAL ${YEAR - 105}`, true],
    ["ESTIMATED", `EST ${old}`, false],
    ["FROM", `FROM ${old}`, false],
    ["FROMTO", `FROM ${old} TO ${recent}`, false],
    ["TO", `TO ${recent}`, true],
    ["TOOLD", `TO ${old}`, false],
    ["INTERPRETED", `INT ${old} (apie Jonines)`, false],
    ["PHRASE", `(seniai seniai)`, true],
    ["JULIAN", `@#DJULIAN@ 5 MAR ${old}`, false],
    ["HEBREW", `@#DHEBREW@ 1 TSH ${old + 3761}`, false],
    ["DUAL", `5 MAR ${old}/${String((old + 1) % 100).padStart(2, "0")}`, false],
    ["UNKNOWNCAL", `@#DUNKNOWN@ ${old}`, true],
  ];
  let treeId: number;
  beforeAll(async () => {
    treeId = await importText(cases.map(([x, date]) => `0 @${x}@ INDI\n1 NAME Asmuo /${x}/\n1 BIRT\n2 DATE ${date}`).join("\n"));
  });

  test.each(cases)("a birth %s (%s): living %s", async (xref, _date, expected) => {
    const living = await withheldPeople(t.db, treeId, { ...visitor, livingYears: 110 });
    expect(living.has(await idOf(treeId, `@${xref}@`))).toBe(expected);
  });

  test("a visitor sees a BET or AFT birth as 'Gyvas asmuo', with no year", async () => {
    const ids = [await idOf(treeId, "@BETWEEN@"), await idOf(treeId, "@AFTER@")];
    const shown = await summaries(t.db, treeId, ids, visitor);
    for (const id of ids) expect(shown[id]).toMatchObject({ name: "Gyvas asmuo", years: "" });
    const seen = await summaries(t.db, treeId, ids, admin);
    expect(seen[ids[0]].years).toBe(`g. ${old}`);
  });
});

describe("what a visitor and the administrator see", () => {
  let treeId: number;
  let living: number;
  let grandfather: number;
  let mother: number;
  beforeAll(async () => {
    treeId = await importText(`
0 @GF@ INDI
1 NAME Šarūnas /Senasis/
1 SEX M
1 BIRT
2 DATE 1850
2 PLAC Alytus
1 DEAT
2 DATE 1920
1 NOTE @N1@
1 FAMS @F1@
0 @GM@ INDI
1 NAME Ona /Senoji/
1 SEX F
1 DEAT Y
1 FAMS @F1@
0 @MOTHER@ INDI
1 NAME Marija /Vidurinė/
1 SEX F
1 BIRT
2 DATE 1890
1 DEAT
2 DATE 1960
1 FAMC @F1@
1 FAMS @F2@
0 @LIVING@ INDI
1 NAME Šarūnas /Žemaitis/
1 SEX M
1 BIRT
2 DATE 12 MAY ${YEAR - 40}
2 PLAC Kėdainiai
1 NOTE Mėgsta žvejoti.
1 NOTE @N2@
1 OBJE @M1@
1 FAMS @F2@
0 @F1@ FAM
1 HUSB @GF@
1 WIFE @GM@
1 CHIL @MOTHER@
0 @F2@ FAM
1 HUSB @LIVING@
1 WIFE @MOTHER@
1 MARR
2 DATE ${YEAR - 15}
2 PLAC Kaunas
0 @N1@ NOTE Senelis buvo kalvis.
0 @N2@ NOTE Slaptas užrašas apie gyvąjį.
0 @M1@ OBJE
1 FILE zvejyba.jpg
2 FORM jpg
2 TITL Šarūnas prie Nevėžio
`);
    await makeCurrent(t.db, t.media, treeId);
    [living, grandfather, mother] = [await idOf(treeId, "@LIVING@"), await idOf(treeId, "@GF@"), await idOf(treeId, "@MOTHER@")];
  });

  test("a living person is 'Gyvas asmuo' to a visitor, with no years and no sex; the administrator sees the name", async () => {
    expect((await summaries(t.db, treeId, [living], visitor))[living]).toEqual({
      id: living,
      name: "Gyvas asmuo",
      years: "",
      sex: "U",
      living: true,
      hidden: true,
    });
    expect((await summaries(t.db, treeId, [living], admin))[living]).toMatchObject({
      name: "Šarūnas Žemaitis",
      years: `g. ${YEAR - 40}`,
      living: true,
    });
    expect((await summaries(t.db, treeId, [grandfather], visitor))[grandfather]).toMatchObject({
      name: "Šarūnas Senasis",
      years: "1850–1920",
    });
  });

  test("search ignores diacritics; a visitor never finds a living person", async () => {
    expect((await searchPeople(t.db, treeId, "sarunas", admin)).map((p) => p.name).sort()).toEqual(["Šarūnas Senasis", "Šarūnas Žemaitis"]);
    expect((await searchPeople(t.db, treeId, "sarunas", visitor)).map((p) => p.name)).toEqual(["Šarūnas Senasis"]);
    expect(await searchPeople(t.db, treeId, "zemaitis", visitor)).toEqual([]);
    expect(await searchPeople(t.db, treeId, "%%", admin)).toEqual([]);
  });

  test("a living person's page holds nothing but the label; a family with a living partner keeps its dates", async () => {
    const page = await personDetail(t.db, treeId, living, visitor);
    expect(page).toMatchObject({
      summary: { name: "Gyvas asmuo" },
      names: [],
      timeline: [],
      notes: [],
      sex: "U",
      gallery: [],
      documents: [],
      pictures: [],
      portrait: null,
      sources: [],
    });
    for (const secret of ["Šarūnas", "Žemaitis", "Kėdainiai", "Mėgsta", "Kaunas", `${YEAR - 40}`, `${YEAR - 15}`])
      expect(JSON.stringify(page)).not.toContain(secret);
    const motherPage = await personDetail(t.db, treeId, mother, visitor);
    expect(motherPage?.partners).toEqual([{ partner: expect.objectContaining({ name: "Gyvas asmuo" }), events: [], children: [] }]);
    expect(motherPage?.parents.map((p) => p.name)).toEqual(["Šarūnas Senasis", "Ona Senoji"]);
    expect((await personDetail(t.db, treeId, grandfather, visitor))?.notes).toEqual(["Senelis buvo kalvis."]);
    const adminView = await personDetail(t.db, treeId, living, admin);
    expect(adminView?.timeline.map((e) => [serverT("lt").say(e.label), e.date, e.place])).toEqual([
      ["Gimimas", `${YEAR - 40} m. gegužės 12 d.`, "Kėdainiai"],
      // The marriage, on the timeline too.
      ["Santuoka", `${YEAR - 15} m.`, "Kaunas"],
    ]);
    expect(adminView?.notes).toEqual(["Mėgsta žvejoti.", "Slaptas užrašas apie gyvąjį."]);
  });

  test("the public export leaves out the living person, the family's dates and what only they point to", async () => {
    const file = path.join(t.dir, "viesas.ged");
    await exportFile(t.db, t.media, file, { version: "5.5.1", audience: "visitors" });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("1 NAME Šarūnas /Senasis/");
    expect(text).toContain("1 NAME Marija /Vidurinė/");
    expect(text).toContain("0 @N1@ NOTE Senelis buvo kalvis.");
    for (const secret of ["Žemaitis", "Kėdainiai", "Mėgsta", "Slaptas", "zvejyba.jpg", "Nevėžio", "Kaunas", `${YEAR - 40}`, `${YEAR - 15}`])
      expect(text).not.toContain(secret);
  });
});

describe("the chart reads only the neighbourhood", () => {
  test("in a line of 60 generations, the chart around the middle holds three generations up and two down", async () => {
    const records: string[] = [];
    for (let g = 0; g < 60; g++) {
      records.push(`0 @P${g}@ INDI\n1 NAME Karta${g} /Linija/\n1 BIRT\n2 DATE ${1000 + g * 15}`);
      if (g > 0) records.push(`1 FAMC @F${g - 1}@`);
      records.push(`1 FAMS @F${g}@`);
      records.push(`0 @F${g}@ FAM\n1 HUSB @P${g}@${g < 59 ? `\n1 CHIL @P${g + 1}@` : ""}`);
    }
    const treeId = await importText(records.join("\n"));
    const middle = await idOf(treeId, "@P30@");
    const chart = await neighbourhood(t.db, treeId, middle, "abu", admin);
    expect(
      Object.values(chart.people)
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Karta27 Linija", "Karta28 Linija", "Karta29 Linija", "Karta30 Linija", "Karta31 Linija", "Karta32 Linija"]);
    const ancestors = await neighbourhood(t.db, treeId, middle, "proteviai", admin);
    expect(Object.keys(ancestors.people)).toHaveLength(5);
    const descendants = await neighbourhood(t.db, treeId, middle, "palikuonys", admin);
    expect(Object.keys(descendants.people)).toHaveLength(4);
  });
});

describe("the administrator's edits", () => {
  let treeId: number;
  beforeAll(async () => {
    treeId = (await currentTreeId(t.db)) ?? (await editableTree(t.db));
  });

  const fields = (givenNames: string, surname: string, sex: "M" | "F" = "M") => ({ givenNames, surname, birthSurname: "", sex, note: "" });

  test("a person is added, named, given events with the import's date rules, and related to others", async () => {
    const jonas = await createPerson(t.db, fields("Jonas", "Kalvaitis"));
    const ona = await createPerson(t.db, fields("Ona", "Kalvaitienė", "F"));
    const petras = await createPerson(t.db, fields("Petras", "Kalvaitis"));
    expect(await updatePerson(t.db, treeId, ona, { ...fields("Ona", "Kalvaitienė", "F"), birthSurname: "Rimkutė", note: "Siuvėja." })).toBe(
      true,
    );

    const refused = await saveEvent(t.db, treeId, jonas, { eventId: null, tag: "BIRT", date: "kažkada", place: "Alytus", value: "" });
    expect(refused).toEqual({ ok: false, refused: "unreadableDate" });
    // 'About 1880' proves a birth by 1890: Ona, his partner without dates, is then old enough to show.
    const saved = await saveEvent(t.db, treeId, jonas, { eventId: null, tag: "BIRT", date: "apie 1880", place: "Alytus", value: "" });
    expect(saved.ok).toBe(true);
    const events = await t.db
      .selectFrom("genealogyEvents")
      .select(["tag", "date", "dateFrom"])
      .where("treeId", "=", treeId)
      .where("ownerId", "=", jonas)
      .where("ownerKind", "=", "person")
      .execute();
    expect(events).toEqual([{ tag: "BIRT", date: "ABT 1880", dateFrom: expect.any(Number) }]);
    await saveEvent(t.db, treeId, jonas, { eventId: null, tag: "DEAT", date: "1961-03-05", place: "Alytus", value: "" });

    expect((await addPartner(t.db, treeId, jonas, ona)).ok).toBe(true);
    expect((await addChild(t.db, treeId, jonas, ona, petras)).ok).toBe(true);
    const page = await personDetail(t.db, treeId, petras, visitor);
    expect(page?.parents.map((p) => p.name)).toEqual(["Jonas Kalvaitis", "Ona Kalvaitienė (Rimkutė)"]);
    const jonasPage = await personDetail(t.db, treeId, jonas, visitor);
    expect(jonasPage?.timeline.map((e) => e.date)).toEqual(["apie 1880 m.", "1961 m. kovo 5 d."]);
    expect(jonasPage?.partners[0].children.map((c) => c.id)).toEqual([petras]);

    // A descendant cannot become an ancestor.
    expect(await setParents(t.db, treeId, jonas, petras, null)).toEqual({ ok: false, refused: "descendantAsParent", which: "first" });
    expect(await setParents(t.db, treeId, jonas, null, jonas)).toEqual({ ok: false, refused: "ownParent", which: "second" });
    expect(await setParents(t.db, treeId, jonas, null, null)).toEqual({ ok: false, refused: "noParent", which: "first" });
    expect(await addPartner(t.db, treeId, jonas, jonas)).toEqual({ ok: false, refused: "ownPartner" });
    expect(await addChild(t.db, treeId, jonas, ona, ona)).toEqual({ ok: false, refused: "ownChild" });

    // Named in the relation forms by number or by a name that fits one person.
    expect(await resolvePerson(t.db, treeId, `#${ona}`)).toEqual({ id: ona });
    expect(await resolvePerson(t.db, treeId, "petras kalvaitis")).toEqual({ id: petras });
    expect(await resolvePerson(t.db, treeId, "Niekas Nebuvęs")).toEqual({ notFound: { reason: "noMatch", typed: "Niekas Nebuvęs" } });
    expect(await resolvePerson(t.db, treeId, "#999999")).toEqual({ notFound: { reason: "noSuchNumber", id: 999999 } });
    const several = await resolvePerson(t.db, treeId, "Kalvait");
    expect(several).toMatchObject({ notFound: { reason: "severalMatch", typed: "Kalvait" } });
    // What the editor reads names each of them with their number.
    const text = several && "notFound" in several ? personNotFoundText(several.notFound) : "";
    expect(text).toMatch(/^„Kalvait“ atitinka kelis asmenis \(.*Jonas Kalvaitis #\d+.*\): įrašykite numerį\.$/);
  });

  test("removing a person removes their events, links and a family left empty", async () => {
    const a = await createPerson(t.db, fields("Laikinas", "Asmuo"));
    const b = await createPerson(t.db, fields("Laikina", "Asmenė", "F"));
    await addPartner(t.db, treeId, a, b);
    await saveEvent(t.db, treeId, a, { eventId: null, tag: "BIRT", date: "1900", place: "", value: "" });
    const photo = (await t.db.selectFrom("galleryItems").select("id").executeTakeFirstOrThrow()).id;
    await setPersonLinks(t.db, treeId, a, [photo], []);
    const familiesBefore = await t.db.selectFrom("genealogyFamilies").select("id").where("treeId", "=", treeId).execute();
    expect(await removePerson(t.db, treeId, a)).toBe(true);
    expect(
      await t.db
        .selectFrom("genealogyEvents")
        .select("id")
        .where("treeId", "=", treeId)
        .where("ownerKind", "=", "person")
        .where("ownerId", "=", a)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom("photoPeople").select("galleryItemId").where("personId", "=", a).where("treeId", "=", treeId).execute(),
    ).toEqual([]);
    // The couple's family still has Laikina; removing her too leaves an empty family, which goes.
    await removePerson(t.db, treeId, b);
    expect(await t.db.selectFrom("genealogyFamilies").select("id").where("treeId", "=", treeId).execute()).toHaveLength(
      familiesBefore.length - 1,
    );
  });
});

describe("documents and people", () => {
  test("a document's person field points at the person it names, or the one it is linked to; never a living one for a visitor", async () => {
    const treeId = (await currentTreeId(t.db))!;
    const grandfather = await idOf(treeId, "@GF@");
    const mother = await idOf(treeId, "@MOTHER@");
    const living = await idOf(treeId, "@LIVING@");
    const doc = (title: string, person: string) =>
      addDocument(t.db, t.media, { title, person, year: "1900", type: "Laiškas", membersOnly: false }, null);
    const named = await doc("Senelio laiškas", "Šarūnas Senasis");
    const reversed = await doc("Dar vienas", "senasis šarūnas");
    const livingDoc = await doc("Diplomas", "Šarūnas Žemaitis");
    const unknown = await doc("Kažkieno", "Kazys Nežinomas");
    const linked = await doc("Metrikai", "Jonaičių šeima");
    await setPersonLinks(t.db, treeId, mother, [], [linked]);
    const docs = await t.db.selectFrom("documents").select(["id", "person"]).execute();
    const seen = await documentPeople(t.db, treeId, docs, visitor);
    expect([seen.get(named), seen.get(reversed), seen.get(livingDoc), seen.get(unknown), seen.get(linked)]).toEqual([
      grandfather,
      grandfather,
      undefined,
      undefined,
      mother,
    ]);
    expect((await documentPeople(t.db, treeId, docs, admin)).get(livingDoc)).toBe(living);
    // Linked to a living and a dead person: a visitor is pointed at the dead one.
    const shared = await doc("Bendras laiškas", "Giminė");
    const jonas = await resolvePerson(t.db, treeId, "Jonas Kalvaitis");
    if (!jonas || "notFound" in jonas) throw new Error("Jonas Kalvaitis not found");
    expect(living).toBeLessThan(jonas.id);
    await setPersonLinks(t.db, treeId, living, [], [livingDoc, shared]);
    await setPersonLinks(t.db, treeId, jonas.id, [], [shared]);
    const withShared = await t.db.selectFrom("documents").select(["id", "person"]).execute();
    expect((await documentPeople(t.db, treeId, withShared, visitor)).get(shared)).toBe(jonas.id);
    expect((await documentPeople(t.db, treeId, withShared, admin)).get(shared)).toBe(living);
    expect((await documentPeople(t.db, treeId, withShared, visitor)).get(livingDoc)).toBeUndefined();
    // The person pages list them too.
    expect((await personDetail(t.db, treeId, grandfather, visitor))?.documents.map((d) => d.title).sort()).toEqual([
      "Dar vienas",
      "Senelio laiškas",
    ]);
    expect((await personDetail(t.db, treeId, mother, visitor))?.documents.map((d) => d.title)).toEqual(["Metrikai"]);
    // A crafted form: the same photo twice and one that does not exist link the one photo once.
    const photo = (await t.db.selectFrom("galleryItems").select("id").executeTakeFirstOrThrow()).id;
    await setPersonLinks(t.db, treeId, grandfather, [photo, photo, 999_999], []);
    expect(await t.db.selectFrom("photoPeople").select("galleryItemId as itemId").where("personId", "=", grandfather).execute()).toEqual([
      { itemId: photo },
    ]);
    // A removed document takes its links with it.
    await removeDocument(t.db, t.media, linked);
    expect(await t.db.selectFrom("documentPeople").select("documentId").where("documentId", "=", linked).execute()).toEqual([]);
  });

  test("a new import of the family's file keeps the links, person by person", async () => {
    const treeId = (await currentTreeId(t.db))!;
    const photo = (await t.db.selectFrom("galleryItems").select("id").executeTakeFirstOrThrow()).id;
    await setPersonLinks(t.db, treeId, await idOf(treeId, "@GF@"), [photo], []);
    const file = path.join(t.dir, "vel.ged");
    await exportFile(t.db, t.media, file, { version: "5.5.1" });
    const again = await importFile(t.db, t.media, file, { sourceName: "vel.ged" });
    expect(await makeCurrent(t.db, t.media, again.treeId)).toBe("done");
    const page = await personDetail(t.db, again.treeId, await idOf(again.treeId, "@GF@"), visitor);
    expect(page?.gallery.map((g) => g.id)).toEqual([photo]);
  });
});

describe("the tree's forms", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  test("a person: a given name or a surname, each name at most its limit, the sex from the list", () => {
    expect(readForm(form({ givenNames: " Kazys ", surname: "", sex: "M" }), NEW_PERSON_FORM)).toEqual({
      ok: true,
      value: { givenNames: "Kazys", surname: "", birthSurname: "", sex: "M" },
      typed: { givenNames: " Kazys ", surname: "", sex: "M" },
    });
    expect(readForm(form({ surname: "Jonaitis" }), NEW_PERSON_FORM)).toMatchObject({ ok: true, value: { sex: "U" } });
    expect(readForm(form({ givenNames: " ", surname: "" }), NEW_PERSON_FORM)).toEqual({
      ok: false,
      typed: { givenNames: " ", surname: "" },
      errors: { givenNames: "Įrašykite vardą arba pavardę." },
    });
    expect(readForm(form({ givenNames: "", surname: "ą".repeat(121), sex: "Q" }), NEW_PERSON_FORM)).toMatchObject({
      ok: false,
      errors: { surname: "Laukas „Pavardė“ per ilgas: daugiausia 120 simbolių.", sex: "Pasirinkite lytį iš sąrašo." },
    });
    // An English page's form is answered in English.
    expect(inRequestLanguage("en", () => readForm(form({ givenNames: " ", surname: "", sex: "Q" }), NEW_PERSON_FORM))).toMatchObject({
      ok: false,
      errors: { givenNames: "Enter a first name or a surname.", sex: "Choose the sex from the list." },
    });
    const details = readForm(form({ intent: "details", givenNames: "Ona", note: "Pirma.\r\n\r\nAntra. " }), PERSON_DETAILS_FORM);
    expect(details.ok && details.value).toEqual({
      intent: "details",
      givenNames: "Ona",
      surname: "",
      birthSurname: "",
      sex: "U",
      note: "Pirma.\n\nAntra.",
    });
    expect(readForm(form({ intent: "details", givenNames: "Ona", note: "a".repeat(20_001) }), PERSON_DETAILS_FORM)).toMatchObject({
      ok: false,
      errors: { note: "Laukas „Pastabos“ per ilgas: daugiausia 20000 simbolių." },
    });
  });

  test("an event: a date the editor understands, the place and the description at most their limits, a kind from the list", () => {
    expect(readForm(form({ intent: "event", tag: "BIRT", date: " apie 1880 ", place: "Alytus" }), EVENT_FORM)).toMatchObject({
      ok: true,
      value: { eventId: null, tag: "BIRT", date: "apie 1880", place: "Alytus", value: "" },
    });
    expect(readForm(form({ intent: "event", eventId: "7", tag: "EVEN", date: "" }), EVENT_FORM)).toMatchObject({
      ok: true,
      value: { eventId: 7, tag: "EVEN" },
    });
    expect(readForm(form({ intent: "event", tag: "BIRT", date: "kažkada", value: "ą".repeat(301) }), EVENT_FORM)).toMatchObject({
      ok: false,
      errors: { date: DATE_FORMS_MESSAGE, value: "Laukas „Aprašas“ per ilgas: daugiausia 300 simbolių." },
    });
    expect(readForm(form({ intent: "event", tag: "BIRT", date: "1".repeat(121) }), EVENT_FORM)).toMatchObject({
      ok: false,
      errors: { date: "Laukas „Data“ per ilgas: daugiausia 120 simbolių." },
    });
    expect(readForm(form({ intent: "event", tag: "toString" }), EVENT_FORM)).toMatchObject({
      ok: false,
      errors: { tag: "Nežinomas įvykio tipas." },
    });
  });

  test("the living rule: a whole number of years in range", () => {
    expect(readForm(form({ livingYears: " 100 " }), LIVING_YEARS_FORM)).toMatchObject({ ok: true, value: { livingYears: 100 } });
    for (const livingYears of ["", "5", "151", "99.5", "100 metų"])
      expect(readForm(form({ livingYears }), LIVING_YEARS_FORM), livingYears).toMatchObject({
        ok: false,
        errors: { livingYears: "Įrašykite metų skaičių nuo 50 iki 150." },
      });
  });
});
