import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { undoChangeWithFiles } from "#app/.server/changes/files.ts";
import { findChange, listChanges, undoChange, type Actor, type Change, type RowChange } from "#app/.server/changes/changes.ts";
import { changeLines, namesFor, type ChangeLine } from "#app/.server/changes/readable.ts";
import { summaryIn, type Summary } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { addDocument, removeDocument, updateDocument } from "#app/.server/documents/documents.ts";
import {
  addGalleryItem,
  linkPeopleToGalleryItem,
  listGalleryItems,
  moveGalleryItem,
  removeGalleryItem,
  updateGalleryItem,
} from "#app/.server/gallery/gallery.ts";
import {
  addChild,
  addPartner,
  createPerson,
  editableTree,
  removeChildLink,
  removeEvent,
  removePartnerLink,
  removePerson,
  saveEvent,
  setParents,
  setPersonLinks,
  updatePerson,
  type PersonFields,
} from "#app/.server/genealogy/editing.ts";
import { setRestriction } from "#app/.server/genealogy/living.ts";
import { recordNewPerson, recordPersonEdit } from "#app/.server/genealogy/person-changes.ts";
import { type ReceivedFile } from "#app/.server/media/intake.ts";
import { prepareImage, prepareScan } from "#app/.server/media/pipeline.ts";
import { deleteEntry, setEntryStatus } from "#app/.server/guestbook/guestbook.ts";
import { editHistory, restoreHistory } from "#app/.server/site-texts/history-text.ts";
import { getSiteSettings, saveSiteTexts } from "#app/.server/site-texts/settings.ts";
import { SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { removeExampleContent } from "#app/.server/seed/example.ts";
import { addPhotoPerson, setPortrait } from "#app/.server/gallery/photo-people.ts";
import { createAlbum, saveAlbum } from "#app/.server/gallery/albums.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { storyFields } from "#tests/story-fields.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The editors' changes as the routes record them (app/routes/admin/history,
// texts, guestbook): each kept with its before and after, and undone back to
// exactly the rows before.

let t: TestDatabase;
let ona: Actor;
let jonas: Actor;
beforeEach(async () => {
  t = await createTestDatabase({ seed: true });
  const add = async (username: string) =>
    (
      await t.db
        .insertInto("users")
        .values({ username, passwordHash: "x", createdAt: new Date().toISOString(), role: "redaktorius" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  ona = { id: await add("ona"), username: "ona" };
  jonas = { id: await add("jonas"), username: "jonas" };
});
afterEach(() => t.close());

/** A stored summary as the history shows it, in Lithuanian or in English. */
const said = (stored: string | undefined, locale: "lt" | "en" = "lt") => stored && summaryIn(stored, serverT(locale));

/** Numbers a reader may see as numbers: years, pages. */
const NUMBERS = /(metai|nuo metų|iki metų|puslapis|\(metai\))$/;
/** What the history must never show: GEDCOM's and the guestbook's codes, and words of code. */
const CODES = /\b(BIRT|DEAT|OCCU|RESI|HUSB|WIFE|birth|adopted|pending|approved|hidden|true|false|null|undefined)\b/;

/** A line in the family's words: no raw key, no unnamed row ("#12"), no bare number standing for a row, no code. */
function expectWords(line: ChangeLine) {
  for (const text of [line.label, line.before, line.after]) {
    expect(text, JSON.stringify(line)).not.toMatch(/[a-z][A-Z]|\b[a-z]+_[a-z_]+\b/);
    expect(text, JSON.stringify(line)).not.toMatch(/#\d+/);
    expect(text, JSON.stringify(line)).not.toMatch(CODES);
    if (/^\d+$/.test(text)) expect(line.label, JSON.stringify(line)).toMatch(NUMBERS);
  }
}

/** A change's lines as the history page reads them, each checked to be in the family's words. */
async function lines(rows: RowChange[]): Promise<ChangeLine[]> {
  const read = changeLines(rows, await namesFor(t.db, [{ rows }]));
  for (const line of read) expectWords(line);
  return read;
}

async function dump(db: Database) {
  return {
    history: await db.selectFrom("historyRevisions").selectAll().orderBy("id").execute(),
    settings: (await db.selectFrom("settings").selectAll().orderBy("key").execute()).filter((s) => s.key !== "content_version"),
    guestbook: await db.selectFrom("guestbookEntries").selectAll().orderBy("id").execute(),
  };
}

async function entry(): Promise<number> {
  const { id } = await t.db
    .insertInto("guestbookEntries")
    .values({ name: "Svečias", message: "Labas", createdAt: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

test("history saves and restores, texts, and guestbook moderation: recorded with before and after, undone exactly", async () => {
  const id = await entry();
  // Each write as the editor's page calls it: the domain records it itself.
  // Each with its summary as the history shows it in Lithuanian and in English.
  const steps: [string, () => Promise<unknown>, string, string][] = [
    ["history", () => editHistory(t.db, ona, { ...SEED_HISTORY, title: "Nauja antraštė" }, false), "Pakeista istorija", "History changed"],
    ["restore", () => restoreHistory(t.db, ona, 1), "Atkurta istorijos versija Nr. 1", "History version no. 1 restored"],
    [
      "texts",
      () => saveSiteTexts(t.db, jonas, "pradzia", { familyName: "Petraičių giminė" }),
      "Pakeisti tekstai: Pradžios puslapis",
      "Texts changed: Home page",
    ],
    [
      "settings",
      () => saveSiteTexts(t.db, jonas, "nustatymai", { contactEmail: "petraiciai@example.lt" }),
      "Pakeisti nustatymai: giminės vardas ir kontaktinis adresas",
      "Settings changed: family name and contact address",
    ],
    ["approve", () => setEntryStatus(t.db, id, "approved", ona), "Svečių knygos įrašas patvirtintas", "Guestbook entry approved"],
    ["hide", () => setEntryStatus(t.db, id, "hidden", ona), "Svečių knygos įrašas paslėptas", "Guestbook entry hidden"],
    ["delete", () => deleteEntry(t.db, id, ona), "Svečių knygos įrašas ištrintas", "Guestbook entry deleted"],
  ];
  const newest = () => t.db.selectFrom("changes").select(["id", "summary"]).orderBy("id", "desc").limit(1).executeTakeFirst();
  for (const [name, step, lithuanian, english] of steps) {
    const before = await dump(t.db);
    const last = await newest();
    await step();
    const change = await newest();
    expect(change?.id, name).not.toBe(last?.id);
    expect(said(change?.summary), name).toBe(lithuanian);
    expect(said(change?.summary, "en"), name).toBe(english);
    const changeId = change?.id ?? null;
    expect(await dump(t.db), name).not.toEqual(before);
    expect(await undoChange(t.db, changeId!, ona), name).toMatchObject({ ok: true });
    expect(await dump(t.db), name).toEqual(before);
  }
  expect((await getSiteSettings(t.db)).familyName).not.toBe("Petraičių giminė");
});

test("a change reads as before → after lines, and the history filters by user, subject and date", async () => {
  await saveSiteTexts(t.db, jonas, "pradzia", { familyName: "Petraičių giminė" });
  const changeId = (await t.db.selectFrom("changes").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow()).id;
  const id = await entry();
  await setEntryStatus(t.db, id, "approved", ona);

  const [texts] = (await listChanges(t.db, { userId: jonas.id }, 1)).items;
  expect(texts.id).toBe(changeId);
  expect(await lines(texts.rows)).toEqual([{ label: "Giminės pavadinimas", before: "Jonaičių giminė", after: "Petraičių giminė" }]);
  expect((await listChanges(t.db, { subjectKind: "guestbook", subjectId: String(id) }, 1)).items.map((c) => c.username)).toEqual(["ona"]);
  const today = new Date().toISOString().slice(0, 10);
  expect((await listChanges(t.db, { from: today, to: today }, 1)).items).toHaveLength(2);
  expect((await listChanges(t.db, { to: "2000-01-01" }, 1)).items).toHaveLength(0);
});

test("removing the example family reads item by item in the family's words, texts never saved read as the seed's", async () => {
  const changeId = await removeExampleContent(t.db, t.media, ona);
  const read = await lines((await findChange(t.db, changeId!))!.rows);
  expect(read.filter((l) => l.label === "Nuotrauka (pašalinta)")).toHaveLength(6);
  expect(read.filter((l) => l.label === "Dokumentas (pašalintas)")).toHaveLength(5);
  expect(read.find((l) => l.label === "Svečių knygos įrašas (pašalintas)")?.before).toContain("vardas: Rūta iš Kauno");
  expect(read).toContainEqual({
    label: "Giminės šakos",
    before: "Alytaus šaka; Vilniaus šaka; Kauno šaka; Užsienio šakos",
    after: "nėra šakų",
  });
  expect(read.find((l) => l.label.endsWith("„Giminės medis“"))?.before).toBe("Giminės šakos Alytuje, Vilniuje, Kaune ir užsienyje.");
});

test("the filter by dates leaves out what was before or after them", async () => {
  await saveSiteTexts(t.db, jonas, "pradzia", { familyName: "Petraičių giminė" });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  expect((await listChanges(t.db, { from: tomorrow }, 1)).items).toHaveLength(0);
  expect((await listChanges(t.db, { from: yesterday, to: tomorrow }, 1)).items).toHaveLength(1);
  expect((await listChanges(t.db, { userId: ona.id }, 1)).items).toHaveLength(0);
  expect((await listChanges(t.db, { userId: jonas.id, from: yesterday }, 1)).items).toHaveLength(1);
});

// --- The gallery and the documents: rows and files ---------------------------

function received(bytes: Buffer, name: string): ReceivedFile {
  const dir = path.join(t.media.root, "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `upload-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(target, bytes);
  return { path: target, name, size: bytes.length };
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#a98" } })
    .jpeg()
    .toBuffer();

/** Where a media item's derived files are: public/ (anyone), members/ (the family), or nowhere. */
function placeOf(mediaId: string): "public" | "members" | null {
  if (fs.existsSync(path.join(t.media.root, "public", mediaId))) return "public";
  if (fs.existsSync(path.join(t.media.root, "members", mediaId))) return "members";
  return null;
}

function hasOriginal(mediaId: string): boolean {
  return fs.readdirSync(path.join(t.media.root, "originals")).some((f) => f.startsWith(`${mediaId}.`));
}

async function contentDump(db: Database) {
  const all = async (table: "galleryItems" | "documents" | "photoPeople" | "documentPeople" | "memories" | "media") =>
    ((await db.selectFrom(table).selectAll().execute()) as object[]).map((r) => JSON.stringify(r)).sort();
  return {
    gallery: await all("galleryItems"),
    documents: await all("documents"),
    photoPeople: await all("photoPeople"),
    documentPeople: await all("documentPeople"),
    memories: await all("memories"),
    media: await all("media"),
  };
}

async function latest(): Promise<Change> {
  return (await listChanges(t.db, {}, 1)).items[0];
}

/** Undoes the latest change as the history's page does, and checks the rows are exactly as before it. */
async function undoBackTo(before: Awaited<ReturnType<typeof contentDump>>, change: Change) {
  expect(await undoChangeWithFiles(t.db, t.media, change.id, ona), change.summary).toMatchObject({ ok: true });
  expect(await contentDump(t.db), change.summary).toEqual(before);
}

describe("the gallery's and the documents' changes", () => {
  test("a photo added, edited, moved and removed: each recorded, each undone to the rows and files before", async () => {
    const treeId = await editableTree(t.db);
    const person = await createPerson(t.db, { givenNames: "Ona", surname: "Jonaitienė", birthSurname: "", sex: "F", note: "" });

    // Added: the item's row, nothing else; undone, the item goes and its files are kept out of sight; redone, it is back.
    let before = await contentDump(t.db);
    const image = await prepareImage(t.media, received(await jpeg(800, 600), "vestuves.jpg"));
    const id = await addGalleryItem(t.db, t.media, { title: "Vestuvės", description: "1930 m.", membersOnly: false }, image, ona);
    const added = await latest();
    expect(added).toMatchObject({
      subjectKind: "gallery",
      subjectId: String(id),
      username: "ona",
    });
    expect(said(added.summary)).toBe("Pridėta nuotrauka „Vestuvės“");
    expect(added.rows.map((r) => [r.table, r.before === null, r.after?.title])).toEqual([["galleryItems", true, "Vestuvės"]]);
    const mediaId = image.record.id;
    await undoChangeWithFiles(t.db, t.media, added.id, ona);
    expect((await listGalleryItems(t.db, MEMBERS)).some((i) => i.id === id)).toBe(false);
    expect(placeOf(mediaId)).toBe("members");
    const undo = await latest();
    expect(said(undo.summary)).toBe("Atšaukta: Pridėta nuotrauka „Vestuvės“");
    expect(said(undo.summary, "en")).toBe("Undone: Photo “Vestuvės” added");
    expect(await undoChangeWithFiles(t.db, t.media, undo.id, ona)).toMatchObject({ ok: true });
    expect((await listGalleryItems(t.db, MEMBERS)).find((i) => i.id === id)?.title).toBe("Vestuvės");
    expect(placeOf(mediaId)).toBe("public");
    await linkPeopleToGalleryItem(t.db, treeId, id, [person]);

    // Edited, made the family's only: the files hide; undone, they are public again.
    before = await contentDump(t.db);
    await updateGalleryItem(t.db, t.media, id, { title: "Jonaičių vestuvės", description: "1930 m.", membersOnly: true }, ona);
    const edited = await latest();
    expect(said(edited.summary)).toBe("Pakeista nuotrauka „Jonaičių vestuvės“");
    expect(await lines(edited.rows)).toEqual([
      { label: "Nuotrauka: pavadinimas", before: "Vestuvės", after: "Jonaičių vestuvės" },
      { label: "Nuotrauka: tik giminei", before: "ne", after: "taip" },
    ]);
    expect(placeOf(mediaId)).toBe("members");
    await undoBackTo(before, edited);
    expect(placeOf(mediaId)).toBe("public");

    // Its file replaced: the new one shown, the old one kept out of sight; undone, the old one is back (the new row stays, for a redo).
    before = await contentDump(t.db);
    const better = await prepareImage(t.media, received(await jpeg(1600, 1200), "vestuves-geriau.jpg"));
    await updateGalleryItem(t.db, t.media, id, { title: "Vestuvės", description: "1930 m.", membersOnly: false }, ona, better);
    const replaced = await latest();
    expect(said(replaced.summary)).toBe("Pakeista nuotrauka ir jos failas „Vestuvės“");
    expect(await lines(replaced.rows)).toEqual([{ label: "Nuotrauka: failas", before: "ankstesnis", after: "naujas" }]);
    expect((await listGalleryItems(t.db, MEMBERS)).find((i) => i.id === id)?.image?.id).toBe(better.record.id);
    expect([placeOf(mediaId), placeOf(better.record.id)]).toEqual(["members", "public"]);
    expect(await undoChangeWithFiles(t.db, t.media, replaced.id, ona)).toMatchObject({ ok: true });
    expect({ ...(await contentDump(t.db)), media: undefined }).toEqual({ ...before, media: undefined });
    expect([placeOf(mediaId), placeOf(better.record.id)]).toEqual(["public", "members"]);

    // Moved up: the order's rows.
    before = await contentDump(t.db);
    await moveGalleryItem(t.db, id, "up", ona);
    const moved = await latest();
    expect(said(moved.summary)).toBe("Pakeista galerijos tvarka");
    expect(moved.rows.every((r) => r.table === "galleryItems" && r.before!.position !== r.after!.position)).toBe(true);
    await undoBackTo(before, moved);

    // Removed, with who is in it: undone, the item, its person link and its public files are back.
    before = await contentDump(t.db);
    await removeGalleryItem(t.db, t.media, id, ona);
    const removed = await latest();
    expect(said(removed.summary)).toBe("Pašalinta nuotrauka „Vestuvės“");
    expect(removed.rows.map((r) => [r.table, r.after])).toEqual([
      ["galleryItems", null],
      ["photoPeople", null],
    ]);
    expect(placeOf(mediaId)).toBe("members");
    expect(hasOriginal(mediaId)).toBe(true);
    await undoBackTo(before, removed);
    expect(placeOf(mediaId)).toBe("public");
    expect(fs.existsSync(path.join(t.media.root, "public", mediaId, "display.jpg"))).toBe(true);
    expect(hasOriginal(mediaId)).toBe(true);
  });

  test("a document added, its scan replaced, and removed: each recorded, each undone to the rows and files before", async () => {
    const pdf = await prepareScan(t.media, received(fs.readFileSync(path.join(import.meta.dirname, "../fixtures/metrikai.pdf")), "m.pdf"));
    const fields = { title: "Gimimo metrikai", person: "Jonas Jonaitis", year: "1901", type: "Gimimo liudijimas", membersOnly: false };

    let before = await contentDump(t.db);
    const id = await addDocument(t.db, t.media, fields, pdf, ona);
    const added = await latest();
    expect(added).toMatchObject({ subjectKind: "document", subjectId: String(id) });
    expect(said(added.summary)).toBe("Pridėtas dokumentas „Gimimo metrikai“");
    expect(said(added.summary, "en")).toBe("Document “Gimimo metrikai” added");
    expect((await lines(added.rows))[0]).toMatchObject({ label: "Dokumentas (pridėtas)", before: "" });
    expect((await lines(added.rows))[0].after).toContain("pavadinimas: Gimimo metrikai");
    expect(await undoChangeWithFiles(t.db, t.media, added.id, ona)).toMatchObject({ ok: true });
    expect(await t.db.selectFrom("documents").where("id", "=", id).selectAll().executeTakeFirst()).toBeUndefined();
    expect(placeOf(pdf.record.id)).toBe("members");
    // Redone, to go on from it.
    expect(await undoChangeWithFiles(t.db, t.media, (await latest()).id, ona)).toMatchObject({ ok: true });
    expect(placeOf(pdf.record.id)).toBe("public");

    before = await contentDump(t.db);
    const image = await prepareScan(t.media, received(await jpeg(1200, 1600), "skenas.jpg"));
    await updateDocument(t.db, t.media, id, { ...fields, year: "1902" }, { replace: image }, ona);
    const replaced = await latest();
    expect(said(replaced.summary)).toBe("Pakeistas dokumentas „Gimimo metrikai“");
    expect(await lines(replaced.rows)).toContainEqual({ label: "Dokumentas: metai", before: "1901", after: "1902" });
    expect([placeOf(pdf.record.id), placeOf(image.record.id)]).toEqual(["members", "public"]);
    // The new scan's row stays (an undo of the undo finds it); the rest is as before.
    const { media, ...rest } = before;
    const undone = await undoChangeWithFiles(t.db, t.media, replaced.id, ona);
    expect(undone).toMatchObject({ ok: true });
    const after = await contentDump(t.db);
    expect({ ...after, media: undefined }).toEqual({ ...rest, media: undefined });
    expect(after.media.length).toBe(media.length + 1);
    expect([placeOf(pdf.record.id), placeOf(image.record.id)]).toEqual(["public", "members"]);

    before = await contentDump(t.db);
    await removeDocument(t.db, t.media, id, ona);
    const removed = await latest();
    expect(said(removed.summary)).toBe("Pašalintas dokumentas „Gimimo metrikai“");
    expect(placeOf(pdf.record.id)).toBe("members");
    await undoBackTo(before, removed);
    expect(placeOf(pdf.record.id)).toBe("public");
    expect(hasOriginal(pdf.record.id)).toBe(true);
  });

  test("an undo that is refused leaves every file where its rows say", async () => {
    const [item] = (await listGalleryItems(t.db, MEMBERS)).filter((i) => i.image);
    await updateGalleryItem(t.db, t.media, item.id, { title: "Pirmas", description: "x", membersOnly: true }, ona);
    const first = await latest();
    await updateGalleryItem(t.db, t.media, item.id, { title: "Antras", description: "x", membersOnly: true }, jonas);
    const refused = await undoChangeWithFiles(t.db, t.media, first.id, ona);
    expect(refused).toMatchObject({ ok: false });
    expect(placeOf(item.image!.id)).toBe("members");
    expect((await findChange(t.db, first.id))!.undoneBy).toBeNull();
  });
});

// --- The person editor, through the helpers its routes use ------------------

const GENEALOGY = [
  "genealogyPeople",
  "genealogyFamilies",
  "genealogyChildren",
  "genealogyEvents",
  "genealogyPlaces",
  "photoPeople",
  "documentPeople",
  "privatePeople",
] as const;

async function treeDump(db: Database) {
  const dump: Record<string, string[]> = {};
  for (const table of GENEALOGY)
    dump[table] = ((await db.selectFrom(table).selectAll().execute()) as object[]).map((r) => JSON.stringify(r)).sort();
  return dump;
}

test("every action of the person editor is recorded with its before and after, and undone exactly", async () => {
  const treeId = await editableTree(t.db);
  const fields = (givenNames: string, surname: string): PersonFields => ({ givenNames, surname, birthSurname: "", sex: "M", note: "" });
  const jonasP = await createPerson(t.db, fields("Jonas", "Jonaitis"));
  const [father, mother, wife, son] = [
    await createPerson(t.db, fields("Petras", "Jonaitis")),
    await createPerson(t.db, { ...fields("Marija", "Jonaitienė"), sex: "F" }),
    await createPerson(t.db, { ...fields("Ona", "Jonaitienė"), sex: "F" }),
    await createPerson(t.db, fields("Antanas", "Jonaitis")),
  ];
  await saveEvent(t.db, treeId, jonasP, { eventId: null, tag: "BIRT", date: "1901", place: "Kaunas", value: "" });
  const birth = (await t.db.selectFrom("genealogyEvents").select("id").where("ownerId", "=", jonasP).executeTakeFirstOrThrow()).id;
  const [galleryItem] = await listGalleryItems(t.db, MEMBERS);

  const edit =
    (summary: Summary, others: (number | null)[] = [], families: number[] = []) =>
    <T>(write: (db: Database) => Promise<T>) =>
      recordPersonEdit(t.db, ona, treeId, jonasP, { summary, others, families }, write);

  // Each with its summary as the history shows it in Lithuanian and in English.
  const steps: [string, () => Promise<{ changeId: number | null }>, string, string][] = [
    [
      "new person",
      () => recordNewPerson(t.db, ona, treeId, fields("Kazys", "Kazlauskas")),
      "Pridėtas asmuo: Kazys Kazlauskas",
      "Person added: Kazys Kazlauskas",
    ],
    [
      "details",
      () =>
        edit("changes.summary.person.detailsChanged")((db) =>
          updatePerson(db, treeId, jonasP, { ...fields("Jonas Antanas", "Jonaitis"), note: "Kalvis" }),
        ),
      "Pakeisti asmens duomenys: Jonas Jonaitis",
      "Personal details changed: Jonas Jonaitis",
    ],
    [
      "add event",
      () =>
        edit({ id: "changes.summary.person.eventAdded", values: { event: { id: "genealogy.event.death" } } })((db) =>
          saveEvent(db, treeId, jonasP, { eventId: null, tag: "DEAT", date: "1970", place: "Vilnius", value: "" }),
        ),
      "Pridėtas įvykis „Mirtis“: Jonas Jonaitis",
      "Event “Death” added: Jonas Jonaitis",
    ],
    [
      "edit event",
      () =>
        edit("changes.summary.person.eventChanged")((db) =>
          saveEvent(db, treeId, jonasP, { eventId: birth, tag: "BIRT", date: "1901-03-04", place: "Kaunas", value: "" }),
        ),
      "Pakeistas įvykis: Jonas Jonaitis",
      "Event changed: Jonas Jonaitis",
    ],
    [
      "remove event",
      () => edit("changes.summary.person.eventRemoved")((db) => removeEvent(db, treeId, jonasP, birth)),
      "Pašalintas įvykis: Jonas Jonaitis",
      "Event removed: Jonas Jonaitis",
    ],
    [
      "parents",
      () => edit("changes.summary.person.parentsSet", [father, mother])((db) => setParents(db, treeId, jonasP, father, mother)),
      "Nurodyti tėvai: Jonas Jonaitis",
      "Parents set: Jonas Jonaitis",
    ],
    [
      "partner",
      () => edit("changes.summary.person.partnerAdded", [wife])((db) => addPartner(db, treeId, jonasP, wife)),
      "Pridėtas partneris: Jonas Jonaitis",
      "Partner added: Jonas Jonaitis",
    ],
    [
      "child",
      () => edit("changes.summary.person.childAdded", [null, son])((db) => addChild(db, treeId, jonasP, null, son)),
      "Pridėtas vaikas: Jonas Jonaitis",
      "Child added: Jonas Jonaitis",
    ],
    [
      "private",
      () => edit("changes.summary.person.markedPrivate")((db) => setRestriction(db, treeId, jonasP, "confidential")),
      "Pažymėtas privačiu: Jonas Jonaitis",
      "Marked private: Jonas Jonaitis",
    ],
    [
      "links",
      () => edit("changes.summary.person.linksChanged")((db) => setPersonLinks(db, treeId, jonasP, [galleryItem.id], [1])),
      "Pakeistos susietos nuotraukos ir dokumentai: Jonas Jonaitis",
      "Linked photos and documents changed: Jonas Jonaitis",
    ],
    [
      "remove",
      () => edit("changes.summary.person.removed")((db) => removePerson(db, treeId, jonasP)),
      "Pašalintas asmuo: Jonas Jonaitis",
      "Person removed: Jonas Jonaitis",
    ],
  ];
  for (const [name, step, lithuanian, english] of steps) {
    const before = await treeDump(t.db);
    const { changeId } = await step();
    expect(changeId, name).not.toBeNull();
    const change = (await findChange(t.db, changeId!))!;
    expect(said(change.summary), name).toBe(lithuanian);
    expect(said(change.summary, "en"), name).toBe(english);
    expect(change.subjectKind, name).toBe("person");
    expect((await lines(change.rows)).length, name).toBeGreaterThan(0);
    expect(await treeDump(t.db), name).not.toEqual(before);
    expect(await undoChange(t.db, changeId!, ona), name).toMatchObject({ ok: true });
    expect(await treeDump(t.db), name).toEqual(before);
  }

  // The birth date's change reads as a date, before → after.
  const { changeId } = await edit("changes.summary.person.eventChanged")((db) =>
    saveEvent(db, treeId, jonasP, { eventId: birth, tag: "BIRT", date: "1901-03-04", place: "Kaunas", value: "" }),
  );
  expect(await lines((await findChange(t.db, changeId!))!.rows)).toContainEqual({
    label: "Įvykis: data",
    before: "1901 m.",
    after: "1901 m. kovo 4 d.",
  });

  // Unlinking: a child and a partner taken out of a family, each put back.
  await addPartner(t.db, treeId, jonasP, wife);
  await addChild(t.db, treeId, jonasP, wife, son);
  const family = (
    await t.db
      .selectFrom("genealogyFamilies")
      .select("id")
      .where("treeId", "=", treeId)
      .where("partner1Id", "=", jonasP)
      .executeTakeFirstOrThrow()
  ).id;
  for (const [name, write, other] of [
    ["unlink child", (db: Database) => removeChildLink(db, treeId, family, son), son],
    ["unlink partner", (db: Database) => removePartnerLink(db, treeId, family, wife), wife],
  ] as const) {
    const before = await treeDump(t.db);
    const { changeId: id } = await edit(
      name === "unlink child" ? "changes.summary.person.childUnlinked" : "changes.summary.person.partnerUnlinked",
      [other],
      [family],
    )(write);
    expect(await treeDump(t.db), name).not.toEqual(before);
    expect(await undoChange(t.db, id!, ona), name).toMatchObject({ ok: true });
    expect(await treeDump(t.db), name).toEqual(before);
  }
});

test("tags, portraits, albums, stories, private marks and the home page's photo read in the family's words", async () => {
  const treeId = await editableTree(t.db);
  const person = await createPerson(t.db, { givenNames: "Ona", surname: "Jonaitienė", birthSurname: "", sex: "F", note: "" });
  const [photo] = await listGalleryItems(t.db, MEMBERS);
  const latestLines = async () => lines((await latest()).rows);

  expect(await addPhotoPerson(t.db, ona, photo.id, treeId, { personId: person }, { left: 0.1, top: 0.1, width: 0.2, height: 0.3 })).toEqual(
    {
      ok: true,
    },
  );
  expect((await latestLines())[0]).toMatchObject({
    label: "Žmogus nuotraukoje (pridėtas)",
    after: expect.stringContaining("asmuo: Ona Jonaitienė"),
  });
  expect((await latestLines())[0].after).toContain(`nuotrauka: ${photo.title}`);
  const tag = (await t.db.selectFrom("photoPeople").select("id").where("personId", "=", person).executeTakeFirstOrThrow()).id;
  expect(await setPortrait(t.db, ona, photo.id, tag, true)).toBe(true);
  expect(await latestLines()).toContainEqual({ label: "Žmogus nuotraukoje: portretas", before: "", after: "taip" });

  const album = await createAlbum(t.db, { title: "Vestuvės", description: "" }, ona);
  await saveAlbum(t.db, album, { title: "Vestuvės", description: "" }, [photo.id], photo.id, ona);
  expect((await latestLines()).map((l) => l.after).join(" ")).toContain(`albumas: Vestuvės; nuotrauka: ${photo.title}; viršelis: taip`);

  await createStory(t.db, storyFields({ coverPhotoId: photo.id }), ona);
  expect((await latestLines()).find((l) => l.label === "Pasakojimas (pridėtas)")?.after).toContain(`viršelio nuotrauka: ${photo.title}`);

  await recordPersonEdit(t.db, ona, treeId, person, { summary: "changes.summary.person.markedPrivate" }, (db) =>
    setRestriction(db, treeId, person, "confidential"),
  );
  expect((await latestLines())[0]).toMatchObject({
    label: "Asmuo: kas mato",
    after: "Tik redaktoriai ir administratorius (GEDCOM RESN confidential)",
  });

  await saveSiteTexts(t.db, ona, "apie", { aboutLead: "Mūsų giminė." });
  expect((await latestLines())[0]).toMatchObject({ label: "Įžanga", after: "Mūsų giminė." });
  await saveSiteTexts(t.db, ona, "pradzia", { heroPhotoId: photo.id });
  expect((await latestLines())[0]).toMatchObject({ label: "Pradžios puslapio nuotrauka", after: photo.title });
  await saveSiteTexts(t.db, ona, "sakos", { branches: [{ name: "Alytaus šaka", text: "Sodyba." }] });
  expect((await latestLines())[0]).toMatchObject({ label: "Giminės šakos", after: "Alytaus šaka" });

  // An event's place is the place's name (without GEDCOM's empty slots), its kind a word.
  const { changeId } = await recordPersonEdit(
    t.db,
    ona,
    treeId,
    person,
    { summary: { id: "changes.summary.person.eventAdded", values: { event: { id: "genealogy.event.occupation" } } } },
    (db) => saveEvent(db, treeId, person, { eventId: null, tag: "OCCU", date: "", place: "Niujorkas, , , JAV", value: "Siuvėja" }),
  );
  const event = await lines((await findChange(t.db, changeId!))!.rows);
  expect(event.find((l) => l.label === "Įvykis (pridėtas)")?.after).toBe("rūšis: Profesija; aprašas: Siuvėja; vieta: Niujorkas, JAV");
  expect(event.find((l) => l.label === "Vieta (pridėta)")?.after).toBe("pavadinimas: Niujorkas, JAV");
});
