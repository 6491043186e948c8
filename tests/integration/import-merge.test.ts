import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { addChild, createPerson, personEvents, saveEvent } from "#app/.server/genealogy/editing.ts";
import { loadTreeFacts, type EventFact } from "#app/.server/genealogy/merge/facts.ts";
import { countPlan, planMerge, type MergeItem } from "#app/.server/genealogy/merge/plan.ts";
import { addPhotoPerson } from "#app/.server/gallery/photo-people.ts";
import { createUser } from "#app/.server/accounts/users.ts";
import { listChanges, undoChange } from "#app/.server/changes/changes.ts";
import { changeLines, namesFor } from "#app/.server/changes/readable.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { recordPersonEdit } from "#app/.server/genealogy/person-changes.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { currentTreeId, exportFile, importFile, makeCurrent, mergeImport } from "#app/.server/genealogy/trees.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { gedcomCli } from "./gedcom-cli.ts";

// Issue 29: a new import of the family historian's file is compared with the
// file imported before (the base) and with the site's tree as the family has
// changed it since. What only the file changed is applied, what only the site
// changed is kept, what both changed differently is a conflict.

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

let n = 0;
/** Imports a file of records; the first becomes the site's tree, later ones wait beside it. */
const HEAD = "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n";

async function importText(records: string): Promise<number> {
  const file = path.join(t.dir, `medis-${++n}.ged`);
  fs.writeFileSync(file, `${HEAD}${records.trim()}\n0 TRLR\n`);
  return (await importFile(t.db, t.media, file, { sourceName: "medis.ged", planMerge: true })).treeId;
}

async function ids(treeId: number): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom("genealogyPeople").select(["id", "givenNames"]).where("treeId", "=", treeId).execute();
  return Object.fromEntries(rows.map((r) => [r.givenNames, r.id]));
}

async function plan(baseTree: number, fileTree: number, siteTree: number) {
  const [base, file, site] = await Promise.all([baseTree, fileTree, siteTree].map((id) => loadTreeFacts(t.db, id)));
  return planMerge(base, file, site);
}

/** The family's three edits on the site: an occupation for Antanas, Bronė's birth place, Rimas a child of Česlovas and Dalia (his id). */
async function familyEdits(site: number, who: Record<string, number>): Promise<number> {
  await saveEvent(t.db, site, who.Antanas, { eventId: null, tag: "OCCU", date: "", place: "", value: "Kalvis" });
  const [birth] = await personEvents(t.db, site, who.Bronė, "BIRT");
  await saveEvent(t.db, site, who.Bronė, { eventId: birth.id, tag: "BIRT", date: "1901-03-03", place: "Vilnius", value: "" });
  const child = await createPerson(t.db, { givenNames: "Rimas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  await addChild(t.db, site, who.Česlovas, who.Dalia, child);
  return child;
}

/** A plan's items as 'Name: slot base → file / site', easy to read in a failure. */
const read = (items: MergeItem[]) =>
  items.map((i) => `${i.subject.label}: ${i.slot} ${i.base ?? "∅"} → ${i.file ?? "∅"} / ${i.site ?? "∅"}`);

// Antanas (A), Bronė (B), Česlovas (C) with his wife Dalia (D), Elena (E), Gediminas (G).
const V1 = `
0 @I1@ INDI
1 NAME Antanas /Jonaitis/
1 SEX M
0 @I2@ INDI
1 NAME Bronė /Jonaitytė/
1 SEX F
1 BIRT
2 DATE 3 MAR 1901
2 PLAC Kaunas
0 @I3@ INDI
1 NAME Česlovas /Jonaitis/
1 SEX M
1 FAMS @F1@
0 @I4@ INDI
1 NAME Dalia /Jonaitienė/
1 SEX F
1 FAMS @F1@
0 @I5@ INDI
1 NAME Elena /Jonaitytė/
1 SEX F
1 DEAT
2 DATE 1950
1 NOTE Gyveno prie Nemuno,
2 CONC  augino bites.
0 @I7@ INDI
1 NAME Gediminas /Jonaitis/
1 SEX M
0 @F1@ FAM
1 HUSB @I3@
1 WIFE @I4@
1 MARR
2 DATE 1925
`;

test("the file's changes, the site's changes and a conflict, each told apart", async () => {
  const site = await importText(V1);
  const base = await importText(V1);
  const who = await ids(site);
  expect(await ids(base)).toEqual(who);

  // On the site: an occupation for Antanas, Bronė's birth place corrected, a child of Česlovas and Dalia.
  expect(await saveEvent(t.db, site, who.Antanas, { eventId: null, tag: "OCCU", date: "", place: "", value: "Kalvis" })).toMatchObject({
    ok: true,
  });
  const [birth] = await personEvents(t.db, site, who.Bronė, "BIRT");
  await saveEvent(t.db, site, who.Bronė, { eventId: birth.id, tag: "BIRT", date: "1901-03-03", place: "Vilnius", value: "" });
  const child = await createPerson(t.db, { givenNames: "Rimas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  expect(await addChild(t.db, site, who.Česlovas, who.Dalia, child)).toMatchObject({ ok: true });

  // In the historian's program: Elena's death date, Fabijonas added, Gediminas removed, Bronė's birth place otherwise.
  const v2 = V1.replace("2 DATE 1950", "2 DATE 12 JUN 1951")
    .replace("2 PLAC Kaunas", "2 PLAC Alytus")
    .replace(/0 @I7@ INDI\n1 NAME Gediminas \/Jonaitis\/\n1 SEX M\n/, "0 @I8@ INDI\n1 NAME Fabijonas /Jonaitis/\n1 SEX M\n");
  const file = await importText(v2);
  const fileIds = await ids(file);
  for (const name of ["Antanas", "Bronė", "Česlovas", "Dalia", "Elena"]) expect(fileIds[name], name).toBe(who[name]);

  const result = await plan(base, file, site);
  expect(read(result.fromFile).sort()).toEqual(
    [
      "Elena Jonaitytė: event DEAT#0 › date 1950 → 12 JUN 1951 / 1950",
      `Fabijonas Jonaitis: person ∅ → • / ∅`,
      "Fabijonas Jonaitis: name ∅ → Fabijonas /Jonaitis/ / ∅",
      "Fabijonas Jonaitis: sex ∅ → M / ∅",
      "Gediminas Jonaitis: person • → ∅ / •",
      "Gediminas Jonaitis: name Gediminas /Jonaitis/ → ∅ / Gediminas /Jonaitis/",
      "Gediminas Jonaitis: sex M → ∅ / M",
    ].sort(),
  );
  expect(read(result.keptFromSite).sort()).toEqual(
    [
      "Antanas Jonaitis: event OCCU+value=Kalvis ∅ → ∅ / •",
      "Antanas Jonaitis: event OCCU+value=Kalvis › value ∅ → ∅ / Kalvis",
      "Česlovas Jonaitis ir Dalia Jonaitienė: child " + child + " ∅ → ∅ / birth",
      "Rimas Jonaitis: person ∅ → ∅ / •",
      "Rimas Jonaitis: name ∅ → ∅ / Rimas /Jonaitis/",
      "Rimas Jonaitis: sex ∅ → ∅ / M",
    ].sort(),
  );
  expect(read(result.conflicts)).toEqual(["Bronė Jonaitytė: event BIRT#0 › place Kaunas → Alytus / Vilnius"]);
  expect(countPlan(result)).toEqual({ fromFile: { added: 1, changed: 1, removed: 1 }, keptFromSite: 3, conflicts: 1 });
});

test("the same file again: nothing to do", async () => {
  const site = await importText(V1);
  const base = await importText(V1);
  const file = await importText(V1);
  const result = await plan(base, file, site);
  expect(result).toEqual({ fromFile: [], keptFromSite: [], conflicts: [] });
});

test("removed in the file but changed on the site: one conflict about the person, not a silent removal", async () => {
  const site = await importText(V1);
  const base = await importText(V1);
  const who = await ids(site);
  await saveEvent(t.db, site, who.Gediminas, { eventId: null, tag: "OCCU", date: "", place: "", value: "Mokytojas" });
  const file = await importText(V1.replace(/0 @I7@ INDI\n1 NAME Gediminas \/Jonaitis\/\n1 SEX M\n/, ""));
  const result = await plan(base, file, site);
  expect(result.fromFile).toEqual([]);
  expect(read(result.conflicts)).toEqual(["Gediminas Jonaitis: person • → ∅ / •"]);
});

test("the same fact added on both sides is one, not a conflict", async () => {
  const site = await importText(V1);
  const base = await importText(V1);
  const who = await ids(site);
  await saveEvent(t.db, site, who.Antanas, { eventId: null, tag: "OCCU", date: "", place: "", value: "Kalvis" });
  const file = await importText(V1.replace("1 NAME Antanas /Jonaitis/\n1 SEX M\n", "1 NAME Antanas /Jonaitis/\n1 SEX M\n1 OCCU Kalvis\n"));
  const result = await plan(base, file, site);
  expect(result).toEqual({ fromFile: [], keptFromSite: [], conflicts: [] });
  await makeCurrent(t.db, t.media, file);
});

/** The same records as another program writes them: other identifiers, the records in another order, notes wrapped elsewhere. */
function rewritten(records: string): string {
  const renamed = records.replace(
    /@([IF])(\d+)@/g,
    (_, kind: string, number: string) => `@${kind === "I" ? "P" : "FAM"}${Number(number) * 7 + 100}@`,
  );
  const blocks = renamed.trim().split(/\n(?=0 )/);
  const rewrapped = blocks.map((block, i) =>
    block
      .replace("1 NOTE Gyveno prie Nemuno,\n2 CONC  augino bites.", "1 NOTE Gyveno prie\n2 CONC  Nemuno, augino\n2 CONC  bites.")
      // The program gives each person a UID of its own, which the site's tree never had.
      .replace(/\n1 SEX (.)/, `\n1 SEX $1\n1 _UID 0F1E2D3C4B5A69788796A5B4C3D2E${String(i).padStart(3, "0")}`),
  );
  return blocks.length > 1 ? [...rewrapped].reverse().join("\n") : rewrapped.join("\n");
}

test("the same file renumbered, reordered and re-wrapped by another program: every address kept, nothing to do", async () => {
  const site = await importText(V1);
  const base = await importText(V1);
  const again = rewritten(V1);
  expect(again).not.toContain("@I1@");
  const file = await importText(again);
  expect(await ids(file)).toEqual(await ids(site));
  const result = await plan(base, file, site);
  expect(result).toEqual({ fromFile: [], keptFromSite: [], conflicts: [] });
});

test("two relatives whose identifiers were swapped keep their own addresses", async () => {
  const site = await importText(V1);
  // Antanas and Česlovas share the surname and the sex: an xref alone would hand each the other's address.
  const swapped = V1.replace(/@I1@/g, "@X@").replace(/@I3@/g, "@I1@").replace(/@X@/g, "@I3@");
  const file = await importText(swapped);
  expect(await ids(file)).toEqual(await ids(site));
  // An import only to replace (the command line's --replace) matches people as well, and reads no base.
  const plain = path.join(t.dir, "keiciamas.ged");
  fs.writeFileSync(plain, `${HEAD}${swapped.trim()}\n0 TRLR\n`);
  const replacing = await importFile(t.db, t.media, plain, { sourceName: "keiciamas.ged" });
  expect(await ids(replacing.treeId)).toEqual(await ids(site));
  expect(
    await t.db
      .selectFrom("genealogyTrees")
      .select(["baseTreeId", "mergePlan"])
      .where("id", "=", replacing.treeId)
      .executeTakeFirstOrThrow(),
  ).toEqual({
    baseTreeId: null,
    mergePlan: null,
  });
});

test("merged and published: the file's changes in, the site's kept, the conflict as decided, every address the same", async () => {
  const site = await importText(V1);
  const who = await ids(site);
  const child = await familyEdits(site, who);
  const item = await t.db
    .insertInto("galleryItems")
    .values({ id: 900, title: "Dalia", description: "", mediaId: null, position: 0, createdAt: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(await addPhotoPerson(t.db, null, item.id, site, { personId: who.Dalia }, null)).toEqual({ ok: true });

  const v2 = V1.replace("2 DATE 1950", "2 DATE 12 JUN 1951")
    .replace("2 PLAC Kaunas", "2 PLAC Alytus")
    .replace(/0 @I7@ INDI\n1 NAME Gediminas \/Jonaitis\/\n1 SEX M\n/, "0 @I8@ INDI\n1 NAME Fabijonas /Jonaitis/\n1 SEX M\n");
  const file = await importText(v2);
  // The plan is ready before anything is published.
  const waiting = await t.db
    .selectFrom("genealogyTrees")
    .select(["mergePlan", "baseTreeId"])
    .where("id", "=", file)
    .executeTakeFirstOrThrow();
  expect(JSON.parse(waiting.mergePlan!).counts).toEqual({ fromFile: { added: 1, changed: 1, removed: 1 }, keptFromSite: 3, conflicts: 1 });
  expect(await currentTreeId(t.db)).toBe(site);

  // Undecided, nothing happens; decided for the file, the merged tree is published.
  expect(await mergeImport(t.db, t.media, file, () => null)).toMatchObject({ refused: "undecided" });
  expect(await currentTreeId(t.db)).toBe(site);
  expect(await mergeImport(t.db, t.media, file, () => "file")).toMatchObject({ done: {} });
  expect(await currentTreeId(t.db)).toBe(file);

  const admin = { members: true, seesPrivate: true, livingYears: 110 };
  const page = async (id: number) => (await personDetail(t.db, file, id, admin))!;
  const facts = async (id: number) =>
    (await page(id)).timeline.filter((e) => e.about === "self").map((e) => [e.label, e.value, e.date, e.place].filter(Boolean).join(" "));
  expect(await facts(who.Antanas)).toEqual([expect.stringContaining("Kalvis")]);
  expect((await facts(who.Bronė)).join()).toContain("Alytus");
  expect((await facts(who.Elena)).join()).toContain("1951");
  expect((await page(who.Česlovas)).partners.flatMap((f) => f.children.map((c) => c.name))).toEqual(["Rimas Jonaitis"]);
  expect(await personDetail(t.db, file, who.Gediminas, admin)).toBeNull();
  const after = await ids(file);
  expect(after.Fabijonas).toBeGreaterThan(0);
  for (const name of ["Antanas", "Bronė", "Česlovas", "Dalia", "Elena"]) expect(after[name], name).toBe(who[name]);
  expect(after.Rimas).toBe(child);
  // Dalia's photo tag followed her into the merged tree.
  const tags = await t.db.selectFrom("photoPeople").select(["personId"]).where("treeId", "=", file).execute();
  expect(tags).toEqual([{ personId: who.Dalia }]);

  // The next import is compared with this file: the same file again brings nothing, and the family's
  // three changes (Antanas, Rimas, his place among Česlovas's children) are still theirs, kept.
  const again = await importText(v2);
  const plan = JSON.parse(
    (await t.db.selectFrom("genealogyTrees").select("mergePlan").where("id", "=", again).executeTakeFirstOrThrow()).mergePlan!,
  );
  expect(plan.counts).toEqual({ fromFile: { added: 0, changed: 0, removed: 0 }, keptFromSite: 3, conflicts: 0 });
});

test("the command line: --merge waits on a conflict (exit 3), --prefer decides it; JSON says what came from where", async () => {
  const first = path.join(t.dir, "v1.ged");
  fs.writeFileSync(first, `${HEAD}${V1.trim()}\n0 TRLR\n`);
  expect((await gedcomCli(t, "import", first)).code).toBe(0);
  const site = (await currentTreeId(t.db))!;
  const who = await ids(site);
  const [birth] = await personEvents(t.db, site, who.Bronė, "BIRT");
  await saveEvent(t.db, site, who.Bronė, { eventId: birth.id, tag: "BIRT", date: "1901-03-03", place: "Vilnius", value: "" });
  const second = path.join(t.dir, "v2.ged");
  fs.writeFileSync(second, fs.readFileSync(first, "utf8").replace("2 PLAC Kaunas", "2 PLAC Alytus").replace("2 DATE 1950", "2 DATE 1951"));

  const refused = await gedcomCli(t, "import", second);
  expect(refused.code).toBe(1);
  expect(refused.out).toContain("pridėkite --merge");

  const waiting = await gedcomCli(t, "import", second, "--merge");
  expect(waiting.code).toBe(3);
  expect(waiting.out).toContain(
    "Sujungimas laukia: iš failo pridėta 0, pakeista 1, pašalinta 0; svetainės pakeitimų išsaugota: 0; konfliktų: 1.",
  );
  expect(waiting.out).toContain("Bronė Jonaitytė · Gimimas: vieta: buvo „Kaunas“, faile „Alytus“, svetainėje „Vilnius“");
  expect(await currentTreeId(t.db)).toBe(site);

  const decided = await gedcomCli(t, "import", second, "--merge", "--prefer", "site", "--json");
  expect(decided.code).toBe(0);
  const summary = JSON.parse(decided.out);
  expect(summary).toMatchObject({ published: true, fromFile: { added: 0, changed: 1, removed: 0 }, keptFromSite: 0 });
  expect(summary.conflicts).toEqual([
    expect.objectContaining({ slot: "event BIRT#0 › place", base: "Kaunas", file: "Alytus", site: "Vilnius" }),
  ]);
  const merged = (await currentTreeId(t.db))!;
  expect(merged).not.toBe(site);
  const admin = { members: true, seesPrivate: true, livingYears: 110 };
  const places = async (id: number) =>
    (await personDetail(t.db, merged, id, admin))!.timeline.filter((e) => e.about === "self").map((e) => e.place ?? e.date);
  expect(await places(who.Bronė)).toEqual(["Vilnius"]);
  expect(await places(who.Elena)).toEqual(["1951 m."]);
});

test("the merge is one change in the history: undone in one step, refused while later edits stand on the merged tree", async () => {
  const site = await importText(V1);
  const who = await ids(site);
  await saveEvent(t.db, site, who.Antanas, { eventId: null, tag: "OCCU", date: "", place: "", value: "Kalvis" });
  const file = await importText(V1.replace("2 DATE 1950", "2 DATE 1951"));
  const admin = await createUser(t.db, "admin", "slaptazodis-ilgas-123");
  expect(await mergeImport(t.db, t.media, file, () => "file", { by: admin })).toMatchObject({ done: {} });
  const { items } = await listChanges(t.db, { subjectKind: "tree" }, 1);
  expect(items).toHaveLength(1);
  const [change] = items;
  expect(summaryIn(change.summary, serverT("lt"))).toBe(
    "Sujungtas giminės medžio failas „medis.ged“: iš failo pridėta 0, pakeista 1, pašalinta 0; svetainės pakeitimų išliko 1",
  );
  expect(summaryIn(change.summary, serverT("en"))).toBe(
    "Family tree file “medis.ged” merged: from the file 0 added, 1 changed, 0 removed; 1 of the site's changes kept",
  );
  expect(change.username).toBe("admin");
  const lines = changeLines(change.rows, await namesFor(t.db, [change]));
  expect(lines).toEqual([
    {
      label: "Svetainės giminės medis",
      before: expect.stringMatching(new RegExp(`^medis Nr. ${site} iš „medis\\.ged“, importuotas \\d{4} m\\.`)),
      after: expect.stringMatching(new RegExp(`^medis Nr. ${file} iš „medis\\.ged“, importuotas \\d{4} m\\.`)),
    },
  ]);

  // An edit on the merged tree stands in the way, and is named.
  await recordPersonEdit(
    t.db,
    admin,
    file,
    who.Elena,
    { summary: { id: "changes.summary.person.eventAdded", values: { event: { id: "genealogy.event.occupation" } } } },
    (tx) => saveEvent(tx, file, who.Elena, { eventId: null, tag: "OCCU", date: "", place: "", value: "Mokytoja" }),
  );
  const refused = await undoChange(t.db, change.id, admin);
  expect(refused).toMatchObject({ ok: false, reason: "changeChangedSince", later: [expect.anything()] });
  const standing = "later" in refused ? (refused.later ?? []) : [];
  expect(standing.map((l) => summaryIn(l.summary, serverT("lt")))).toEqual(["Pridėtas įvykis „Profesija“: Elena Jonaitytė"]);
  expect(await currentTreeId(t.db)).toBe(file);

  // That edit undone first, the merge is undone: the tree before it is the site's again, with its own edit.
  const later = (await listChanges(t.db, { subjectKind: "person" }, 1)).items[0];
  expect(await undoChange(t.db, later.id, admin)).toMatchObject({ ok: true });
  expect(await undoChange(t.db, change.id, admin)).toMatchObject({ ok: true });
  expect(await currentTreeId(t.db)).toBe(site);
  const antanas = await personDetail(t.db, site, who.Antanas, { members: true, seesPrivate: true, livingYears: 110 });
  expect(antanas!.timeline.map((e) => e.value)).toEqual(["Kalvis"]);
  // And redone: the merged tree again.
  const undo = (await listChanges(t.db, { subjectKind: "tree" }, 1)).items[0];
  expect(await undoChange(t.db, undo.id, admin)).toMatchObject({ ok: true });
  expect(await currentTreeId(t.db)).toBe(file);
});

/** A tree's facts with every id replaced by the person's name: comparable between two sites. */
async function readable(db: TestDatabase["db"], treeId: number) {
  const facts = await loadTreeFacts(db, treeId);
  const name = (id: number | null) => (id === null ? "?" : (facts.people.get(id)?.label ?? `nėra ${id}`));
  const strip = ({ id, ...event }: EventFact) => (void id, event);
  return {
    people: [...facts.people.values()]
      .map(({ id, events, ...person }) => (void id, { ...person, events: events.map(strip) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    families: [...facts.families.values()]
      .map((f) => ({
        partners: f.partners.map(name).sort(),
        children: [...f.children].map(([child, relation]) => `${name(child)} (${relation})`).sort(),
        events: f.events.map(strip),
        notes: f.notes,
      }))
      .sort((a, b) => a.partners.join().localeCompare(b.partners.join())),
  };
}

test("the site's tree exported and merged over the first file in a new site gives the site's tree back", async () => {
  const site = await importText(V1);
  const who = await ids(site);
  const child = await familyEdits(site, who);
  const exported = path.join(t.dir, "svetaine.ged");
  await exportFile(t.db, t.media, exported, { version: "5.5.1" });
  // The person made on the site carries a UID for the historian's program.
  const uid = (
    await t.db.selectFrom("genealogyPeople").select("uid").where("treeId", "=", site).where("id", "=", child).executeTakeFirstOrThrow()
  ).uid!;
  expect(fs.readFileSync(exported, "utf8")).toContain(`1 _UID ${uid}`);

  const other = await createTestDatabase({ seed: false });
  try {
    const first = path.join(other.dir, "v1.ged");
    fs.writeFileSync(first, `${HEAD}${V1.trim()}\n0 TRLR\n`);
    await importFile(other.db, other.media, first, { sourceName: "v1.ged" });
    const waiting = await importFile(other.db, other.media, exported, { sourceName: "svetaine.ged", planMerge: true });
    expect(await mergeImport(other.db, other.media, waiting.treeId, () => "file")).toMatchObject({ done: { conflicts: [] } });
    expect(await readable(other.db, (await currentTreeId(other.db))!)).toEqual(await readable(t.db, site));
    // The site's own person came over with their UID, to be known by it the next time.
    const merged = (await currentTreeId(other.db))!;
    expect(await other.db.selectFrom("genealogyPeople").select(["treeId", "givenNames"]).where("uid", "=", uid).execute()).toEqual([
      { treeId: merged, givenNames: "Rimas" },
    ]);
  } finally {
    await other.close();
  }
});
