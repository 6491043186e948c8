import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { inTransaction, type Database } from "../db.ts";
import { addGalleryItem, nextPhotoPosition } from "../gallery.ts";
import { prepareImage } from "../media/pipeline.ts";
import { locateMediaFiles, mediaTmpDir, originalPath, type MediaStore } from "../media/storage.ts";
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
  const rows = await db
    .selectFrom("photoPeople")
    .innerJoin("galleryItems", "galleryItems.id", "photoPeople.galleryItemId")
    .innerJoin("media", "media.id", "galleryItems.mediaId")
    .select([
      "photoPeople.personId",
      "photoPeople.boxLeft",
      "photoPeople.boxTop",
      "photoPeople.boxWidth",
      "photoPeople.boxHeight",
      "galleryItems.id as itemId",
      "galleryItems.title",
      "galleryItems.description",
      "galleryItems.membersOnly",
      ...CARRIED_FILE_COLUMNS,
    ])
    .where("photoPeople.treeId", "=", treeId)
    .where("photoPeople.personId", "is not", null)
    .$if(audience === "visitors", (q) => q.where("galleryItems.membersOnly", "=", 0))
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
        path: `${ARCHIVE_FOLDER}/${row.itemId}.jpg`,
        ...file,
      });
    }
    const object = objects.get(row.itemId)!;
    const crop =
      row.boxLeft === null || row.boxTop === null || row.boxWidth === null || row.boxHeight === null
        ? null
        : {
            top: Math.round(row.boxTop * object.height),
            left: Math.round(row.boxLeft * object.width),
            height: Math.max(1, Math.round(row.boxHeight * object.height)),
            width: Math.max(1, Math.round(row.boxWidth * object.width)),
          };
    const list = tags.get(row.personId!) ?? [];
    // A person tagged twice in one photo is one link.
    if (!list.some((tag) => tag.itemId === row.itemId)) list.push({ itemId: row.itemId, crop });
    tags.set(row.personId!, list);
  }
  return { objects, tags };
}

// ---- Import: a tree made current adopts the gallery's records --------------

function child(nodes: RawNode[] | undefined, tag: string): RawNode | undefined {
  return nodes?.find((node) => node.t === tag);
}

/** The gallery photo number a record names (REFN of our TYPE), or null. */
function galleryNumber(extra: RawNode[]): number | null {
  for (const refn of extra.filter((node) => node.t === "REFN")) {
    if (child(refn.c, "TYPE")?.v !== GALLERY_REFN_TYPE) continue;
    const number = Number(refn.v);
    if (Number.isSafeInteger(number) && number > 0) return number;
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
 * archive brought its file; the record and its links then leave the tree, so
 * that the person's page does not show the photo twice. A record whose photo
 * can be neither found nor made stays a picture of the tree. Returns how many
 * records the gallery took.
 */
export async function adoptGalleryObjects(db: Database, store: MediaStore, treeId: number): Promise<number> {
  const records = await db
    .selectFrom("genealogyMedia")
    .leftJoin("media", "media.id", "genealogyMedia.mediaId")
    .select([
      "genealogyMedia.id",
      "genealogyMedia.title",
      "genealogyMedia.extra",
      "media.id as fileId",
      "media.originalExtension",
      "media.originalName",
      "media.originalSize",
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
    const target = await findOrMakeGalleryPhoto(db, store, {
      number,
      title: record.title ?? "",
      extra,
      file,
      fileName: record.originalName,
    });
    if (!target) continue;
    const links = await db
      .selectFrom("genealogyMediaLinks")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("mediaId", "=", record.id)
      .where("ownerKind", "=", "person")
      .orderBy("ownerId")
      .orderBy("position")
      .execute();
    // The crop is in pixels of the file the archive carried; without a file, of the photo's own.
    const size = record.width && record.height ? { width: record.width, height: record.height } : target.size;
    await inTransaction(db, async (tx) => {
      const present = new Set(
        (
          await tx
            .selectFrom("photoPeople")
            .select("personId")
            .where("galleryItemId", "=", target.itemId)
            .where("treeId", "=", treeId)
            .execute()
        ).map((row) => row.personId),
      );
      let position = await nextPhotoPosition(tx, target.itemId);
      for (const link of links) {
        if (present.has(link.ownerId)) continue;
        present.add(link.ownerId);
        const box = size ? cropBox(JSON.parse(link.extra) as RawNode[], size.width, size.height) : null;
        await tx
          .insertInto("photoPeople")
          .values({
            galleryItemId: target.itemId,
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
      await tx.deleteFrom("genealogyMediaLinks").where("treeId", "=", treeId).where("mediaId", "=", record.id).execute();
      await tx.deleteFrom("genealogyMedia").where("treeId", "=", treeId).where("id", "=", record.id).execute();
    });
    adopted++;
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

/**
 * The gallery photo a record is: this site's photo of that number when its
 * carried file is the archive's file (or, with no file, its title is the
 * record's); else a new gallery photo made from the archive's file; else none.
 */
async function findOrMakeGalleryPhoto(
  db: Database,
  store: MediaStore,
  record: { number: number; title: string; extra: RawNode[]; file: string | null; fileName: string | null },
): Promise<{ itemId: number; size: { width: number; height: number } | null } | null> {
  const item = await db
    .selectFrom("galleryItems")
    .innerJoin("media", "media.id", "galleryItems.mediaId")
    .select(["galleryItems.id", "galleryItems.title", ...CARRIED_FILE_COLUMNS])
    .where("galleryItems.id", "=", record.number)
    .executeTakeFirst();
  if (item) {
    const carried = await carriedFile(store, { ...item, id: item.mediaId });
    const same = record.file
      ? carried !== null && (await sha256(carried.source)) === (await sha256(record.file))
      : item.title === record.title;
    if (same) return { itemId: item.id, size: carried ? { width: carried.width, height: carried.height } : null };
  }
  if (!record.file) return null;
  // A copy of the archive's file goes through the upload pipeline: the tree's own file stays the tree's.
  const copy = path.join(await mediaTmpDir(store), `galerija-${record.number}-${randomBytes(6).toString("hex")}.jpg`);
  let image;
  try {
    await fs.promises.copyFile(record.file, copy);
    image = await prepareImage(store, {
      path: copy,
      name: record.fileName ?? path.basename(record.file),
      size: (await fs.promises.stat(copy)).size,
    });
  } catch (error) {
    // A file the pipeline refuses stays a picture of the tree, as any other.
    console.error(error);
    return null;
  } finally {
    await fs.promises.rm(copy, { force: true });
  }
  const note = child(record.extra, "NOTE")?.v ?? "";
  const restriction = child(record.extra, "RESN")?.v ?? "";
  const itemId = await addGalleryItem(
    db,
    store,
    {
      title: record.title.trim() || "Nuotrauka",
      description: note,
      // A photo its family kept for itself stays the family's.
      membersOnly: /CONFIDENTIAL|PRIVACY/i.test(restriction),
    },
    image,
  );
  return { itemId, size: null };
}
