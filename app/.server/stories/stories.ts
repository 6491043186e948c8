import { sql } from "kysely";
import { inLanguage, parseTranslations, shown, storeTranslations } from "#app/lib/translations.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { requestLanguage, requestT } from "#app/.server/platform/request-language.ts";
import type { ImageRef } from "#app/lib/media.ts";
import { searchKey } from "#app/lib/lithuanian.ts";
import { pageOffset, pageCount, type Page } from "#app/lib/paging.ts";
import { z } from "zod";
import { STORIES_PAGE_SIZE, STORY_FIELD_MESSAGES, STORY_LIMITS, STORY_YEARS, slugOf, type StoryField } from "#app/lib/stories.ts";
import {
  storyHtml,
  storySearchText,
  storyReferences,
  UNKNOWN_PERSON_LABEL,
  type StoryPerson,
  type StoryPhoto,
} from "#app/lib/story-text.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { recordSubject, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import { now, retryOnConflict } from "#app/.server/platform/db/writes.ts";
import { checkbox, fieldMessages, idField, textField, wholeNumberField } from "#app/.server/platform/form.ts";
import { compareVersions, hasText, type FieldDiff, type VersionSummary } from "#app/.server/platform/versions.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { galleryItemsByIds } from "#app/.server/gallery/gallery.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";

// Stories of the family's history (issue 19): chapters beside the spec's
// one history text, each at /istorija/<slug>. A story is a draft until
// published (editors only see drafts), may be for the family only, and keeps
// a revision of every save, restored as the history's are (a copy on top).
// The address follows the title; every address a story had stays its own in
// story_slugs and redirects to the current one, so no link given out breaks
// and no other story can take it. Every write is in the change history under
// the subject "story" (decision 022). See docs/decisions/027.

/** What an editor writes: a story's content and its two marks. */
export interface StoryFields {
  title: string;
  lead: string;
  body: string;
  era: string;
  yearFrom: number | null;
  yearTo: number | null;
  places: string;
  coverPhotoId: number | null;
  membersOnly: boolean;
  published: boolean;
  /** Its title, lead and text in English (issue 30); '' when not written. Left as stored when all three are absent. */
  titleEn?: string;
  leadEn?: string;
  bodyEn?: string;
}

/** A story in a list: what its card shows. */
export interface StorySummary {
  id: number;
  slug: string;
  title: string;
  lead: string;
  era: string;
  yearFrom: number | null;
  yearTo: number | null;
  places: string;
  published: boolean;
  membersOnly: boolean;
  /** The cover as the reader may see it; null when there is none or it is for the family only. */
  cover: ImageRef | null;
  /** The language its title and lead are in: the page's, or Lithuanian where no English was written. */
  lang: Locale;
}

/** A story as a reader gets it: its text made into safe HTML for that reader. */
export interface StoryPage extends StorySummary {
  html: string;
  /** The language of its text. */
  textLang: Locale;
  updatedAt: string;
  /** The cover's gallery photo (its page), when the reader may see it. */
  coverPhotoId: number | null;
}

export type StoryRevisionSummary = VersionSummary;

/** The texts a story's version holds, as compared before a restore. */
const VERSION_TEXTS = ["title", "lead", "body", "era", "places"] as const satisfies readonly StoryField[];

const SUMMARY_COLUMNS = [
  "stories.id",
  "stories.slug",
  "stories.title",
  "stories.lead",
  "stories.era",
  "stories.yearFrom",
  "stories.yearTo",
  "stories.places",
  "stories.published",
  "stories.membersOnly",
  "stories.coverPhotoId",
  "stories.translations",
] as const;

/** A story's rows, for the change history: the story, its addresses and its revisions. */
function storyScopes(id: number): Scope[] {
  return [
    scope("stories", (q) => q.where("id", "=", id)),
    scope("storySlugs", (q) => q.where("storyId", "=", id)),
    scope("storyRevisions", (q) => q.where("storyId", "=", id)),
  ];
}

/** The stories this audience may read: published, and for the family only to members and above. */
function readable(db: Database, audience: Audience) {
  return db
    .selectFrom("stories")
    .where("stories.published", "=", 1)
    .$if(!audience.members, (q) => q.where("stories.membersOnly", "=", 0));
}

/** The covers the audience may see, by photo id. */
async function covers(db: Database, audience: Audience, ids: (number | null)[]): Promise<Map<number, ImageRef>> {
  const photos = await galleryItemsByIds(
    db,
    audience,
    ids.filter((id): id is number => id !== null),
  );
  return new Map(photos.filter((p) => p.image).map((p) => [p.id, p.image!]));
}

/** A story's summary as its row holds it: the marks as numbers, the cover as a photo's id. */
type SummaryRow = Omit<StorySummary, "published" | "membersOnly" | "cover" | "lang"> & {
  published: number;
  membersOnly: number;
  coverPhotoId: number | null;
  translations: string;
};

async function withCovers(db: Database, audience: Audience, rows: SummaryRow[]): Promise<StorySummary[]> {
  const found = await covers(
    db,
    audience,
    rows.map((row) => row.coverPhotoId),
  );
  const locale = requestLanguage();
  return rows.map(({ coverPhotoId, published, membersOnly, translations, ...row }) => ({
    ...row,
    // The title and lead in the request's language, where the family wrote them.
    ...inLanguage(locale, row, parseTranslations(translations), ["title", "lead"]).texts,
    lang: shown(locale, row.title, parseTranslations(translations), "title").lang,
    published: published === 1,
    membersOnly: membersOnly === 1,
    cover: coverPhotoId === null ? null : (found.get(coverPhotoId) ?? null),
  }));
}

/** A search's words as LIKE patterns over the folded text: every word must be there, diacritics and case aside. */
function searchWords(search: string): string[] {
  return searchKey(search)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10)
    .map((word) => `%${word.replace(/[\\%_]/g, "\\$&")}%`);
}

/** One page of the stories the audience may read, in the family's order; with `search`, those whose words contain it. */
export async function storiesPage(
  db: Database,
  audience: Audience,
  { search = "", page = 1 }: { search?: string; page?: number } = {},
): Promise<Page<StorySummary>> {
  const words = searchWords(search);
  const selected = () =>
    words.reduce((q, word) => q.where(sql<boolean>`${sql.ref("stories.searchText")} like ${word} escape '\\'`), readable(db, audience));
  const [{ total }, rows] = await Promise.all([
    selected()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    selected()
      .select(SUMMARY_COLUMNS)
      .orderBy("stories.position")
      .orderBy("stories.id")
      .limit(STORIES_PAGE_SIZE)
      .offset(pageOffset(page, STORIES_PAGE_SIZE))
      .execute(),
  ]);
  const count = Number(total);
  return { items: await withCovers(db, audience, rows), total: count, page, pages: pageCount(count, STORIES_PAGE_SIZE) };
}

/** The most a whole-history page prints. */
const WHOLE_HISTORY_MAX = 200;

/** Every story the reader may read, in order, each with its text: the whole history, for printing. */
export async function wholeHistory(db: Database, treeId: number | null, viewer: Viewer): Promise<StoryPage[]> {
  const rows = await readable(db, viewer)
    .select([...SUMMARY_COLUMNS, "stories.body", "stories.updatedAt"])
    .orderBy("stories.position")
    .orderBy("stories.id")
    .limit(WHOLE_HISTORY_MAX)
    .execute();
  // Each story's title an h2 under the history's h1: the text's headings from h3.
  return readerPages(db, treeId, viewer, rows, 3);
}

async function readerPages(
  db: Database,
  treeId: number | null,
  viewer: Viewer,
  rows: (SummaryRow & { body: string; updatedAt: string })[],
  headingTop: 2 | 3 = 2,
): Promise<StoryPage[]> {
  const refs = await references(
    db,
    treeId,
    viewer,
    rows.map((row) => shown(requestLanguage(), row.body, parseTranslations(row.translations), "body").text),
  );
  // The text as typed never leaves the server: it names whom the reader may not see ("Gyvas asmuo").
  const summaries = await withCovers(
    db,
    viewer,
    rows.map(({ body, updatedAt, ...row }) => row),
  );
  const locale = requestLanguage();
  return rows.map((row, i) => {
    const body = shown(locale, row.body, parseTranslations(row.translations), "body");
    return {
      ...summaries[i],
      html: storyHtml(body.text, { ...refs, locale }, headingTop),
      textLang: body.lang,
      updatedAt: row.updatedAt,
      coverPhotoId: summaries[i].cover ? row.coverPhotoId : null,
    };
  });
}

/** What the reader may see of the photos and people these texts name. */
async function references(db: Database, treeId: number | null, viewer: Viewer, bodies: string[]) {
  const photoIds = new Set<number>();
  const personIds = new Set<number>();
  for (const body of bodies) {
    const refs = storyReferences(body);
    for (const id of refs.photoIds) photoIds.add(id);
    for (const id of refs.personIds) personIds.add(id);
  }
  const [photos, people] = await Promise.all([
    galleryItemsByIds(db, viewer, [...photoIds]),
    treeId === null ? ({} as Awaited<ReturnType<typeof summaries>>) : summaries(db, treeId, [...personIds], viewer),
  ]);
  return {
    photos: new Map<number, StoryPhoto>(photos.filter((p) => p.image).map((p) => [p.id, { id: p.id, title: p.title, image: p.image! }])),
    people: new Map<number, StoryPerson>(Object.values(people).map((p) => [p.id, { id: p.id, hiddenAs: p.hidden ? p.name : null }])),
    // A mention of someone not in the tree (removed, another tree, no tree): whether they are living is
    // unknown, so only a reader who sees everyone reads the words the editor wrote.
    unknownPersonAs: viewer.seesPrivate ? null : UNKNOWN_PERSON_LABEL,
  };
}

export type StoryLookup = { story: StoryPage } | { redirectTo: string } | null;

/**
 * The story at an address, as this reader may read it: an earlier address
 * answers with the current one (a redirect); a draft is for editors only, a
 * story for the family only for members; otherwise null (not found).
 */
export async function storyBySlug(db: Database, treeId: number | null, viewer: Viewer, slug: string): Promise<StoryLookup> {
  const row = await db
    .selectFrom("storySlugs")
    .innerJoin("stories", "stories.id", "storySlugs.storyId")
    .select([...SUMMARY_COLUMNS, "stories.body", "stories.updatedAt"])
    .where("storySlugs.slug", "=", slug)
    .executeTakeFirst();
  if (!row) {
    // An address typed or pasted with capitals or the letters' marks ("Emigracija-į-Čikagą") leads to its story.
    const plain = slugOf(slug);
    return plain !== slug
      ? storyBySlug(db, treeId, viewer, plain).then((found) => (found && "story" in found ? { redirectTo: plain } : found))
      : null;
  }
  const mayRead = (row.published === 1 || viewer.seesPrivate) && (row.membersOnly === 0 || viewer.members);
  if (!mayRead) return null;
  if (row.slug !== slug) return { redirectTo: row.slug };
  return { story: (await readerPages(db, treeId, viewer, [row]))[0] };
}

/** The stories the audience may read that mention this person (a person's page lists them). */
export async function storiesMentioning(db: Database, audience: Audience, personId: number): Promise<{ slug: string; title: string }[]> {
  const rows = await readable(db, audience)
    .select(["stories.slug", "stories.title", "stories.translations"])
    .where("stories.personIds", "like", `%,${personId},%`)
    .orderBy("stories.position")
    .orderBy("stories.id")
    .limit(100)
    .execute();
  return rows.map(titleInLanguage);
}

/** A story's address and its title in the request's language. */
function titleInLanguage(row: { slug: string; title: string; translations: string }): { slug: string; title: string } {
  return { slug: row.slug, title: shown(requestLanguage(), row.title, parseTranslations(row.translations), "title").text };
}

/** The stories the audience may read that show this photo, in the text or as the cover (a photo's page lists them). */
export async function storiesShowing(db: Database, audience: Audience, photoId: number): Promise<{ slug: string; title: string }[]> {
  const rows = await readable(db, audience)
    .select(["stories.slug", "stories.title", "stories.translations"])
    .where("stories.photoIds", "like", `%,${photoId},%`)
    .orderBy("stories.position")
    .orderBy("stories.id")
    .limit(100)
    .execute();
  return rows.map(titleInLanguage);
}

/** The addresses of the stories a visitor may read, in order (the sitemap). */
export async function publicStorySlugs(db: Database): Promise<string[]> {
  const rows = await readable(db, { members: false }).select("stories.slug").orderBy("stories.position").orderBy("stories.id").execute();
  return rows.map((row) => row.slug);
}

/** Every story, drafts and the family's own included, for the editors' list. */
export async function storiesForEditors(db: Database, audience: Audience): Promise<StorySummary[]> {
  const rows = await db.selectFrom("stories").select(SUMMARY_COLUMNS).orderBy("position").orderBy("id").execute();
  return withCovers(db, audience, rows);
}

/** A story being edited, with its revisions (newest first). */
export async function storyForEditing(
  db: Database,
  id: number,
): Promise<{ id: number; slug: string; fields: StoryFields; updatedAt: string; revisions: StoryRevisionSummary[] } | null> {
  const row = await db.selectFrom("stories").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const revisions = (
    await db
      .selectFrom("storyRevisions")
      .select(["id", "createdAt", "author", "title", sql<number>`length(title) + length(lead) + length(body)`.as("length")])
      .where("storyId", "=", id)
      .orderBy("id", "desc")
      .limit(100)
      .execute()
  ).map((r) => ({ ...r, length: Number(r.length) }));
  return {
    id: row.id,
    slug: row.slug,
    updatedAt: row.updatedAt,
    fields: {
      title: row.title,
      lead: row.lead,
      body: row.body,
      era: row.era,
      yearFrom: row.yearFrom,
      yearTo: row.yearTo,
      places: row.places,
      coverPhotoId: row.coverPhotoId,
      membersOnly: row.membersOnly === 1,
      published: row.published === 1,
      ...englishOf(row.translations),
    },
    revisions,
  };
}

export type StoryFormValues = Record<Exclude<StoryField, "yearFrom" | "yearTo" | "coverPhotoId">, string> & {
  yearFrom: string;
  yearTo: string;
  coverPhotoId: string;
  membersOnly: boolean;
  published: boolean;
  titleEn: string;
  leadEn: string;
  bodyEn: string;
};

// Checked together with the fields (a wrong year and an empty title are named at once).
const always = { when: () => true };

/** A one-line field: trimmed, its spaces made single. */
const oneLine = (field: "title" | "era" | "places") =>
  textField(STORY_FIELD_MESSAGES[field], {
    max: STORY_LIMITS[field],
    optional: field !== "title",
    required: "adminContent.story.error.titleRequired",
  }).transform((value) => value.replace(/\s+/g, " "));

const year = (field: "yearFrom" | "yearTo") =>
  wholeNumberField(STORY_FIELD_MESSAGES[field], {
    min: STORY_YEARS[0],
    max: STORY_YEARS[1],
    optional: true,
    // Its words name STORY_YEARS (1000 and 2100).
    message: "adminContent.story.error.year",
  });

/**
 * The story editor's form (and a new story's, which sends only the title):
 * the title is required, years are whole years in range and in order,
 * nothing too long; the text is kept as typed (Markdown's indentation).
 */
export const STORY_FORM = z
  .object({
    title: oneLine("title"),
    lead: textField(STORY_FIELD_MESSAGES.lead, { max: STORY_LIMITS.lead, optional: true }),
    body: textField(STORY_FIELD_MESSAGES.body, { max: STORY_LIMITS.body, optional: true, keepSpaces: true }),
    era: oneLine("era"),
    yearFrom: year("yearFrom"),
    yearTo: year("yearTo"),
    places: oneLine("places"),
    coverPhotoId: idField("adminContent.story.error.cover"),
    membersOnly: checkbox(),
    published: checkbox(),
    // In English (issue 30), each optional; a form without them (a new story's) leaves them as stored.
    titleEn: z.string().optional(),
    leadEn: z.string().optional(),
    bodyEn: z.string().optional(),
  })
  .superRefine((story, ctx) => {
    if (typeof story.yearFrom === "number" && typeof story.yearTo === "number" && story.yearFrom > story.yearTo)
      ctx.addIssue({ code: "custom", path: ["yearTo"], message: requestT()("adminContent.story.error.yearsOrder") });
    for (const [field, max] of [
      ["titleEn", STORY_LIMITS.title],
      ["leadEn", STORY_LIMITS.lead],
      ["bodyEn", STORY_LIMITS.body],
    ] as const) {
      const value = story[field];
      if (value !== undefined && value.length > max)
        ctx.addIssue({ code: "custom", path: [field], message: fieldMessages.tooLong(`adminContent.story.${field}`, max) });
    }
  }, always) satisfies z.ZodType<StoryFields>;

/** The form's values for a story as stored (the editor starts from them). */
export function formValues(fields: StoryFields): StoryFormValues {
  return {
    ...fields,
    yearFrom: fields.yearFrom === null ? "" : String(fields.yearFrom),
    yearTo: fields.yearTo === null ? "" : String(fields.yearTo),
    coverPhotoId: fields.coverPhotoId === null ? "" : String(fields.coverPhotoId),
    titleEn: fields.titleEn ?? "",
    leadEn: fields.leadEn ?? "",
    bodyEn: fields.bodyEn ?? "",
  };
}

const ids = (list: number[]) => (list.length ? `,${list.join(",")},` : "");

/** A row's English, each field '' when not written. */
function englishOf(translations: string): Required<Pick<StoryFields, "titleEn" | "leadEn" | "bodyEn">> {
  const en = parseTranslations(translations).en ?? {};
  return { titleEn: en.title ?? "", leadEn: en.lead ?? "", bodyEn: en.body ?? "" };
}

/** The English a save sends, as stored; null when it sends none (left as stored). */
function englishColumn(fields: Pick<StoryFields, "titleEn" | "leadEn" | "bodyEn">): string | null {
  if (fields.titleEn === undefined && fields.leadEn === undefined && fields.bodyEn === undefined) return null;
  const title = (fields.titleEn ?? "").trim().replace(/\s+/g, " ");
  const lead = (fields.leadEn ?? "").trim();
  const body = (fields.bodyEn ?? "").replace(/\r\n?/g, "\n");
  return storeTranslations({ en: { title, lead, body } });
}

/**
 * The columns a story's content decides: the derived ones (references, search)
 * with it. The search finds the English too: the English the save sends, or
 * as stored (`stored`) when it sends none.
 */
function contentColumns(fields: Omit<StoryFields, "membersOnly" | "published">, stored = "{}") {
  const english = englishColumn(fields);
  const refs = storyReferences(fields.body);
  const photos = fields.coverPhotoId === null ? refs.photoIds : [...new Set([fields.coverPhotoId, ...refs.photoIds])];
  return {
    title: fields.title,
    lead: fields.lead,
    body: fields.body,
    era: fields.era,
    yearFrom: fields.yearFrom,
    yearTo: fields.yearTo,
    places: fields.places,
    coverPhotoId: fields.coverPhotoId,
    personIds: ids(refs.personIds),
    photoIds: ids(photos),
    searchText: storySearchText(fields, parseTranslations(english ?? stored).en),
    ...(english === null ? {} : { translations: english }),
  };
}

/**
 * The address for a title: the title's own when free or already this story's
 * (an earlier title of it), else the first of "-2", "-3"… that is.
 */
async function freeSlug(tx: Database, title: string, storyId: number | null): Promise<string> {
  const base = slugOf(title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const owner = await tx.selectFrom("storySlugs").select("storyId").where("slug", "=", candidate).executeTakeFirst();
    if (!owner || owner.storyId === storyId) return candidate;
  }
}

/**
 * Makes the title's address the story's current one, keeping every earlier
 * one (they redirect). An address taken meanwhile by another story's save is
 * a unique violation, and the caller's transaction runs again.
 */
async function settleSlug(tx: Database, id: number, title: string): Promise<string> {
  const slug = await freeSlug(tx, title, id);
  const own = await tx.selectFrom("storySlugs").select("slug").where("slug", "=", slug).where("storyId", "=", id).executeTakeFirst();
  if (!own) await tx.insertInto("storySlugs").values({ slug, storyId: id }).execute();
  return slug;
}

async function addRevision(tx: Database, storyId: number, fields: Omit<StoryFields, "membersOnly" | "published">, author: string | null) {
  const { title, lead, body, era, yearFrom, yearTo, places, coverPhotoId } = fields;
  // A revision keeps the English as the story now has it (a save without it left it as stored).
  const translations =
    englishColumn(fields) ??
    (await tx.selectFrom("stories").select("translations").where("id", "=", storyId).executeTakeFirst())?.translations ??
    "{}";
  await tx
    .insertInto("storyRevisions")
    .values({ storyId, title, lead, body, era, yearFrom, yearTo, places, coverPhotoId, translations, createdAt: now(), author })
    .execute();
}

/** A new story at the end of the list; its id and address. */
export async function createStory(db: Database, fields: StoryFields, by: Actor | null): Promise<{ id: number; slug: string }> {
  // Two saves choosing one free address at once (PostgreSQL runs them side by side): the second, refused
  // by the address's uniqueness, runs again and takes the next.
  const { result } = await retryOnConflict(() =>
    recordSubject(
      db,
      "story",
      by,
      (r: { id: number }) => ({ id: r.id, summary: { id: "changes.summary.story.created", values: { title: fields.title } } }),
      [],
      async (tx) => {
        const { last } = await tx
          .selectFrom("stories")
          .select((eb) => eb.fn.max("position").as("last"))
          .executeTakeFirstOrThrow();
        const at = now();
        // A provisional address, unique by construction, replaced in the same transaction once the id is known.
        const provisional = `-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const { id } = await tx
          .insertInto("stories")
          .values({
            ...contentColumns(fields),
            slug: provisional,
            published: fields.published ? 1 : 0,
            membersOnly: fields.membersOnly ? 1 : 0,
            position: Number(last ?? 0) + 1,
            createdAt: at,
            updatedAt: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const slug = await settleSlug(tx, id, fields.title);
        await tx.updateTable("stories").set({ slug }).where("id", "=", id).execute();
        await addRevision(tx, id, fields, by?.username ?? null);
        return { id, slug };
      },
      (r) => storyScopes(r.id),
    ),
  );
  return result;
}

/** Saves a story (a new revision); its address, or null when there is no such story. */
export async function saveStory(db: Database, id: number, fields: StoryFields, by: Actor | null): Promise<{ slug: string } | null> {
  const { result } = await retryOnConflict(() =>
    recordSubject(
      db,
      "story",
      by,
      { id, summary: { id: "changes.summary.story.changed", values: { title: fields.title } } },
      storyScopes(id),
      async (tx) => {
        const current = await tx.selectFrom("stories").select(["title", "slug", "translations"]).where("id", "=", id).executeTakeFirst();
        if (!current) return null;
        const slug = current.title === fields.title ? current.slug : await settleSlug(tx, id, fields.title);
        await tx
          .updateTable("stories")
          .set({
            ...contentColumns(fields, current.translations),
            slug,
            published: fields.published ? 1 : 0,
            membersOnly: fields.membersOnly ? 1 : 0,
            updatedAt: now(),
          })
          .where("id", "=", id)
          .execute();
        await addRevision(tx, id, fields, by?.username ?? null);
        return { slug };
      },
    ),
  );
  return result;
}

/** What restoring a version would change in the story's texts, field by field; null when either is missing. */
export async function compareStoryRevision(db: Database, storyId: number, revisionId: number): Promise<FieldDiff[] | null> {
  const [revision, story] = await Promise.all([
    db.selectFrom("storyRevisions").select(VERSION_TEXTS).where("id", "=", revisionId).where("storyId", "=", storyId).executeTakeFirst(),
    db.selectFrom("stories").select(VERSION_TEXTS).where("id", "=", storyId).executeTakeFirst(),
  ]);
  if (!revision || !story) return null;
  // The fields' names in the language of the editor's page.
  const t = requestT();
  const labels = Object.fromEntries(VERSION_TEXTS.map((field) => [field, t(STORY_FIELD_MESSAGES[field])])) as Record<
    (typeof VERSION_TEXTS)[number],
    string
  >;
  return compareVersions(labels, story, revision);
}

/**
 * Makes an earlier revision the story's text again (saved as a new revision;
 * the marks stay). A version with no text over a published story that has
 * some would blank it for every visitor at once: that is done only
 * `confirmed`, else "confirm" is the answer.
 */
export async function restoreStoryRevision(
  db: Database,
  storyId: number,
  revisionId: number,
  by: Actor | null,
  confirmed = false,
): Promise<"restored" | "missing" | "confirm"> {
  const [revision, story] = await Promise.all([
    db.selectFrom("storyRevisions").selectAll().where("id", "=", revisionId).where("storyId", "=", storyId).executeTakeFirst(),
    db.selectFrom("stories").select(["published", "membersOnly", "lead", "body"]).where("id", "=", storyId).executeTakeFirst(),
  ]);
  if (!revision || !story) return "missing";
  const empties = story.published === 1 && hasText(["lead", "body"], story) && !hasText(["lead", "body"], revision);
  if (empties && !confirmed) return "confirm";
  const { translations, ...fields } = revision;
  const saved = await saveStory(
    db,
    storyId,
    { ...fields, ...englishOf(translations), published: story.published === 1, membersOnly: story.membersOnly === 1 },
    by,
  );
  return saved !== null ? "restored" : "missing";
}

/** Removes a story, its addresses and revisions (the change history can bring them back); false when there is none. */
export async function removeStory(db: Database, id: number, by: Actor | null): Promise<boolean> {
  const story = await db.selectFrom("stories").select("title").where("id", "=", id).executeTakeFirst();
  if (!story) return false;
  const { result } = await recordSubject(
    db,
    "story",
    by,
    { id, summary: { id: "changes.summary.story.removed", values: { title: story.title } } },
    storyScopes(id),
    async (tx) => Number((await tx.deleteFrom("stories").where("id", "=", id).executeTakeFirst()).numDeletedRows) > 0,
  );
  return result;
}

/** Moves a story a place up or down in the family's order; false when there is no such story. */
export async function moveStory(db: Database, id: number, direction: "up" | "down", by: Actor | null): Promise<boolean> {
  const { result } = await recordSubject(
    db,
    "story",
    by,
    { id: null, summary: "changes.summary.story.reordered" },
    [scope("stories", (q) => q)],
    async (tx) => {
      const order = (await tx.selectFrom("stories").select("id").orderBy("position").orderBy("id").execute()).map((row) => row.id);
      const from = order.indexOf(id);
      if (from < 0) return false;
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= order.length) return true;
      [order[from], order[to]] = [order[to], order[from]];
      for (const [index, storyId] of order.entries()) {
        await tx
          .updateTable("stories")
          .set({ position: index + 1 })
          .where("id", "=", storyId)
          .where("position", "!=", index + 1)
          .execute();
      }
      return true;
    },
  );
  return result;
}
