import { afterEach, beforeEach, expect, test } from "vitest";
import { undoChange, type Actor } from "#app/.server/changes/changes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { DATE_FORMS_MESSAGE_ID } from "#app/lib/date-input.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { createPerson, editableTree, saveEvent, updatePerson } from "#app/.server/genealogy/editing.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { eventKind, personFieldsKind, readMemberProposal, relationKind, type EventPayload } from "#app/.server/proposals/person.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { editorViewer, setRestriction } from "#app/.server/genealogy/living.ts";
import { exportFile } from "#app/.server/genealogy/trees.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { approveProposal, findProposal, proposalViews, submitProposal, type ProposalContext } from "#app/.server/proposals/proposals.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";
import fs from "node:fs";
import path from "node:path";

// What members propose about a person (proposals/person.ts): parsed
// from the member's form, applied with the editor's functions on approval,
// visible on the person page and in the GEDCOM export, and undone exactly.

let t: TestDatabase;
let ctx: ProposalContext;
let ona: Actor;
let admin: Actor;
let treeId: number;
let person: number;
const editor = { members: true, seesPrivate: true, livingYears: 110 };

const user = (username: string, role: "narys" | "administratorius"): Promise<Actor> => addTestUser(t.db, username, role);

beforeEach(async () => {
  t = await createTestDatabase();
  ctx = { db: t.db, media: t.media };
  ona = await user("ona", "narys");
  admin = await user("admin", "administratorius");
  treeId = await editableTree(t.db);
  person = await createPerson(t.db, { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "Kalvis" });
  await saveEvent(t.db, treeId, person, { eventId: null, tag: "BIRT", date: "1901", place: "Kaunas", value: "" });
});
afterEach(() => t.close());

const TABLES = ["genealogyPeople", "genealogyFamilies", "genealogyChildren", "genealogyEvents", "genealogyPlaces"] as const;
async function treeDump(db: Database) {
  const dump: Record<string, string[]> = {};
  for (const table of TABLES)
    dump[table] = ((await db.selectFrom(table).selectAll().execute()) as object[]).map((r) => JSON.stringify(r)).sort();
  return dump;
}

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

async function propose(kind: "event" | "person-fields" | "relation", values: Record<string, string>) {
  const handler = { event: eventKind, "person-fields": personFieldsKind, relation: relationKind }[kind];
  const parsed = await handler.parse(ctx, String(person), form(values));
  if (!parsed.ok) throw new Error(parsed.message);
  const submitted = await submitProposal(ctx, ona, { kind, subjectKind: "person", subjectId: String(person), payload: parsed.payload });
  if (!submitted.ok) throw new Error(JSON.stringify(submitted));
  return submitted.id;
}

const birthEventId = async () =>
  (await t.db.selectFrom("genealogyEvents").select("id").where("ownerId", "=", person).where("tag", "=", "BIRT").executeTakeFirstOrThrow())
    .id;

test("a corrected birth date: shown nowhere until approved, then on the person page and in the export; undone exactly", async () => {
  const before = await treeDump(t.db);
  const id = await propose("event", { eventId: String(await birthEventId()), date: "1901-03-04", place: "Kaunas", value: "" });
  expect(await treeDump(t.db)).toEqual(before);
  expect(await eventKind.describe(ctx, String(person), (await findProposal(t.db, id))!.payload as never)).toEqual([
    { label: "Gimimas: data", before: "1901", after: "1901-03-04" },
  ]);

  const approved = await approveProposal(ctx, id, admin);
  expect(approved).toMatchObject({ ok: true });
  const detail = await personDetail(t.db, treeId, person, editor);
  expect(JSON.stringify(detail)).toContain("1901 m. kovo 4 d.");
  const file = path.join(t.dir, "eksportas.ged");
  await exportFile(t.db, t.media, file, { treeId, version: "5.5.1" });
  expect(fs.readFileSync(file, "utf8")).toMatch(/1 BIRT\r?\n2 DATE 4 MAR 1901/);

  expect(await undoChange(t.db, (approved as { changeId: number }).changeId, admin)).toMatchObject({ ok: true });
  expect(await treeDump(t.db)).toEqual(before);
});

test("a new fact and a name correction, each approved and undone, leave the tree as before", async () => {
  for (const [kind, values] of [
    ["event", { tag: "OCCU", date: "", place: "Vilnius", value: "Kalvis" }],
    ["person-fields", { givenNames: "Jonas Petras", surname: "Jonaitis", birthSurname: "", sex: "M" }],
  ] as const) {
    const before = await treeDump(t.db);
    const approved = await approveProposal(ctx, await propose(kind, values), admin);
    expect(approved, kind).toMatchObject({ ok: true });
    expect(await treeDump(t.db), kind).not.toEqual(before);
    expect(await undoChange(t.db, (approved as { changeId: number }).changeId, admin), kind).toMatchObject({ ok: true });
    expect(await treeDump(t.db), kind).toEqual(before);
  }
  // The person's own note was not part of the correction and stays.
  await approveProposal(
    ctx,
    await propose("person-fields", { givenNames: "Jonas", surname: "Jonaitis-Kalvis", birthSurname: "", sex: "M" }),
    admin,
  );
  const row = await t.db.selectFrom("genealogyPeople").select(["surname", "notes"]).where("id", "=", person).executeTakeFirstOrThrow();
  expect(row.surname).toBe("Jonaitis-Kalvis");
  expect(row.notes).toContain("Kalvis");
});

test("the member's bad date is refused before it is stored; the reviewer's bad edit changes nothing", async () => {
  expect(await eventKind.parse(ctx, String(person), form({ tag: "BIRT", date: "kažkada", place: "", value: "" }))).toMatchObject({
    ok: false,
  });
  const id = await propose("event", { tag: "DEAT", date: "1970", place: "", value: "" });
  const before = await treeDump(t.db);
  expect(await approveProposal(ctx, id, admin, { payload: { date: "kažkada" } })).toEqual({ ok: false, invalid: DATE_FORMS_MESSAGE_ID });
  expect(await treeDump(t.db)).toEqual(before);
  expect(await findProposal(t.db, id)).toMatchObject({ status: "pending" });
  // The reviewer's corrected date is what is stored.
  expect(await approveProposal(ctx, id, admin, { payload: { date: "1971" } })).toMatchObject({ ok: true });
  const death = await t.db
    .selectFrom("genealogyEvents")
    .select("date")
    .where("ownerId", "=", person)
    .where("tag", "=", "DEAT")
    .executeTakeFirstOrThrow();
  expect(death.date).toBe("1971");
});

test("an event changed by an editor since the proposal is a conflict the reviewer must confirm", async () => {
  const eventId = await birthEventId();
  const id = await propose("event", { eventId: String(eventId), date: "1902", place: "Kaunas", value: "" });
  await saveEvent(t.db, treeId, person, { eventId, tag: "BIRT", date: "1903", place: "Kaunas", value: "" });
  expect(await approveProposal(ctx, id, admin)).toEqual({ ok: false, reason: "proposalConflict" });
  expect(await approveProposal(ctx, id, admin, { confirmConflict: true })).toMatchObject({ ok: true });
  await updatePerson(t.db, treeId, person, { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
});

test("a relative: an existing person as a child, a new person as a parent; each approved shows on the page and is undone exactly", async () => {
  const anna = await createPerson(t.db, { givenNames: "Ona", surname: "Jonaitytė", birthSurname: "", sex: "F", note: "" });
  const relatives: Record<string, string>[] = [
    { relation: "child", existing: `#${anna}` },
    { relation: "parent", givenNames: "Petras", surname: "Jonaitis", sex: "M" },
  ];
  for (const values of relatives) {
    const before = await treeDump(t.db);
    const id = await propose("relation", values);
    expect(await treeDump(t.db)).toEqual(before);
    const approved = await approveProposal(ctx, id, admin);
    expect(approved, values.relation).toMatchObject({ ok: true });
    const detail = JSON.stringify(await personDetail(t.db, treeId, person, editor));
    expect(detail).toContain(values.relation === "child" ? "Jonaitytė" : "Petras");
    expect(await undoChange(t.db, (approved as { changeId: number }).changeId, admin), values.relation).toMatchObject({ ok: true });
    expect(await treeDump(t.db), values.relation).toEqual(before);
  }
});

test("a proposed child goes into the marriage the member chose, not a new family with an unknown partner", async () => {
  const wife = await createPerson(t.db, { givenNames: "Ona", surname: "Jonaitienė", birthSurname: "", sex: "F", note: "" });
  const families = () => t.db.selectFrom("genealogyFamilies").select(["id", "partner1Id", "partner2Id"]).orderBy("id").execute();
  // The marriage, as the tree has it.
  await readMemberProposal(ctx, "relation", String(person), form({ kind: "relation", relation: "partner", existing: `#${wife}` }));
  const marriage = await approveProposal(ctx, await propose("relation", { relation: "partner", existing: `#${wife}` }), admin);
  expect(marriage).toMatchObject({ ok: true });
  const before = await families();

  const id = await propose("relation", {
    relation: "child",
    givenNames: "Petras",
    surname: "Jonaitis",
    sex: "M",
    otherParent: String(wife),
  });
  expect(await relationKind.describe(ctx, String(person), (await findProposal(t.db, id))!.payload as never)).toEqual([
    { label: "Vaikas", before: "", after: "naujas asmuo: Petras Jonaitis" },
    { label: "Kitas tėvas ar motina", before: "", after: "Ona Jonaitienė" },
  ]);
  expect(await approveProposal(ctx, id, admin)).toMatchObject({ ok: true });
  expect(await families()).toEqual(before);
  const petras = (await t.db.selectFrom("genealogyPeople").select("id").where("givenNames", "=", "Petras").executeTakeFirstOrThrow()).id;
  const child = await t.db.selectFrom("genealogyChildren").select("familyId").where("personId", "=", petras).executeTakeFirstOrThrow();
  expect(before.find((f) => f.id === child.familyId)).toMatchObject({ partner1Id: person, partner2Id: wife });

  // "Another partner, or not known" is a family of the person alone; someone not their partner is refused on the field.
  const other = await propose("relation", { relation: "child", givenNames: "Marytė", surname: "Jonaitytė", sex: "F", otherParent: "" });
  expect((await relationKind.describe(ctx, String(person), (await findProposal(t.db, other))!.payload as never))[1].after).toBe(
    "kitas partneris arba nežinomas",
  );
  const stranger = await createPerson(t.db, { givenNames: "Kazys", surname: "Kaimynas", birthSurname: "", sex: "M", note: "" });
  const refused = await readMemberProposal(
    ctx,
    "relation",
    String(person),
    form({ kind: "relation", relation: "child", givenNames: "Jurgis", otherParent: String(stranger) }),
  );
  expect(refused).toMatchObject({
    ok: false,
    errors: { otherParent: "Pasirinkite vieną iš šio asmens partnerių arba „kitas partneris arba nežinomas“." },
  });
});

test("a reviewer corrects a proposed relative before approving: the name, and the child's other parent; the relation stays the member's", async () => {
  const wife = await createPerson(t.db, { givenNames: "Ona", surname: "Jonaitienė", birthSurname: "", sex: "F", note: "" });
  expect(await approveProposal(ctx, await propose("relation", { relation: "partner", existing: `#${wife}` }), admin)).toMatchObject({
    ok: true,
  });
  const id = await propose("relation", { relation: "child", givenNames: "Petra", surname: "Jonaitis", sex: "U", otherParent: "" });
  const fields = await relationKind.fields(ctx, String(person), (await findProposal(t.db, id))!.payload as never);
  expect(fields.map((f) => [f.name, f.value])).toEqual([
    ["existing", ""],
    ["givenNames", "Petra"],
    ["surname", "Jonaitis"],
    ["sex", "U"],
    ["birthDate", ""],
    ["otherParent", ""],
  ]);
  expect(fields.at(-1)?.options).toEqual([
    { value: String(wife), label: "Ona Jonaitienė" },
    { value: "", label: "kitas partneris arba nežinomas" },
  ]);
  expect(await approveAsEdited(relationKind, id, { givenNames: "Petras", sex: "M", otherParent: String(wife) })).toMatchObject({
    ok: true,
  });
  const petras = await t.db
    .selectFrom("genealogyPeople")
    .select(["id", "sex"])
    .where("givenNames", "=", "Petras")
    .executeTakeFirstOrThrow();
  expect(petras.sex).toBe("M");
  const family = await t.db
    .selectFrom("genealogyChildren")
    .innerJoin("genealogyFamilies", (j) => j.onRef("genealogyFamilies.id", "=", "genealogyChildren.familyId"))
    .select(["partner1Id", "partner2Id"])
    .where("personId", "=", petras.id)
    .executeTakeFirstOrThrow();
  expect(family).toEqual({ partner1Id: person, partner2Id: wife });
});

test("a relative the member may not name: unknown, private, or the person themselves", async () => {
  const hidden = await createPerson(t.db, { givenNames: "Slaptas", surname: "Asmuo", birthSurname: "", sex: "U", note: "" });
  await setRestriction(t.db, treeId, hidden, "confidential");
  for (const [existing, message] of [
    ["#999999", "Asmens Nr. 999999 nėra."],
    [`#${hidden}`, `Asmens „#${hidden}“ nerasta.`],
    [`#${person}`, "Asmuo negali būti pats sau giminaitis."],
  ]) {
    // (A message id, or said in the request's language when it names what was typed: Lithuanian outside a request.)
    const parsed = await relationKind.parse(ctx, String(person), form({ relation: "partner", existing }));
    expect(parsed.ok).toBe(false);
    expect(serverT("lt").say(parsed.ok ? "" : parsed.message)).toBe(message);
  }
  expect(await relationKind.parse(ctx, String(person), form({ relation: "brolis" }))).toMatchObject({ ok: false });
});

/** The queue's "Redaguoti ir patvirtinti": the kind's fields as the reviewer left them, read by the kind's own parse. */
async function approveAsEdited(
  kind: typeof eventKind | typeof personFieldsKind | typeof relationKind,
  id: number,
  edits: Record<string, string>,
) {
  const proposal = (await findProposal(t.db, id))!;
  const values: Record<string, string> = {};
  for (const field of await kind.fields(ctx, proposal.subjectId, proposal.payload as never))
    values[field.name] = edits[field.name] ?? field.value;
  const parsed = await kind.parse(ctx, proposal.subjectId, form(values));
  if (!parsed.ok) return parsed;
  return approveProposal(ctx, id, admin, { payload: parsed.payload });
}

test("the reviewer's edit form carries only the editable fields: the rest stays as the member proposed", async () => {
  const names = await propose("person-fields", { givenNames: "Jonas", surname: "Jonaitys", birthSurname: "", sex: "M" });
  expect(await approveAsEdited(personFieldsKind, names, { surname: "Jonaitis-Kalvaitis" })).toMatchObject({ ok: true });
  expect(await t.db.selectFrom("genealogyPeople").select(["surname", "sex"]).where("id", "=", person).executeTakeFirstOrThrow()).toEqual({
    surname: "Jonaitis-Kalvaitis",
    sex: "M",
  });

  const date = await propose("event", { eventId: String(await birthEventId()), date: "1902", place: "Kaunas", value: "" });
  expect(await approveAsEdited(eventKind, date, { date: "1902-05-06" })).toMatchObject({ ok: true });
  const births = await t.db.selectFrom("genealogyEvents").select("date").where("ownerId", "=", person).where("tag", "=", "BIRT").execute();
  expect(births).toEqual([{ date: "6 MAY 1902" }]);

  const death = await propose("event", { tag: "DEAT", date: "1970", place: "", value: "" });
  expect(await approveAsEdited(eventKind, death, { date: "kažkada" })).toEqual({
    ok: false,
    message: expect.stringContaining("Data neatpažinta"),
  });
  expect(await approveAsEdited(eventKind, death, { place: "Alytus" })).toMatchObject({ ok: true });
  const deaths = await t.db
    .selectFrom("genealogyEvents")
    .leftJoin("genealogyPlaces", "genealogyPlaces.id", "genealogyEvents.placeId")
    .select(["genealogyEvents.date", "genealogyPlaces.name as place"])
    .where("ownerId", "=", person)
    .where("tag", "=", "DEAT")
    .execute();
  expect(deaths).toEqual([{ date: "1970", place: "Alytus" }]);
});

test("a member's form must be whole: which event, and the sex (a crafted half form files nothing)", async () => {
  for (const [kind, values, field, message] of [
    ["event", { date: "1950", place: "", value: "" }, "tag", "Pasirinkite, kokį faktą ar įvykį siūlote."],
    ["person-fields", { givenNames: "Jonas", surname: "Jonaitis", birthSurname: "" }, "sex", "Pasirinkite lytį iš sąrašo."],
  ] as const) {
    expect(await readMemberProposal(ctx, kind, String(person), form({ kind, ...values }))).toMatchObject({
      ok: false,
      errors: { [field]: message },
    });
  }
  expect(
    await readMemberProposal(ctx, "event", String(person), form({ kind: "event", eventId: "", date: "1950", place: "", value: "" })),
  ).toMatchObject({
    ok: false,
    errors: { eventId: "Tokio įvykio nėra." },
  });
  // An event that is not this person's, found only by looking: named the same way.
  expect(
    await readMemberProposal(ctx, "event", String(person), form({ kind: "event", eventId: "999999", date: "1950", place: "", value: "" })),
  ).toMatchObject({
    ok: false,
    errors: { eventId: "Tokio įvykio nėra." },
  });
  expect(
    await readMemberProposal(ctx, "event", String(person), form({ kind: "event", tag: "DEAT", date: "1950", place: "", value: "" })),
  ).toMatchObject({
    ok: true,
    value: { eventId: null, tag: "DEAT", date: "1950", place: "", value: "" },
  });
});

test("a member's form: each field within its limit, what is missing named, a relative not found named by its field", async () => {
  const refused = async (kind: "event" | "person-fields" | "relation", values: Record<string, string>) => {
    const read = await readMemberProposal(ctx, kind, String(person), form({ kind, ...values }));
    return read.ok ? null : read.errors;
  };
  expect(await refused("event", { tag: "OCCU", date: "", place: "x".repeat(301), value: "" })).toEqual({
    place: "Laukas „Vieta“ per ilgas: daugiausia 300 simbolių.",
  });
  expect(await refused("event", { tag: "OCCU", date: "", place: "", value: "" })).toEqual({ date: "Įrašykite datą, vietą arba aprašymą." });
  expect(await refused("person-fields", { givenNames: "x".repeat(121), surname: "", birthSurname: "", sex: "U" })).toEqual({
    givenNames: "Laukas „Vardas (vardai)“ per ilgas: daugiausia 120 simbolių.",
  });
  expect(await refused("person-fields", { givenNames: "", surname: "", birthSurname: "", sex: "U" })).toEqual({
    givenNames: "Įrašykite vardą arba pavardę.",
  });
  expect(await refused("relation", { relation: "child", existing: "x".repeat(201), sex: "U" })).toEqual({
    existing: "Laukas „Jau yra medyje“ per ilgas: daugiausia 200 simbolių.",
  });
  expect(await refused("relation", { relation: "child", existing: "", givenNames: "", surname: "", sex: "U" })).toEqual({
    existing: "Nurodykite esamą asmenį (numerį ar vardą) arba įrašykite naujo asmens vardą ar pavardę.",
  });
  expect(await refused("relation", { relation: "child", existing: "#999999", sex: "U" })).toEqual({ existing: "Asmens Nr. 999999 nėra." });
  // What was typed comes back whole, to fill the form in again.
  expect(
    await readMemberProposal(ctx, "relation", String(person), form({ kind: "relation", relation: "child", existing: "#999999" })),
  ).toMatchObject({
    typed: { kind: "relation", relation: "child", existing: "#999999" },
  });
});

test("a new relative with a birth date: born on the page and in the export, the member told what was asked; undone exactly", async () => {
  expect(
    await relationKind.parse(ctx, String(person), form({ relation: "parent", givenNames: "Petras", sex: "M", birthDate: "kažkada" })),
  ).toEqual({ ok: false, message: expect.stringContaining("Data neatpažinta") });
  const before = await treeDump(t.db);
  const id = await propose("relation", { relation: "parent", givenNames: "Petras", surname: "Jonaitis", sex: "M", birthDate: "apie 1870" });
  expect(await relationKind.describe(ctx, String(person), (await findProposal(t.db, id))!.payload as never)).toEqual([
    { label: "Tėvas ar motina", before: "", after: "naujas asmuo: Petras Jonaitis, g. apie 1870" },
  ]);
  const approved = await approveProposal(ctx, id, admin);
  expect(approved).toMatchObject({ ok: true });

  const detail = await personDetail(t.db, treeId, person, editor);
  const father = detail!.parents.find((p) => p.name.includes("Petras"));
  expect(father?.years).toContain("1870");
  const file = path.join(t.dir, "eksportas.ged");
  await exportFile(t.db, t.media, file, { treeId, version: "5.5.1" });
  expect(fs.readFileSync(file, "utf8")).toMatch(/1 NAME Petras \/Jonaitis\/[\s\S]*?1 BIRT\r?\n2 DATE ABT 1870/);

  // The member's list reads the decided proposal as what they asked.
  const [view] = await proposalViews(ctx, [(await findProposal(t.db, id))!]);
  expect(view).toMatchObject({
    statusLabel: "Priimta",
    lines: [{ label: "Tėvas ar motina", after: "naujas asmuo: Petras Jonaitis, g. apie 1870" }],
  });

  expect(await undoChange(t.db, (approved as { changeId: number }).changeId, admin)).toMatchObject({ ok: true });
  expect(await treeDump(t.db)).toEqual(before);
});

test("a proposal names whom it is about: to the reviewer always, to its member only while the members may see them", async () => {
  const id = await propose("person-fields", { givenNames: "Jonas", surname: "Jonaitis-Kalvis", birthSurname: "", sex: "M" });
  const name = (await summaries(t.db, (await currentTreeId(t.db))!, [person], editorViewer(110)))[person].name;
  const view = async (review: boolean) => (await proposalViews(ctx, [(await findProposal(t.db, id))!], { review }))[0].subjectName;
  expect(await view(true)).toBe(name);
  expect(await view(false)).toBe(name);
  await setRestriction(t.db, treeId, person, "confidential");
  expect(await view(true)).toBe(name);
  expect(await view(false)).toBeNull();
});

test("a proposal is said in the reader's language: its kind, status, lines and the reviewer's fields; its refusals too", async () => {
  const id = await propose("event", { eventId: String(await birthEventId()), date: "apie 1900", place: "Kaunas", value: "" });
  const relative = await propose("relation", { relation: "child", givenNames: "Ona", surname: "Jonaitytė", sex: "F", birthDate: "1930" });
  const proposals = [(await findProposal(t.db, id))!, (await findProposal(t.db, relative))!];
  // Lithuanian outside a request and on a Lithuanian page; English on an English page, the family's words as they are.
  const [lt] = await proposalViews(ctx, proposals, { review: true });
  expect(lt).toMatchObject({
    label: "Faktas ar įvykis",
    statusLabel: "Laukia peržiūros",
    lines: [{ label: "Gimimas: data", before: "1901", after: "apie 1900" }],
    fields: [{ label: "Data" }, { label: "Vieta" }, { label: "Aprašymas" }],
  });
  const [event, child] = await inRequestLanguage("en", () => proposalViews(ctx, proposals, { review: true }));
  expect(event).toMatchObject({
    label: "A fact or an event",
    statusLabel: "Awaiting review",
    lines: [{ label: "Birth: date", before: "1901", after: "apie 1900" }],
    fields: [{ label: "Date" }, { label: "Place" }, { label: "Description" }],
  });
  expect(child).toMatchObject({
    label: "A relative",
    lines: [
      { label: "Child", after: "a new person: Ona Jonaitytė, born 1930" },
      { label: "The other parent", after: "another partner, or not known" },
    ],
  });
  expect(child.fields.find((f) => f.name === "sex")?.options?.map((o) => o.label)).toEqual(["Not given", "Male", "Female", "Other"]);
  // A date typed in the other language's words is the same date: no line for it, in either language.
  const death = await saveEvent(t.db, treeId, person, { eventId: null, tag: "DEAT", date: "apie 1950", place: "", value: "" });
  if (!death.ok) throw new Error(death.refused);
  const typed: EventPayload = { eventId: death.id, tag: "DEAT", date: "about 1950", place: "", value: "" };
  expect(await eventKind.describe(ctx, String(person), typed)).toEqual([]);
  expect(await inRequestLanguage("en", () => eventKind.describe(ctx, String(person), { ...typed, date: "apie 1950" }))).toEqual([]);
  expect(await eventKind.describe(ctx, String(person), { ...typed, date: "about 1951" })).toEqual([
    { label: "Mirtis: data", before: "apie 1950", after: "about 1951" },
  ]);
  // Refusals: on an English page in English, outside a request in Lithuanian.
  expect(
    await inRequestLanguage("en", () => eventKind.parse(ctx, String(person), form({ tag: "BIRT", date: "", place: "", value: "" }))),
  ).toEqual({
    ok: false,
    message: "Enter a date, a place or a description.",
  });
  expect(await eventKind.parse(ctx, String(person), form({ tag: "BIRT", date: "", place: "", value: "" }))).toEqual({
    ok: false,
    message: "Įrašykite datą, vietą arba aprašymą.",
  });
  const own = await inRequestLanguage("en", () =>
    relationKind.parse(ctx, String(person), form({ relation: "partner", existing: `#${person}` })),
  );
  expect(own.ok ? "" : serverT("en").say(own.message)).toBe("A person cannot be their own relative.");
});
