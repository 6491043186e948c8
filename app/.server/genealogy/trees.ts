import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { GedcomVersion } from "#app/lib/gedcom-date.ts";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { keepFile, prepareArchiveFile } from "#app/.server/media/pipeline.ts";
import { deleteMediaRow, insertMedia, mediaTmpDir, originalPath, removeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { updateStatistics } from "#app/.server/platform/db/planner-statistics.ts";
import { livingYearsSetting } from "./living.ts";
import { rematchPeople } from "./person-rematch.ts";
import { recountTree } from "./tree-counts.ts";
import { CURRENT_TREE } from "./current-tree.ts";
import { record, scope, type Actor } from "#app/.server/changes/changes.ts";
import type { Summary } from "#app/.server/changes/summary.ts";
import { prepareMerge, storePlan } from "./merge/prepare.ts";
import { UndecidedConflicts, writeMerge, type Choice } from "./merge/apply.ts";
import { countPlan, type MergeItem, type MergePlan } from "./merge/plan.ts";
import { instanceAlive } from "#app/.server/platform/instances.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { exportGedcom, type ExportAudience, type ExportResult } from "#app/.server/genealogy/gedcom/export.ts";
import { adoptGalleryObjects } from "#app/.server/genealogy/gedcom/gallery-objects.ts";
import { GEDZIP_MAIN, isZip, packGedzip, safeName, unpackGedzip, type ArchiveLimits } from "#app/.server/genealogy/gedcom/gedzip.ts";
import {
  deleteTreeRows,
  importGedcom,
  MAX_STORED_WARNINGS,
  type ImportOptions,
  TREE_TABLES,
  type ImportSummary,
} from "#app/.server/genealogy/gedcom/import.ts";
import { ImportRefused, type StoredWarning, type Warning } from "#app/.server/genealogy/gedcom/reader.ts";

// The family's trees: each import is one; the current one is what the site
// shows, and the ones it replaced are kept (the newest few) so the
// administrator can go back.

/** Trees kept besides the current one. */
export const KEPT_TREES = 3;

/** The file name of a tree begun on the site rather than imported (editing.ts's editableTree): shown in the reader's language. */
export const MADE_ON_SITE = "Sukurta svetainėje";

/** The queries of this module that tests/integration/query-plans.test.ts checks at 100,000 people. */
export const treesQueries = {
  currentTree: (db: Database) => db.selectFrom("settings").select("value").where("key", "=", CURRENT_TREE),
  /** Links a tree's media records that name a file of its GEDZIP archive (and have none yet) to the stored file. */
  linkArchiveFile: (db: Database, treeId: number, file: string, mediaId: string) =>
    db.updateTable("genealogyMedia").set({ mediaId }).where("treeId", "=", treeId).where("file", "=", file).where("mediaId", "is", null),
};

export async function currentTreeId(db: Database): Promise<number | null> {
  const row = await treesQueries.currentTree(db).executeTakeFirst();
  return row ? Number(row.value) : null;
}

export interface TreeInfo {
  id: number;
  sourceName: string;
  /** Begun on the site, not imported: its sourceName is MADE_ON_SITE. */
  madeOnSite: boolean;
  gedcomVersion: string | null;
  charset: string | null;
  createdAt: string;
  people: number;
  families: number;
  sources: number;
  media: number;
  /** The first MAX_STORED_WARNINGS warnings, and how many there were in all. */
  warnings: StoredWarning[];
  warningCount: number;
  /** The file had no 0 TRLR: it was cut off, and records may be missing. */
  cutOff: boolean;
  current: boolean;
}

export async function listTrees(db: Database): Promise<TreeInfo[]> {
  const current = await currentTreeId(db);
  const rows = await db.selectFrom("genealogyTrees").selectAll().where("status", "=", "ready").orderBy("id", "desc").execute();
  return rows.map((row) => ({
    id: row.id,
    sourceName: row.sourceName,
    madeOnSite: row.sourceName === MADE_ON_SITE,
    gedcomVersion: row.gedcomVersion,
    charset: row.charset,
    createdAt: row.createdAt,
    people: row.people,
    families: row.families,
    sources: row.sources,
    media: row.media,
    warnings: JSON.parse(row.warnings) as StoredWarning[],
    warningCount: Math.max(row.warningCount, JSON.parse(row.warnings).length),
    cutOff: row.cutOff === 1,
    current: row.id === current,
  }));
}

/**
 * Imports a process left half done (killed mid-import): marked failed, their
 * rows and files removed. An import is abandoned when the process doing it
 * (its owner, platform/instances.ts) is gone, however long it has run; one
 * begun before owners were recorded, when no other process runs or after an
 * hour.
 */
export async function sweepAbandonedImports(db: Database, store: MediaStore, { othersAlive }: { othersAlive: boolean }): Promise<number> {
  const importing = await db
    .selectFrom("genealogyTrees")
    .select(["id", "createdAt", "ownerInstance"])
    .where("status", "=", "importing")
    .execute();
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const abandoned: { id: number }[] = [];
  for (const tree of importing) {
    const gone = tree.ownerInstance !== null ? !(await instanceAlive(db, tree.ownerInstance)) : !othersAlive || tree.createdAt < hourAgo;
    if (gone) abandoned.push(tree);
  }
  for (const { id } of abandoned) {
    await db.updateTable("genealogyTrees").set({ status: "failed" }).where("id", "=", id).execute();
    await deleteTreeFiles(db, store, id);
    await deleteTreeRows(db, id);
  }
  return abandoned.length;
}

export async function findTree(db: Database, id: number): Promise<TreeInfo | null> {
  return (await listTrees(db)).find((t) => t.id === id) ?? null;
}

/** Removes the files a tree's archive brought (their media rows too). */
async function deleteTreeFiles(db: Database, store: MediaStore, id: number): Promise<void> {
  const files = await db.selectFrom("genealogyFiles").select("mediaId").distinct().where("treeId", "=", id).execute();
  await db.deleteFrom("genealogyFiles").where("treeId", "=", id).execute();
  await db.updateTable("genealogyMedia").set({ mediaId: null }).where("treeId", "=", id).execute();
  for (const { mediaId } of files) {
    const record = await deleteMediaRow(db, mediaId);
    if (record) await removeMediaFiles(store, record);
  }
}

/** Removes a tree with its rows and the files that came with it, its own GEDCOM file and the base read for it. */
async function deleteTree(db: Database, store: MediaStore, id: number): Promise<void> {
  const tree = await db.selectFrom("genealogyTrees").select(["sourceMediaId", "baseTreeId"]).where("id", "=", id).executeTakeFirst();
  if (tree?.baseTreeId) await deleteTree(db, store, tree.baseTreeId);
  if (tree?.sourceMediaId) {
    await db.updateTable("genealogyTrees").set({ sourceMediaId: null }).where("id", "=", id).execute();
    const record = await deleteMediaRow(db, tree.sourceMediaId);
    if (record) await removeMediaFiles(store, record);
  }
  await deleteTreeFiles(db, store, id);
  await deleteTreeRows(db, id);
  await db.deleteFrom("genealogyTrees").where("id", "=", id).execute();
}

/**
 * Makes a tree the one the site shows. The tree it replaces is kept; older
 * ones beyond the newest few are removed, as are imports never confirmed.
 */
export async function makeCurrent(
  db: Database,
  store: MediaStore,
  id: number,
  {
    acceptCutOff = false,
    recordAs,
  }: {
    acceptCutOff?: boolean;
    /** Recorded in the change history (a merge, decision 034): undone by naming the tree before it again. */
    recordAs?: { actor: Actor | null; summary: Summary };
  } = {},
): Promise<"done" | "notFound" | "cutOff"> {
  const tree = await db
    .selectFrom("genealogyTrees")
    .select(["id", "cutOff"])
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  if (!tree) return "notFound";
  // A cut-off file is published only when its administrator has said so, knowing it.
  if (tree.cutOff === 1 && !acceptCutOff) return "cutOff";
  const previous = await currentTreeId(db);
  // Published, the tree needs its base no more: the next import is compared with this tree's own file.
  const { baseTreeId } = await db.selectFrom("genealogyTrees").select("baseTreeId").where("id", "=", id).executeTakeFirstOrThrow();
  await db.updateTable("genealogyTrees").set({ baseTreeId: null, mergePlan: null }).where("id", "=", id).execute();
  if (baseTreeId !== null) await deleteTree(db, store, baseTreeId);
  const publish = async (tx: Database) => {
    await tx
      .insertInto("settings")
      .values({ key: CURRENT_TREE, value: String(id) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(id) }))
      .execute();
    if (previous !== null && previous !== id) await carryPersonLinks(tx, previous, id);
    // Also when called outside a request (the command-line import).
    await changeContentVersion(tx);
  };
  if (recordAs) {
    // The change is the setting that names the tree: its undo names the tree before again.
    await record(
      db,
      {
        actor: recordAs.actor,
        subject: { kind: "tree", id, summary: recordAs.summary },
        scopes: [scope("settings", (q) => q.where("key", "=", CURRENT_TREE))],
      },
      publish,
    );
  } else await db.transaction().execute(publish);
  // The gallery's photos the file names (an export of this site or another): their tags go to the gallery.
  if ((await adoptGalleryObjects(db, store, id)) > 0) await changeContentVersion(db);
  // A waiting import's base goes with it (deleteTree), never on its own.
  const others = (
    await db.selectFrom("genealogyTrees").select("id").where("id", "!=", id).where("status", "!=", "base").orderBy("id", "desc").execute()
  ).map((t) => t.id);
  for (const old of others.slice(KEPT_TREES)) await deleteTree(db, store, old);
  return "done";
}

/**
 * A new import of the family's file keeps the photos and documents the
 * administrator linked to people on the site: a person keeps their id across
 * imports (person-ids.ts), so each link moves to the same id where that
 * person is still in the tree (a tree that has links of its own keeps them).
 */
async function carryPersonLinks(db: Database, from: number, to: number): Promise<void> {
  const [photo, document] = await Promise.all([
    db.selectFrom("photoPeople").select("id").where("treeId", "=", to).limit(1).executeTakeFirst(),
    db.selectFrom("documentPeople").select("personId").where("treeId", "=", to).limit(1).executeTakeFirst(),
  ]);
  if (photo || document) return;
  // A person's rectangle on a photo goes with them; free names belong to no tree and stay as they are.
  await db
    .insertInto("photoPeople")
    .columns(["galleryItemId", "treeId", "personId", "name", "boxLeft", "boxTop", "boxWidth", "boxHeight", "position", "portrait"])
    .expression((eb) =>
      eb
        .selectFrom("photoPeople as l")
        .innerJoin("genealogyPeople as p", (j) => j.on("p.treeId", "=", to).onRef("p.id", "=", "l.personId"))
        .select([
          "l.galleryItemId",
          eb.val(to).as("treeId"),
          "l.personId",
          "l.name",
          "l.boxLeft",
          "l.boxTop",
          "l.boxWidth",
          "l.boxHeight",
          "l.position",
          "l.portrait",
        ])
        .where("l.treeId", "=", from)
        .orderBy("l.id"),
    )
    .execute();
  await db
    .insertInto("documentPeople")
    .columns(["treeId", "personId", "documentId"])
    .expression((eb) =>
      eb
        .selectFrom("documentPeople as l")
        .innerJoin("genealogyPeople as p", (j) => j.on("p.treeId", "=", to).onRef("p.id", "=", "l.personId"))
        .select([eb.val(to).as("treeId"), "l.personId", "l.documentId"])
        .where("l.treeId", "=", from),
    )
    .execute();
}

/**
 * Merges a waiting import with the site's tree and publishes the result
 * (issue 29): the file's changes applied, the site's kept, each conflict as
 * `choose` decides it (null: not decided, and the merge writes nothing).
 * The site's tree stays as the backup the merged one replaced.
 */
export async function mergeImport(
  db: Database,
  store: MediaStore,
  id: number,
  choose: (item: MergeItem) => Choice | null,
  { acceptCutOff = false, by = null }: { acceptCutOff?: boolean; by?: Actor | null } = {},
): Promise<{ done: MergePlan } | { refused: "notFound" | "noBase" | "cutOff" | "undecided"; conflicts?: MergeItem[] }> {
  const site = await currentTreeId(db);
  const tree = await db
    .selectFrom("genealogyTrees")
    .select(["baseTreeId", "cutOff"])
    .where("id", "=", id)
    .where("status", "=", "ready")
    .executeTakeFirst();
  if (!tree || site === null || site === id) return { refused: "notFound" };
  if (tree.baseTreeId === null) return { refused: "noBase" };
  if (tree.cutOff === 1 && !acceptCutOff) return { refused: "cutOff" };
  let plan: MergePlan;
  try {
    plan = await writeMerge(db, { base: tree.baseTreeId, file: id, site }, choose);
  } catch (error) {
    if (error instanceof UndecidedConflicts) {
      // The site changed since the plan was made: the preview shows the plan as it is now.
      await storePlan(db, id, tree.baseTreeId, site);
      return { refused: "undecided", conflicts: error.conflicts };
    }
    throw error;
  }
  await recountTree(db, id);
  const { sourceName } = await db.selectFrom("genealogyTrees").select("sourceName").where("id", "=", id).executeTakeFirstOrThrow();
  const counts = countPlan(plan);
  await makeCurrent(db, store, id, {
    acceptCutOff,
    recordAs: {
      actor: by,
      summary: {
        id: "changes.summary.tree.merged",
        values: {
          file: sourceName,
          added: counts.fromFile.added,
          changed: counts.fromFile.changed,
          removed: counts.fromFile.removed,
          kept: counts.keptFromSite,
        },
      },
    },
  });
  return { done: plan };
}

/** Discards an import that was not made current. */
export async function discardTree(db: Database, store: MediaStore, id: number): Promise<boolean> {
  if ((await currentTreeId(db)) === id) return false;
  const tree = await db.selectFrom("genealogyTrees").select("id").where("id", "=", id).where("status", "!=", "base").executeTakeFirst();
  if (!tree) return false;
  await deleteTree(db, store, id);
  return true;
}

export interface ImportFileOptions {
  sourceName: string;
  codePage?: CodePageChoice;
  /** How much a GEDZIP archive may unpack to (archiveLimits(config)); the defaults otherwise. */
  limits?: ArchiveLimits;
  /**
   * Beside a site's tree, read its base and plan the merge (merge/prepare.ts):
   * what the administrator's upload and `gedcom import --merge` need. Costs
   * about another import, so a caller that will only replace leaves it out.
   */
  planMerge?: boolean;
}

/** The defaults of MAX_GEDZIP_MB and MAX_GEDZIP_FILES (env.ts). */
export const DEFAULT_ARCHIVE = { maxTotalBytes: 1024 * 1024 * 1024, maxEntries: 10_000 };

/** An archive's limits from the configuration: each entry no larger than one upload may be. */
export function archiveLimits(config: Pick<Config, "uploads" | "maxGedcomBytes" | "gedzip">): ArchiveLimits {
  return { maxMainBytes: config.maxGedcomBytes, maxEntryBytes: config.uploads.maxBytes, ...config.gedzip };
}

/**
 * Imports a .ged file, or a GEDZIP archive with its media, into a new tree.
 * The first tree becomes current at once, unless the file was cut off; a
 * later one waits for the administrator to confirm (makeCurrent). Throws
 * ImportRefused for a file that is not GEDCOM, is cut off with no one in it, or an
 * archive past its limits; nothing is then kept.
 */
export async function importFile(
  db: Database,
  store: MediaStore,
  file: string,
  options: ImportFileOptions,
): Promise<ImportSummary & { current: boolean }> {
  const replaces = await currentTreeId(db);
  let summary: ImportSummary;
  if (await isZip(file)) {
    const dir = await fsp.mkdtemp(path.join(await mediaTmpDir(store), "gedzip-"));
    const archiveWarnings: Warning[] = [];
    try {
      const limits = options.limits ?? archiveLimits({ uploads: store, maxGedcomBytes: 200 * 1024 * 1024, gedzip: DEFAULT_ARCHIVE });
      const entries = await unpackGedzip(file, dir, archiveWarnings, limits);
      const main = entries.get(GEDZIP_MAIN);
      if (main === undefined) throw new ImportRefused("adminTree.refused.noMainFile");
      summary = await readTree(db, store, main, { ...options, replaces });
      try {
        await keepSourceFile(db, store, summary.treeId, main, options.sourceName);
        archiveWarnings.push(...(await storeArchiveFiles(db, store, summary, entries)));
      } catch (error) {
        await deleteTree(db, store, summary.treeId);
        throw error;
      }
      await addTreeWarnings(db, summary, archiveWarnings);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  } else {
    summary = await readTree(db, store, file, { ...options, replaces });
    try {
      await keepSourceFile(db, store, summary.treeId, file, options.sourceName);
    } catch (error) {
      await deleteTree(db, store, summary.treeId);
      throw error;
    }
    // A plain .ged brings no files: every one it names is missing.
    await addTreeWarnings(db, summary, missingFileWarnings(summary.namedFiles, new Set()));
  }
  if (replaces !== null) {
    // A renumbered file (another program's export) still gives each person their own address.
    await rematchPeople(db, summary.treeId, replaces);
    // What merging it with the site's tree would do (merge/prepare.ts); nothing is published here.
    if (options.planMerge) await prepareMerge(db, store, summary.treeId, replaces);
  }
  await updateTreeStatistics(db);
  // A cut-off file is never published without the administrator's word.
  const publish = replaces === null && !summary.cutOff;
  if (publish) await makeCurrent(db, store, summary.treeId);
  return { ...summary, current: publish };
}

/**
 * Reads a GEDCOM file into a new tree (importGedcom), refusing one that is no
 * family tree before anything of it is kept: cut off with no one in it (a
 * text file that happens to start "0 HEAD", a download stopped after the
 * header), it is not offered as an empty tree that could replace the
 * family's. (A whole file with no one in it, 0 TRLR and all, is GEDCOM's own
 * minimal example: kept.) A file that is not GEDCOM at all is refused as
 * soon as its start shows it (readGedcom), the rest never read.
 */
async function readTree(db: Database, store: MediaStore, file: string, options: ImportOptions): Promise<ImportSummary> {
  const source = fs.createReadStream(file);
  let summary: ImportSummary;
  try {
    summary = await importGedcom(db, source, options);
  } finally {
    // Refused early, the file is not read to its end: closed here, not when collected.
    source.destroy();
  }
  if (summary.cutOff && summary.people === 0 && summary.families === 0) {
    await deleteTree(db, store, summary.treeId);
    throw new ImportRefused("adminTree.refused.noOneInIt");
  }
  return summary;
}

/** Keeps the GEDCOM file a tree was read from (the main file of an archive): the next import's base. */
async function keepSourceFile(db: Database, store: MediaStore, treeId: number, file: string, sourceName: string): Promise<void> {
  const name = /\.ged$/i.test(sourceName) ? sourceName : `${sourceName.replace(/\.[^.]*$/, "")}.ged`;
  const kept = await keepFile(store, { path: file, name, size: (await fsp.stat(file)).size }, "text/plain");
  try {
    await insertMedia(db, kept.record);
    await db.updateTable("genealogyTrees").set({ sourceMediaId: kept.record.id }).where("id", "=", treeId).execute();
  } catch (error) {
    await kept.discard();
    throw error;
  }
}

/**
 * Measures the trees' tables again for the query planner (platform/db/planner-statistics.ts),
 * after an import has grown them by a whole tree: planned with what it knew
 * before, SQLite may read a person's families by walking every family. A
 * server whose import ran in a child process then reloads them
 * (import-process.ts).
 */
export async function updateTreeStatistics(db: Database): Promise<void> {
  await updateStatistics(db, ["genealogyTrees", ...TREE_TABLES]);
}

/**
 * Keeps the archive's files that the GEDCOM names (FILE, TRAN), each once, and
 * links the media records to them; the files it does not name are reported,
 * not kept. Returns the warnings.
 */
async function storeArchiveFiles(
  db: Database,
  store: MediaStore,
  summary: ImportSummary,
  entries: Map<string, string>,
): Promise<Warning[]> {
  const warnings: Warning[] = [];
  const inArchive = new Set([...entries.keys()].filter((e) => e !== GEDZIP_MAIN));
  const stored = new Map<string, string>();
  for (const written of summary.namedFiles.keys()) {
    const entry = safeName(written);
    if (entry === null || !inArchive.has(entry)) continue;
    let mediaId = stored.get(entry);
    if (mediaId === undefined) {
      const full = entries.get(entry)!;
      const prepared = await prepareArchiveFile(store, { path: full, name: path.basename(entry), size: (await fsp.stat(full)).size });
      await insertMedia(db, prepared.record);
      mediaId = prepared.record.id;
      stored.set(entry, mediaId);
    }
    await db.insertInto("genealogyFiles").values({ treeId: summary.treeId, path: written, mediaId }).execute();
    await treesQueries.linkArchiveFile(db, summary.treeId, written, mediaId).execute();
  }
  for (const entry of inArchive) {
    if (!stored.has(entry)) warnings.push({ line: 0, message: { id: "adminTree.warning.unnamedArchiveFile", values: { name: entry } } });
  }
  const brought = new Set([...summary.namedFiles.keys()].filter((written) => stored.has(safeName(written) ?? "")));
  return [...warnings, ...missingFileWarnings(summary.namedFiles, brought)];
}

/**
 * The files the GEDCOM names that the upload did not bring (a plain .ged
 * brings none; an archive may lack some), one warning each at the line that
 * first names it: the administrator learns which photos the site cannot show.
 * A web address is not a file to bring.
 */
export function missingFileWarnings(named: Map<string, number>, brought: Set<string>): Warning[] {
  return [...named]
    .filter(([written]) => !brought.has(written) && !/^(https?|ftp):\/\//i.test(written.trim()))
    .map(([written, line]) => ({ line, message: { id: "adminTree.warning.missingFile", values: { name: written } } }));
}

/**
 * Warnings found after the GEDCOM was read (the archive's files): added to
 * the summary and to the stored tree, which the import summary on
 * /admin/medis shows, in line order (the archive's own, line 0, first).
 */
async function addTreeWarnings(db: Database, summary: ImportSummary, warnings: Warning[]): Promise<void> {
  if (warnings.length === 0) return;
  summary.warnings.push(...warnings);
  summary.warnings.sort((a, b) => a.line - b.line);
  const row = await db.selectFrom("genealogyTrees").select("warningCount").where("id", "=", summary.treeId).executeTakeFirstOrThrow();
  await db
    .updateTable("genealogyTrees")
    .set({
      warnings: JSON.stringify(summary.warnings.slice(0, MAX_STORED_WARNINGS)),
      warningCount: row.warningCount + warnings.length,
    })
    .where("id", "=", summary.treeId)
    .execute();
}

export interface ExportFileOptions {
  version: GedcomVersion;
  audience?: ExportAudience;
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
      // A GEDZIP archive is a GEDCOM 7 container.
      version: options.zip ? "7.0" : options.version,
      audience: options.audience,
      livingYears: await livingYearsSetting(db),
      familyName,
      store,
    });
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  if (options.zip) {
    // Every stored file the exported text names goes with it.
    const stored = await db
      .selectFrom("genealogyFiles")
      .innerJoin("media", "media.id", "genealogyFiles.mediaId")
      .select(["genealogyFiles.path", "media.id", "media.originalExtension"])
      .where("genealogyFiles.treeId", "=", treeId)
      .execute();
    const files = [
      ...stored.filter((f) => result.namedFiles.has(f.path)).map((f) => ({ path: f.path, file: originalPath(store, f) })),
      // The gallery's photos people are tagged in: the pictures the site shows, never the originals.
      ...[...result.galleryFiles].map(([name, file]) => ({ path: name, file })),
    ];
    try {
      await packGedzip(file, target, files);
    } finally {
      await fsp.rm(target, { force: true });
    }
  }
  return result;
}
