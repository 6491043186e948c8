import { z } from "zod";
import { dateInputToGedcom, DATE_FORMS_MESSAGE_ID } from "#app/lib/date-input.ts";
import {
  decadeDays,
  decadeOf,
  GALLERY_DESCRIPTION_MAX,
  GALLERY_PLACE_MAX,
  GALLERY_TITLE_MAX,
  photoDateFrom,
  type GalleryBrowse,
} from "#app/lib/gallery.ts";
import type { ImageRef } from "#app/lib/media.ts";
import { PHOTO_DATE_MAX } from "#app/lib/memories.ts";
import { pageCount, pageOffset, type Page } from "#app/lib/paging.ts";
import { toastTitle } from "#app/lib/toasts.ts";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { parseTranslations, shown, storeTranslations } from "#app/lib/translations.ts";
import type { Message } from "#app/i18n/intl.ts";
import { requestLanguage, requestT } from "#app/.server/platform/request-language.ts";
import { albumExists } from "./albums.ts";
import { MEMBERS, type Audience } from "#app/.server/accounts/audience.ts";
import { recordSubject, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import type { Summary } from "#app/.server/changes/summary.ts";
import { inTransaction, retryOnConflict } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { checkbox, idField, lineField, refusedField, textField, type FormRefused } from "#app/.server/platform/form.ts";
import { discardReceived, UploadRejected, uploadRefusal, type ReceivedFile, type RejectReason } from "#app/.server/media/intake.ts";
import { prepareImage, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { insertMedia, placeItemMedia, placeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";

export interface GalleryItem {
  id: number;
  title: string;
  description: string;
  /** Null while the item shows the placeholder image. */
  image: ImageRef | null;
  /** For the family only ("tik giminei"): members and above see it, visitors never. */
  membersOnly: boolean;
  /** When it was taken, in GEDCOM form ("ABT 1930"); '' when not known. */
  date: string;
  /** Where it was taken; '' when not known. */
  place: string;
  /** The language the title and description are in: a public page's, or Lithuanian where no English was written (issue 30). */
  lang: Locale;
  /** The title and description in English as written, for the editor; empty when none. */
  english: { title: string; description: string };
}

/** How many photos a page of the public gallery shows (a whole number of rows of two and of three). */
export const GALLERY_PAGE_SIZE = 24;

/** The items the audience may see, as a query to narrow further (rows for toGalleryItem). */
function visibleItems(db: Database, audience: Audience) {
  return db
    .selectFrom("galleryItems")
    .leftJoin("media", "media.id", "galleryItems.mediaId")
    .select([
      "galleryItems.id",
      "galleryItems.title",
      "galleryItems.description",
      "galleryItems.membersOnly",
      "galleryItems.date",
      "galleryItems.place",
      "galleryItems.translations",
      "media.id as mediaId",
      "media.displayWidth",
      "media.displayHeight",
    ])
    .$if(!audience.members, (q) => q.where("galleryItems.membersOnly", "=", 0));
}

/**
 * An item as a page shows it: in the request's language (its English title
 * and description where written); the editor's list keeps the Lithuanian.
 */
function toGalleryItem(row: GalleryRow): GalleryItem {
  return galleryItemIn(row, requestLanguage());
}

function galleryItemIn(
  { mediaId, displayWidth, displayHeight, membersOnly, translations, ...item }: GalleryRow,
  locale: Locale,
): GalleryItem {
  const written = parseTranslations(translations);
  const shownTitle = shown(locale, item.title, written, "title");
  const shownDescription = shown(locale, item.description, written, "description");
  return {
    ...item,
    title: shownTitle.text,
    description: shownDescription.text,
    lang: shownTitle.lang,
    english: { title: written.en?.title ?? "", description: written.en?.description ?? "" },
    membersOnly: membersOnly === 1,
    image: mediaId ? { id: mediaId, width: displayWidth ?? 0, height: displayHeight ?? 0 } : null,
  };
}

interface GalleryRow {
  id: number;
  title: string;
  description: string;
  membersOnly: number;
  date: string;
  place: string;
  mediaId: string | null;
  displayWidth: number | null;
  displayHeight: number | null;
  translations: string;
}

/** The gallery in its display order, as the audience may see it (the editor's whole list). */
export async function listGalleryItems(db: Database, audience: Audience): Promise<GalleryItem[]> {
  const rows = await visibleItems(db, audience).orderBy("galleryItems.position").orderBy("galleryItems.id").execute();
  // The editor's list: the Lithuanian as stored, the English beside it.
  return rows.map((row) => galleryItemIn(row, SOURCE_LOCALE));
}

/** The gallery's own order, or by date (the undated after, in the gallery's order). */
const NO_BROWSING: GalleryBrowse = { byDate: false, decade: null, personId: null, albumId: null };

/**
 * The items a browse asks for: of a decade (by the first day their date can
 * mean), with a person of the tree in them (an id the viewer may see; the
 * caller checks that), of an album.
 */
function browsed<Q extends ReturnType<typeof visibleItems> | ReturnType<typeof countQuery>>(
  query: Q,
  browse: GalleryBrowse,
  treeId: number | null,
): Q {
  let q = query as any;
  if (browse.decade !== null) {
    const [from, to] = decadeDays(browse.decade);
    q = q.where("galleryItems.dateFrom", ">=", from).where("galleryItems.dateFrom", "<", to);
  }
  if (browse.personId !== null) {
    q = q.where("galleryItems.id", "in", (eb: any) =>
      eb
        .selectFrom("photoPeople")
        .select("galleryItemId")
        .where("treeId", "=", treeId ?? -1)
        .where("personId", "=", browse.personId),
    );
  }
  if (browse.albumId !== null) {
    q = q.where("galleryItems.id", "in", (eb: any) =>
      eb.selectFrom("albumPhotos").select("galleryItemId").where("albumId", "=", browse.albumId),
    );
  }
  return q as Q;
}

function countQuery(db: Database, audience: Audience) {
  return db
    .selectFrom("galleryItems")
    .select((eb) => eb.fn.countAll().as("n"))
    .$if(!audience.members, (q) => q.where("membersOnly", "=", 0));
}

/**
 * One page of the gallery as browsed (its display order unless by date; a
 * decade; someone in the photos), and how many items that is for the
 * audience: both from the database.
 */
export async function galleryPage(
  db: Database,
  audience: Audience,
  page: number,
  browse: GalleryBrowse = NO_BROWSING,
  treeId: number | null = null,
): Promise<Page<GalleryItem>> {
  let rows = browsed(visibleItems(db, audience), browse, treeId);
  if (browse.byDate)
    rows = rows.orderBy((eb) => eb.case().when("galleryItems.dateFrom", "is", null).then(1).else(0).end()).orderBy("galleryItems.dateFrom");
  const [{ n }, items] = await Promise.all([
    browsed(countQuery(db, audience), browse, treeId).executeTakeFirstOrThrow(),
    rows
      .orderBy("galleryItems.position")
      .orderBy("galleryItems.id")
      .limit(GALLERY_PAGE_SIZE)
      .offset(pageOffset(page, GALLERY_PAGE_SIZE))
      .execute(),
  ]);
  const total = Number(n);
  return { items: items.map(toGalleryItem), total, page, pages: pageCount(total, GALLERY_PAGE_SIZE) };
}

/** How many items the audience may see (with `withImage`, only those that have a photo). */
export async function countGalleryItems(db: Database, audience: Audience, { withImage = false } = {}): Promise<number> {
  const { n } = await countQuery(db, audience)
    .$if(withImage, (q) => q.where("mediaId", "is not", null))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The decades the audience's dated photos are from, earliest first, each with how many. */
export async function galleryDecades(db: Database, audience: Audience): Promise<{ decade: number; count: number }[]> {
  const rows = await db
    .selectFrom("galleryItems")
    .select("dateFrom")
    .where("dateFrom", "is not", null)
    .$if(!audience.members, (q) => q.where("membersOnly", "=", 0))
    .execute();
  const counts = new Map<number, number>();
  for (const { dateFrom } of rows) counts.set(decadeOf(dateFrom!), (counts.get(decadeOf(dateFrom!)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([decade, count]) => ({ decade, count }));
}

/** The first photos (items with an image) the audience may see: in display order, or the newest first. */
export async function galleryPhotos(
  db: Database,
  audience: Audience,
  { limit, newest = false }: { limit: number; newest?: boolean },
): Promise<GalleryItem[]> {
  const rows = await visibleItems(db, audience)
    .where("galleryItems.mediaId", "is not", null)
    // The newest: the highest ids, which are given in the order photos are added.
    .$if(newest, (q) => q.orderBy("galleryItems.id", "desc"))
    .$if(!newest, (q) => q.orderBy("galleryItems.position").orderBy("galleryItems.id"))
    .limit(limit)
    .execute();
  return rows.map(toGalleryItem);
}

/** One item, when the audience may see it and it has a photo (the family's chosen photograph); else null. */
export async function galleryPhoto(db: Database, audience: Audience, id: number | null): Promise<GalleryItem | null> {
  if (id === null) return null;
  const row = await visibleItems(db, audience)
    .where("galleryItems.id", "=", id)
    .where("galleryItems.mediaId", "is not", null)
    .executeTakeFirst();
  return row ? toGalleryItem(row) : null;
}

/** These items, as the audience may see them, in display order. */
export async function galleryItemsByIds(db: Database, audience: Audience, ids: number[]): Promise<GalleryItem[]> {
  if (ids.length === 0) return [];
  const rows = await visibleItems(db, audience)
    .where("galleryItems.id", "in", [...new Set(ids)])
    .orderBy("galleryItems.position")
    .orderBy("galleryItems.id")
    .execute();
  return rows.map(toGalleryItem);
}

export interface GalleryFields {
  title: string;
  description: string;
  membersOnly: boolean;
  /** When it was taken, in GEDCOM form; left as it is when absent (a form without it). */
  date?: string;
  /** Where it was taken; left as it is when absent. */
  place?: string;
  /** An album the new photo goes into (a bulk upload's batch); an add only. */
  albumId?: number | null;
  /** The title and description in English (issue 30); left as stored when absent (a form without them). */
  english?: { title: string; description: string };
}

// The change history (issue 17, decision 022): every add, edit, removal and
// reorder is recorded with the rows it touched. An item's rows are the item,
// who is in it (photo_people: people of the tree and free names, with their
// rectangles), the memories written about it, its places in albums and its
// links to documents (removed with it). The media row and the files are not part of a change:
// they are never deleted by the editor (a removed item's files are kept out
// of sight), so that undoing a removal, or redoing an add, finds them.

/** An item's rows, for the change history. */
export function galleryItemScopes(id: number): Scope[] {
  return [
    scope("galleryItems", (q) => q.where("id", "=", id)),
    scope("photoPeople", (q) => q.where("galleryItemId", "=", id)),
    scope("memories", (q) => q.where("galleryItemId", "=", id)),
    scope("albumPhotos", (q) => q.where("galleryItemId", "=", id)),
    scope("photoDocuments", (q) => q.where("galleryItemId", "=", id)),
  ];
}

/** Every item's row, for a change of the gallery's order. */
export function galleryOrderScope(): Scope {
  return scope("galleryItems", (q) => q);
}

/** Records a write to the gallery under `by` (null: the system's own write, e.g. a test's). */
export function recorded<T>(
  db: Database,
  by: Actor | null,
  subject: Parameters<typeof recordSubject<T>>[3],
  scopes: Scope[],
  write: (tx: Database) => Promise<T>,
  created?: (result: T) => Scope[],
) {
  return recordSubject(db, "gallery", by, subject, scopes, write, created);
}

// The editor's forms (/admin/galerija), read by the one form reader: the add
// (the page's own form and the upload endpoint, with its album for a bulk
// upload's batch) and an item's edit. Title and description are both
// required, with the spec's message ('Prašome užpildyti visus laukus').
// Labels and messages are ids, said in the language of the request.

const titleField = () => textField("adminGallery.field.title", { max: GALLERY_TITLE_MAX, required: toastTitle("galleryMissingFields") });
const descriptionField = () =>
  textField("adminGallery.field.description", { max: GALLERY_DESCRIPTION_MAX, required: toastTitle("galleryMissingFields") });

/**
 * When a photo was taken, in the tree's forms ("apie 1930", "1930–1935"),
 * read into GEDCOM form ('' when left empty); what is not a date is refused
 * with the forms it may take.
 */
const photoDateField = () =>
  lineField("adminGallery.field.date", { max: PHOTO_DATE_MAX, optional: true }).transform((value, ctx) => {
    const gedcom = dateInputToGedcom(value);
    if (gedcom !== null) return gedcom;
    ctx.issues.push({ code: "custom", message: requestT()(DATE_FORMS_MESSAGE_ID), input: value });
    return z.NEVER;
  });

/** `field`, or undefined when the form does not send it at all: what is stored then stays as it is. */
function unlessLeftOut<T extends z.ZodType>(field: T) {
  return z
    .string()
    .optional()
    .transform((value, ctx): z.output<T> | undefined => {
      if (value === undefined) return undefined;
      const read = field.safeParse(value);
      if (read.success) return read.data;
      for (const issue of read.error.issues) ctx.issues.push({ code: "custom", message: issue.message, input: value });
      return z.NEVER;
    });
}

/** A new photo's fields (its image is the upload's file). */
export const GALLERY_ADD_FORM = z.object({
  title: titleField(),
  description: descriptionField(),
  membersOnly: checkbox(),
  /** The album a batch goes into, when one was chosen. */
  album: idField(toastTitle("albumNotFound")),
});

/** An item's edit: its fields, and when and where it was taken (left as stored when the form has no such field). */
export const GALLERY_EDIT_FORM = z.object({
  id: idField(toastTitle("galleryNotFound")),
  title: titleField(),
  description: descriptionField(),
  membersOnly: checkbox(),
  date: unlessLeftOut(photoDateField()),
  place: unlessLeftOut(lineField("adminGallery.field.place", { max: GALLERY_PLACE_MAX, optional: true })),
  // In English, for the English pages: either may be left empty (the page then shows the Lithuanian).
  titleEn: unlessLeftOut(textField("adminGallery.english.title", { max: GALLERY_TITLE_MAX, optional: true })),
  descriptionEn: unlessLeftOut(textField("adminGallery.english.description", { max: GALLERY_DESCRIPTION_MAX, optional: true })),
});

/** The item's rows, at the end of the gallery: its id is the highest id plus one, as the spec says. */
async function insertGalleryItem(tx: Database, fields: GalleryFields, media: { id: string; createdAt: string }): Promise<number> {
  const { maxId, maxPosition } = await tx
    .selectFrom("galleryItems")
    .select((eb) => [eb.fn.max("id").as("maxId"), eb.fn.max("position").as("maxPosition")])
    .executeTakeFirstOrThrow();
  const id = Number(maxId ?? 0) + 1;
  await tx
    .insertInto("galleryItems")
    .values({
      id,
      title: fields.title,
      description: fields.description,
      membersOnly: fields.membersOnly ? 1 : 0,
      date: fields.date ?? "",
      dateFrom: photoDateFrom(fields.date ?? ""),
      place: fields.place ?? "",
      mediaId: media.id,
      position: Number(maxPosition ?? 0) + 1,
      createdAt: media.createdAt,
    })
    .execute();
  return id;
}

/**
 * Adds an item at the end of the gallery with an image whose files already
 * exist. If the rows cannot be written, the files are removed, so nothing
 * half-made remains.
 */
export async function addGalleryItem(
  db: Database,
  store: MediaStore,
  fields: GalleryFields,
  image: PreparedMedia,
  by: Actor | null = null,
): Promise<number> {
  // For the family only: the files go to members/ before any row names them.
  if (fields.membersOnly) await placeMediaFiles(store, image.record.id, true);
  try {
    return await retryOnConflict(async () => {
      const { result } = await recorded(
        db,
        by,
        (id: number) => ({ id, summary: { id: "changes.summary.gallery.photoAdded", values: { title: fields.title } } }),
        [],
        async (tx) => {
          await insertMedia(tx, image.record);
          const id = await insertGalleryItem(tx, fields, image.record);
          // In the same change: undoing the add takes it out of the album too.
          if (fields.albumId) await tx.insertInto("albumPhotos").values({ albumId: fields.albumId, galleryItemId: id }).execute();
          return id;
        },
        (id: number) => galleryItemScopes(id),
      );
      return result;
    });
  } catch (error) {
    await image.discard();
    throw error;
  }
}

/**
 * Adds an item for a photo whose media row already exists (a member's upload,
 * kept since they proposed it), inside the caller's transaction when there is
 * one (an approval). The photo's files stay if it fails: the proposal still
 * holds them.
 */
export async function addGalleryItemForMedia(db: Database, store: MediaStore, fields: GalleryFields, mediaId: string): Promise<number> {
  const media = await db.selectFrom("media").select(["id", "createdAt"]).where("id", "=", mediaId).executeTakeFirst();
  if (!media) throw new Error(`media ${mediaId} is gone`);
  if (fields.membersOnly) await placeMediaFiles(store, media.id, true);
  return inTransaction(db, (tx) => insertGalleryItem(tx, fields, media));
}

/**
 * Says that people of the tree are in a gallery photo (the person editor's
 * links, an approved proposal's people), without marking where: each after
 * those already listed, and none twice.
 */
export async function linkPeopleToGalleryItem(db: Database, treeId: number, itemId: number, personIds: number[]): Promise<void> {
  const unique = [...new Set(personIds)];
  if (unique.length === 0) return;
  const [existing, present, next] = await Promise.all([
    db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).where("id", "in", unique).execute(),
    db.selectFrom("photoPeople").select("personId").where("galleryItemId", "=", itemId).where("treeId", "=", treeId).execute(),
    nextPhotoPosition(db, itemId),
  ]);
  const already = new Set(present.map((row) => row.personId));
  const adding = unique.filter((id) => existing.some((person) => person.id === id) && !already.has(id));
  if (adding.length === 0) return;
  await db
    .insertInto("photoPeople")
    .values(adding.map((personId, i) => ({ galleryItemId: itemId, treeId, personId, name: "", position: next + i })))
    .execute();
}

/** The place after the last of those already listed as in the photo (photo_people.position). */
export async function nextPhotoPosition(db: Database, itemId: number): Promise<number> {
  const last = await db
    .selectFrom("photoPeople")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("galleryItemId", "=", itemId)
    .executeTakeFirst();
  return Number(last?.position ?? 0) + 1;
}

/**
 * Why an add was refused: a reason of the toasts' table, or the media
 * intake's refusal of the file (its reason, and its message, which names
 * the limits of this installation).
 */
export type AddRefusal =
  | { ok: false; reason: "galleryMissingImage" | "albumNotFound" | "uploadFailed" }
  | { ok: false; reason: "fileRefused"; refused: RejectReason; message: Message };

export type AddResult = { ok: true; id: number } | AddRefusal;

/**
 * The whole add, as both the page's form and the upload endpoint submit it,
 * once the form is read (GALLERY_ADD_FORM): the image is there, the album
 * chosen is still there, the images are derived, the item is stored. A
 * refusal changes nothing and says why. The received file is discarded
 * either way.
 */
export async function addGalleryUpload(
  db: Database,
  store: MediaStore,
  fields: z.output<typeof GALLERY_ADD_FORM>,
  file: ReceivedFile | undefined,
  by: Actor | null = null,
): Promise<AddResult> {
  try {
    if (!file) return { ok: false, reason: "galleryMissingImage" };
    if (fields.album !== null && !(await albumExists(db, fields.album))) return { ok: false, reason: "albumNotFound" };
    const image = await prepareImage(store, file);
    const { album, ...item } = fields;
    return { ok: true, id: await addGalleryItem(db, store, { ...item, albumId: album }, image, by) };
  } catch (error) {
    if (error instanceof UploadRejected) {
      if (error.reason === "failed") console.error(error.cause ?? error);
      return { ok: false, reason: "fileRefused", refused: error.reason, message: uploadRefusal(error) };
    }
    console.error(error);
    return { ok: false, reason: "uploadFailed" };
  } finally {
    await discardReceived(file);
  }
}

/**
 * A refused add in words (the request's language), on the field it concerns
 * (the image, or the album a batch goes into), for the page and the upload
 * endpoint to answer with.
 */
export function addRefusedField(typed: Record<string, string>, refused: AddRefusal): FormRefused {
  if (refused.reason === "fileRefused") return refusedField(typed, "image", requestT()(refused.message));
  return refusedField(typed, refused.reason === "albumNotFound" ? "album" : "image", toastTitle(refused.reason));
}

/** An item's photo and its memories' photos (issue 17): the files that follow the item's audience. */
export async function itemPhotos(db: Database, id: number, mediaId: string | null): Promise<string[]> {
  const memories = await db.selectFrom("memories").select("mediaIds").where("galleryItemId", "=", id).execute();
  return [...(mediaId ? [mediaId] : []), ...memories.flatMap((row) => JSON.parse(row.mediaIds) as string[])];
}

/**
 * Changes an item's title, description and audience, and its photo when a new
 * one is given (the old one is kept out of sight, so an undo in the change
 * history brings it back); false if there is no such item (the new photo's
 * files are then discarded).
 */
export async function updateGalleryItem(
  db: Database,
  store: MediaStore,
  id: number,
  fields: GalleryFields,
  by: Actor | null = null,
  image: PreparedMedia | null = null,
): Promise<boolean> {
  const item = await db.selectFrom("galleryItems").select(["mediaId", "membersOnly"]).where("id", "=", id).executeTakeFirst();
  if (!item) {
    await image?.discard();
    return false;
  }
  const hiding = fields.membersOnly && item.membersOnly === 0;
  const photos = await itemPhotos(db, id, item.mediaId);
  let result = false;
  try {
    // What hides goes first (see placeMediaFiles): the files, then the row; the row, then the files.
    if (hiding) for (const photo of photos) await placeMediaFiles(store, photo, true);
    if (image && fields.membersOnly) await placeMediaFiles(store, image.record.id, true);
    const summary: Summary = {
      id: image ? "changes.summary.gallery.photoAndFileChanged" : "changes.summary.gallery.photoChanged",
      values: { title: fields.title },
    };
    ({ result } = await recorded(db, by, { id, summary }, galleryItemScopes(id), async (tx) => {
      if (image) await insertMedia(tx, image.record);
      const updated = await tx
        .updateTable("galleryItems")
        .set({
          title: fields.title,
          description: fields.description,
          membersOnly: fields.membersOnly ? 1 : 0,
          ...(fields.date === undefined ? {} : { date: fields.date, dateFrom: photoDateFrom(fields.date) }),
          ...(fields.place === undefined ? {} : { place: fields.place }),
          ...(fields.english === undefined ? {} : { translations: storeTranslations({ en: fields.english }) }),
          ...(image ? { mediaId: image.record.id } : {}),
        })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    }));
  } catch (error) {
    await image?.discard();
    throw error;
  } finally {
    // Every photo where the rows now say: the old one out of sight once replaced, all shown again when made public.
    await placeItemMedia(db, store, photos);
  }
  if (!result) await image?.discard();
  return result;
}

/**
 * Removes an item from the gallery; false if there is no such item. Its media
 * row and files are kept, the files out of a visitor's sight (members/), so
 * that undoing the removal in the change history brings the photo back whole
 * (decision 022). A removal not undone keeps its files; they are small next
 * to the backups that keep them anyway.
 */
export async function removeGalleryItem(db: Database, store: MediaStore, id: number, by: Actor | null = null): Promise<boolean> {
  const item = await db.selectFrom("galleryItems").select(["mediaId", "title"]).where("id", "=", id).executeTakeFirst();
  if (!item) return false;
  const photos = await itemPhotos(db, id, item.mediaId);
  // What hides goes first: the files, then the rows (a failure between leaves a missing picture, which placeAllMedia mends).
  for (const photo of photos) await placeMediaFiles(store, photo, true);
  try {
    const { result } = await recorded(
      db,
      by,
      { id, summary: { id: "changes.summary.gallery.photoRemoved", values: { title: item.title } } },
      galleryItemScopes(id),
      async (tx) => {
        // Its people in photo_people go with it (a cascading foreign key); the change keeps them for an undo.
        const removed = await tx.deleteFrom("galleryItems").where("id", "=", id).executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      },
    );
    return result;
  } finally {
    // Where the rows now say (the item may have been removed by someone else a moment ago, or the write failed).
    await placeItemMedia(db, store, photos);
  }
}

/**
 * Saves the order the administrator arranged. The ids must be exactly the
 * gallery's items (a stale page gets false and changes nothing).
 */
export async function saveGalleryOrder(db: Database, ids: number[], by: Actor | null = null): Promise<boolean> {
  const { result } = await recorded(
    db,
    by,
    { id: null, summary: "changes.summary.gallery.reordered" },
    [galleryOrderScope()],
    async (tx) => {
      const existing = (await tx.selectFrom("galleryItems").select("id").execute()).map((r) => r.id);
      const wanted = new Set(ids);
      if (wanted.size !== ids.length || existing.length !== ids.length || !existing.every((id) => wanted.has(id))) return false;
      for (const [index, id] of ids.entries()) {
        await tx
          .updateTable("galleryItems")
          .set({ position: index + 1 })
          .where("id", "=", id)
          .execute();
      }
      return true;
    },
  );
  return result;
}

/** Moves one item a place up or down and saves the order (the no-JavaScript way to reorder). */
export async function moveGalleryItem(db: Database, id: number, direction: "up" | "down", by: Actor | null = null): Promise<boolean> {
  const ids = (await listGalleryItems(db, MEMBERS)).map((item) => item.id);
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0) return false;
  if (to < 0 || to >= ids.length) return true;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  return saveGalleryOrder(db, ids, by);
}

/** The stored original of an item's image, for the administrator's download. */
export async function findGalleryOriginal(db: Database, id: number) {
  return db
    .selectFrom("galleryItems")
    .innerJoin("media", "media.id", "galleryItems.mediaId")
    .select(["media.id", "media.originalExtension", "media.originalName", "media.originalType", "media.originalSize"])
    .where("galleryItems.id", "=", id)
    .executeTakeFirst();
}
