import { sql } from "kysely";
import { NAME_INDEX_SPAN } from "#db/migrations/0032_name_index.ts";
import { onPostgresDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// The index of the names' letters that the person search asks first
// (migration 0032, decision 044): which people of a tree have every word
// somewhere in their search key, answered from an index of every three
// letters (PostgreSQL: pg_trgm's GIN index on search_key; SQLite: the FTS5
// trigram table genealogy_name_index, kept by triggers) instead of
// reading every name of the tree.

/** Tables of SQLite's name index (the FTS5 table and the tables it keeps its index in): not content, never read as rows. */
export function isNameIndexTable(name: string): boolean {
  return name === "genealogy_name_index" || name.startsWith("genealogy_name_index_");
}

// A type, not an interface: withTables wants an index signature.
/** SQLite's FTS5 table, as Kysely sees it (not in Tables: PostgreSQL has no such table). */
type NameIndexTable = {
  genealogyNameIndex: { rowid: number; searchKey: string };
};

/** The query nameMatches runs (its plan is checked in tests/integration/query-plans.test.ts). */
export function nameMatchesQuery(db: Database, treeId: number, words: string[], limit: number) {
  // Words of two letters have no three to look up: FTS5 would read its whole table (20 ms at
  // 100,000 people), the names' own index is read faster (5 ms). With a longer word beside
  // them, FTS5 looks up that one and checks the short ones on what it finds.
  if (onPostgresDatabase(db) || words.every((word) => word.length < 3)) {
    let query = db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId);
    for (const word of words) query = query.where("searchKey", "like", `%${word}%`);
    return query.limit(limit);
  }
  // A person's row id is tree_id * NAME_INDEX_SPAN + id (ids are per tree): one tree is a range.
  const first = treeId * NAME_INDEX_SPAN;
  let query = db
    .withTables<NameIndexTable>()
    .selectFrom("genealogyNameIndex")
    .select(sql<number>`rowid - ${first}`.as("id"))
    .where("rowid", ">=", first)
    .where("rowid", "<", first + NAME_INDEX_SPAN);
  for (const word of words) query = query.where("searchKey", "like", `%${word}%`);
  return query.limit(limit);
}

/**
 * Up to `limit` ids (in no order) of the tree's people whose search key has
 * every word in it (searchKey's folding; no LIKE wildcards in the words).
 */
export async function nameMatches(db: Database, treeId: number, words: string[], limit: number): Promise<number[]> {
  return (await nameMatchesQuery(db, treeId, words, limit).execute()).map((r) => Number(r.id));
}
