import { CompiledQuery, PostgresAdapter, type Kysely } from "kysely";

// The query planner's statistics (ANALYZE). Without them, at 100,000 people,
// SQLite read a person's families by walking every family of the tree in
// file order (9-12 ms a query) instead of through the partner and id indexes
// (0.02 ms): it guesses a table's size and its indexes' selectivity until
// ANALYZE has measured them. They are measured
//   - at every start, after the migrations ("changed": only tables that have
//     changed much since their last analysis, so a big database starts as
//     fast as a small one),
//   - after every GEDCOM import (the tree's tables), in whichever process
//     imported, and
//   - after a restore ("all").
// PostgreSQL's ANALYZE reads a random sample of each table, whatever its size.
// SQLite's reads each index whole (about 140 ms for the tree tables at
// 100,000 people, against an import's 10 s), and deliberately without
// analysis_limit, which PRAGMA optimize otherwise applies by itself: the
// limit reads only the first rows of each index, which here all belong to
// one tree (every index starts with tree_id), so SQLite concluded that a
// tree has about 1,000 rows rather than 100,000, and went back to reading
// the families of a chunk of 500 people through the position index
// (tests/integration/query-plans.test.ts fails with it). At start, PRAGMA
// optimize analyzes only the tables whose size has changed tenfold since
// their last analysis: about 1 ms on a 100,000-person database already
// analyzed, 140 ms the first time.

type AnyDatabase = Kysely<any>;

const onPostgres = (db: AnyDatabase) => db.getExecutor().adapter instanceof PostgresAdapter;
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const run = (db: AnyDatabase, sql: string) => db.executeQuery(CompiledQuery.raw(sql));

/**
 * Brings the planner's statistics up to date: "changed" (at start: the
 * tables whose size has changed much since they were last analyzed, and those
 * never analyzed), "all" (after a restore), or the tables named (camelCase,
 * as in db.ts's Tables: after an import, the tree's).
 */
export async function updateStatistics(db: AnyDatabase, what: "changed" | "all" | readonly string[]): Promise<void> {
  if (onPostgres(db)) {
    if (what === "all") {
      await run(db, "analyze");
      return;
    }
    // Autovacuum analyzes a table once its changes since the last analysis
    // pass 50 rows and 10 % of it, within a minute or so; at start, the
    // tables past that already (a process that filled them stopped before
    // autovacuum came round) and those never analyzed are done at once.
    const tables =
      what === "changed"
        ? (
            await db.executeQuery<{ name: string }>(
              CompiledQuery.raw(
                `select c.relname as name from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
                 where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
                   and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * c.reltuples)`,
              ),
            )
          ).rows.map((r) => r.name)
        : what.map(snakeCase);
    if (tables.length) await run(db, `analyze ${tables.map((t) => `"${t}"`).join(", ")}`);
    return;
  }
  if (what === "changed") {
    // 0x10000: every table, not only those this connection has used; 0x02:
    // analyze those whose size has changed much. Not 0x10 (the analysis
    // limit, part of the default): see above.
    await run(db, "pragma optimize = 0x10002");
  } else if (what === "all") {
    await run(db, "analyze");
  } else {
    for (const table of what) await run(db, `analyze "${snakeCase(table)}"`);
  }
}

/**
 * Makes this connection plan with the statistics another process has just
 * written (the import's child process). SQLite reads them when a connection
 * opens or when its schema changes, so a connection that was open before goes
 * on planning with the old ones until told (ANALYZE sqlite_schema reloads
 * them). PostgreSQL keeps them in the server: nothing to do.
 */
export async function reloadStatistics(db: AnyDatabase): Promise<void> {
  if (!onPostgres(db)) await run(db, "analyze sqlite_schema");
}
