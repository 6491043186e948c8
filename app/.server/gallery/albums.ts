import { z } from "zod";
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from "#app/lib/gallery.ts";
import type { ImageRef } from "#app/lib/media.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { recordSubject, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import { lineField, textField } from "#app/.server/platform/form.ts";
import { now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// Albums (issue 18): the family groups its photos under a title and a
// description ("Vestuvės 1923"), one photo the album's cover. A photo may be
// in several albums; removing an album leaves its photos in the gallery. An
// album shows each audience only the photos it may see, and an album with
// none of them is not there for it at all (a visitor never learns the title
// of an album of the family's own photos). Every write is recorded in the
// change history (decision 022) under the subject "album".

export interface Album {
  id: number;
  title: string;
  description: string;
  /** How many of its photos the audience may see. */
  count: number;
  /** The cover as the audience sees it: the chosen one if it may see it, else its first photo with a picture. */
  cover: ImageRef | null;
}

export interface AlbumFields {
  title: string;
  description: string;
}

/** An album being edited: its fields, its photos (every audience's) and which one is the cover. */
export interface AlbumForEditing extends AlbumFields {
  id: number;
  photoIds: number[];
  coverId: number | null;
}

/** An album's rows, for the change history: the album and its photos. */
function albumScopes(id: number): Scope[] {
  return [scope("albums", (q) => q.where("id", "=", id)), scope("albumPhotos", (q) => q.where("albumId", "=", id))];
}

/** The photos of albums the audience may see, each album's cover first, then in the gallery's order. */
async function visiblePhotos(db: Database, audience: Audience, albumIds: number[] | null) {
  return db
    .selectFrom("albumPhotos")
    .innerJoin("galleryItems", "galleryItems.id", "albumPhotos.galleryItemId")
    .leftJoin("media", "media.id", "galleryItems.mediaId")
    .select(["albumPhotos.albumId", "albumPhotos.cover", "media.id as mediaId", "media.displayWidth", "media.displayHeight"])
    .$if(!audience.members, (q) => q.where("galleryItems.membersOnly", "=", 0))
    .$if(albumIds !== null, (q) => q.where("albumPhotos.albumId", "in", albumIds!.length ? albumIds! : [-1]))
    .orderBy("albumPhotos.albumId")
    .orderBy("albumPhotos.cover", "desc")
    .orderBy("galleryItems.position")
    .orderBy("galleryItems.id")
    .execute();
}

/**
 * The albums, in their order, as the audience sees them (with `withEmpty`,
 * also those it sees no photo of: the editor's list).
 */
export async function listAlbums(
  db: Database,
  audience: Audience,
  { withEmpty = false, ids = null as number[] | null } = {},
): Promise<Album[]> {
  const [albums, photos] = await Promise.all([
    db
      .selectFrom("albums")
      .select(["id", "title", "description"])
      .$if(ids !== null, (q) => q.where("id", "in", ids!.length ? ids! : [-1]))
      .orderBy("position")
      .orderBy("id")
      .execute(),
    visiblePhotos(db, audience, ids),
  ]);
  const seen = new Map<number, { count: number; cover: ImageRef | null }>();
  for (const photo of photos) {
    const album = seen.get(photo.albumId) ?? { count: 0, cover: null };
    album.count += 1;
    album.cover ??= photo.mediaId ? { id: photo.mediaId, width: photo.displayWidth ?? 0, height: photo.displayHeight ?? 0 } : null;
    seen.set(photo.albumId, album);
  }
  return albums
    .map((album) => ({ ...album, count: seen.get(album.id)?.count ?? 0, cover: seen.get(album.id)?.cover ?? null }))
    .filter((album) => withEmpty || album.count > 0);
}

/** One album as the audience sees it; null when there is none or it sees none of its photos. */
export async function findAlbum(db: Database, audience: Audience, id: number | null): Promise<Album | null> {
  if (id === null) return null;
  return (await listAlbums(db, audience, { ids: [id] }))[0] ?? null;
}

/** The albums a photo is in, that the audience sees (the photo's page links to them). */
export async function albumsOfPhoto(db: Database, audience: Audience, itemId: number): Promise<{ id: number; title: string }[]> {
  const ids = await db.selectFrom("albumPhotos").select("albumId").where("galleryItemId", "=", itemId).execute();
  return (await listAlbums(db, audience, { ids: ids.map((row) => row.albumId) })).map(({ id, title }) => ({ id, title }));
}

/** Whether there is an album of this id (a bulk upload's batch names one). */
export async function albumExists(db: Database, id: number): Promise<boolean> {
  return (await db.selectFrom("albums").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export async function albumForEditing(db: Database, id: number): Promise<AlbumForEditing | null> {
  const album = await db.selectFrom("albums").select(["id", "title", "description"]).where("id", "=", id).executeTakeFirst();
  if (!album) return null;
  const photos = await db.selectFrom("albumPhotos").select(["galleryItemId", "cover"]).where("albumId", "=", id).execute();
  return {
    ...album,
    photoIds: photos.map((photo) => photo.galleryItemId),
    coverId: photos.find((photo) => photo.cover === 1)?.galleryItemId ?? null,
  };
}

/**
 * An album's form (a new album's, and an album's own page): the title
 * required, on one line; the description as typed, its lines kept. (Labels
 * and messages are ids, said in the language of the request.)
 */
export const ALBUM_FORM = z.object({
  title: lineField("adminGallery.field.title", { max: ALBUM_TITLE_MAX, required: "adminGallery.album.titleRequired" }),
  description: textField("adminGallery.field.description", { max: ALBUM_DESCRIPTION_MAX, optional: true }),
});

/** A new album at the end of the list, without photos yet; its id. */
export async function createAlbum(db: Database, fields: AlbumFields, by: Actor | null = null): Promise<number> {
  const { result } = await recordSubject(
    db,
    "album",
    by,
    (id: number) => ({ id, summary: { id: "changes.summary.album.created", values: { title: fields.title } } }),
    [],
    async (tx) => {
      const { last } = await tx
        .selectFrom("albums")
        .select((eb) => eb.fn.max("position").as("last"))
        .executeTakeFirstOrThrow();
      const row = await tx
        .insertInto("albums")
        .values({ ...fields, position: Number(last ?? 0) + 1, createdAt: now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    (id) => albumScopes(id),
  );
  return result;
}

/** A save, or why not: the album is gone, or a photo chosen for it is. */
export type AlbumSaveResult = { ok: true } | { ok: false; reason: "albumNotFound" | "albumPhotosGone" };

/**
 * Saves an album's title, description, photos and cover. The cover is one of
 * its photos (choosing a cover puts that photo in the album); a photo that is
 * no longer in the gallery (removed meanwhile) is refused, nothing saved.
 */
export async function saveAlbum(
  db: Database,
  id: number,
  fields: AlbumFields,
  photoIds: number[],
  coverId: number | null,
  by: Actor | null = null,
): Promise<AlbumSaveResult> {
  const chosen = [...new Set(coverId === null ? photoIds : [...photoIds, coverId])];
  const { result } = await recordSubject(
    db,
    "album",
    by,
    { id, summary: { id: "changes.summary.album.changed", values: { title: fields.title } } },
    albumScopes(id),
    async (tx): Promise<AlbumSaveResult> => {
      const updated = await tx.updateTable("albums").set(fields).where("id", "=", id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: "albumNotFound" };
      const existing = chosen.length ? await tx.selectFrom("galleryItems").select("id").where("id", "in", chosen).execute() : [];
      if (existing.length !== chosen.length) {
        // Nothing of this save stays: the transaction is rolled back by throwing.
        throw new AlbumRefused();
      }
      const present = await tx.selectFrom("albumPhotos").select(["galleryItemId", "cover"]).where("albumId", "=", id).execute();
      const wanted = new Set(chosen);
      const leaving = present.filter((row) => !wanted.has(row.galleryItemId)).map((row) => row.galleryItemId);
      if (leaving.length) await tx.deleteFrom("albumPhotos").where("albumId", "=", id).where("galleryItemId", "in", leaving).execute();
      const had = new Set(present.map((row) => row.galleryItemId));
      const coming = chosen.filter((itemId) => !had.has(itemId));
      if (coming.length) {
        await tx
          .insertInto("albumPhotos")
          .values(coming.map((galleryItemId) => ({ albumId: id, galleryItemId, cover: galleryItemId === coverId ? 1 : 0 })))
          .execute();
      }
      // Only the rows whose mark changes are written: the history shows what was done, nothing more.
      for (const row of present.filter((r) => wanted.has(r.galleryItemId))) {
        const cover = row.galleryItemId === coverId ? 1 : 0;
        if (row.cover !== cover) {
          await tx
            .updateTable("albumPhotos")
            .set({ cover })
            .where("albumId", "=", id)
            .where("galleryItemId", "=", row.galleryItemId)
            .execute();
        }
      }
      return { ok: true };
    },
  ).catch((error: unknown) => {
    if (error instanceof AlbumRefused) return { result: { ok: false, reason: "albumPhotosGone" } as AlbumSaveResult };
    throw error;
  });
  return result;
}

class AlbumRefused extends Error {}

/** Removes an album; its photos stay in the gallery. False when there is no such album. */
export async function removeAlbum(db: Database, id: number, by: Actor | null = null): Promise<boolean> {
  const album = await db.selectFrom("albums").select("title").where("id", "=", id).executeTakeFirst();
  if (!album) return false;
  const { result } = await recordSubject(
    db,
    "album",
    by,
    { id, summary: { id: "changes.summary.album.removed", values: { title: album.title } } },
    albumScopes(id),
    async (tx) => {
      const removed = await tx.deleteFrom("albums").where("id", "=", id).executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },
  );
  return result;
}

/** Moves an album a place up or down in the list; false when there is no such album. */
export async function moveAlbum(db: Database, id: number, direction: "up" | "down", by: Actor | null = null): Promise<boolean> {
  const { result } = await recordSubject(
    db,
    "album",
    by,
    { id: null, summary: "changes.summary.album.reordered" },
    [scope("albums", (q) => q)],
    async (tx) => {
      const ids = (await tx.selectFrom("albums").select("id").orderBy("position").orderBy("id").execute()).map((row) => row.id);
      const from = ids.indexOf(id);
      if (from < 0) return false;
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= ids.length) return true;
      [ids[from], ids[to]] = [ids[to], ids[from]];
      for (const [index, albumId] of ids.entries()) {
        await tx
          .updateTable("albums")
          .set({ position: index + 1 })
          .where("id", "=", albumId)
          .execute();
      }
      return true;
    },
  );
  return result;
}
