import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { DISPLAY_BOX, DISPLAY_QUALITY, GRID_WIDTHS, zoomWidths } from "#app/lib/media.ts";
import type { Database, MediaTable } from "#app/.server/platform/db/schema.ts";
import { Semaphore } from "#app/.server/platform/limit.ts";
import { isReadablePdf } from "./pdf.ts";
import { rejection, UploadRejected, type ReceivedFile } from "./intake.ts";
import { membersMediaDir, originalPath, originalsDir, publicMediaDir, removeMediaFiles, tmpDir, type MediaStore } from "./storage.ts";

// The image pipeline: what an accepted upload becomes (the original kept, the
// renditions visitors get written beside it), for the gallery, the documents'
// scans, the proposals' photos and a GEDZIP archive's files.

/** Files written for an upload, not yet in the database. */
export interface PreparedMedia {
  record: MediaTable;
  /** Removes the files again, when the database row could not be written. */
  discard(): Promise<void>;
}

const MIME: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  tiff: "image/tiff",
  avif: "image/avif",
  heif: "image/heif",
  jp2: "image/jp2",
  jxl: "image/jxl",
};
const EXTENSION: Record<string, string> = { jpeg: "jpg", tiff: "tif", heif: "heic" };

// One image at a time, and no libvips cache: a server that runs for months
// must not keep the pixels of past uploads. sharp still uses every core for
// the one image.
const processing = new Semaphore(1);
sharp.cache(false);

/**
 * Checks that an uploaded file is an image sharp can decode (from its bytes,
 * not its name) within the pixel limit, then keeps the original and writes the
 * display and grid images, upright and without metadata. Throws UploadRejected.
 * The received file is consumed: it becomes the archive copy.
 */
export function prepareImage(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  return processing.run(() => prepare(store, file));
}

/**
 * Moves a received upload among the originals and its staged public files to
 * their place; on any failure nothing of either is left behind.
 */
async function settleFiles(store: MediaStore, file: ReceivedFile, stage: string, publicDir: string, original: string): Promise<void> {
  try {
    await fs.mkdir(publicMediaDir(store), { recursive: true });
    await fs.mkdir(originalsDir(store), { recursive: true });
    await fs.rename(file.path, original);
    await fs.rename(stage, publicDir);
  } catch (error) {
    await fs.rm(stage, { recursive: true, force: true });
    await fs.rm(publicDir, { recursive: true, force: true });
    await fs.rm(original, { force: true });
    throw rejection(store, "failed", error);
  }
}

/**
 * Markup a picture never carries: a file that is also a page (a JPEG with
 * HTML after its image, an SVG with a script) is refused, whatever route it
 * came by, so that no original the site keeps can run in a browser. (XMP
 * metadata is XML, but none of these tags.)
 */
const MARKUP = /<(?:script|html|body|iframe|object|embed|svg|!doctype|\?php)[\s>/]/i;

/** Whether the file's bytes hold MARKUP anywhere, read a piece at a time (a piece overlaps the last so a tag split between two is found). */
async function holdsMarkup(file: string): Promise<boolean> {
  const handle = await fs.open(file, "r");
  try {
    const piece = Buffer.alloc(1024 * 1024);
    let carried = "";
    for (let position = 0; ;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, position);
      if (bytesRead === 0) return false;
      // latin1: one character a byte, so the tags' ASCII letters are found wherever they sit.
      const text = carried + piece.toString("latin1", 0, bytesRead);
      if (MARKUP.test(text)) return true;
      carried = text.slice(-16);
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

async function prepare(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  let meta: Metadata;
  try {
    // Reads the header only: a decompression bomb is refused before it is decoded.
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw rejection(store, "notImage", error);
  }
  const format = meta.format as string;
  // A raster picture only (sharp reads SVG too: a vector file can carry a script), with no page inside it.
  if (!meta.width || !meta.height || !(format in MIME)) throw rejection(store, "notImage");
  if (await holdsMarkup(file.path)) throw rejection(store, "notImage");
  if (meta.width * meta.height > store.maxPixels) throw rejection(store, "tooManyPixels");

  const id = randomBytes(12).toString("hex");
  const stage = path.join(tmpDir(store), `stage-${id}`);
  const publicDir = path.join(publicMediaDir(store), id);
  const extension = EXTENSION[format] ?? format;
  const original = originalPath(store, { id, originalExtension: extension });
  const swapped = (meta.orientation ?? 1) >= 5;
  const [width, height] = swapped ? [meta.height, meta.width] : [meta.width, meta.height];
  let display: OutputInfo;
  let zoom: number[];
  try {
    await fs.mkdir(stage, { recursive: true });
    // The original is decoded once, into the smallest picture every output can
    // be made from; the outputs are then made from that, one after another. A
    // 100-megapixel scan so costs one streamed decode, not one per output.
    // rotate() without arguments turns the pixels upright by the EXIF orientation;
    // sharp writes no metadata (EXIF, GPS, XMP) unless told to.
    const scale = Math.min(
      1,
      Math.max(
        Math.min(DISPLAY_BOX.width / width, DISPLAY_BOX.height / height),
        ...GRID_WIDTHS.map((w) => Math.max(w / width, (w * 3) / 4 / height)),
      ),
    );
    const { data, info } = await sharp(file.path, { limitInputPixels: store.maxPixels, failOn: "truncated" })
      .rotate()
      .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    display = await base()
      .resize({ ...DISPLAY_BOX, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: DISPLAY_QUALITY })
      .toFile(path.join(stage, "display.jpg"));
    for (const w of GRID_WIDTHS) {
      const grid = () => base().resize({ width: w, height: Math.round((w * 3) / 4), fit: "outside", withoutEnlargement: true });
      await grid()
        .webp({ quality: 80 })
        .toFile(path.join(stage, `w${w}.webp`));
      await grid()
        .jpeg({ quality: 82, progressive: true })
        .toFile(path.join(stage, `w${w}.jpg`));
    }
    zoom = zoomWidths(width, display.width);
    await writeZoomRenditions(store, file.path, stage, zoom);
  } catch (error) {
    await fs.rm(stage, { recursive: true, force: true });
    // The header was readable, so a decoding error means damaged pixel data; a
    // system error (disk full, permissions) is the server's failure, not the file's.
    const systemError = error instanceof Error && "code" in error;
    throw rejection(store, systemError ? "failed" : "truncated", error);
  }

  await settleFiles(store, file, stage, publicDir, original);

  return {
    record: {
      id,
      kind: "image",
      originalName: file.name,
      originalType: MIME[format],
      originalExtension: extension,
      originalSize: file.size,
      width,
      height,
      displayWidth: display.width,
      displayHeight: display.height,
      createdAt: new Date().toISOString(),
      zoom: JSON.stringify(zoom),
    },
    discard: () => removeMediaFiles(store, { id, originalExtension: extension }),
  };
}

/**
 * A document's scan: a PDF, kept as it is and served as it is (the browser
 * shows it), or an image, treated like a gallery photo.
 */
export async function prepareScan(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  const handle = await fs.open(file.path);
  let head: Buffer;
  let tail: Buffer;
  try {
    head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    tail = Buffer.alloc(Math.min(1024, file.size));
    await handle.read(tail, 0, tail.length, Math.max(0, file.size - tail.length));
  } finally {
    await handle.close();
  }
  if (head.toString("latin1") !== "%PDF-") {
    try {
      return await prepareImage(store, file);
    } catch (error) {
      if (error instanceof UploadRejected && error.reason === "notImage") throw rejection(store, "notScan", error);
      throw error;
    }
  }
  // A PDF ends with %%EOF (perhaps followed by a line end); a cut-off download does not.
  if (!tail.includes("%%EOF")) throw rejection(store, "truncated");
  return processing.run(async () => {
    if (!(await isReadablePdf(file.path))) throw rejection(store, "notPdf");
    return placePdf(store, file);
  });
}

/**
 * A file a GEDZIP archive brought: a picture or a PDF as a scan would be;
 * anything else (a sound, a transcript, a picture that will not decode) kept
 * as it is among the originals, never served publicly, so that an export
 * gives it back. The received file is consumed.
 */
export async function prepareArchiveFile(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  try {
    return await prepareScan(store, file);
  } catch (error) {
    if (!(error instanceof UploadRejected) || error.reason === "failed") throw error;
  }
  const id = randomBytes(12).toString("hex");
  // The name's own extension, when it is a plain one; it only helps whoever opens the originals folder.
  const extension = /\.([a-z0-9]{1,10})$/i.exec(file.name)?.[1].toLowerCase() ?? "bin";
  const original = originalPath(store, { id, originalExtension: extension });
  try {
    await fs.mkdir(originalsDir(store), { recursive: true });
    await fs.rename(file.path, original);
  } catch (error) {
    throw rejection(store, "failed", error);
  }
  return keptAsIs(store, file, id, "file", "application/octet-stream", extension);
}

/** A file kept as it came and never shown (the GEDCOM file a tree was imported from): copied into the originals. */
export async function keepFile(store: MediaStore, file: ReceivedFile, type: string): Promise<PreparedMedia> {
  const id = randomBytes(12).toString("hex");
  const extension = /\.([a-z0-9]{1,10})$/i.exec(file.name)?.[1].toLowerCase() ?? "bin";
  try {
    await fs.mkdir(originalsDir(store), { recursive: true });
    await fs.copyFile(file.path, originalPath(store, { id, originalExtension: extension }));
  } catch (error) {
    throw rejection(store, "failed", error);
  }
  return keptAsIs(store, file, id, "file", type, extension);
}

/** What a file kept as it came (a PDF, an archive's other files) is recorded as: no pixels, no display size. */
function keptAsIs(store: MediaStore, file: ReceivedFile, id: string, kind: "pdf" | "file", type: string, extension: string): PreparedMedia {
  return {
    record: {
      id,
      kind,
      originalName: file.name,
      originalType: type,
      originalExtension: extension,
      originalSize: file.size,
      width: null,
      height: null,
      displayWidth: null,
      displayHeight: null,
      createdAt: new Date().toISOString(),
      zoom: "[]",
    },
    discard: () => removeMediaFiles(store, { id, originalExtension: extension }),
  };
}

async function placePdf(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  const id = randomBytes(12).toString("hex");
  const stage = path.join(tmpDir(store), `stage-${id}`);
  const publicDir = path.join(publicMediaDir(store), id);
  const original = originalPath(store, { id, originalExtension: "pdf" });
  try {
    await fs.mkdir(stage, { recursive: true });
    await fs.copyFile(file.path, path.join(stage, "scan.pdf"));
  } catch (error) {
    await fs.rm(stage, { recursive: true, force: true });
    throw rejection(store, "failed", error);
  }
  await settleFiles(store, file, stage, publicDir, original);
  return keptAsIs(store, file, id, "pdf", "application/pdf", "pdf");
}

/**
 * Takes a media item's files out of use (after its row is gone): they move to
 * trash/ and are deleted an hour later, so a backup that started before the
 * removal still finds them.
 */
const ZOOM_QUALITY = 85;

/**
 * The deep-zoom renditions (zoom-<width>.jpg, lib/media.ts zoomWidths), each
 * made from the original in a streamed pass of its own: libvips reads and
 * writes a strip at a time (a JPEG is even decoded at a fraction of its size
 * when the rendition is small enough), so a 24-megapixel scan never sits in
 * memory whole. Baseline JPEG without optimised Huffman tables: either of
 * those makes libjpeg keep the whole picture's coefficients to write them
 * (measured: 678 MB instead of 105 MB for a 100-megapixel scan, for files 7 %
 * smaller).
 */
export async function writeZoomRenditions(store: MediaStore, original: string, dir: string, widths: number[]): Promise<void> {
  for (const width of widths) {
    await sharp(original, { limitInputPixels: store.maxPixels, failOn: "truncated" })
      .rotate()
      .resize({ width })
      .jpeg({ quality: ZOOM_QUALITY, progressive: false, optimiseCoding: false })
      .toFile(path.join(dir, `zoom-${width}.jpg`));
  }
}

/**
 * Derives the deep-zoom renditions of pictures stored before there were any
 * (media.zoom NULL), one at a time behind the uploads, in the background
 * after start-up. Each rendition is written in tmp/ and then renamed into the
 * folder the picture's files are in now (public/ or members/; when they moved
 * meanwhile, it looks again). `stopped` is asked between pictures, so that a
 * server being shut down does not wait for the rest. Returns how many it did.
 */
export async function deriveMissingZoom(db: Database, store: MediaStore, stopped: () => boolean = () => false): Promise<number> {
  const waiting = await db
    .selectFrom("media")
    .select(["id", "originalExtension", "width", "displayWidth"])
    .where("zoom", "is", null)
    .orderBy("createdAt")
    .execute();
  let derived = 0;
  for (const media of waiting) {
    if (stopped()) break;
    const widths = media.width && media.displayWidth ? zoomWidths(media.width, media.displayWidth) : [];
    const stage = path.join(tmpDir(store), `zoom-${media.id}-${randomBytes(6).toString("hex")}`);
    try {
      const placed = await processing.run(async () => {
        if (widths.length === 0) return true;
        await fs.mkdir(stage, { recursive: true });
        await writeZoomRenditions(store, originalPath(store, media), stage, widths);
        return moveIntoMediaFolder(store, media.id, stage);
      });
      // A picture whose files are gone (removed a moment ago) is left as it is.
      if (!placed) continue;
      await db
        .updateTable("media")
        .set({ zoom: JSON.stringify(widths) })
        .where("id", "=", media.id)
        .execute();
      derived++;
    } catch (error) {
      // An original missing or unreadable: the page keeps offering the display image.
      console.error(`Nepavyko paruošti priartinimo nuotraukai ${media.id}:`, error);
    } finally {
      await fs.rm(stage, { recursive: true, force: true });
    }
  }
  return derived;
}

/** Renames the files of `stage` into the media item's folder, wherever it is now; false when it is in neither. */
async function moveIntoMediaFolder(store: MediaStore, mediaId: string, stage: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const root of [publicMediaDir(store), membersMediaDir(store)]) {
      const dir = path.join(root, mediaId);
      try {
        // What is still in the stage: a file renamed before the folder moved went with it.
        for (const name of await fs.readdir(stage)) await fs.rename(path.join(stage, name), path.join(dir, name));
        return true;
      } catch (error) {
        // The folder is not here (or moved while the files went in): try the other, then again.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return false;
}
