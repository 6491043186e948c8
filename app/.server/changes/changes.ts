import type { Selectable, SelectQueryBuilder } from "kysely";
import { inTransaction, now } from "#app/.server/platform/db/writes.ts";
import type { ChangesTable, Database, Tables } from "#app/.server/platform/db/schema.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import { brokenReferences, type RowRef } from "./dependencies.ts";
import { storedSummary, undoSummary, type Summary } from "./summary.ts";
import { recountTree } from "#app/.server/genealogy/tree-counts.ts";
import { CURRENT_TREE } from "#app/.server/genealogy/current-tree.ts";

// The history of every change (issue 17): who, when, what, and the rows it
// touched as they were before and after. A change is recorded by running the
// write inside record(): the rows in the change's scope are read before and
// after, and the ones that differ are kept. Undo writes the "before" rows
// back, after checking that nothing changed them since (a conflict is
// refused, never overwritten), and is itself recorded as a change.
// See docs/decisions/022-changes-as-row-snapshots.md.

/** The tables a change may touch, with the columns that identify a row. */
export const CHANGE_KEYS = {
  genealogyPeople: ["treeId", "id"],
  genealogyFamilies: ["treeId", "id"],
  genealogyChildren: ["treeId", "familyId", "personId"],
  genealogyEvents: ["treeId", "id"],
  genealogyPlaces: ["treeId", "id"],
  genealogyCitations: ["treeId", "id"],
  genealogyMediaLinks: ["treeId", "ownerKind", "ownerId", "position"],
  photoPeople: ["id"],
  documentPeople: ["treeId", "personId", "documentId"],
  privatePeople: ["personId"],
  historyRevisions: ["id"],
  settings: ["key"],
  galleryItems: ["id"],
  albums: ["id"],
  albumPhotos: ["albumId", "galleryItemId"],
  photoDocuments: ["galleryItemId", "documentId"],
  documents: ["id"],
  media: ["id"],
  guestbookEntries: ["id"],
  memories: ["id"],
  stories: ["id"],
  storySlugs: ["slug"],
  storyRevisions: ["id"],
} as const satisfies Partial<Record<keyof Tables, readonly string[]>>;

export type ChangeTable = keyof typeof CHANGE_KEYS;
type Row = Record<string, unknown>;

/**
 * A set of rows a change may touch: a table and the conditions that select
 * them (kysely where clauses). Scopes may overlap; rows are told apart by key.
 */
export interface Scope {
  table: ChangeTable;
  where: (query: SelectQueryBuilder<Tables, ChangeTable, object>) => SelectQueryBuilder<Tables, ChangeTable, object>;
}

/** The rows of `table` a change may touch, typed by that table's columns. */
export function scope<T extends ChangeTable>(
  table: T,
  where: (query: SelectQueryBuilder<Tables, T, object>) => SelectQueryBuilder<Tables, T, object>,
): Scope {
  // Stored without its table's type so that scopes of every table go in one list.
  return { table, where: where as unknown as Scope["where"] };
}

/** One row a change touched: null before when it was added, null after when it was removed. */
export interface RowChange {
  table: ChangeTable;
  key: Row;
  before: Row | null;
  after: Row | null;
}

/** What a change is about, for the lists and the filters ("asmuo 12"). */
export interface ChangeSubject {
  kind: SubjectKind;
  id?: string | number | null;
  /**
   * What the change was: a message of the changes catalog and its values
   * ("changes.summary.person.detailsChanged", { name: "Jonas Jonaitis" }),
   * stored as such and said in the reader's language (summary.ts).
   */
  summary: Summary;
}

/** The kinds of subject, by their names' message ids (the history's filter and lines). */
export const SUBJECT_KINDS = {
  person: "adminMembers.changes.kind.person",
  family: "adminMembers.changes.kind.family",
  history: "adminMembers.changes.kind.history",
  texts: "adminMembers.changes.kind.texts",
  gallery: "adminMembers.changes.kind.gallery",
  album: "adminMembers.changes.kind.album",
  document: "adminMembers.changes.kind.document",
  guestbook: "adminMembers.changes.kind.guestbook",
  memory: "adminMembers.changes.kind.memory",
  story: "adminMembers.changes.kind.story",
  tree: "adminMembers.changes.kind.tree",
} as const satisfies Record<string, MessageId>;
export type SubjectKind = keyof typeof SUBJECT_KINDS;

export function isSubjectKind(value: string): value is SubjectKind {
  return Object.hasOwn(SUBJECT_KINDS, value);
}

/** Who made a change: the user, or null for the system (an import has its own record). */
export interface Actor {
  id: number;
  username: string;
}

export interface Change {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  subjectKind: SubjectKind;
  subjectId: string | null;
  /** As stored (summary.ts): summaryIn says it in the reader's language. */
  summary: string;
  rows: RowChange[];
  undoOf: number | null;
  undoneBy: number | null;
  proposalId: number | null;
}

function keyOf(table: ChangeTable, row: Row): Row {
  return Object.fromEntries(CHANGE_KEYS[table].map((column) => [column, row[column]]));
}

function keyText(table: ChangeTable, row: Row): string {
  return `${table}\u0000${JSON.stringify(CHANGE_KEYS[table].map((column) => row[column]))}`;
}

/** The rows of the scopes, by table and key. */
async function snapshot(db: Database, scopes: Scope[]): Promise<Map<string, { table: ChangeTable; row: Row }>> {
  const rows = new Map<string, { table: ChangeTable; row: Row }>();
  for (const { table, where } of scopes) {
    const query = where(db.selectFrom(table) as SelectQueryBuilder<Tables, ChangeTable, object>).selectAll();
    for (const row of (await query.execute()) as Row[]) rows.set(keyText(table, row), { table, row });
  }
  return rows;
}

/** Values compared as the database gives them back (PostgreSQL and SQLite alike give numbers and strings). */
function sameRow(a: Row | null, b: Row | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key] ?? null) !== JSON.stringify(b[key] ?? null)) return false;
  return true;
}

function diff(before: Map<string, { table: ChangeTable; row: Row }>, after: Map<string, { table: ChangeTable; row: Row }>): RowChange[] {
  const changes: RowChange[] = [];
  for (const [key, { table, row }] of before) {
    const next = after.get(key)?.row ?? null;
    if (!sameRow(row, next)) changes.push({ table, key: keyOf(table, row), before: row, after: next });
  }
  for (const [key, { table, row }] of after) {
    if (!before.has(key)) changes.push({ table, key: keyOf(table, row), before: null, after: row });
  }
  return changes;
}

export interface RecordOptions<T> {
  actor: Actor | null;
  /** What the change is about; may depend on the write's result (a new person's id). */
  subject: ChangeSubject | ((result: T) => ChangeSubject);
  /** The rows the write may touch, read before and after it. */
  scopes: Scope[];
  /**
   * Rows only the write creates (a new person's id is known after it):
   * read after the write only, so they must be rows that did not exist before.
   */
  created?: (result: T) => Scope[];
  proposalId?: number | null;
}

/**
 * Runs a write in one transaction and records what it changed. Nothing is
 * recorded when nothing changed (a form saved as it was). Returns the write's
 * result and the change's id (null when nothing changed).
 */
export async function record<T>(
  db: Database,
  options: RecordOptions<T>,
  write: (tx: Database) => Promise<T>,
): Promise<{ result: T; changeId: number | null }> {
  return inTransaction(db, async (tx) => {
    const before = await snapshot(tx, options.scopes);
    const result = await write(tx);
    const after = await snapshot(tx, [...options.scopes, ...(options.created?.(result) ?? [])]);
    // A row the write moved out of its scope (a family whose partner was
    // removed) is still there: read it by its key rather than call it gone.
    for (const [key, { table, row }] of before) {
      if (after.has(key)) continue;
      const current = await currentRow(tx, table, keyOf(table, row));
      if (current) after.set(key, { table, row: current });
    }
    const rows = diff(before, after);
    if (rows.length === 0) return { result, changeId: null };
    const subject = typeof options.subject === "function" ? options.subject(result) : options.subject;
    const changeId = await insertChange(tx, options.actor, subject, rows, { proposalId: options.proposalId ?? null });
    return { result, changeId };
  });
}

/**
 * Records a write about a subject of one kind (an editor's write): its id and
 * summary may depend on the write's result (a new item's id).
 */
export function recordSubject<T>(
  db: Database,
  kind: SubjectKind,
  by: Actor | null,
  subject: { id: number | null; summary: Summary } | ((result: T) => { id: number | null; summary: Summary }),
  scopes: Scope[],
  write: (tx: Database) => Promise<T>,
  created?: (result: T) => Scope[],
) {
  return record(
    db,
    { actor: by, subject: (result: T) => ({ kind, ...(typeof subject === "function" ? subject(result) : subject) }), scopes, created },
    write,
  );
}

async function insertChange(
  db: Database,
  actor: Actor | null,
  subject: ChangeSubject,
  rows: RowChange[],
  links: { proposalId?: number | null; undoOf?: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto("changes")
    .values({
      at: now(),
      userId: actor?.id ?? null,
      username: actor?.username ?? null,
      subjectKind: subject.kind,
      subjectId: subject.id == null ? null : String(subject.id),
      summary: storedSummary(subject.summary),
      rows: JSON.stringify(rows),
      undoOf: links.undoOf ?? null,
      proposalId: links.proposalId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

function whereKey<Q extends { where: (...args: any[]) => Q }>(query: Q, key: Row): Q {
  let q = query;
  for (const [column, value] of Object.entries(key)) q = value === null ? q.where(column, "is", null) : q.where(column, "=", value);
  return q;
}

async function currentRow(db: Database, table: ChangeTable, key: Row): Promise<Row | null> {
  const query = whereKey(db.selectFrom(table).selectAll() as any, key) as { executeTakeFirst(): Promise<Row | undefined> };
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Places are shared by events: a change that named a place already in the
 * tree records it as added too (it came into the change's scope). Undoing it
 * removes the place only when no event names it any more.
 */
async function placeStillUsed(db: Database, key: Row): Promise<boolean> {
  const used = await db
    .selectFrom("genealogyEvents")
    .select("id")
    .where("treeId", "=", Number(key.treeId))
    .where("placeId", "=", Number(key.id))
    .limit(1)
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * The places an undo must bring back with the events it puts back: a place
 * no event named any more was removed by another undo since. Each as the
 * change history last recorded it, as a row this undo adds (and its own undo
 * removes again when no event names it).
 */
async function placesToBringBack(db: Database, rows: readonly RowChange[]): Promise<RowChange[]> {
  const wanted = new Map<string, Row>();
  for (const row of rows) {
    const placeId = row.table === "genealogyEvents" ? row.before?.placeId : null;
    if (placeId === null || placeId === undefined) continue;
    const key = { treeId: row.before!.treeId, id: placeId };
    if (rows.some((r) => r.table === "genealogyPlaces" && r.key.treeId === key.treeId && r.key.id === key.id)) continue;
    if ((await currentRow(db, "genealogyPlaces", key)) === null) wanted.set(JSON.stringify(key), key);
  }
  if (wanted.size === 0) return [];
  const found: RowChange[] = [];
  // Newest first: the place as it was last.
  const history = await db
    .selectFrom("changes")
    .select("rows")
    .where("rows", "like", '%"genealogyPlaces"%')
    .orderBy("id", "desc")
    .execute();
  for (const { rows: text } of history) {
    for (const r of JSON.parse(text) as RowChange[]) {
      const id = JSON.stringify({ treeId: r.key.treeId, id: r.key.id });
      const known = r.before ?? r.after;
      if (r.table === "genealogyPlaces" && wanted.has(id) && known) {
        found.push({ table: "genealogyPlaces", key: wanted.get(id)!, before: known, after: null });
        wanted.delete(id);
      }
    }
    if (wanted.size === 0) break;
  }
  return found;
}

/** Writes `row` (or removes the row when null) under `key`; false when it is left as it is (a place still named). */
async function putRow(db: Database, table: ChangeTable, key: Row, row: Row | null): Promise<boolean> {
  const exists = (await currentRow(db, table, key)) !== null;
  if (row === null && table === "genealogyPlaces" && (await placeStillUsed(db, key))) return false;
  if (row === null) {
    if (exists) await (whereKey(db.deleteFrom(table) as any, key) as { execute(): Promise<unknown> }).execute();
  } else if (exists) {
    await (whereKey(db.updateTable(table).set(row as never) as any, key) as { execute(): Promise<unknown> }).execute();
  } else {
    await db
      .insertInto(table)
      .values(row as never)
      .execute();
  }
  return true;
}

/**
 * Rows only the administrator may change (who is hidden from the members,
 * which tree the site shows): a change that touched them is the
 * administrator's to undo, whoever may otherwise undo changes.
 */
const ADMINISTRATORS_TABLES = new Set<ChangeTable>(["privatePeople"]);

export function needsAdministrator(change: Change): boolean {
  // Which tree the site shows (a merge) is the administrator's too, as importing is;
  // and so is a person's mark (who sees them, decision 038), as privatePeople was.
  return change.rows.some(
    (row) =>
      ADMINISTRATORS_TABLES.has(row.table) ||
      (row.table === "settings" && row.key.key === CURRENT_TREE) ||
      (row.table === "genealogyPeople" && (row.before?.restriction ?? null) !== (row.after?.restriction ?? null)),
  );
}

/** An undo done (the change that records it), or why not: no such change, undone already, or changed again since (what differs, when known). */
export type UndoResult =
  | { ok: true; changeId: number }
  | { ok: false; reason: Extract<ToastKey, "changeNotFound" | "changeUndoneAlready" | "changeTreeGone"> }
  | { ok: false; reason: Extract<ToastKey, "changeChangedSince">; conflicts?: RowRef[]; later?: LaterChange[] };

/** A later change that stands in the way of an undo: what to undo first. */
export interface LaterChange {
  id: number;
  at: string;
  username: string | null;
  /** As stored (summary.ts). */
  summary: string;
}

/** How many later changes an undo's refusal names at most (the oldest first: the first to undo is the newest, but they all must go). */
const LATER_NAMED = 10;

/**
 * The changes after `change`, not undone, that touched any of these rows (a
 * key may be partial: the columns a reference names). Read a page at a time,
 * newest last, until enough are found. `explain`: a row in conflict that no
 * such change touched is named by its last writer in force.
 */
async function laterChanges(
  db: Database,
  change: Change,
  rows: readonly RowRef[],
  { explain = true }: { explain?: boolean } = {},
): Promise<LaterChange[]> {
  const touching = (row: RowRef) => (later: Change) =>
    later.rows.some((r) => row.table === r.table && Object.keys(row.key).every((c) => row.key[c] === r.key[c]));
  const touches = (later: Change) => rows.some((row) => touching(row)(later));
  const since = await sinceFor(db, change);
  const found: Change[] = [];
  for (let after = since; found.length < LATER_NAMED;) {
    const page = await db
      .selectFrom("changes")
      .selectAll()
      .where("id", ">", after)
      .where("undoneBy", "is", null)
      .orderBy("id")
      .limit(200)
      .execute();
    if (page.length === 0) break;
    for (const later of page.map(toChange)) {
      if (later.id !== change.id && touches(later) && (await flipsSince(db, later, since)) % 2 === 1) found.push(later);
    }
    after = page.at(-1)!.id;
  }
  // A row no change named explains is as the last change in force that wrote it left it. (A
  // shared place is written by several chains in turn, so the parity of one chain can say
  // "nothing since" while the place stands because of it.)
  for (const row of explain ? rows : []) {
    if (found.length >= LATER_NAMED || found.some(touching(row))) continue;
    const last = await lastWriter(db, change.id, touching(row));
    if (last && !found.some((f) => f.id === last.id)) found.push(last);
  }
  return found
    .toSorted((a, b) => a.id - b.id)
    .slice(0, LATER_NAMED)
    .map((later) => ({ id: later.id, at: later.at, username: later.username, summary: later.summary }));
}

/** The newest change after `after`, not undone, that `wrote` says touched the row. */
async function lastWriter(db: Database, after: number, wrote: (later: Change) => boolean): Promise<Change | null> {
  for (let before: number | null = null; ;) {
    const page = await db
      .selectFrom("changes")
      .selectAll()
      .where("id", ">", after)
      .$if(before !== null, (q) => q.where("id", "<", before!))
      .where("undoneBy", "is", null)
      .orderBy("id", "desc")
      .limit(200)
      .execute();
    if (page.length === 0) return null;
    const hit = page.map(toChange).find(wrote);
    if (hit) return hit;
    before = page.at(-1)!.id;
  }
}

/**
 * Where the changes in the way of undoing `change` begin. A redo (an undo of
 * an undo of X) puts X's rows back: what was built on X after X stands in its
 * way, even if made before the redo (a child added to X's family, then
 * removed, then put back by undoing that removal). Counting from the redo
 * itself would name only the undo that put the child back, and undoing that
 * needs other changes redone in turn: a loop an editor could follow for ever
 * (the property test found one). Any other change counts from itself.
 */
async function sinceFor(db: Database, change: Change): Promise<number> {
  let origin = change.id;
  let flips = 1;
  for (let undid = change.undoOf; undid !== null; flips++) {
    origin = undid;
    const previous = await db.selectFrom("changes").select("undoOf").where("id", "=", undid).executeTakeFirst();
    undid = previous?.undoOf ?? null;
  }
  return flips % 2 === 1 ? origin : change.id;
}

/**
 * How many times the rows of `later`'s chain (a change, its undo, the undo of
 * that…) were flipped after change `since`: `later` and those it undoes, back
 * to the first made before `since`. An even count is no change at all since
 * (a change made since and its undo): not in the way.
 */
async function flipsSince(db: Database, later: Change, since: number): Promise<number> {
  let flips = 1;
  for (let undid = later.undoOf; undid !== null && undid > since; flips++) {
    const previous = await db.selectFrom("changes").select("undoOf").where("id", "=", undid).executeTakeFirst();
    undid = previous?.undoOf ?? null;
  }
  return flips;
}

/** Deletion before insertion across tables: children rows go first, parents come back first. */
const TABLE_ORDER: ChangeTable[] = [
  "media",
  "settings",
  "historyRevisions",
  "galleryItems",
  "albums",
  "documents",
  "guestbookEntries",
  "memories",
  "stories",
  "privatePeople",
  "genealogyPlaces",
  "genealogyPeople",
  "genealogyFamilies",
  "genealogyChildren",
  "genealogyEvents",
  "genealogyCitations",
  "genealogyMediaLinks",
  "photoPeople",
  "albumPhotos",
  "documentPeople",
  "photoDocuments",
  "storySlugs",
  "storyRevisions",
];

/**
 * Undoes a change: every row it touched is put back as it was, in one
 * transaction, when each is still as the change left it. A row changed since
 * (by a later change) is a conflict: nothing is written and the later rows are
 * returned, so the editor undoes the later change first. Undoing an undo
 * redoes.
 */
export async function undoChange(db: Database, changeId: number, actor: Actor): Promise<UndoResult> {
  try {
    return await undoInTransaction(db, changeId, actor);
  } catch (error) {
    // Two undos at once (each checked before the other wrote): refused by the database's own keys, nothing written.
    if (isForeignKeyError(error)) return { ok: false, reason: "changeChangedSince" };
    throw error;
  }
}

function isForeignKeyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

async function undoInTransaction(db: Database, changeId: number, actor: Actor): Promise<UndoResult> {
  return inTransaction(db, async (tx) => {
    const change = await findChange(tx, changeId);
    if (!change) return { ok: false, reason: "changeNotFound" };
    if (change.undoneBy !== null) return { ok: false, reason: "changeUndoneAlready" };
    // Its rows, and the places gone since that the events it puts back name.
    const rows = [...change.rows, ...(await placesToBringBack(tx, change.rows))];
    // Each as the change left it, and nothing of a later change pointing at them (or they at what it removed).
    const conflicts: RowRef[] = [];
    for (const row of rows) {
      if (!sameRow(await currentRow(tx, row.table, row.key), row.after)) conflicts.push({ table: row.table, key: row.key });
    }
    conflicts.push(...(await brokenReferences(tx, rows, keyOf)));
    const switched = await treeSwitch(tx, change);
    if (switched) return switched;
    if (conflicts.length > 0)
      return { ok: false, reason: "changeChangedSince", conflicts, later: await laterChanges(tx, change, conflicts) };
    const order = (row: RowChange) => TABLE_ORDER.indexOf(row.table);
    // Removals of what the change added, children first; then the rest, parents first.
    const removals = rows.filter((r) => r.before === null).sort((a, b) => order(b) - order(a));
    const restores = rows.filter((r) => r.before !== null).sort((a, b) => order(a) - order(b));
    const written: RowChange[] = [];
    for (const row of [...removals, ...restores]) if (await putRow(tx, row.table, row.key, row.before)) written.push(row);
    // The tree's counts of people and families are derived, not undone.
    const trees = new Set(written.filter((r) => r.table.startsWith("genealogy")).map((r) => Number(r.key.treeId)));
    for (const treeId of trees) await recountTree(tx, treeId);
    // What the undo changed, as a change of its own (a place left because an event still names it is not among it).
    const reverse = written.map((r) => ({ ...r, before: r.after, after: r.before }));
    const undoId = await insertChange(
      tx,
      actor,
      { kind: change.subjectKind, id: change.subjectId, summary: undoSummary(change.summary) },
      reverse,
      { undoOf: change.id },
    );
    await tx.updateTable("changes").set({ undoneBy: undoId }).where("id", "=", change.id).execute();
    return { ok: true, changeId: undoId };
  });
}

/** The tables whose rows belong to one tree (their key names it). */
const TREE_KEYED = (Object.keys(CHANGE_KEYS) as ChangeTable[]).filter((table) =>
  (CHANGE_KEYS[table] as readonly string[]).includes("treeId"),
);

/**
 * A change that switched the site's tree (a merge, decision 034) is undone by
 * naming the tree before it again: refused when that tree is no longer kept,
 * or when later changes, not undone, were made on the tree it would leave
 * (they would vanish with it): those are named, to be undone first.
 */
async function treeSwitch(db: Database, change: Change): Promise<UndoResult | null> {
  for (const row of change.rows) {
    if (row.table !== "settings" || row.key.key !== CURRENT_TREE) continue;
    const back = row.before ? Number(row.before.value) : null;
    if (back !== null) {
      const kept = await db
        .selectFrom("genealogyTrees")
        .select("id")
        .where("id", "=", back)
        .where("status", "=", "ready")
        .executeTakeFirst();
      if (!kept) return { ok: false, reason: "changeTreeGone" };
    }
    const leaving = row.after ? Number(row.after.value) : null;
    if (leaving === null) continue;
    // Rows of a whole tree, not rows in conflict: only changes since, in force, count (an edit and its undo do not).
    const rows = TREE_KEYED.map((table) => ({ table, key: { treeId: leaving } }));
    const later = await laterChanges(db, change, rows, { explain: false });
    if (later.length > 0) return { ok: false, reason: "changeChangedSince", later };
  }
  return null;
}

function toChange(row: Selectable<ChangesTable>): Change {
  return { ...row, subjectKind: row.subjectKind as SubjectKind, rows: JSON.parse(row.rows) as RowChange[] };
}

export async function findChange(db: Database, id: number): Promise<Change | null> {
  const row = await db.selectFrom("changes").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toChange(row) : null;
}

export interface ChangeFilter {
  subjectKind?: SubjectKind;
  subjectId?: string;
  userId?: number;
  /** Dates as YYYY-MM-DD (inclusive), in UTC like the stored times. */
  from?: string;
  to?: string;
}

/** Changes newest first, a page at a time (decision 019): `limit + 1` read to know whether there is more. */
export async function listChanges(
  db: Database,
  filter: ChangeFilter,
  page: number,
  perPage = 50,
): Promise<{ items: Change[]; more: boolean }> {
  const rows = await db
    .selectFrom("changes")
    .selectAll()
    .$if(filter.subjectKind !== undefined, (q) => q.where("subjectKind", "=", filter.subjectKind!))
    .$if(filter.subjectId !== undefined, (q) => q.where("subjectId", "=", filter.subjectId!))
    .$if(filter.userId !== undefined, (q) => q.where("userId", "=", filter.userId!))
    .$if(filter.from !== undefined, (q) => q.where("at", ">=", filter.from!))
    .$if(filter.to !== undefined, (q) => q.where("at", "<", nextDay(filter.to!)))
    .orderBy("id", "desc")
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
    .execute();
  return { items: rows.slice(0, perPage).map(toChange), more: rows.length > perPage };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The users who made changes, for the history's filter. */
export async function changeAuthors(db: Database): Promise<{ id: number; username: string }[]> {
  const rows = await db
    .selectFrom("changes")
    .select(["userId", "username"])
    .where("userId", "is not", null)
    .groupBy(["userId", "username"])
    .execute();
  const byId = new Map<number, string>();
  for (const row of rows) if (row.userId !== null) byId.set(row.userId, row.username ?? "");
  return [...byId].map(([id, username]) => ({ id, username })).sort((a, b) => a.username.localeCompare(b.username, "lt"));
}
