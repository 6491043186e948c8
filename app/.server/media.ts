import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { DISPLAY_BOX, DISPLAY_QUALITY, GRID_WIDTHS } from "../lib/media.ts";
import type { Database, MediaTable } from "./db.ts";
import type { Config } from "./env.ts";
import { Semaphore } from "./limit.ts";
import { isReadablePdf } from "./pdf.ts";

// Uploaded files under DATA_DIR/media:
//   originals/<id>.<ext>   the file as uploaded, byte for byte; never served publicly
//                          (it may carry GPS and camera data)
//   public/<id>/...        what visitors get: display.jpg and the grid sizes, served
//                          at /media/<id>/... with a year-long cache (names never change)
//   members/<id>/...       the same for what is for the family only ("tik giminei"):
//                          served at the same addresses, but only to a member's session
//                          (server/app.ts); an item marked so has its files moved here
//   tmp/                   uploads being received or processed
// Files are complete before they get their final names (written in tmp/, then
// renamed), and the database row comes last, so a failure at any point leaves
// at worst unreferenced files, which cleanUpMedia removes.

export interface MediaStore {
  root: string;
  maxBytes: number;
  maxPixels: number;
}

export function mediaStore(config: Pick<Config, "dataDir" | "uploads">): MediaStore {
  return { root: path.join(config.dataDir, "media"), ...config.uploads };
}

export function publicMediaDir(store: MediaStore): string {
  return path.join(store.root, "public");
}

/** Derived files of what is for the family only: never served to a visitor. */
export function membersMediaDir(store: MediaStore): string {
  return path.join(store.root, "members");
}

function originalsDir(store: MediaStore) {
  return path.join(store.root, "originals");
}

/** Where uploads wait while they are checked; on the same disk as the final places. */
export async function mediaTmpDir(store: MediaStore): Promise<string> {
  const dir = path.join(store.root, "tmp");
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

function tmpDir(store: MediaStore) {
  return path.join(store.root, "tmp");
}

export function originalPath(store: MediaStore, media: { id: string; originalExtension: string }): string {
  return path.join(originalsDir(store), `${media.id}.${media.originalExtension}`);
}

export type RejectReason =
  "notImage" | "notScan" | "notPdf" | "truncated" | "tooLarge" | "tooManyPixels" | "empty" | "malformed" | "oneFile" | "failed";

/** An upload the server will not keep; the message says why, in Lithuanian. */
export class UploadRejected extends Error {
  readonly reason: RejectReason;
  constructor(reason: RejectReason, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "UploadRejected";
    this.reason = reason;
  }

  /** The HTTP status that says it: the file too large, the server failing, or the request at fault. */
  get status(): number {
    return this.reason === "tooLarge" ? 413 : this.reason === "failed" ? 500 : 400;
  }
}

export function rejection(store: MediaStore, reason: RejectReason, cause?: unknown, maxBytes = store.maxBytes): UploadRejected {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const megapixels = Math.round((store.maxPixels / 1_000_000) * 10) / 10;
  const messages: Record<RejectReason, string> = {
    notImage: "Šis failas nėra nuotrauka. Pasirinkite paveikslėlio failą (pvz., JPEG, PNG ar TIFF).",
    notScan: "Skenas turi būti PDF arba paveikslėlio failas (pvz., JPEG, PNG ar TIFF).",
    notPdf: "Šio PDF failo atverti nepavyko: jis pažeistas arba tik atrodo kaip PDF.",
    truncated: "Failas pažeistas arba neužbaigtas. Įkelkite jį dar kartą.",
    tooLarge: `Failas per didelis: daugiausia ${mb} MB.`,
    tooManyPixels: `Nuotrauka per didelė: daugiausia ${megapixels} megapikselių.`,
    empty: "Failas tuščias. Pasirinkite failą su turiniu.",
    malformed: "Failo gauti nepavyko: užklausa sugadinta. Bandykite dar kartą.",
    oneFile: "Vienu kartu galima įkelti tik vieną failą.",
    failed: "Nepavyko apdoroti nuotraukos. Bandykite dar kartą.",
  };
  return new UploadRejected(reason, messages[reason], { cause });
}

/** An uploaded file, saved to a temporary file while it is checked. */
export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}

/** Saves an uploaded file under tmp/; the caller removes it with discardReceived when done. */
export async function receiveUpload(store: MediaStore, file: File, maxBytes = store.maxBytes): Promise<ReceivedFile> {
  if (file.size > maxBytes) throw rejection(store, "tooLarge", undefined, maxBytes);
  if (file.size === 0) throw rejection(store, "empty");
  const target = path.join(await mediaTmpDir(store), `upload-${randomBytes(12).toString("hex")}`);
  await fs.writeFile(target, file.stream());
  // Only the last path segment of the name the browser sent, within reason.
  const name = path.basename(file.name.replaceAll("\\", "/")).slice(0, 255) || "nuotrauka";
  return { path: target, name, size: file.size };
}

/**
 * Streams a request body that is itself the file (the GEDCOM import sends it
 * so, for its progress bar) to tmp/, a chunk at a time, refusing it at the
 * limit or when it is empty. Returns the file's path; the caller removes it.
 */
export async function receiveRawUpload(request: Request, store: MediaStore, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw rejection(store, "tooLarge", undefined, maxBytes);
  if (!request.body) throw rejection(store, "empty");
  const file = path.join(await mediaTmpDir(store), `raw-${randomBytes(12).toString("hex")}`);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? rejection(store, "tooLarge", undefined, maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as never), limit, createWriteStream(file));
    if (received === 0) throw rejection(store, "empty");
    return file;
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error instanceof UploadRejected ? error : rejection(store, "malformed", error);
  }
}

export async function discardReceived(file: ReceivedFile | undefined): Promise<void> {
  if (file) await fs.rm(file.path, { force: true });
}

export type NewMedia = MediaTable;

/** Files written for an upload, not yet in the database. */
export interface PreparedMedia {
  record: NewMedia;
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
  svg: "image/svg+xml",
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

async function prepare(store: MediaStore, file: ReceivedFile): Promise<PreparedMedia> {
  let meta: Metadata;
  try {
    // Reads the header only: a decompression bomb is refused before it is decoded.
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw rejection(store, "notImage", error);
  }
  const format = meta.format as string;
  if (!meta.width || !meta.height || !(format in MIME)) throw rejection(store, "notImage");
  if (meta.width * meta.height > store.maxPixels) throw rejection(store, "tooManyPixels");

  const id = randomBytes(12).toString("hex");
  const stage = path.join(tmpDir(store), `stage-${id}`);
  const publicDir = path.join(publicMediaDir(store), id);
  const extension = EXTENSION[format] ?? format;
  const original = originalPath(store, { id, originalExtension: extension });
  const swapped = (meta.orientation ?? 1) >= 5;
  const [width, height] = swapped ? [meta.height, meta.width] : [meta.width, meta.height];
  let display: OutputInfo;
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
export async function removeMediaFiles(store: MediaStore, media: { id: string; originalExtension: string }): Promise<void> {
  const trash = path.join(store.root, "trash", `${media.id}.${Date.now()}`);
  await fs.mkdir(trash, { recursive: true });
  await moveIfPresent(path.join(publicMediaDir(store), media.id), path.join(trash, "public"));
  await moveIfPresent(path.join(membersMediaDir(store), media.id), path.join(trash, "public"));
  await moveIfPresent(originalPath(store, media), path.join(trash, `original.${media.originalExtension}`));
}

async function moveIfPresent(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Where a media item's files are now: in place, or in the trash if it was removed a moment ago. */
export async function locateMediaFiles(
  store: MediaStore,
  media: { id: string; originalExtension: string },
): Promise<{ publicDir: string; original: string } | null> {
  const members = path.join(membersMediaDir(store), media.id);
  const publicDir = (await exists(members)) ? members : path.join(publicMediaDir(store), media.id);
  const inPlace = { publicDir, original: originalPath(store, media) };
  if (await exists(inPlace.original)) return inPlace;
  const trash = path.join(store.root, "trash");
  const entry = (await fs.readdir(trash).catch(() => [] as string[])).find((name) => name.startsWith(`${media.id}.`));
  if (!entry) return null;
  return { publicDir: path.join(trash, entry, "public"), original: path.join(trash, entry, `original.${media.originalExtension}`) };
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export async function insertMedia(db: Database, record: NewMedia): Promise<void> {
  await db.insertInto("media").values(record).execute();
}

/**
 * Deletes a media row (inside the caller's transaction) and returns what
 * removeMediaFiles needs once that transaction has committed.
 */
export async function deleteMediaRow(db: Database, id: string): Promise<{ id: string; originalExtension: string } | null> {
  const media = await db.selectFrom("media").select(["id", "originalExtension"]).where("id", "=", id).executeTakeFirst();
  await db.deleteFrom("media").where("id", "=", id).execute();
  return media ?? null;
}

/**
 * Puts a media item's derived files where its audience reads them from:
 * members/ for the family only, public/ for everyone. Callers make the move
 * that hides first (files to members/ before the row says so; the row to
 * public before the files): a failure between leaves a missing picture, never
 * a visible one, and placeAllMedia puts it right.
 */
export async function placeMediaFiles(store: MediaStore, mediaId: string, membersOnly: boolean): Promise<void> {
  const [from, to] = membersOnly ? [publicMediaDir(store), membersMediaDir(store)] : [membersMediaDir(store), publicMediaDir(store)];
  await fs.mkdir(to, { recursive: true });
  await moveIfPresent(path.join(from, mediaId), path.join(to, mediaId));
}

/**
 * The photos of approved memories (issue 17), by whether what each memory is
 * about is open to everyone: a person (whose page decides who reads the
 * memory) or a gallery item not for the family only.
 */
async function memoryPhotos(db: Database): Promise<{ open: Set<string>; familyOnly: Set<string> }> {
  const rows = await db
    .selectFrom("memories")
    .leftJoin("galleryItems", "galleryItems.id", "memories.galleryItemId")
    .select(["memories.mediaIds", "galleryItems.membersOnly"])
    .where("memories.mediaIds", "!=", "[]")
    .execute();
  const open = new Set<string>();
  const familyOnly = new Set<string>();
  for (const row of rows) for (const id of JSON.parse(row.mediaIds) as string[]) (row.membersOnly === 1 ? familyOnly : open).add(id);
  return { open, familyOnly };
}

/**
 * The media that something open to everyone shows (a gallery item, a
 * document, a memory of either or of a person): the only ones whose files
 * belong in public/ among those the gallery, the documents and the proposals
 * place (a removed item's files are kept, out of sight, for the change
 * history's undo: decision 022; a pending proposal's photos wait there too).
 */
async function shownToVisitors(db: Database, ids?: string[]): Promise<Set<string>> {
  if (ids && ids.length === 0) return new Set();
  const [gallery, documents, memories] = await Promise.all([
    db
      .selectFrom("galleryItems")
      .select("mediaId as id")
      .where("membersOnly", "=", 0)
      .where("mediaId", "is not", null)
      .$if(ids !== undefined, (q) => q.where("mediaId", "in", ids!))
      .execute(),
    db
      .selectFrom("documents")
      .select("scanMediaId as id")
      .where("membersOnly", "=", 0)
      .where("scanMediaId", "is not", null)
      .$if(ids !== undefined, (q) => q.where("scanMediaId", "in", ids!))
      .execute(),
    memoryPhotos(db),
  ]);
  const shown = new Set([...gallery, ...documents].map((row) => row.id!));
  for (const id of memories.open) if (!ids || ids.includes(id)) shown.add(id);
  return shown;
}

/**
 * Puts the files of these gallery, document or memory media where the rows
 * now say (after a removal, an approval, or an undo in the change history):
 * public/ when something open to everyone shows them, members/ otherwise (for
 * the family only, waiting for a decision, or no longer on the site but kept
 * so that an undo brings them back).
 */
export async function placeItemMedia(db: Database, store: MediaStore, ids: (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""))];
  const shown = await shownToVisitors(db, wanted);
  for (const id of wanted) await placeMediaFiles(store, id, !shown.has(id));
}

/**
 * Every stored media item by who may read its files: `open`, what something
 * open to everyone shows (shownToVisitors) and the tree's own pictures, which
 * the import placed; `hidden`, all the others (a photo or scan for the family
 * only, one removed but kept for the change history's undo, a proposal's
 * waiting for a decision).
 */
async function mediaAudiences(db: Database): Promise<{ open: Set<string>; hidden: Set<string> }> {
  const [all, shown, files, pictures] = await Promise.all([
    db.selectFrom("media").select("id").execute(),
    shownToVisitors(db),
    db.selectFrom("genealogyFiles").select("mediaId as id").execute(),
    db.selectFrom("genealogyMedia").select("mediaId as id").where("mediaId", "is not", null).execute(),
  ]);
  const open = new Set([...shown, ...[...files, ...pictures].map((row) => row.id!)]);
  return { open, hidden: new Set(all.map((row) => row.id).filter((id) => !open.has(id))) };
}

/**
 * Every media item's files where its audience reads them from (at start-up,
 * every hour and after a restore): mends a move a crash cut short. Returns how
 * many it moved.
 */
export async function placeAllMedia(db: Database, store: MediaStore): Promise<number> {
  const { hidden } = await mediaAudiences(db);
  let moved = 0;
  for (const name of await fs.readdir(publicMediaDir(store)).catch(() => [] as string[])) {
    if (hidden.has(name)) {
      await placeMediaFiles(store, name, true);
      moved++;
    }
  }
  // Only what is open to everyone goes back to public/: a removed item's
  // files stay out of sight (kept for the change history's undo).
  const { open } = await mediaAudiences(db);
  for (const name of await fs.readdir(membersMediaDir(store)).catch(() => [] as string[])) {
    // Asked again just before showing it: an item marked since the list was read stays hidden.
    if (open.has(name) && (await mediaAudiences(db)).open.has(name)) {
      await placeMediaFiles(store, name, false);
      moved++;
    }
  }
  return moved;
}

export const TRASH_KEEP_MS = 60 * 60 * 1000;
const UPLOAD_GRACE_MS = 10 * 60 * 1000;

/**
 * Clean-up, at start-up and every hour: removes uploads a crash left half
 * done, files whose database row was never written, and trash older than an
 * hour. While another server process may be mid-upload, only files older than
 * ten minutes count as left over; when this is the only process, all of them.
 */
export async function cleanUpMedia(db: Database, store: MediaStore, { othersAlive }: { othersAlive: boolean }): Promise<number> {
  const known = new Set((await db.selectFrom("media").select("id").execute()).map((m) => m.id));
  const cutoff = Date.now() - (othersAlive ? UPLOAD_GRACE_MS : 0);
  let removed = 0;
  const sweep = async (dir: string, keep: (name: string) => boolean, old: (name: string, mtimeMs: number) => boolean) => {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (keep(name)) continue;
      const full = path.join(dir, name);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat || !old(name, stat.mtimeMs)) continue;
      await fs.rm(full, { recursive: true, force: true });
      removed++;
    }
  };
  const leftOver = (_: string, mtimeMs: number) => mtimeMs <= cutoff;
  await sweep(tmpDir(store), () => false, leftOver);
  await sweep(publicMediaDir(store), (name) => known.has(name), leftOver);
  await sweep(membersMediaDir(store), (name) => known.has(name), leftOver);
  await sweep(originalsDir(store), (name) => known.has(name.replace(/\.[^.]*$/, "")), leftOver);
  const trashedAt = (name: string) => Number(name.split(".").pop());
  await sweep(
    path.join(store.root, "trash"),
    () => false,
    (name) => trashedAt(name) <= Date.now() - TRASH_KEEP_MS,
  );
  return removed;
}

/**
 * Reads a form that may carry one file in `fileField`: the file goes to tmp/
 * (refused when over `maxBytes`, the photo limit unless told), the other
 * fields stay in the FormData. Also reads plain (urlencoded) forms. An empty
 * file input counts as no file. Every refusal is an UploadRejected.
 */
export async function readUploadForm(
  request: Request,
  store: MediaStore,
  fileField: string,
  maxBytes = store.maxBytes,
): Promise<{ form: FormData; file: ReceivedFile | undefined }> {
  const { form, files } = await readUploadFiles(request, store, fileField, 1, maxBytes);
  return { form, file: files[0] };
}

/**
 * The same intake for a form that may carry up to `maxFiles` files in
 * `fileField` (a memory's photos): each bounded by `maxBytes`, all of them
 * received or none (a refusal removes what was already saved).
 */
export async function readUploadFiles(
  request: Request,
  store: MediaStore,
  fileField: string,
  maxFiles: number,
  maxBytes = store.maxBytes,
): Promise<{ form: FormData; files: ReceivedFile[] }> {
  const files: ReceivedFile[] = [];
  try {
    const form = await parseFormData(
      request,
      { maxFiles, maxFileSize: maxBytes, maxTotalSize: maxFiles * maxBytes + 1024 * 1024 },
      async (upload) => {
        if (upload.fieldName !== fileField || (upload.size === 0 && !upload.name)) return null;
        const file = await receiveUpload(store, upload, maxBytes);
        files.push(file);
        return file.name;
      },
    );
    return { form, files };
  } catch (error) {
    for (const file of files) await discardReceived(file);
    if (error instanceof UploadRejected) throw error;
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw rejection(store, "tooLarge", error, maxBytes);
    }
    if (error instanceof MaxFilesExceededError) {
      if (maxFiles === 1) throw rejection(store, "oneFile", error);
      throw new UploadRejected("oneFile", `Vienu kartu galima įkelti ne daugiau kaip ${maxFiles} failus.`, { cause: error });
    }
    // A multipart body that does not parse, or a body that is not a form at all.
    if (error instanceof MultipartParseError || error instanceof FormDataParseError || error instanceof TypeError) {
      throw rejection(store, "malformed", error);
    }
    throw error;
  }
}
