import { sql, type Kysely } from "kysely";
import { PostgresAdapter } from "kysely";

// The person search reads an index of the names' letters (issue 33 point 4,
// decision 044), so finding a rare name among 100,000 people does not read
// every name.
//
// The search looks for each typed word anywhere in a person's search_key
// (LIKE '%word%'), which an ordinary index cannot answer. Both databases
// index every three letters of the key instead:
//
// - PostgreSQL: a GIN index with pg_trgm's operator class on search_key,
//   kept by the database with every write. pg_trgm ships with PostgreSQL
//   (the contrib modules) and is a "trusted" extension (PostgreSQL 13+), so
//   the database's owner may create it; where it is refused (a host without
//   the contrib modules), the index is left out and the search reads every
//   name, as before, still correct.
// - SQLite: an FTS5 table with the trigram tokenizer, which answers LIKE
//   '%word%' from its index. A person's row id in it is tree_id * 2^32 + id
//   (ids are per tree), so one tree's rows are a range. Triggers keep it: a
//   person written in a ready tree is indexed as written, a removed one
//   leaves it; a tree being imported is not indexed row by row (that cost
//   the import half its time again) but all at once when it becomes ready,
//   and a tree that stops being ready (a merge's base, a failed import)
//   leaves it. Only the ready trees are searched.
//
// A name borne by more people than the search counts is read in name order
// instead, from the index on (tree_id, search_key), which now holds the
// person's id and restriction too: the order (search_key, id) is the index's
// own and every name is read, and judged for whom it is withheld from, from
// the index alone (before, SQLite looked up rows to order equal names by id,
// PostgreSQL read the table: 18-30 ms for a page of a common name and surname
// at 100,000 people, now 1-3 ms).

/** A person's row id in SQLite's index is tree_id * NAME_INDEX_SPAN + id (read by app/.server/genealogy/name-index.ts). */
export const NAME_INDEX_SPAN = 4294967296;

function onPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_people_search").execute();
  await db.schema
    .createIndex("genealogy_people_search")
    .on("genealogy_people")
    .columns(["tree_id", "search_key", "id", "restriction"])
    .execute();
  if (onPostgres(db)) {
    // A savepoint: a refused extension must not abort the migrations' transaction.
    await sql`savepoint name_index`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await sql`create index genealogy_people_name_trigrams on genealogy_people using gin (search_key gin_trgm_ops)`.execute(db);
      await sql`release savepoint name_index`.execute(db);
    } catch (error) {
      await sql`rollback to savepoint name_index`.execute(db);
      console.warn(`Paieškos indeksas nesukurtas (pg_trgm neprieinamas): paieška skaitys visus vardus. ${String(error)}`);
    }
    return;
  }
  const span = sql.lit(NAME_INDEX_SPAN);
  const ready = (tree: string) => sql`(select status from genealogy_trees where id = ${sql.raw(tree)}) = 'ready'`;
  await sql`create virtual table genealogy_name_index using fts5(search_key, tokenize = 'trigram', detail = 'none')`.execute(db);
  await sql`create trigger genealogy_name_index_insert after insert on genealogy_people when ${ready("new.tree_id")} begin
    insert into genealogy_name_index (rowid, search_key) values (new.tree_id * ${span} + new.id, new.search_key);
  end`.execute(db);
  await sql`create trigger genealogy_name_index_delete after delete on genealogy_people begin
    delete from genealogy_name_index where rowid = old.tree_id * ${span} + old.id;
  end`.execute(db);
  await sql`create trigger genealogy_name_index_update after update of tree_id, id, search_key on genealogy_people begin
    delete from genealogy_name_index where rowid = old.tree_id * ${span} + old.id;
    insert into genealogy_name_index (rowid, search_key) select new.tree_id * ${span} + new.id, new.search_key where ${ready("new.tree_id")};
  end`.execute(db);
  await sql`create trigger genealogy_name_index_tree_ready after update of status on genealogy_trees
    when new.status = 'ready' and old.status <> 'ready' begin
    insert into genealogy_name_index (rowid, search_key)
      select tree_id * ${span} + id, search_key from genealogy_people where tree_id = new.id;
  end`.execute(db);
  await sql`create trigger genealogy_name_index_tree_unready after update of status on genealogy_trees
    when old.status = 'ready' and new.status <> 'ready' begin
    delete from genealogy_name_index where rowid between old.id * ${span} and old.id * ${span} + ${span} - 1;
  end`.execute(db);
  await sql`create trigger genealogy_name_index_tree_delete after delete on genealogy_trees when old.status = 'ready' begin
    delete from genealogy_name_index where rowid between old.id * ${span} and old.id * ${span} + ${span} - 1;
  end`.execute(db);
  await sql`insert into genealogy_name_index (rowid, search_key)
    select p.tree_id * ${span} + p.id, p.search_key from genealogy_people p
    join genealogy_trees t on t.id = p.tree_id where t.status = 'ready'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_people_search").execute();
  await db.schema.createIndex("genealogy_people_search").on("genealogy_people").columns(["tree_id", "search_key"]).execute();
  if (onPostgres(db)) {
    await sql`drop index if exists genealogy_people_name_trigrams`.execute(db);
    return;
  }
  for (const trigger of ["insert", "delete", "update", "tree_ready", "tree_unready", "tree_delete"]) {
    await sql`drop trigger ${sql.raw(`genealogy_name_index_${trigger}`)}`.execute(db);
  }
  await sql`drop table genealogy_name_index`.execute(db);
}
