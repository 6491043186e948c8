import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { treeQueries } from "#app/.server/genealogy/family-graph.ts";
import { updateTreeStatistics } from "#app/.server/genealogy/trees.ts";
import { reloadStatistics } from "#app/.server/platform/db/planner-statistics.ts";
import { writeBigTree } from "./big-tree.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// SQLite reads the planner's statistics when a connection opens: the server's
// connection, open before a web import's child process measured the new tree,
// must be told (reloadStatistics). PostgreSQL keeps them in the server, so
// there is nothing to reload (query-plans.test.ts checks its plans).

const PEOPLE = 100_000;
const TREE = 1;
const families = Array.from({ length: 500 }, (_, i) => Math.ceil((PEOPLE / 2 + 1 + i * 7) / 2));

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  await writeBigTree(t.db, TREE, PEOPLE);
  await updateTreeStatistics(t.db);
}, 120_000);
afterAll(() => t?.close());

test("a connection open before an import plans with the import's statistics once it reloads them (as the server does after the child process)", async () => {
  const plan = async (db: typeof t.db) => {
    const { sql, parameters } = treeQueries.familiesByIds(db, TREE, families).compile();
    const rows = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]));
    return rows.rows.map((r) => r.detail).join(" | ");
  };
  // Statistics as a small tree left them: the families' position index looks as good as their ids.
  await t.db.executeQuery(
    CompiledQuery.raw(
      `update sqlite_stat1 set stat = case idx when 'genealogy_families_position' then '50 50 1' else '50 50 50' end where tbl = 'genealogy_families'`,
    ),
  );
  const server = openDatabase(t.database);
  try {
    expect(await plan(server)).toContain("genealogy_families_position (tree_id=?)");
    // Another process (the import's child) measures the tables again: this connection does not know yet.
    await updateTreeStatistics(t.db);
    expect(await plan(server)).toContain("genealogy_families_position (tree_id=?)");
    await reloadStatistics(server);
    expect(await plan(server)).toContain("sqlite_autoindex_genealogy_families_1 (tree_id=? AND id=?)");
  } finally {
    await server.destroy();
  }
});
