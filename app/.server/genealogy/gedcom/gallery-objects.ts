import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inTransaction } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { parseId } from "#app/lib/numbers.ts";
import { addGalleryItem, galleryItemScopes, nextPhotoPosition, recorded } from "#app/.server/gallery/gallery.ts";
import { prepareImage, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { locateMediaFiles, mediaTmpDir, originalPath, type MediaStore } from "#app/.server/media/storage.ts";
import { treeQueries } from "#app/.server/genealogy/family-graph.ts";
import type { RawNode } from "./model.ts";

// Who is in the gallery's photos, in GEDCOM (issue 18). An export writes each
// photo that someone of the tree is tagged in as an OBJE record, and each
// tagged person links to it; in GEDCOM 7 the link carries the person's
// rectangle as CROP (pixels of the file the archive carries). The record says
// which gallery photo it is with a REFN of its own TYPE, so that an import
// can give the tags back to that photo instead of making the photo a second
// time as a picture of the tree:
//
//   0 @XG12@ OBJE                      1 OBJE @XG12@        (in the INDI)
//   1 FILE galerija/12.jpg             2 CROP
//   2 FORM image/jpeg                  3 TOP 120
//   2 TITL Jono ir Onos vestuvės       3 LEFT 340
//   1 REFN 12                          3 HEIGHT 200
//   2 TYPE galerijos nuotrauka         3 WIDTH 150
//
// The file carried is the largest picture the site already shows publicly
// (the deep-zoom rendition of full width, or the display image): never the
// uploaded original, which may carry GPS data. A tree made current adopts the
// records (adoptGalleryObjects): a photo of this site whose file is the same
// (or, from a plain .ged without files, whose number and title are) gets the
// tags; a photo another site exported becomes a gallery photo here.

export const GALLERY_REFN_TYPE = "galerijos nuotrauka";

/** The folder of a GEDZIP archive the gallery's photos are carried in. */
const ARCHIVE_FOLDER = "galerija";

export interface GalleryObject {
  itemId: number;
  title: string;
  description: string;
  membersOnly: boolean;
  /** The archive's path of the file, and where it is on this site. */
  path: string;
  source: string;
  width: number;
  height: number;
}

export interface GalleryTag {
  itemId: number;
  /** The rectangle in pixels of the carried file; null when the place is not marked. */
  crop: { top: number; left: number; height: number; width: number } | null;
}

/** What carriedFile reads of a photo's media row. */
const CARRIED_FILE_COLUMNS = [
  "media.id as mediaId",
  "media.originalExtension",
  "media.zoom",
  "media.width",
  "media.height",
  "media.displayWidth",
  "media.displayHeight",
] as const;

/** The file a gallery photo is carried as: its full-width deep-zoom rendition, else its display image. */
async function carriedFile(
  store: MediaStore,
  media: {
    id: string;
    originalExtension: string;
    zoom: string | null;
    displayWidth: number | null;
    displayHeight: number | null;
    width: number | null;
    height: number | null;
  },
): Promise<{ source: string; width: number; height: number } | null> {
  const located = await locateMediaFiles(store, media);
  if (!located) return null;
  const widths = media.zoom ? (JSON.parse(media.zoom) as number[]) : [];
  const largest = widths.at(-1);
  if (largest && media.width && media.height) {
    return {
      source: path.join(located.publicDir, `zoom-${largest}.jpg`),
      width: largest,
      height: Math.round((largest * media.height) / media.width),
    };
  }
  if (!media.displayWidth || !media.displayHeight) return null;
  return { source: path.join(located.publicDir, "display.jpg"), width: media.displayWidth, height: media.displayHeight };
}

/**
 * The gallery's photos with people of this tree tagged in them, as the
 * export's audience may see them (visitors: not the family's own photos),
 * and each person's tags.
 */
export async function galleryObjectsForExport(
  db: Database,
  store: MediaStore | null,
  treeId: number,
  audience: "visitors" | "members" | undefined,
): Promise<{ objects: Map<number, GalleryObject>; tags: Map<number, GalleryTag[]> }> {
  const objects = new Map<number, GalleryObject>();
  const tags = new Map<number, GalleryTag[]>();
  if (!store) return { objects, tags };
  // The tree's own files keep their names: a gallery photo's never takes one of them.
  const [files, named] = await Promise.all([
    db.selectFrom("genealogyFiles").select("path").where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyMedia").select("file as path").where("treeId", "=", treeId).where("file", "is not", null).execute(),
  ]);
  const taken = new Set([...files, ...named].map((row) => row.path!.toLowerCase()));
  const pathFor = (itemId: number) => {
    let name = `${ARCHIVE_FOLDER}/${itemId}.jpg`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${ARCHIVE_FOLDER}/${itemId}-${n}.jpg`;
    return name;
  };
  const rows = await treeQueries
    .taggedPictures(db, treeId, audience !== "visitors")
    // (The rest of what carriedFile reads; the base query has the media's id and display size.)
    .select([
      "galleryItems.id as itemId",
      "galleryItems.title",
      "galleryItems.description",
      "galleryItems.membersOnly",
      "media.originalExtension",
      "media.zoom",
      "media.width",
      "media.height",
    ])
    .orderBy("photoPeople.personId")
    .orderBy("photoPeople.position")
    .orderBy("photoPeople.id")
    .execute();
  for (const row of rows) {
    if (!objects.has(row.itemId)) {
      const file = await carriedFile(store, { ...row, id: row.mediaId });
      if (!file) continue;
      objects.set(row.itemId, {
        itemId: row.itemId,
        title: row.title,
        description: row.description,
        membersOnly: row.membersOnly === 1,
        path: pathFor(row.itemId),
        ...file,
      });
    }
    const object = objects.get(row.itemId)!;
    const crop =
      row.boxLeft === null || row.boxTop === null || row.boxWidth === null || row.boxHeight === null ? null : pixels(row, object);
    const list = tags.get(row.personId!) ?? [];
    // A person tagged twice in one photo is one link.
    if (!list.some((tag) => tag.itemId === row.itemId)) list.push({ itemId: row.itemId, crop });
    tags.set(row.personId!, list);
  }
  return { objects, tags };
}

/** A rectangle (fractions) in pixels of a picture of this size, within it. */
function pixels(
  box: { boxLeft: number | null; boxTop: number | null; boxWidth: number | null; boxHeight: number | null },
  size: { width: number; height: number },
): GalleryTag["crop"] {
  const top = Math.min(size.height - 1, Math.round(box.boxTop! * size.height));
  const left = Math.min(size.width - 1, Math.round(box.boxLeft! * size.width));
  return {
    top,
    left,
    height: Math.max(1, Math.min(size.height - top, Math.round(box.boxHeight! * size.height))),
    width: Math.max(1, Math.min(size.width - left, Math.round(box.boxWidth! * size.width))),
  };
}

// ---- Import: a tree made current adopts the gallery's records --------------

function child(nodes: RawNode[] | undefined, tag: string): RawNode | undefined {
  return nodes?.find((node) => node.t === tag);
}

/** The gallery photo number a record names (REFN of our TYPE), or null. */
function galleryNumber(extra: RawNode[]): number | null {
  for (const refn of extra.filter((node) => node.t === "REFN")) {
    if (child(refn.c, "TYPE")?.v !== GALLERY_REFN_TYPE) continue;
    // (A number the database's id column cannot hold names no photo.)
    const number = parseId(refn.v?.trim());
    if (number !== null) return number;
  }
  return null;
}

/** The CROP of a link as fractions of a picture of this size; null without a usable one. */
export function cropBox(
  linkExtra: RawNode[],
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } | null {
  const crop = child(linkExtra, "CROP");
  if (!crop || !width || !height) return null;
  const value = (tag: string) => {
    const n = Number(child(crop.c, tag)?.v);
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  const [top, left, h, w] = [value("TOP") ?? 0, value("LEFT") ?? 0, value("HEIGHT"), value("WIDTH")];
  // GEDCOM 7: without HEIGHT or WIDTH the crop reaches the picture's edge.
  const box = {
    left: Math.min(1, left / width),
    top: Math.min(1, top / height),
    width: Math.min(1 - left / width, (w ?? width - left) / width),
    height: Math.min(1 - top / height, (h ?? height - top) / height),
  };
  return box.width > 0 && box.height > 0 ? box : null;
}

async function sha256(file: string): Promise<string | null> {
  try {
    return createHash("sha256")
      .update(await fs.promises.readFile(file))
      .digest("hex");
  } catch {
    return null;
  }
}

/**
 * Gives the tree's gallery records (written by an export of this site or
 * another) to the gallery: each one's links from people become tags of the
 * photo it is, made a gallery photo when this site has no such photo and the
 * archive brought its file; the record, its links and its file's place in
 * the tree then leave the tree, so that the person's page does not show the
 * photo twice. Each record is taken in one transaction, recorded in the
 * change history as the photo's (and, when made, the photo's addition); one
 * that fails is left as it was, a picture of the tree, and the others go on.
 * Returns how many records the gallery took.
 */
export async function adoptGalleryObjects(db: Database, store: MediaStore, treeId: number): Promise<number> {
  const records = await db
    .selectFrom("genealogyMedia")
    .leftJoin("media", "media.id", "genealogyMedia.mediaId")
    .select([
      "genealogyMedia.id",
      "genealogyMedia.title",
      "genealogyMedia.file as path",
      "genealogyMedia.extra",
      "media.id as fileId",
      "media.originalExtension",
      "media.originalName",
      "media.width",
      "media.height",
      "media.kind",
    ])
    .where("genealogyMedia.treeId", "=", treeId)
    .where("genealogyMedia.extra", "like", `%${GALLERY_REFN_TYPE}%`)
    .execute();
  let adopted = 0;
  for (const record of records) {
    const extra = JSON.parse(record.extra) as RawNode[];
    const number = galleryNumber(extra);
    if (number === null) continue;
    const file =
      record.fileId && record.kind === "image"
        ? originalPath(store, { id: record.fileId, originalExtension: record.originalExtension! })
        : null;
    let made: PreparedMedia | null = null;
    try {
      const found = await findGalleryPhoto(db, store, { number, title: record.title ?? "", file });
      // Not this site's: made from the archive's file (the pictures first, outside the transaction).
      made = found ? null : file ? await prepareCopy(store, file, record.originalName) : null;
      if (!found && !made) continue;
      await inTransaction(db, async (tx) => {
        const itemId =
          found?.itemId ??
          (await addGalleryItem(
            tx,
            store,
            {
              title: (record.title ?? "").trim().slice(0, GALLERY_TITLE_MAX) || "Nuotrauka",
              description: (child(extra, "NOTE")?.v ?? "").slice(0, GALLERY_DESCRIPTION_MAX),
              // A photo its family kept for itself stays the family's.
              membersOnly: /CONFIDENTIAL|PRIVACY/i.test(child(extra, "RESN")?.v ?? ""),
            },
            made!,
          ));
        // The crop is in pixels of the file the archive carried; without a file, of the photo's own.
        const size = record.width && record.height ? { width: record.width, height: record.height } : (found?.size ?? null);
        await tagFromLinks(tx, treeId, record.id, itemId, size);
        await tx.deleteFrom("genealogyMediaLinks").where("treeId", "=", treeId).where("mediaId", "=", record.id).execute();
        await tx.deleteFrom("genealogyMedia").where("treeId", "=", treeId).where("id", "=", record.id).execute();
        // The archive's file is the gallery's now: no tree file of that name is left for a later export to carry.
        if (record.path !== null) {
          const named = await tx
            .selectFrom("genealogyMedia")
            .select("id")
            .where("treeId", "=", treeId)
            .where("file", "=", record.path)
            .executeTakeFirst();
          if (!named) await tx.deleteFrom("genealogyFiles").where("treeId", "=", treeId).where("path", "=", record.path).execute();
        }
      });
      adopted++;
    } catch (error) {
      // Nothing of this record was kept: its new photo's files go too.
      await made?.discard().catch(() => {});
      console.error(error);
    }
  }
  // The tree's count of pictures (the trees' list on /admin/medis) no longer counts the gallery's.
  if (adopted > 0) {
    const { n } = await db
      .selectFrom("genealogyMedia")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("treeId", "=", treeId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("genealogyTrees")
      .set({ media: Number(n) })
      .where("id", "=", treeId)
      .execute();
  }
  return adopted;
}

/** The people a record's links name, tagged in the photo (those not already in it), as one change of the photo. */
async function tagFromLinks(
  tx: Database,
  treeId: number,
  recordId: number,
  itemId: number,
  size: { width: number; height: number } | null,
): Promise<void> {
  const links = await tx
    .selectFrom("genealogyMediaLinks")
    .selectAll()
    .where("treeId", "=", treeId)
    .where("mediaId", "=", recordId)
    .where("ownerKind", "=", "person")
    .orderBy("ownerId")
    .orderBy("position")
    .execute();
  const { title } = await tx.selectFrom("galleryItems").select("title").where("id", "=", itemId).executeTakeFirstOrThrow();
  await recorded(
    tx,
    null,
    { id: itemId, summary: { id: "changes.summary.tree.photoTagged", values: { title } } },
    galleryItemScopes(itemId),
    async (inner) => {
      const present = new Set(
        (
          await inner
            .selectFrom("photoPeople")
            .select("personId")
            .where("galleryItemId", "=", itemId)
            .where("treeId", "=", treeId)
            .execute()
        ).map((row) => row.personId),
      );
      let position = await nextPhotoPosition(inner, itemId);
      for (const link of links) {
        if (present.has(link.ownerId)) continue;
        present.add(link.ownerId);
        const box = size ? cropBox(JSON.parse(link.extra) as RawNode[], size.width, size.height) : null;
        await inner
          .insertInto("photoPeople")
          .values({
            galleryItemId: itemId,
            treeId,
            personId: link.ownerId,
            name: "",
            boxLeft: box?.left ?? null,
            boxTop: box?.top ?? null,
            boxWidth: box?.width ?? null,
            boxHeight: box?.height ?? null,
            position: position++,
          })
          .execute();
      }
    },
  );
}

/**
 * This site's photo a record names: the photo of that number when its
 * carried file is the archive's very file (or, from a plain .ged without
 * files, its title is the record's); else null.
 */
async function findGalleryPhoto(
  db: Database,
  store: MediaStore,
  record: { number: number; title: string; file: string | null },
): Promise<{ itemId: number; size: { width: number; height: number } | null } | null> {
  const item = await db
    .selectFrom("galleryItems")
    .innerJoin("media", "media.id", "galleryItems.mediaId")
    .select(["galleryItems.id", "galleryItems.title", ...CARRIED_FILE_COLUMNS])
    .where("galleryItems.id", "=", record.number)
    .executeTakeFirst();
  if (!item) return null;
  const carried = await carriedFile(store, { ...item, id: item.mediaId });
  const size = carried ? { width: carried.width, height: carried.height } : null;
  if (!record.file) return item.title === record.title ? { itemId: item.id, size } : null;
  const [ours, theirs] = carried ? await Promise.all([sha256(carried.source), sha256(record.file)]) : [null, null];
  return ours !== null && ours === theirs ? { itemId: item.id, size } : null;
}

/** The archive's picture through the upload pipeline, as a copy (the tree's own file stays the tree's); null when it refuses it. */
async function prepareCopy(store: MediaStore, file: string, name: string | null): Promise<PreparedMedia | null> {
  const copy = path.join(await mediaTmpDir(store), `galerija-${randomBytes(6).toString("hex")}.jpg`);
  try {
    await fs.promises.copyFile(file, copy);
    return await prepareImage(store, { path: copy, name: name ?? path.basename(file), size: (await fs.promises.stat(copy)).size });
  } catch (error) {
    // A file the pipeline refuses stays a picture of the tree, as any other.
    console.error(error);
    return null;
  } finally {
    await fs.promises.rm(copy, { force: true });
  }
}
