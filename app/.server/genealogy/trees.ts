import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { GedcomVersion } from "../../lib/gedcom-date.ts";
import { changeContentVersion } from "../content-version.ts";
import type { Database } from "../db.ts";
import { deleteMediaRow, insertMedia, mediaTmpDir, prepareScan, removeMediaFiles, UploadRejected, type MediaStore } from "../media.ts";
import { getSiteSettings } from "../settings.ts";
import { livingYearsSetting } from "./people.ts";
import type { CodePageChoice } from "./charset.ts";
import { exportGedcom, type ExportResult } from "./export.ts";
import { GEDZIP_MAIN, isZip, packGedzip, unpackGedzip } from "./gedzip.ts";
import { deleteTreeRows, importGedcom, NotGedcomError, type ImportSummary } from "./import.ts";
import type { Warning } from "./reader.ts";

// The family's trees: each import is one; the current one is what the site
// shows, and the ones it replaced are kept (the newest few) so the
// administrator can go back.

const CURRENT = "genealogy_current_tree";
/** Trees kept besides the current one. */
export const KEPT_TREES = 3;

export async function currentTreeId(db: Database): Promise<number | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", CURRENT).executeTakeFirst();
  return row ? Number(row.value) : null;
}

export interface TreeInfo {
  id: number;
  sourceName: string;
  gedcomVersion: string | null;
  charset: string | null;
  createdAt: string;
  people: number;
  families: number;
  sources: number;
  media: number;
  warnings: Warning[];
  current: boolean;
}

export async function listTrees(db: Database): Promise<TreeInfo[]> {
  const current = await currentTreeId(db);
  const rows = await db.selectFrom("genealogyTrees").selectAll().where("status", "=", "ready").orderBy("id", "desc").execute();
  return rows.map(({ status: _status, warnings, ...row }) => ({
    ...row,
    warnings: JSON.parse(warnings) as Warning[],
    current: row.id === current,
  }));
}

export async function findTree(db: Database, id: number): Promise<TreeInfo | null> {
  return (await listTrees(db)).find((t) => t.id === id) ?? null;
}

/** Removes a tree with its rows and the files that came with it. */
async function deleteTree(db: Database, store: MediaStore, id: number): Promise<void> {
  const media = await db.selectFrom("genealogyMedia").select("mediaId").where("treeId", "=", id).where("mediaId", "is not", null).execute();
  await deleteTreeRows(db, id);
  await db.deleteFrom("genealogyTrees").where("id", "=", id).execute();
  for (const { mediaId } of media) {
    const record = await deleteMediaRow(db, mediaId!);
    if (record) await removeMediaFiles(store, record);
  }
}

/**
 * Makes a tree the one the site shows. The tree it replaces is kept; older
 * ones beyond the newest few are removed, as are imports never confirmed.
 */
export async function makeCurrent(db: Database, store: MediaStore, id: number): Promise<boolean> {
  const tree = await db.selectFrom("genealogyTrees").select("id").where("id", "=", id).where("status", "=", "ready").executeTakeFirst();
  if (!tree) return false;
  const previous = await currentTreeId(db);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("settings")
      .values({ key: CURRENT, value: String(id) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(id) }))
      .execute();
    if (previous !== null && previous !== id) await carryPersonLinks(tx, previous, id);
    // Also when called outside a request (the command-line import).
    await changeContentVersion(tx);
  });
  const others = (await db.selectFrom("genealogyTrees").select("id").where("id", "!=", id).orderBy("id", "desc").execute()).map(
    (t) => t.id,
  );
  for (const old of others.slice(KEPT_TREES)) await deleteTree(db, store, old);
  return true;
}

/**
 * A new import of the family's file keeps the photos and documents the
 * administrator linked to people on the site: a person keeps their id across
 * imports (person-ids.ts), so each link moves to the same id where that
 * person is still in the tree (a tree that has links of its own keeps them).
 */
async function carryPersonLinks(db: Database, from: number, to: number): Promise<void> {
  const has = await db.selectFrom("genealogyPersonLinks").select("personId").where("treeId", "=", to).limit(1).executeTakeFirst();
  if (has) return;
  await db
    .insertInto("genealogyPersonLinks")
    .columns(["treeId", "personId", "kind", "itemId"])
    .expression((eb) =>
      eb
        .selectFrom("genealogyPersonLinks as l")
        .innerJoin("genealogyPeople as p", (j) => j.on("p.treeId", "=", to).onRef("p.id", "=", "l.personId"))
        .select([eb.val(to).as("treeId"), "l.personId", "l.kind", "l.itemId"])
        .where("l.treeId", "=", from),
    )
    .execute();
}

/** Discards an import that was not made current. */
export async function discardTree(db: Database, store: MediaStore, id: number): Promise<boolean> {
  if ((await currentTreeId(db)) === id) return false;
  const tree = await db.selectFrom("genealogyTrees").select("id").where("id", "=", id).executeTakeFirst();
  if (!tree) return false;
  await deleteTree(db, store, id);
  return true;
}

export interface ImportFileOptions {
  sourceName: string;
  codePage?: CodePageChoice;
}

/**
 * Imports a .ged file, or a GEDZIP archive with its media, into a new tree.
 * The first tree becomes current at once; a later one waits for the
 * administrator to confirm (makeCurrent). Throws NotGedcomError for a file
 * that is not GEDCOM; nothing is then kept.
 */
export async function importFile(
  db: Database,
  store: MediaStore,
  file: string,
  options: ImportFileOptions,
): Promise<ImportSummary & { current: boolean }> {
  const replaces = await currentTreeId(db);
  const hadTree = replaces !== null;
  let summary: ImportSummary;
  if (isZip(file)) {
    const dir = await fsp.mkdtemp(path.join(await mediaTmpDir(store), "gedzip-"));
    const archiveWarnings: Warning[] = [];
    const stored: string[] = [];
    try {
      const entries = await unpackGedzip(file, dir, archiveWarnings);
      if (!entries.includes(GEDZIP_MAIN)) throw new NotGedcomError("Archyve nėra gedcom.ged: tai ne GEDZIP failas.");
      const archiveMedia = new Map<string, string>();
      for (const entry of entries.filter((e) => e !== GEDZIP_MAIN)) {
        const full = path.join(dir, entry);
        try {
          const prepared = await prepareScan(store, { path: full, name: path.basename(entry), size: fs.statSync(full).size });
          await insertMedia(db, prepared.record);
          stored.push(prepared.record.id);
          archiveMedia.set(entry, prepared.record.id);
        } catch (error) {
          if (!(error instanceof UploadRejected)) throw error;
          archiveWarnings.push({ line: 0, message: `Failas „${entry}“ neišsaugotas: svetainė saugo tik nuotraukas ir PDF.` });
        }
      }
      summary = await importGedcom(db, fs.createReadStream(path.join(dir, GEDZIP_MAIN)), { ...options, archiveMedia, replaces });
      summary.warnings.unshift(...archiveWarnings);
    } catch (error) {
      for (const id of stored) {
        const record = await deleteMediaRow(db, id);
        if (record) await removeMediaFiles(store, record);
      }
      throw error;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  } else {
    summary = await importGedcom(db, fs.createReadStream(file), { ...options, replaces });
  }
  if (!hadTree) await makeCurrent(db, store, summary.treeId);
  return { ...summary, current: !hadTree };
}

export interface ExportFileOptions {
  version: GedcomVersion;
  publicOnly?: boolean;
  /** A GEDZIP archive with the media, rather than a plain .ged. */
  zip?: boolean;
}

/** Writes a tree (the current one unless told) to a file; null when there is no tree. */
export async function exportFile(
  db: Database,
  store: MediaStore,
  file: string,
  options: ExportFileOptions & { treeId?: number },
): Promise<ExportResult | null> {
  const treeId = options.treeId ?? (await currentTreeId(db));
  if (treeId === null) return null;
  const { familyName } = await getSiteSettings(db);
  const target = options.zip ? `${file}.ged.tmp` : file;
  const out = fs.createWriteStream(target);
  let result: ExportResult;
  try {
    result = await exportGedcom(db, treeId, out, {
      version: options.version,
      publicOnly: options.publicOnly,
      livingYears: await livingYearsSetting(db),
      familyName,
    });
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  if (options.zip) {
    const files: { path: string; file: string }[] = [];
    for (const { path: name, mediaId } of result.files) {
      const media = await db.selectFrom("media").select(["id", "originalExtension"]).where("id", "=", mediaId).executeTakeFirst();
      if (media) files.push({ path: name, file: path.join(store.root, "originals", `${media.id}.${media.originalExtension}`) });
    }
    packGedzip(file, target, files);
    await fsp.rm(target, { force: true });
  }
  return result;
}
