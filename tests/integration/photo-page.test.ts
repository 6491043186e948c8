import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS, VISITORS } from "#app/.server/audience.ts";
import { linkPeopleToGalleryItem, listGalleryItems, parsePhotoWhen, updateGalleryItem } from "#app/.server/gallery.ts";
import { createPerson, editableTree, saveEvent } from "#app/.server/genealogy/editing.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { photoPage } from "#app/.server/photo-page.ts";
import { DATE_FORMS_MESSAGE } from "#app/lib/date-input.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

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
    const when = parsePhotoWhen(form({ date: "1930–1935", place: "  Kaunas,   Laisvės alėja " }));
    expect(when).toEqual({ ok: true, date: "BET 1930 AND 1935", place: "Kaunas, Laisvės alėja" });
    if (!when.ok) return;
    await updateGalleryItem(t.db, t.media, item.id, { ...item, date: when.date, place: when.place });
    const page = await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, item.id);
    expect(page).toMatchObject({ date: "tarp 1930 ir 1935 m.", item: { place: "Kaunas, Laisvės alėja" } });

    expect(parsePhotoWhen(form({ date: "kažkada" }))).toEqual({ ok: false, message: DATE_FORMS_MESSAGE });
    expect(parsePhotoWhen(form({ place: "x".repeat(201) }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("Vieta per ilga"),
    });
    // A form without the fields (the spec's add form) leaves them as they are.
    expect(parsePhotoWhen(form({ title: "x" }))).toEqual({ ok: true });
    await updateGalleryItem(t.db, t.media, item.id, { title: "Kitas", description: "x", membersOnly: false });
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
      { id: grandfather, name: "Petras Jonaitis", years: "1880–1950", hidden: false },
      { id: grandson, name: "Gyvas asmuo", years: "", hidden: true },
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
});
