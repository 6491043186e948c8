import { HISTORY_FIELDS, type HistoryContent } from "#app/lib/history.ts";
import { plural } from "#app/lib/lithuanian.ts";
import type { SiteSettings } from "#app/lib/site.ts";
import { record, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import { galleryItemScopes, itemPhotos } from "#app/.server/gallery/gallery.ts";
import { documentScopes } from "#app/.server/documents/documents.ts";
import { placeItemMedia, placeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { revisionScope, saveHistory } from "#app/.server/site-texts/history-text.ts";
import { editableSettingsScope, getSiteSettings, updateSiteSettings } from "#app/.server/site-texts/settings.ts";
import { EXAMPLE_FREE, SEED_DOCUMENTS, SEED_GALLERY, SEED_GUESTBOOK, SEED_HISTORY } from "./seed.ts";
import { SEED_SITE } from "./site-texts.ts";

// The example family a new installation starts with (seed.ts), as it is still
// on this site: what the dashboard's checklist counts and one confirmed action
// removes (issue 28). An item is the example's while it reads as the seed
// wrote it; one the family has edited is theirs and stays. The same rule
// holds for an installation seeded before this was written: nothing needs to
// have been marked at seed time. See docs/decisions/032-example-content.md.

/** The site texts that describe the example family (the others are general and the checklist's own steps). */
const EXAMPLE_TEXTS = ["cardTree", "cardGallery", "branches"] as const satisfies readonly (keyof SiteSettings)[];
type ExampleText = (typeof EXAMPLE_TEXTS)[number];

export const EXAMPLE_TEXT_LABELS: Record<ExampleText, string> = {
  cardTree: "Pradžios puslapio kortelė „Giminės medis“",
  cardGallery: "Pradžios puslapio kortelė „Galerija“",
  branches: "Giminės šakos po medžiu",
};

export interface ExampleContent {
  /** The history's title, while its text is the example's. */
  history: string | null;
  photos: { id: number; title: string }[];
  documents: { id: number; title: string }[];
  guestbook: { id: number; name: string }[];
  texts: ExampleText[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a guestbook entry is one of the example's invented messages (marked as an example wherever shown). */
export function isExampleEntry(entry: { name: string; message: string }): boolean {
  return SEED_GUESTBOOK.some((seed) => seed.name === entry.name && seed.message === entry.message);
}

/** What of the example family this site still shows. */
export async function exampleContent(db: Database): Promise<ExampleContent> {
  const [history, photos, documents, entries, settings] = await Promise.all([
    db.selectFrom("historyRevisions").select(HISTORY_FIELDS).orderBy("id", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("galleryItems").select(["id", "title", "description"]).orderBy("position").orderBy("id").execute(),
    db.selectFrom("documents").select(["id", "title", "person", "year", "type"]).orderBy("id").execute(),
    db.selectFrom("guestbookEntries").select(["id", "name", "message"]).orderBy("id").execute(),
    getSiteSettings(db),
  ]);
  const isExampleHistory = history !== undefined && HISTORY_FIELDS.every((field) => history[field] === SEED_HISTORY[field]);
  return {
    history: isExampleHistory ? SEED_HISTORY.title : null,
    photos: photos
      .filter((item) => SEED_GALLERY.some((seed) => seed.title === item.title && seed.description === item.description))
      .map(({ id, title }) => ({ id, title })),
    documents: documents
      .filter((doc) => SEED_DOCUMENTS.some((seed) => same(seed, { title: doc.title, person: doc.person, year: doc.year, type: doc.type })))
      .map(({ id, title }) => ({ id, title })),
    guestbook: entries.filter(isExampleEntry).map(({ id, name }) => ({ id, name })),
    texts: EXAMPLE_TEXTS.filter((field) => same(settings[field], SEED_SITE[field])),
  };
}

/** What is left, in a line: "istorija, 6 nuotraukos, 5 dokumentai, 3 svečių knygos įrašai, 3 tekstai". */
export function exampleSummary(content: ExampleContent): string {
  return [
    content.history ? "istorija" : "",
    content.photos.length ? plural(content.photos.length, ["nuotrauka", "nuotraukos", "nuotraukų"]) : "",
    content.documents.length ? plural(content.documents.length, ["dokumentas", "dokumentai", "dokumentų"]) : "",
    content.guestbook.length
      ? plural(content.guestbook.length, ["svečių knygos įrašas", "svečių knygos įrašai", "svečių knygos įrašų"])
      : "",
    content.texts.length ? plural(content.texts.length, ["tekstas", "tekstai", "tekstų"]) : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** How many example items are left: nothing when 0. */
export function exampleCount(content: ExampleContent): number {
  return (content.history ? 1 : 0) + content.photos.length + content.documents.length + content.guestbook.length + content.texts.length;
}

/**
 * Removes every example item as one recorded change (undone in one step in
 * the change history): the photos and documents with their links, the
 * invented guestbook messages, the example's history (a blank one on top, the
 * family's to write) and the texts about the example family (general ones in
 * their place). The photos' files are kept out of sight, as a single removal
 * keeps them, so the undo brings them back. Null when there was nothing left.
 */
export async function removeExampleContent(db: Database, store: MediaStore, by: Actor): Promise<number | null> {
  const content = await exampleContent(db);
  if (exampleCount(content) === 0) return null;
  const photoIds = content.photos.map((p) => p.id);
  const documentIds = content.documents.map((d) => d.id);
  const entryIds = content.guestbook.map((e) => e.id);
  const items = await db
    .selectFrom("galleryItems")
    .select(["id", "mediaId"])
    .where("id", "in", [0, ...photoIds])
    .execute();
  const files = (await Promise.all(items.map((item) => itemPhotos(db, item.id, item.mediaId)))).flat();
  const docScans = await db
    .selectFrom("documents")
    .select("scanMediaId")
    .where("id", "in", [0, ...documentIds])
    .execute();
  const scans = docScans.map((d) => d.scanMediaId).filter((id): id is string => id !== null);
  const scopes: Scope[] = [
    ...photoIds.flatMap(galleryItemScopes),
    ...documentIds.flatMap(documentScopes),
    scope("guestbookEntries", (q) => q.where("id", "in", [0, ...entryIds])),
    editableSettingsScope(),
  ];
  // What hides goes first: the files, then the rows (as removeGalleryItem).
  for (const file of [...files, ...scans]) await placeMediaFiles(store, file, true);
  try {
    const { changeId } = await record(
      db,
      {
        actor: by,
        subject: { kind: "texts", id: "pavyzdys", summary: "changes.summary.texts.exampleRemoved" },
        scopes,
        created: (revision: number | null) => (revision === null ? [] : [revisionScope(revision)]),
      },
      async (tx) => {
        if (photoIds.length) await tx.deleteFrom("galleryItems").where("id", "in", photoIds).execute();
        if (documentIds.length) await tx.deleteFrom("documents").where("id", "in", documentIds).execute();
        if (entryIds.length) await tx.deleteFrom("guestbookEntries").where("id", "in", entryIds).execute();
        const settings = await getSiteSettings(tx);
        const texts: Partial<SiteSettings> = Object.fromEntries(content.texts.map((field) => [field, EXAMPLE_FREE[field]]));
        // The home page's photo, if the family had chosen an example one, goes with it.
        if (settings.heroPhotoId !== null && photoIds.includes(settings.heroPhotoId)) texts.heroPhotoId = null;
        await updateSiteSettings(tx, texts);
        if (!content.history) return null;
        const blank: HistoryContent = { ...EXAMPLE_FREE.history };
        return (await saveHistory(tx, blank, by.username, false)).id;
      },
    );
    return changeId;
  } finally {
    // Where the rows now say (kept out of sight, or shown again when the write failed).
    await placeItemMedia(db, store, [...files, ...scans]);
  }
}
