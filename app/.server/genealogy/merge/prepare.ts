import fs from "node:fs";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { originalPath, type MediaStore } from "#app/.server/media/storage.ts";
import { deleteTreeRows, importGedcom } from "#app/.server/genealogy/gedcom/import.ts";
import { rematchPeople } from "#app/.server/genealogy/person-rematch.ts";
import { loadTreeFacts } from "./facts.ts";
import { conflictKey, countPlan, planMerge, type MergeCounts, type MergeItem, type MergePlan } from "./plan.ts";

// An import that waits beside the site's tree gets what a merge needs at
// once (issue 29): the site's own file read again (its base) and the plan,
// kept on the waiting tree so the preview shows it without reading three
// trees on every page load.

/** The plan as kept for the preview: its counts and its items. */
export interface StoredPlan {
  counts: MergeCounts;
  plan: MergePlan;
}

/** The file a tree was imported from, as a path to read, if the tree kept one. */
export async function sourceFile(db: Database, store: MediaStore, treeId: number): Promise<{ path: string; name: string } | null> {
  const row = await db
    .selectFrom("genealogyTrees")
    .innerJoin("media", "media.id", "genealogyTrees.sourceMediaId")
    .select(["media.id", "media.originalExtension", "media.originalName"])
    .where("genealogyTrees.id", "=", treeId)
    .executeTakeFirst();
  if (!row) return null;
  const file = originalPath(store, { id: row.id, originalExtension: row.originalExtension });
  return fs.existsSync(file) ? { path: file, name: row.originalName } : null;
}

/**
 * Reads the site tree's own file again as the waiting import's base and
 * keeps the plan on the waiting tree. A site tree imported before files were
 * kept (or made by a restore) has no base: nothing is prepared, and the
 * administrator can only replace. Returns the plan's counts, or null.
 */
export async function prepareMerge(db: Database, store: MediaStore, fileTree: number, siteTree: number): Promise<MergeCounts | null> {
  const source = await sourceFile(db, store, siteTree);
  if (!source) return null;
  const base = await importGedcom(db, fs.createReadStream(source.path), { sourceName: source.name, replaces: siteTree });
  try {
    await db.updateTable("genealogyTrees").set({ status: "base" }).where("id", "=", base.treeId).execute();
    // The base's people as the site knows them, then those the site no longer has as the new file names them.
    await rematchPeople(db, base.treeId, siteTree);
    await rematchPeople(db, base.treeId, fileTree, { byXref: true });
    const plan = await storePlan(db, fileTree, base.treeId, siteTree);
    await db.updateTable("genealogyTrees").set({ baseTreeId: base.treeId }).where("id", "=", fileTree).execute();
    return plan.counts;
  } catch (error) {
    await deleteTreeRows(db, base.treeId);
    await db.deleteFrom("genealogyTrees").where("id", "=", base.treeId).execute();
    throw error;
  }
}

/** Makes the plan again from the three trees as they are, and keeps it on the waiting tree. */
export async function storePlan(db: Database, fileTree: number, baseTree: number, siteTree: number): Promise<StoredPlan> {
  const [base, file, site] = await Promise.all([baseTree, fileTree, siteTree].map((id) => loadTreeFacts(db, id)));
  const plan = planMerge(base, file, site);
  const stored = { counts: countPlan(plan), plan };
  await db
    .updateTable("genealogyTrees")
    .set({ mergePlan: JSON.stringify(stored) })
    .where("id", "=", fileTree)
    .execute();
  return stored;
}

/** How many differences of each kind the preview lists (the counts are whole). */
export const PREVIEW_ITEMS = 200;

/** A conflict as the administrator decides it: its key, and who last changed that person on the site, when. */
export type PreviewConflict = MergeItem & { key: string; by: string | null; at: string | null };

export interface MergePreview {
  counts: MergeCounts;
  fromFile: MergeItem[];
  keptFromSite: MergeItem[];
  conflicts: PreviewConflict[];
  /** The people a child slot names, by id. */
  names: Record<number, string>;
  /** The site's own changes a plain replace would lose (kept ones and conflicts). */
  lostByReplace: number;
  /** How many differences of each kind are listed at most. */
  limit: number;
}

/** What the administrator sees before merging a waiting import; null when it cannot be merged (no base). */
export async function mergePreview(db: Database, treeId: number, siteTree: number): Promise<MergePreview | null> {
  const row = await db.selectFrom("genealogyTrees").select(["mergePlan", "baseTreeId"]).where("id", "=", treeId).executeTakeFirst();
  if (!row?.mergePlan || row.baseTreeId === null) return null;
  const { counts, plan } = JSON.parse(row.mergePlan) as StoredPlan;
  const conflicts: PreviewConflict[] = [];
  for (const item of plan.conflicts) {
    const last = await lastSiteChange(db, item.subject);
    conflicts.push({ ...item, key: conflictKey(item), by: last?.by ?? null, at: last?.at ?? null });
  }
  const names = await childNames(db, [siteTree, treeId], [...plan.fromFile, ...plan.keptFromSite, ...plan.conflicts]);
  return {
    counts,
    fromFile: plan.fromFile.slice(0, PREVIEW_ITEMS),
    keptFromSite: plan.keptFromSite.slice(0, PREVIEW_ITEMS),
    conflicts,
    names,
    lostByReplace: new Set([...plan.keptFromSite, ...plan.conflicts].map((i) => `${i.subject.kind} ${i.subject.key}`)).size,
    limit: PREVIEW_ITEMS,
  };
}

/** Who last changed a person (or a family's partner) on the site, when, and who proposed it if it was a member's proposal. */
export async function lastSiteChange(
  db: Database,
  subject: MergeItem["subject"],
): Promise<{ by: string | null; at: string; proposedBy: string | null } | null> {
  const people = subject.kind === "person" ? [subject.key] : subject.key.split("+").filter((id) => id !== "?");
  const last = await db
    .selectFrom("changes")
    .leftJoin("proposals", "proposals.id", "changes.proposalId")
    .select(["changes.username", "changes.at", "proposals.username as proposedBy"])
    .where("changes.subjectKind", "=", "person")
    .where("changes.subjectId", "in", people)
    .where("changes.undoneBy", "is", null)
    .orderBy("changes.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return last ? { by: last.username, at: last.at, proposedBy: last.proposedBy } : null;
}

/** The names of the people child slots name ('child 12'), from the trees given. */
async function childNames(db: Database, trees: number[], items: MergeItem[]): Promise<Record<number, string>> {
  const children = items.flatMap((item) => (item.slot.startsWith("child ") ? [Number(item.slot.slice(6))] : []));
  const names: Record<number, string> = {};
  if (children.length === 0) return names;
  const rows = await db
    .selectFrom("genealogyPeople")
    .select(["id", "givenNames", "surname"])
    .where("treeId", "in", trees)
    .where("id", "in", [...new Set(children)])
    .execute();
  for (const r of rows) names[r.id] = `${r.givenNames} ${r.surname}`.trim();
  return names;
}

/** A person or family the family changed on the site, with the differences and who last changed them. */
export interface SiteChange {
  subject: MergeItem["subject"];
  items: MergeItem[];
  by: string | null;
  at: string | null;
  proposedBy: string | null;
}

/**
 * What the family changed on the site that the historian's file (the one the
 * site's tree was imported from) does not have (issue 29): the file read
 * again and compared with the tree; the base read for it is removed after.
 * Null when the site's tree kept no file.
 */
export async function siteChanges(
  db: Database,
  store: MediaStore,
  siteTree: number,
): Promise<{ file: string; changes: SiteChange[]; names: Record<number, string> } | null> {
  const source = await sourceFile(db, store, siteTree);
  if (!source) return null;
  const base = await importGedcom(db, fs.createReadStream(source.path), { sourceName: source.name, replaces: siteTree });
  try {
    await rematchPeople(db, base.treeId, siteTree);
    const [baseFacts, siteFacts] = await Promise.all([loadTreeFacts(db, base.treeId), loadTreeFacts(db, siteTree)]);
    const { keptFromSite } = planMerge(baseFacts, baseFacts, siteFacts);
    const bySubject = new Map<string, MergeItem[]>();
    for (const item of keptFromSite) {
      const key = `${item.subject.kind} ${item.subject.key}`;
      bySubject.set(key, [...(bySubject.get(key) ?? []), item]);
    }
    const changes: SiteChange[] = [];
    for (const items of bySubject.values()) {
      const last = await lastSiteChange(db, items[0].subject);
      changes.push({ subject: items[0].subject, items, by: last?.by ?? null, at: last?.at ?? null, proposedBy: last?.proposedBy ?? null });
    }
    return { file: source.name, changes, names: await childNames(db, [siteTree], keptFromSite) };
  } finally {
    await deleteTreeRows(db, base.treeId);
    await db.deleteFrom("genealogyTrees").where("id", "=", base.treeId).execute();
  }
}
