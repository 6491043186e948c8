import fs from "node:fs/promises";
import path from "node:path";
import type { Database, MediaTable } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";

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

export function originalsDir(store: MediaStore) {
  return path.join(store.root, "originals");
}

/** Where uploads wait while they are checked; on the same disk as the final places. */
export async function mediaTmpDir(store: MediaStore): Promise<string> {
  const dir = path.join(store.root, "tmp");
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

export function tmpDir(store: MediaStore) {
  return path.join(store.root, "tmp");
}

export function originalPath(store: MediaStore, media: { id: string; originalExtension: string }): string {
  return path.join(originalsDir(store), `${media.id}.${media.originalExtension}`);
}

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

export async function insertMedia(db: Database, record: MediaTable): Promise<void> {
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
