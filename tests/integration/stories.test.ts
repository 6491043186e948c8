import path from "node:path";
import { Migrator } from "kysely/migration";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS, VISITORS } from "#app/.server/accounts/audience.ts";
import { restoreBackup, writeBackup } from "#app/.server/backup/backup.ts";
import { listChanges, undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { listGalleryItems, removeGalleryItem, updateGalleryItem } from "#app/.server/gallery/gallery.ts";
import { createPerson, editableTree, saveEvent } from "#app/.server/genealogy/editing.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { photoPage } from "#app/.server/gallery/photo-page.ts";
import {
  createStory,
  moveStory,
  publicStorySlugs,
  removeStory,
  restoreStoryRevision,
  compareStoryRevision,
  saveStory,
  storiesForEditors,
  storiesMentioning,
  storiesPage,
  storiesShowing,
  storyBySlug,
  STORY_FORM,
  storyForEditing,
  wholeHistory,
} from "#app/.server/stories/stories.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { storeTranslations } from "#app/lib/translations.ts";
import { migrations } from "#db/migrations/index.ts";
import { storyFields as fields } from "#tests/story-fields.ts";
import { contentOf } from "./content.ts";
import { addTestUser, createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";

// Stories of the history (issue 19): addresses that stay unique and stable
// (old ones redirect), drafts and the family's own stories, the living rule
// in a story's text, what is typed made safe, search without diacritics,
// revisions, order, the change history and backups.

let t: TestDatabase;
let treeId: number;
let editor: { id: number; username: string };
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
const editorView: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

async function person(givenNames: string, birth: string, death?: string): Promise<number> {
  const id = await createPerson(t.db, { givenNames, surname: "Jonaitis", birthSurname: "", sex: "M", note: "" });
  await saveEvent(t.db, treeId, id, { eventId: null, tag: "BIRT", date: birth, place: "", value: "" });
  if (death) await saveEvent(t.db, treeId, id, { eventId: null, tag: "DEAT", date: death, place: "", value: "" });
  return id;
}

async function page(viewer: Viewer, slug: string) {
  const found = await storyBySlug(t.db, treeId, viewer, slug);
  return found && "story" in found ? found.story : found;
}

beforeEach(async () => {
  t = await createTestDatabase();
  treeId = await editableTree(t.db);
  editor = await addTestUser(t.db, "redaktore", "redaktorius");
});
afterEach(() => t.close());

describe("a story's address", () => {
  test("is the title in readable Lithuanian without marks, unique, and stays with the story when the title changes (the old one redirects)", async () => {
    const first = await createStory(t.db, fields({ title: "Emigracija į Čikagą" }), editor);
    expect(first.slug).toBe("emigracija-i-cikaga");
    // The same title again: the next free address.
    const second = await createStory(t.db, fields({ title: "Emigracija į Čikagą!" }), editor);
    expect(second.slug).toBe("emigracija-i-cikaga-2");

    // Saved without a new title: the address does not move.
    expect(await saveStory(t.db, first.id, fields({ title: "Emigracija į Čikagą", body: "Kitas tekstas." }), editor)).toEqual({
      slug: "emigracija-i-cikaga",
    });
    // A new title: a new address, and the old one answers with it.
    expect(await saveStory(t.db, first.id, fields({ title: "Kelionė per Atlantą 1949" }), editor)).toEqual({
      slug: "kelione-per-atlanta-1949",
    });
    expect(await storyBySlug(t.db, treeId, visitor, "emigracija-i-cikaga")).toEqual({ redirectTo: "kelione-per-atlanta-1949" });
    expect(await page(visitor, "kelione-per-atlanta-1949")).toMatchObject({ title: "Kelionė per Atlantą 1949" });

    // The freed title is not free: a third story with it does not take the first story's old address.
    const third = await createStory(t.db, fields({ title: "Emigracija į Čikagą" }), editor);
    expect(third.slug).toBe("emigracija-i-cikaga-3");
    expect(await storyBySlug(t.db, treeId, visitor, "emigracija-i-cikaga")).toEqual({ redirectTo: "kelione-per-atlanta-1949" });

    // The first story given its old title back takes its old address again.
    expect(await saveStory(t.db, first.id, fields({ title: "Emigracija į Čikagą" }), editor)).toEqual({ slug: "emigracija-i-cikaga" });
    expect(await storyBySlug(t.db, treeId, visitor, "kelione-per-atlanta-1949")).toEqual({ redirectTo: "emigracija-i-cikaga" });

    // Capitals or the letters' marks in an address lead to the story.
    expect(await storyBySlug(t.db, treeId, visitor, "Emigracija-į-Čikagą")).toEqual({ redirectTo: "emigracija-i-cikaga" });
    // A title without letters still gives an address; an unknown one is no story.
    expect((await createStory(t.db, fields({ title: "?!" }), editor)).slug).toBe("pasakojimas");
    expect(await storyBySlug(t.db, treeId, visitor, "nera-tokio")).toBeNull();
  });
});

describe("two editors at once", () => {
  test("two stories of one title saved at the same moment get two addresses", async () => {
    const made = await Promise.all([
      createStory(t.db, fields({ title: "Kartu" }), editor),
      createStory(t.db, fields({ title: "Kartu" }), editor),
      createStory(t.db, fields({ title: "Kartu" }), editor),
    ]);
    expect(made.map((m) => m.slug).sort()).toEqual(["kartu", "kartu-2", "kartu-3"]);
    for (const { id, slug } of made) expect(await page(visitor, slug)).toMatchObject({ id });
  });
});

describe("who reads a story", () => {
  test("a draft is the editors' only; a family-only story is for members; both stay out of lists, search and the sitemap", async () => {
    const draft = await createStory(t.db, fields({ title: "Juodraštis apie karą", published: false }), editor);
    const family = await createStory(t.db, fields({ title: "Močiutės receptai", membersOnly: true }), editor);
    const open = await createStory(t.db, fields({ title: "Sodyba" }), editor);

    expect(await page(visitor, draft.slug)).toBeNull();
    expect(await page(member, draft.slug)).toBeNull();
    expect(await page(editorView, draft.slug)).toMatchObject({ title: "Juodraštis apie karą", published: false });
    expect(await page(visitor, family.slug)).toBeNull();
    expect(await page(member, family.slug)).toMatchObject({ title: "Močiutės receptai", membersOnly: true });

    expect((await storiesPage(t.db, VISITORS)).items.map((s) => s.slug)).toEqual([open.slug]);
    expect((await storiesPage(t.db, MEMBERS)).items.map((s) => s.slug)).toEqual([family.slug, open.slug]);
    expect((await storiesPage(t.db, VISITORS, { search: "receptai" })).total).toBe(0);
    expect(await publicStorySlugs(t.db)).toEqual([open.slug]);
    expect((await wholeHistory(t.db, treeId, visitor)).map((s) => s.slug)).toEqual([open.slug]);

    // Published: visitors read it.
    await saveStory(t.db, draft.id, fields({ title: "Juodraštis apie karą", published: true }), editor);
    expect(await page(visitor, draft.slug)).toMatchObject({ published: true });
  });

  test("a living person mentioned in a public story is 'Gyvas asmuo' to a visitor and named to a member; the person's page lists it only to those who see them", async () => {
    const grandfather = await person("Petras", "1880", "1950");
    const grandson = await person("Tomas", "1990");
    const story = await createStory(
      t.db,
      fields({ body: `Senelis [Petras Jonaitis](asmuo:${grandfather}) ir anūkas [Tomas](asmuo:${grandson}) sodino ąžuolą.` }),
      editor,
    );
    const forVisitor = (await page(visitor, story.slug)) as { html: string };
    expect(forVisitor.html).toContain(`<a href="/asmuo/${grandfather}">Petras Jonaitis</a>`);
    expect(forVisitor.html).toContain("Gyvas asmuo");
    expect(forVisitor.html).not.toContain("Tomas");
    expect(forVisitor.html).not.toContain(`/asmuo/${grandson}`);
    // Nothing else of the page carries the text as typed (the loader's data goes to the browser whole).
    expect(JSON.stringify(forVisitor)).not.toContain("Tomas");
    expect(JSON.stringify(await wholeHistory(t.db, treeId, visitor))).not.toContain("Tomas");
    const forMember = (await page(member, story.slug)) as { html: string };
    expect(forMember.html).toContain(`<a href="/asmuo/${grandson}">Tomas</a>`);

    expect(await storiesMentioning(t.db, VISITORS, grandfather)).toEqual([{ slug: story.slug, title: "Sodyba prie Miroslavo" }]);
    expect(await storiesMentioning(t.db, MEMBERS, grandson)).toHaveLength(1);
    // Search does not find a story by a mentioned person's name (they may be living).
    expect((await storiesPage(t.db, VISITORS, { search: "Tomas" })).total).toBe(0);
    // Named in the reference style ("[words][t]" with "[t]: asmuo:7"), or with a capital: the same rule.
    const referenced = await createStory(
      t.db,
      fields({ title: "Nuorodos", body: `Anūkas [Tomas Jonaitis][t] ir [Tomas](Asmuo:${grandson}) sodino.\n\n[t]: asmuo:${grandson}` }),
      editor,
    );
    const referencedHtml = ((await page(visitor, referenced.slug)) as { html: string }).html;
    expect(referencedHtml).toBe("<p>Anūkas Gyvas asmuo ir Gyvas asmuo sodino.</p>");
    expect(await storiesMentioning(t.db, MEMBERS, grandson)).toHaveLength(2);
    expect((await storiesPage(t.db, VISITORS, { search: "Tomas" })).total).toBe(0);
    // Someone the tree does not have: their words only for an editor, who sees everyone.
    const missing = await createStory(t.db, fields({ title: "Be medžio", body: "Kaimynė [Marė Nežinoma](asmuo:999999)." }), editor);
    expect(((await page(visitor, missing.slug)) as { html: string }).html).toBe("<p>Kaimynė Asmuo.</p>");
    expect(((await page(member, missing.slug)) as { html: string }).html).toBe("<p>Kaimynė Asmuo.</p>");
    expect(((await page(editorView, missing.slug)) as { html: string }).html).toBe("<p>Kaimynė Marė Nežinoma.</p>");
    // A plain link to the person's page, however it is written, follows the same rule (an attack used one).
    const plain = await createStory(
      t.db,
      fields({
        title: "Paprastos nuorodos",
        body: `[Tomas Jonaitis](/asmuo/${grandson}), [Tomas J.](/en/asmuo/${grandson}/) ir [Tomas](https://seima.example/asmuo/${grandson}?x=1).`,
      }),
      editor,
    );
    const plainHtml = ((await page(visitor, plain.slug)) as { html: string }).html;
    expect(plainHtml).toBe("<p>Gyvas asmuo, Gyvas asmuo ir Gyvas asmuo.</p>");
    expect(((await page(member, plain.slug)) as { html: string }).html).toContain(`<a href="/asmuo/${grandson}">Tomas Jonaitis</a>`);
    expect(await storiesMentioning(t.db, MEMBERS, grandson)).toHaveLength(3);
    // A link to another page of the site is left as it is.
    const other = await createStory(t.db, fields({ title: "Kita", body: "[Galerija](/galerija) ir [asmuo](/asmuo/abc)." }), editor);
    expect(((await page(visitor, other.slug)) as { html: string }).html).toBe(
      '<p><a href="/galerija">Galerija</a> ir <a href="/asmuo/abc">asmuo</a>.</p>',
    );
    // Person 1 is not person 11: ids are matched whole.
    expect(await storiesMentioning(t.db, VISITORS, Number(`${grandfather}1`))).toEqual([]);
  });
});

describe("a story's text", () => {
  test("typed HTML and javascript: links never reach the page; headings sit under the title; only the gallery's photos are shown", async () => {
    const story = await createStory(
      t.db,
      fields({
        body: [
          "# Antraštė",
          "",
          "### Poskyris",
          "",
          "<script>alert('x')</script>",
          "",
          '<img src=x onerror="alert(1)">',
          "",
          "[spustelėkite](javascript:alert(1)) ir [svetainė](https://example.com) ir **drąsiai**",
          "",
          "![svetima](https://example.com/a.jpg)",
          "",
          "> Citata",
          "",
          "- vienas",
          "- du",
        ].join("\n"),
      }),
      editor,
    );
    const { html } = (await page(visitor, story.slug)) as { html: string };
    expect(html).not.toMatch(/<script|onerror|javascript:|example\.com\/a\.jpg/i);
    expect(html).toContain("<h2>Antraštė</h2>");
    expect(html).toContain("<h3>Poskyris</h3>");
    // Headings never skip a level, whatever marks were typed, in the order they come.
    const headings = async (body: string) => {
      const made = await createStory(t.db, fields({ title: `Antraštės ${body.length}`, body }), editor);
      return [...((await page(visitor, made.slug)) as { html: string }).html.matchAll(/<(h\d)>([^<]*)</g)].map((m) => `${m[1]} ${m[2]}`);
    };
    expect(await headings("## A\n\n# B\n\n#### C")).toEqual(["h2 A", "h2 B", "h3 C"]);
    expect(await headings("# A\n\n- ### B\n\n## C")).toEqual(["h2 A", "h3 B", "h3 C"]);
    expect(html).toContain('<a href="https://example.com">svetainė</a>');
    expect(html).toContain("<strong>drąsiai</strong>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<li>du</li>");
    // The dangerous link keeps its words, without its address.
    expect(html).toContain("spustelėkite");
  });

  test("a gallery photo placed with a caption: a figure linking to the photo's page, left out for a visitor when family-only or removed; the photo's page lists the story", async () => {
    const [photo, other] = (await listGalleryItems(t.db, MEMBERS)).filter((item) => item.image);
    const story = await createStory(
      t.db,
      fields({ body: `Prieš karą:\n\n![Kluonas 1930 m.](nuotrauka:${photo.id})\n\nPo karo.`, coverPhotoId: other.id }),
      editor,
    );
    const shown = (await page(visitor, story.slug)) as { html: string; cover: unknown };
    expect(shown.html).toContain(`<figure><a href="/galerija/${photo.id}"><img src="/media/${photo.image!.id}/display.jpg"`);
    expect(shown.html).toContain("<figcaption>Kluonas 1930 m.</figcaption>");
    expect(shown.html).not.toMatch(/<p>\s*<figure/);
    expect(shown.cover).toEqual(other.image);
    expect(await storiesShowing(t.db, VISITORS, photo.id)).toEqual([{ slug: story.slug, title: "Sodyba prie Miroslavo" }]);
    // The cover counts as showing it too.
    expect(await storiesShowing(t.db, VISITORS, other.id)).toHaveLength(1);
    expect((await photoPage(t.db, VISITORS, { treeId, viewer: visitor }, photo.id))!.stories).toHaveLength(1);

    await updateGalleryItem(t.db, t.media, photo.id, { ...photo, membersOnly: true });
    expect(((await page(visitor, story.slug)) as { html: string }).html).not.toContain("figure");
    expect(((await page(member, story.slug)) as { html: string }).html).toContain("<figcaption>Kluonas 1930 m.</figcaption>");

    await removeGalleryItem(t.db, t.media, other.id);
    const withoutCover = (await page(member, story.slug)) as { cover: unknown };
    expect(withoutCover.cover).toBeNull();
  });

  test("search finds stories by their words, case and diacritics aside, every word required; never by a photo's caption", async () => {
    const [photo] = (await listGalleryItems(t.db, MEMBERS)).filter((item) => item.image);
    await updateGalleryItem(t.db, t.media, photo.id, { ...photo, membersOnly: true });
    await createStory(
      t.db,
      fields({ title: "Žemės reforma", body: `Šeima gavo naują sklypą prie Nemuno.\n\n![Gintarė prie namų](nuotrauka:${photo.id})` }),
      editor,
    );
    await createStory(t.db, fields({ title: "Kelionė", body: "Į Čikagą laivu." }), editor);
    const found = async (search: string) => (await storiesPage(t.db, VISITORS, { search })).items.map((s) => s.title);
    expect(await found("zemes")).toEqual(["Žemės reforma"]);
    expect(await found("SEIMA sklypa")).toEqual(["Žemės reforma"]);
    expect(await found("cikaga")).toEqual(["Kelionė"]);
    expect(await found("Miroslavas")).toEqual(["Žemės reforma", "Kelionė"]);
    // The family-only photo is not on a visitor's page, nor is its caption in what search reads.
    expect(await found("Gintare")).toEqual([]);
    expect(await found("sklypą Čikagą")).toEqual([]);
    // LIKE's own marks are letters like any other.
    expect(await found("%")).toEqual([]);
    expect(await found("_")).toEqual([]);
    expect(await found("z%s")).toEqual([]);
  });
});

describe("search in English", () => {
  test("finds a story by its English words; a save without the English keeps them found, one that empties it does not", async () => {
    const { id } = await createStory(
      t.db,
      fields({ title: "Sodyba", body: "Sodyba stovėjo prie kelio.", titleEn: "The farmstead", bodyEn: "It stood by the road to Kaunas." }),
      editor,
    );
    const found = async (search: string) => (await storiesPage(t.db, VISITORS, { search })).items.map((s) => s.id);
    expect(await found("farmstead")).toEqual([id]);
    expect(await found("road kaunas")).toEqual([id]);
    expect(await found("stovejo")).toEqual([id]);
    // A save that sends no English (the fields left out) keeps the stored English, and its words found.
    await saveStory(t.db, id, fields({ title: "Sodyba", body: "Sodyba stovėjo prie vieškelio." }), editor);
    expect(await found("farmstead")).toEqual([id]);
    expect(await found("vieskelio")).toEqual([id]);
    // A save that empties the English: its words no longer find the story.
    await saveStory(t.db, id, fields({ title: "Sodyba", body: "Sodyba.", titleEn: "", leadEn: "", bodyEn: "" }), editor);
    expect(await found("farmstead")).toEqual([]);
  });

  test("migration 0025: a story given its English before it finds it by its English words after", async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    const { id } = await createStory(t.db, fields({ title: "Sodyba", body: "Sodyba." }), editor);
    expect((await migrator.migrateTo("0024_user_language")).error).toBeUndefined();
    // As an installation had it: the English stored, the search text made from the Lithuanian alone.
    await t.db
      .updateTable("stories")
      .set({ translations: storeTranslations({ en: { title: "The farmstead", lead: "", body: "By the road." } }), searchText: "sodyba" })
      .where("id", "=", id)
      .execute();
    expect((await storiesPage(t.db, VISITORS, { search: "farmstead" })).total).toBe(0);
    await migrateToLatest(t.db);
    expect((await storiesPage(t.db, VISITORS, { search: "farmstead road" })).items.map((s) => s.id)).toEqual([id]);
    expect((await storiesPage(t.db, VISITORS, { search: "sodyba" })).items.map((s) => s.id)).toEqual([id]);
  });
});

test("migration 0028: a story saved with a plain link to a person's page lists them among the people it names", async () => {
  const someone = await person("Jonas", "1900", "1970");
  const { id } = await createStory(t.db, fields({ body: `[Jonas](/asmuo/${someone}) arė.` }), editor);
  const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0027_password_checks")).error).toBeUndefined();
  // As the older code stored it: the plain link not counted.
  await t.db.updateTable("stories").set({ personIds: "" }).where("id", "=", id).execute();
  expect(await storiesMentioning(t.db, MEMBERS, someone)).toEqual([]);
  await migrateToLatest(t.db);
  expect(await storiesMentioning(t.db, MEMBERS, someone)).toHaveLength(1);
});

describe("editing stories", () => {
  test("the form: the title is required, years are checked, nothing is lost", () => {
    const bad = readForm(form({ title: "  ", yearFrom: "19a0", yearTo: "1800", body: "Tekstas" }), STORY_FORM);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual({
      title: "Įrašykite pasakojimo pavadinimą.",
      yearFrom: "Įrašykite metus nuo 1000 iki 2100, pavyzdžiui 1923.",
    });
    expect(bad.typed.body).toBe("Tekstas");
    const reversed = readForm(form({ title: "A", yearFrom: "1940", yearTo: "1920" }), STORY_FORM);
    expect(reversed).toMatchObject({ ok: false, errors: { yearTo: "Pabaigos metai negali būti ankstesni už pradžios." } });
    const good = readForm(form({ title: " Karas ", yearFrom: "1941", published: "1", membersOnly: "1" }), STORY_FORM);
    expect(good).toMatchObject({ ok: true, value: { title: "Karas", yearFrom: 1941, yearTo: null, published: true, membersOnly: true } });
    // Over-long is refused with the limit named, never cut.
    expect(readForm(form({ title: "A", era: "ą".repeat(101) }), STORY_FORM)).toMatchObject({
      ok: false,
      errors: { era: "Laukas „Laikotarpis“ per ilgas: daugiausia 100 simbolių." },
    });
  });

  test("every save is a revision; restoring one makes its text current again as a new revision, the marks as they are", async () => {
    const story = await createStory(t.db, fields({ body: "Pirmas tekstas." }), editor);
    await saveStory(t.db, story.id, fields({ body: "Antras tekstas.", membersOnly: true }), editor);
    const editing = (await storyForEditing(t.db, story.id))!;
    expect(editing.revisions).toHaveLength(2);
    const oldest = editing.revisions[1];
    expect(editing.revisions.map((r) => r.length)).toEqual([
      fields().title.length + fields().lead.length + "Antras tekstas.".length,
      fields().title.length + fields().lead.length + "Pirmas tekstas.".length,
    ]);
    // What restoring it would change: the text, word by word.
    expect(await compareStoryRevision(t.db, story.id, oldest.id)).toEqual([
      {
        label: "Tekstas",
        parts: [
          { kind: "goes", text: "Antras" },
          { kind: "comes", text: "Pirmas" },
          { kind: "same", text: " tekstas." },
        ],
      },
    ]);
    expect(await restoreStoryRevision(t.db, story.id, oldest.id, editor)).toBe("restored");
    const after = (await storyForEditing(t.db, story.id))!;
    expect(after.fields).toMatchObject({ body: "Pirmas tekstas.", membersOnly: true });
    expect(after.revisions).toHaveLength(3);
    expect(await restoreStoryRevision(t.db, story.id, 999_999, editor)).toBe("missing");
    expect(await compareStoryRevision(t.db, story.id, 999_999)).toBeNull();
  });

  test("a version without text over a published story is restored only when confirmed; a draft's at once", async () => {
    const story = await createStory(t.db, fields({ lead: "", body: "", published: false }), editor);
    const empty = (await storyForEditing(t.db, story.id))!.revisions[0].id;
    await saveStory(t.db, story.id, fields({ body: "Tekstas lankytojams." }), editor);
    expect(await restoreStoryRevision(t.db, story.id, empty, editor)).toBe("confirm");
    expect((await storyForEditing(t.db, story.id))!.fields.body).toBe("Tekstas lankytojams.");
    expect(await restoreStoryRevision(t.db, story.id, empty, editor, true)).toBe("restored");
    expect((await storyForEditing(t.db, story.id))!.fields).toMatchObject({ body: "", published: true });
    // A draft is no one's page yet: no question.
    await saveStory(t.db, story.id, fields({ body: "Juodraštis.", published: false }), editor);
    expect(await restoreStoryRevision(t.db, story.id, empty, editor)).toBe("restored");
  });

  test("the order is the family's; every write is in the change history and undone exactly", async () => {
    const a = await createStory(t.db, fields({ title: "A" }), editor);
    const b = await createStory(t.db, fields({ title: "B" }), editor);
    expect(await moveStory(t.db, b.id, "up", editor)).toBe(true);
    expect((await storiesForEditors(t.db, MEMBERS)).map((s) => s.title)).toEqual(["B", "A"]);

    const before = await contentOf(t.db);
    await saveStory(t.db, a.id, fields({ title: "A pakeistas", body: "Naujas" }), editor);
    const [saved] = (await listChanges(t.db, { subjectKind: "story" }, 1)).items;
    expect(summaryIn(saved.summary, serverT("lt"))).toBe("Pakeistas pasakojimas „A pakeistas“");
    expect(summaryIn(saved.summary, serverT("en"))).toBe("Story “A pakeistas” changed");
    expect(await undoChange(t.db, saved.id, editor)).toMatchObject({ ok: true });
    const undone = await contentOf(t.db);
    expect(undone.stories).toEqual(before.stories);
    expect(undone.storySlugs).toEqual(before.storySlugs);
    expect(undone.storyRevisions).toEqual(before.storyRevisions);

    expect(await removeStory(t.db, a.id, editor)).toBe(true);
    expect(await storyBySlug(t.db, treeId, editorView, a.slug)).toBeNull();
    const [removal] = (await listChanges(t.db, { subjectKind: "story" }, 1)).items;
    expect(await undoChange(t.db, removal.id, editor)).toMatchObject({ ok: true });
    expect((await storyForEditing(t.db, a.id))!.revisions).toHaveLength(1);
    expect(await page(visitor, a.slug)).toMatchObject({ title: "A" });
  });

  test("stories are in backups, and a restored installation numbers new ones after them", async () => {
    const story = await createStory(t.db, fields(), editor);
    await saveStory(t.db, story.id, fields({ title: "Kitas pavadinimas" }), editor);
    const file = path.join(t.dir, "kopija.tar.gz");
    await writeBackup(t.db, t.database.kind, t.media, file);
    const target = await createEmptyDatabase();
    try {
      await restoreBackup(target.db, target.database.kind, target.media, file);
      const [restored, original] = [await contentOf(target.db), await contentOf(t.db)];
      expect(restored.stories).toEqual(original.stories);
      expect(restored.storySlugs).toHaveLength(2);
      expect(restored.storySlugs).toEqual(original.storySlugs);
      expect(restored.storyRevisions).toEqual(original.storyRevisions);
      expect((await createStory(target.db, fields({ title: "Naujas" }), null)).id).toBeGreaterThan(story.id);
    } finally {
      await target.close();
    }
  });
});
