import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS, VISITORS } from "#app/.server/accounts/audience.ts";
import {
  galleryDecades,
  galleryItemsByIds,
  galleryPage,
  linkPeopleToGalleryItem,
  GALLERY_EDIT_FORM,
  listGalleryItems,
  removeGalleryItem,
  updateGalleryItem,
} from "#app/.server/gallery/gallery.ts";
import { addDocument } from "#app/.server/documents/documents.ts";
import { createPerson, editableTree, removePerson, saveEvent, setPersonLinks } from "#app/.server/genealogy/editing.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { photoPage } from "#app/.server/gallery/photo-page.ts";
import { addPhotoPerson, PHOTO_PERSON_FORM, photoPersonOf, removePhotoPerson, setPortrait } from "#app/.server/gallery/photo-people.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { toastTitle } from "#app/lib/toasts.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { chartPortraits, neighbourhood } from "#app/.server/genealogy/chart.ts";
import { faceViewBox } from "#app/lib/photo-people.ts";
import { layoutChart } from "#app/lib/tree-layout.ts";
import { DATE_FORMS_MESSAGE } from "#app/lib/date-input.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// A gallery photo's own page (issue 18): what each audience reads on it.

let t: TestDatabase;
let treeId: number;
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

async function person(givenNames: string, birth: string, death?: string): Promise<number> {
  const id = await createPerson(t.db, { givenNames, surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  await saveEvent(t.db, treeId, id, { eventId: null, tag: "BIRT", date: birth, place: "", value: "" });
  if (death) await saveEvent(t.db, treeId, id, { eventId: null, tag: "DEAT", date: death, place: "", value: "" });
  return id;
}

beforeEach(async () => {
  t = await createTestDatabase();
  treeId = await editableTree(t.db);
});
afterEach(() => t.close());

describe("a photo's page", () => {
  test("the date in the tree's forms and the place: stored, read back, and a date that is not one refused", async () => {
    const [item] = await listGalleryItems(t.db, MEMBERS);
    const edit = (fields: Record<string, string>) =>
      readForm(form({ id: String(item.id), title: "x", description: "y", ...fields }), GALLERY_EDIT_FORM);
    const when = edit({ date: "1930–1935", place: "  Kaunas,   Laisvės alėja " });
    expect(when).toMatchObject({ ok: true, value: { date: "BET 1930 AND 1935", place: "Kaunas, Laisvės alėja" } });
    if (!when.ok) return;
    await updateGalleryItem(t.db, t.media, item.id, { ...item, date: when.value.date, place: when.value.place });
    const page = await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, item.id);
    expect(page).toMatchObject({ date: "tarp 1930 ir 1935 m.", item: { place: "Kaunas, Laisvės alėja" } });

    expect(edit({ date: "kažkada" })).toMatchObject({ ok: false, errors: { date: DATE_FORMS_MESSAGE } });
    expect(edit({ place: "x".repeat(201) })).toMatchObject({
      ok: false,
      errors: { place: "Laukas „Vieta“ per ilgas: daugiausia 200 simbolių." },
    });
    expect(edit({ date: "1".repeat(101) })).toMatchObject({
      ok: false,
      errors: { date: "Laukas „Data“ per ilgas: daugiausia 100 simbolių." },
    });
    // A form without the fields leaves them as they are.
    const without = edit({});
    expect(without.ok).toBe(true);
    if (!without.ok) return;
    expect([without.value.date, without.value.place]).toEqual([undefined, undefined]);
    await updateGalleryItem(t.db, t.media, item.id, {
      title: "Kitas",
      description: "x",
      membersOnly: false,
      date: without.value.date,
      place: without.value.place,
    });
    expect((await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, item.id))!.item).toMatchObject({
      title: "Kitas",
      date: "BET 1930 AND 1935",
      place: "Kaunas, Laisvės alėja",
    });
  });

  test("the people in it: named and linked, a living one 'Gyvas asmuo' to a visitor, named to a member", async () => {
    const [item] = await listGalleryItems(t.db, MEMBERS);
    const grandfather = await person("Petras", "1880", "1950");
    const grandson = await person("Tomas", "1990");
    await linkPeopleToGalleryItem(t.db, treeId, item.id, [grandfather, grandson]);

    const seen = await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, item.id);
    expect(seen!.people).toEqual([
      { key: expect.any(Number), id: grandfather, name: "Petras Jonaitis", years: "1880–1950", hidden: false, box: null, portrait: false },
      { key: expect.any(Number), id: null, name: "Gyvas asmuo", years: "", hidden: true, box: null, portrait: false },
    ]);
    const members = await photoPage(t.db, MEMBERS, { treeId, viewer: member }, item.id);
    expect(members!.people.map((p) => p.name)).toEqual(["Petras Jonaitis", "Tomas Jonaitis"]);
  });

  test("a photo for the family only does not exist for a visitor; previous and next pass over it", async () => {
    const items = await listGalleryItems(t.db, MEMBERS);
    expect(items.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = items;
    await updateGalleryItem(t.db, t.media, second.id, { ...second, membersOnly: true });

    expect(await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, second.id)).toBeNull();
    expect(await photoPage(t.db, MEMBERS, { treeId, viewer: member }, second.id)).toMatchObject({
      previous: { id: first.id, title: first.title },
      next: { id: third.id, title: third.title },
    });
    const forVisitor = await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, first.id);
    expect(forVisitor).toMatchObject({ previous: null, next: { id: third.id } });
    expect(await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, 999_999)).toBeNull();
  });

  test("an editor marks people on the photo: a person of the tree or a free name, with a rectangle or without; each change in the history", async () => {
    const [item] = await listGalleryItems(t.db, MEMBERS);
    const grandfather = await person("Petras", "1880", "1950");
    const grandson = await person("Tomas", "1990");
    const editor = await addTestUser(t.db, "redaktore", "redaktorius");
    const box = { left: 0.6, top: 0.1, width: 0.2, height: 0.3 };
    expect(await addPhotoPerson(t.db, editor, item.id, treeId, { personId: grandson }, box)).toEqual({ ok: true });
    expect(await addPhotoPerson(t.db, editor, item.id, treeId, { personId: grandfather }, { ...box, left: 0.1 })).toEqual({ ok: true });
    expect(await addPhotoPerson(t.db, editor, item.id, treeId, { name: "Kaimynė Elzė" }, null)).toEqual({ ok: true });
    // Refused: twice the same person, someone not in the tree, a photo that is not there.
    // (The domain gives the reason; the route names it in these words.)
    expect(await addPhotoPerson(t.db, editor, item.id, treeId, { personId: grandfather }, null)).toEqual({
      ok: false,
      reason: "photoPersonAlreadyMarked",
    });
    expect(serverT("lt")(toastTitle("photoPersonAlreadyMarked"))).toBe("Šis asmuo jau pažymėtas šioje nuotraukoje.");
    expect(await addPhotoPerson(t.db, editor, item.id, treeId, { personId: 999_999 }, null)).toEqual({
      ok: false,
      reason: "photoPersonNotInTree",
    });
    expect(serverT("lt")(toastTitle("photoPersonNotInTree"))).toBe("Tokio asmens medyje nėra.");
    expect(await addPhotoPerson(t.db, editor, 999_999, treeId, { name: "X" }, null)).toEqual({
      ok: false,
      reason: "photoPersonPhotoGone",
    });
    expect(serverT("lt")(toastTitle("photoPersonPhotoGone"))).toBe("Tokios nuotraukos nėra.");

    // From left to right, then the ones without a place; a living one is the rule's label to a visitor, with the rectangle.
    const seen = (await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, item.id))!.people;
    expect(seen.map(({ name, box }) => ({ name, box }))).toEqual([
      { name: "Petras Jonaitis", box: { ...box, left: 0.1 } },
      { name: "Gyvas asmuo", box },
      { name: "Kaimynė Elzė", box: null },
    ]);
    expect(seen[2]).toMatchObject({ id: null, hidden: false });

    // Each one a change of the photo, undone exactly.
    const changes = await t.db.selectFrom("changes").select(["id", "summary"]).orderBy("id").execute();
    expect(changes.slice(-3).map((c) => summaryIn(c.summary, serverT("lt")))).toEqual(
      Array(3).fill(`Pažymėta, kas yra nuotraukoje „${item.title}“`),
    );
    expect(summaryIn(changes.at(-1)!.summary, serverT("en"))).toBe(`Who is in the photo “${item.title}” marked`);
    expect(await undoChange(t.db, changes.at(-1)!.id, editor)).toMatchObject({ ok: true });
    expect((await photoPage(t.db, MEMBERS, { treeId, viewer: member }, item.id))!.people.map((p) => p.name)).toEqual([
      "Petras Jonaitis",
      "Tomas Jonaitis",
    ]);
    const tomas = seen.find((p) => p.hidden)!;
    expect(await removePhotoPerson(t.db, editor, item.id, tomas.key)).toBe(true);
    expect(await removePhotoPerson(t.db, editor, item.id, tomas.key)).toBe(false);
    expect((await photoPage(t.db, MEMBERS, { treeId, viewer: member }, item.id))!.people.map((p) => p.name)).toEqual(["Petras Jonaitis"]);

    // Their rectangle as their portrait: the person page's picture, their face; one portrait a person.
    const petras = seen.find((p) => p.id === grandfather)!;
    expect(await setPortrait(t.db, editor, item.id, petras.key, true)).toBe(true);
    const page = await personDetail(t.db, treeId, grandfather, visitor);
    expect(page!.portrait).toEqual({
      mediaId: item.image!.id,
      width: item.image!.width,
      height: item.image!.height,
      face: { ...box, left: 0.1 },
    });
    expect(page!.gallery.find((g) => g.id === item.id)!.face).toEqual({ ...box, left: 0.1 });
    // The chart draws it in their box, the name fitted beside it; a hidden person has none.
    const chart = await neighbourhood(t.db, treeId, grandfather, "abu", visitor);
    expect(chart.portraits).toEqual({ [grandfather]: { image: item.image, face: { ...box, left: 0.1 } } });
    const drawn = layoutChart(chart).boxes.find((b) => b.person.id === grandfather)!;
    expect(drawn.portrait).toEqual({
      href: `/media/${item.image!.id}/display.jpg`,
      width: item.image!.width,
      height: item.image!.height,
      viewBox: faceViewBox({ ...box, left: 0.1 }, item.image!.width, item.image!.height),
    });
    const hiddenPeople = { [grandfather]: { ...chart.people[grandfather], hidden: true } };
    expect(await chartPortraits(t.db, treeId, hiddenPeople, visitor)).toEqual({});
    // A photo for the family only is no visitor's portrait.
    await updateGalleryItem(t.db, t.media, item.id, { ...item, membersOnly: true });
    expect(await chartPortraits(t.db, treeId, chart.people, visitor)).toEqual({});
    expect(Object.keys(await chartPortraits(t.db, treeId, chart.people, member))).toEqual([String(grandfather)]);
    await updateGalleryItem(t.db, t.media, item.id, { ...item, membersOnly: false });
    const [, other] = await listGalleryItems(t.db, MEMBERS);
    await addPhotoPerson(t.db, editor, other.id, treeId, { personId: grandfather }, box);
    const otherKey = (await photoPage(t.db, MEMBERS, { treeId, viewer: member }, other.id))!.people[0].key;
    expect(await setPortrait(t.db, editor, other.id, otherKey, true)).toBe(true);
    const portraits = await t.db.selectFrom("photoPeople").select("galleryItemId").where("portrait", "=", 1).execute();
    expect(portraits).toEqual([{ galleryItemId: other.id }]);
    // Someone without a rectangle, or not in the tree, cannot be one.
    const elze = await addPhotoPerson(t.db, editor, other.id, treeId, { name: "Elzė" }, box);
    expect(elze.ok).toBe(true);
    const elzeKey = (await photoPage(t.db, MEMBERS, { treeId, viewer: member }, other.id))!.people.find((p) => p.name === "Elzė")!.key;
    expect(await setPortrait(t.db, editor, other.id, elzeKey, true)).toBe(false);
    expect(await setPortrait(t.db, editor, other.id, otherKey, false)).toBe(true);
    // None chosen: the page's picture is a photo of them, whole.
    expect((await personDetail(t.db, treeId, grandfather, visitor))!.portrait!.face ?? null).toBeNull();

    // The person editor's list keeps the rectangle of a photo the person stays in.
    await setPersonLinks(t.db, treeId, grandfather, [item.id], []);
    expect((await photoPage(t.db, MEMBERS, { treeId, viewer: member }, item.id))!.people[0].box).toEqual({ ...box, left: 0.1 });
    // Taken off the person editor's list, they leave the photo.
    await setPersonLinks(t.db, treeId, grandfather, [], []);
    expect((await photoPage(t.db, MEMBERS, { treeId, viewer: member }, item.id))!.people).toEqual([]);
  });

  test("the tag form: who and where, with a message for what is missing or wrong", () => {
    const tag = (fields: Record<string, string>) => {
      const read = readForm(form(fields), PHOTO_PERSON_FORM);
      return read.ok ? { ok: true, ...photoPersonOf(read.value) } : { ok: false, errors: read.errors };
    };
    expect(tag({ personId: "5", left: "0.1", top: "0.2", width: "0.3", height: "0.4" })).toEqual({
      ok: true,
      who: { personId: 5 },
      box: { left: 0.1, top: 0.2, width: 0.3, height: 0.4 },
    });
    expect(tag({ name: "  Nežinoma   moteris ", left: "", top: "", width: "", height: "" })).toEqual({
      ok: true,
      who: { name: "Nežinoma moteris" },
      box: null,
    });
    expect(tag({ name: "" })).toEqual({ ok: false, errors: { name: "Pasirinkite asmenį iš medžio arba įrašykite vardą." } });
    expect(tag({ name: "x".repeat(201) })).toEqual({
      ok: false,
      errors: { name: "Laukas „Vardas“ per ilgas: daugiausia 200 simbolių." },
    });
    expect(tag({ personId: "5", left: "0.1", top: "0.2", width: "0", height: "0.4" })).toEqual({
      ok: false,
      errors: { box: "Pažymėkite vietą nuotraukoje iš naujo: ji per maža arba netinkama." },
    });
    // A picked person that is not a number names nobody in the tree.
    expect(tag({ personId: "1e18" })).toEqual({ ok: false, errors: { personId: "Tokio asmens medyje nėra." } });
    // An English page's editor reads the same in English.
    expect(inRequestLanguage("en", () => tag({ name: "" }))).toEqual({
      ok: false,
      errors: { name: "Choose a person from the family tree or type a name." },
    });
    expect(inRequestLanguage("en", () => tag({ personId: "5", left: "0.1", top: "0.2", width: "0", height: "0.4" }))).toEqual({
      ok: false,
      errors: { box: "Mark the place on the photo again: it is too small or not valid." },
    });
    expect(inRequestLanguage("en", () => tag({ name: "x".repeat(201) }))).toEqual({
      ok: false,
      errors: { name: serverT("en")("common.form.tooLong", { label: "Name", max: 200 }) },
    });
  });

  test("the gallery browsed by decade, by date and by who is in the photos, a page at a time, as the audience may see it", async () => {
    const items = await listGalleryItems(t.db, MEMBERS);
    const dates = ["ABT 1930", "1923", "1936", "", "1951", "BET 1935 AND 1937"];
    for (const [i, item] of items.entries()) {
      await updateGalleryItem(t.db, t.media, item.id, { ...item, date: dates[i] ?? "" });
    }
    const titleOf = (id: number) => items.find((i) => i.id === id)!.title;
    // Decades with how many; by date, the undated last.
    expect(await galleryDecades(t.db, MEMBERS)).toEqual([
      { decade: 1920, count: 1 },
      { decade: 1930, count: 3 },
      { decade: 1950, count: 1 },
    ]);
    const byDate = await galleryPage(t.db, MEMBERS, 1, { byDate: true, decade: null, personId: null, albumId: null }, treeId);
    expect(byDate.items.map((i) => i.date)).toEqual(["1923", "ABT 1930", "BET 1935 AND 1937", "1936", "1951", ""]);
    const thirties = await galleryPage(t.db, MEMBERS, 1, { byDate: true, decade: 1930, personId: null, albumId: null }, treeId);
    expect(thirties).toMatchObject({ total: 3, pages: 1 });
    expect(thirties.items.map((i) => i.title)).toEqual([titleOf(items[0].id), titleOf(items[5].id), titleOf(items[2].id)]);

    // The photos someone is in.
    const grandfather = await person("Petras", "1880", "1950");
    await linkPeopleToGalleryItem(t.db, treeId, items[1].id, [grandfather]);
    await linkPeopleToGalleryItem(t.db, treeId, items[4].id, [grandfather]);
    const his = await galleryPage(t.db, MEMBERS, 1, { byDate: false, decade: null, personId: grandfather, albumId: null }, treeId);
    expect(his.items.map((i) => i.id)).toEqual([items[1].id, items[4].id]);
    expect((await galleryPage(t.db, MEMBERS, 1, { byDate: false, decade: 1950, personId: grandfather, albumId: null }, treeId)).total).toBe(
      1,
    );

    // A photo for the family only is not counted for a visitor.
    await updateGalleryItem(t.db, t.media, items[4].id, { ...items[4], date: "1951", membersOnly: true });
    expect(await galleryDecades(t.db, VISITORS)).toEqual([
      { decade: 1920, count: 1 },
      { decade: 1930, count: 3 },
    ]);
    expect(
      (await galleryPage(t.db, VISITORS, 1, { byDate: false, decade: null, personId: grandfather, albumId: null }, treeId)).total,
    ).toBe(1);
  });

  test("undoing an addition is refused while a later change marks someone on it, and a tag whose person is gone since is not put back", async () => {
    const editor = await addTestUser(t.db, "redaktore", "redaktorius");
    const grandfather = await person("Petras", "1880", "1950");
    // A document added (a recorded change), then linked to a person by a later edit.
    const doc = await addDocument(
      t.db,
      t.media,
      { title: "Laiškas", person: "", year: "1930", type: "Laiškas", membersOnly: false },
      null,
      editor,
    );
    const added = (await t.db.selectFrom("changes").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    await setPersonLinks(t.db, treeId, grandfather, [], [doc]);
    expect(await undoChange(t.db, added, editor)).toMatchObject({
      ok: false,
      reason: "changeChangedSince",
      conflicts: [{ table: "documentPeople", key: { treeId, personId: grandfather, documentId: doc } }],
    });
    expect(await t.db.selectFrom("documents").select("id").where("id", "=", doc).execute()).toHaveLength(1);

    // A photo with a tag removed (the tag kept in the change), then the person removed without a record: its undo is refused, not a crash.
    const [item] = await listGalleryItems(t.db, MEMBERS);
    await addPhotoPerson(t.db, editor, item.id, treeId, { personId: grandfather }, null);
    await removeGalleryItem(t.db, t.media, item.id, editor);
    const removal = (await t.db.selectFrom("changes").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    await setPersonLinks(t.db, treeId, grandfather, [], []);
    await removePerson(t.db, treeId, grandfather);
    expect(await undoChange(t.db, removal, editor)).toMatchObject({ ok: false, reason: "changeChangedSince" });
    expect(await galleryItemsByIds(t.db, MEMBERS, [item.id])).toEqual([]);
  });
});
