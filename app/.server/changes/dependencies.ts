import type { Database } from "#app/.server/platform/db/schema.ts";
import type { ChangeTable, RowChange } from "./changes.ts";

// What an undo must not break: a row that names another (a family its
// partners, an event its person, a tag its photo). The genealogy tables have
// no foreign keys (a GEDCOM import writes them in bulk), and the ones that do
// cascade, so the database alone would let an undo leave an event owned by
// nobody or quietly take a later change's rows with it. Before an undo writes
// anything it asks two questions of these references:
//  - a row it removes (one the change added): does a row it does not put
//    back still name it? (Approve "a new relative", then give them an event:
//    undoing the first would orphan the event.)
//  - a row it puts back: does each row it names still exist, or come back
//    with it? (A tag restored on a photo removed since.)
// Either is a later change's doing, to be undone first.

type Row = Record<string, unknown>;

interface Reference {
  /** The table whose rows name another's. */
  from: ChangeTable;
  to: ChangeTable;
  /** The referred row's key columns, each with the referring row's column that holds it. */
  on: Record<string, string>;
  /** Only referring rows with these values name it (an event owned by a person, not a family). */
  when?: Record<string, string>;
}

const OWNED = ["genealogyEvents", "genealogyCitations", "genealogyMediaLinks"] as const;
const OWNERS = { person: "genealogyPeople", family: "genealogyFamilies" } as const;

export const REFERENCES: readonly Reference[] = [
  { from: "genealogyFamilies", to: "genealogyPeople", on: { treeId: "treeId", id: "partner1Id" } },
  { from: "genealogyFamilies", to: "genealogyPeople", on: { treeId: "treeId", id: "partner2Id" } },
  { from: "genealogyChildren", to: "genealogyFamilies", on: { treeId: "treeId", id: "familyId" } },
  { from: "genealogyChildren", to: "genealogyPeople", on: { treeId: "treeId", id: "personId" } },
  ...OWNED.flatMap((from) =>
    Object.entries(OWNERS).map(([kind, to]) => ({ from, to, on: { treeId: "treeId", id: "ownerId" }, when: { ownerKind: kind } })),
  ),
  { from: "genealogyCitations", to: "genealogyEvents", on: { treeId: "treeId", id: "ownerId" }, when: { ownerKind: "event" } },
  { from: "genealogyMediaLinks", to: "genealogyEvents", on: { treeId: "treeId", id: "ownerId" }, when: { ownerKind: "event" } },
  { from: "genealogyEvents", to: "genealogyPlaces", on: { treeId: "treeId", id: "placeId" } },
  { from: "photoPeople", to: "galleryItems", on: { id: "galleryItemId" } },
  { from: "photoPeople", to: "genealogyPeople", on: { treeId: "treeId", id: "personId" } },
  { from: "documentPeople", to: "documents", on: { id: "documentId" } },
  { from: "documentPeople", to: "genealogyPeople", on: { treeId: "treeId", id: "personId" } },
  // Not here: a private mark and a memory name a person by their stable id (decision 011), whichever
  // tree holds them, and outlive the row on purpose (a person removed and imported again is private
  // still, and keeps their memories), as they do when the editor removes a person.
  { from: "memories", to: "galleryItems", on: { id: "galleryItemId" } },
  { from: "galleryItems", to: "media", on: { id: "mediaId" } },
  { from: "documents", to: "media", on: { id: "scanMediaId" } },
  { from: "albumPhotos", to: "albums", on: { id: "albumId" } },
  { from: "albumPhotos", to: "galleryItems", on: { id: "galleryItemId" } },
  { from: "photoDocuments", to: "galleryItems", on: { id: "galleryItemId" } },
  { from: "photoDocuments", to: "documents", on: { id: "documentId" } },
  { from: "storySlugs", to: "stories", on: { id: "storyId" } },
  { from: "storyRevisions", to: "stories", on: { id: "storyId" } },
];

/** A row by its table and key (CHANGE_KEYS), or the columns of a key it names. */
export interface RowRef {
  table: ChangeTable;
  key: Row;
}

const sameKey = (a: Row, b: Row) => Object.keys(a).every((column) => a[column] === b[column]);

/** The rows of a table matching every column's value (a null matches nothing: it names no row). */
async function rowsWhere(db: Database, table: ChangeTable, values: Row): Promise<Row[]> {
  if (Object.values(values).some((value) => value === null || value === undefined)) return [];
  let query = db.selectFrom(table).selectAll() as any;
  for (const [column, value] of Object.entries(values)) query = query.where(column, "=", value);
  return (await query.execute()) as Row[];
}

/**
 * What stands in the way of undoing these row changes: the rows still naming
 * one the undo would remove, and the rows gone since that one it would put
 * back names. Either was a later change's doing. `keyOf` gives a row's key in
 * its table (CHANGE_KEYS). Places are shared by events and an undo keeps one
 * still named, so they are not asked the first question.
 */
export async function brokenReferences(
  db: Database,
  rows: readonly RowChange[],
  keyOf: (table: ChangeTable, row: Row) => Row,
): Promise<RowRef[]> {
  const undone = (table: ChangeTable, row: Row) => rows.some((r) => r.table === table && sameKey(r.key, keyOf(table, row)));
  const comesBack = (table: ChangeTable, key: Row) => rows.some((r) => r.table === table && r.before !== null && sameKey(key, r.key));
  const broken: RowRef[] = [];
  for (const removed of rows.filter((r) => r.before === null && r.table !== "genealogyPlaces")) {
    for (const ref of REFERENCES.filter((ref) => ref.to === removed.table)) {
      const naming = Object.fromEntries(Object.entries(ref.on).map(([key, column]) => [column, removed.key[key]]));
      for (const row of await rowsWhere(db, ref.from, { ...naming, ...ref.when })) {
        // A row of the change itself is put back as it was before, when the removed row did not exist yet.
        if (!undone(ref.from, row)) broken.push({ table: ref.from, key: keyOf(ref.from, row) });
      }
    }
  }
  for (const restored of rows.filter((r) => r.before !== null)) {
    const before = restored.before!;
    for (const ref of REFERENCES.filter((ref) => ref.from === restored.table)) {
      if (ref.when && Object.entries(ref.when).some(([column, value]) => before[column] !== value)) continue;
      const named = Object.fromEntries(Object.entries(ref.on).map(([key, column]) => [key, before[column]]));
      if (Object.values(named).some((value) => value === null || value === undefined)) continue;
      if (comesBack(ref.to, named)) continue;
      if ((await rowsWhere(db, ref.to, named)).length === 0) broken.push({ table: ref.to, key: named });
    }
  }
  return broken;
}
