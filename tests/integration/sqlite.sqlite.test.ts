import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest, sqliteStatements } from "#app/.server/platform/db/connect.ts";
import { STATEMENT_CACHE_SIZE } from "#app/.server/platform/db/sqlite-statements.ts";
import { insertRows } from "#app/.server/platform/db/writes.ts";
import { createEmptyDatabase, createTestDatabase, type TestDatabase } from "./database.ts";

// SQLite only (the PostgreSQL run leaves out *.sqlite.test.ts).

let t: TestDatabase;
afterEach(() => t?.close());

function sqliteFile(db: TestDatabase): string {
  if (db.database.kind !== "sqlite") throw new Error("this file runs on SQLite only");
  return db.database.file;
}

test("SQLite runs in WAL mode", async () => {
  t = await createEmptyDatabase();
  await migrateToLatest(t.db);
  const sqlite = new SqliteDatabase(sqliteFile(t), { readonly: true });
  try {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
  } finally {
    sqlite.close();
  }
});

test("several processes writing at once never get 'database is locked'", async () => {
  t = await createTestDatabase();
  const file = sqliteFile(t);
  const app = (module: string) => JSON.stringify(path.resolve(import.meta.dirname, "../../app/.server", module));
  const script = path.join(t.dir, "writer.ts");
  // Each writer saves history revisions, adds documents (ids as highest + 1,
  // which two writers may compute alike) and guestbook entries, interleaved.
  fs.writeFileSync(
    script,
    `import { openDatabase } from ${app("platform/db/connect.ts")};
     import { saveHistory } from ${app("site-texts/history-text.ts")};
     import { addDocument } from ${app("documents/documents.ts")};
     import { SEED_HISTORY } from ${app("seed/seed.ts")};
     const db = openDatabase({ kind: "sqlite", file: ${JSON.stringify(file)} });
     const writer = process.argv[2];
     for (let i = 0; i < 40; i++) {
       await saveHistory(db, { ...SEED_HISTORY, title: "Rašytojas " + writer + " Nr. " + i }, "rasytojas" + writer, false);
       // No scan, for everyone: the media store is not touched.
       await addDocument(db, null, { title: "Dokumentas " + writer + "-" + i, person: "x", year: "1900", type: "Kita", membersOnly: false }, null);
       await db.insertInto("guestbookEntries").values({ name: "Rašytojas " + writer, message: String(i), createdAt: new Date().toISOString(), status: "pending", clientHash: null }).execute();
     }
     await db.destroy();`,
  );
  const writers = 6;
  const results = await Promise.allSettled(
    Array.from({ length: writers }, (_, w) => promisify(execFile)(process.execPath, [script, String(w)], { cwd: t.dir })),
  );
  const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
  expect(failures).toEqual([]);

  const count = async (table: "historyRevisions" | "documents" | "guestbookEntries") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count("historyRevisions")).toBe(1 + writers * 40);
  expect(await count("documents")).toBe(5 + writers * 40);
  expect(await count("guestbookEntries")).toBe(3 + writers * 40);
  const ids = (await t.db.selectFrom("documents").select("id").orderBy("id").execute()).map((r) => r.id);
  expect(ids).toEqual(Array.from({ length: 5 + writers * 40 }, (_, i) => i + 1));
});

test("a query's statement is prepared once and then reused, the cache stays bounded, and a busy statement is left alone", async () => {
  t = await createTestDatabase({ seed: false });
  const statements = sqliteStatements(t.db)!;
  const query = () => t.db.selectFrom("settings").select(["key", "value"]).orderBy("key");
  await query().execute();
  const before = { ...statements.counts };
  for (let i = 0; i < 5; i++) await query().execute();
  expect(statements.counts.prepared).toBe(before.prepared);
  expect(statements.counts.reused).toBe(before.reused + 5);

  // A statement busy in an unfinished iterate() (a stream; Kysely itself waits
  // for the stream's end, but insertRows and other direct callers do not) is
  // left alone: the same text gets a statement of its own, and runs.
  await t.db.insertInto("settings").values({ key: "a", value: "1" }).execute();
  await t.db.insertInto("settings").values({ key: "b", value: "2" }).execute();
  const text = query().compile().sql;
  const kept = statements.prepare(text);
  const rows = kept.iterate();
  expect(rows.next().done).toBe(false);
  expect(kept.busy).toBe(true);
  const other = statements.prepare(text);
  expect(other).not.toBe(kept);
  expect(other.all()).toEqual(await query().execute());
  rows.return?.();
  expect(statements.prepare(text)).toBe(kept);
  // A stream left before its end frees its statement for the next query.
  for await (const row of query().stream()) if (row.key === "a") break;
  expect(await query().execute()).toHaveLength(2);

  // Queries of as many texts as the cache holds and more: the least recently used go.
  for (let n = 0; n < STATEMENT_CACHE_SIZE + 50; n++)
    await t.db
      .selectFrom("settings")
      .select("key")
      .where("key", "in", Array(n + 1).fill("x"))
      .execute();
  expect(statements.size).toBe(STATEMENT_CACHE_SIZE);
});

test("after a migration changes a table, a query of the same text sees the new schema", async () => {
  t = await createTestDatabase({ seed: false });
  const statements = sqliteStatements(t.db)!;
  const everything = sql<Record<string, unknown>>`select * from settings where key = 'x'`;
  await t.db.insertInto("settings").values({ key: "x", value: "1" }).execute();
  expect(Object.keys((await everything.execute(t.db)).rows[0])).toEqual(["key", "value"]);
  expect(statements.size).toBeGreaterThan(0);
  await t.db.schema
    .alterTable("settings")
    .addColumn("extra", "text", (c) => c.defaultTo("z"))
    .execute();
  // A schema change empties the cache: nothing prepared for the old schema is kept.
  expect(statements.size).toBe(0);
  expect((await everything.execute(t.db)).rows[0]).toEqual({ key: "x", value: "1", extra: "z" });
  await t.db.schema.alterTable("settings").dropColumn("extra").execute();
  expect((await everything.execute(t.db)).rows[0]).toEqual({ key: "x", value: "1" });
});

test("insertRows stores a large batch's constant columns (written into the statement) exactly as a small batch's bound ones, through either connection", async () => {
  t = await createTestDatabase();
  // The same values in every row but the id: a number, a text with a quote, a
  // null, an empty list, a text of non-ASCII letters, and a number in a text column.
  const row = (treeId: number, id: number) => ({
    treeId,
    id,
    ownerKind: "person" as const,
    ownerId: 5,
    tag: "it's",
    value: null,
    date: "Žemyna",
    datePhrase: 1898 as unknown as string,
    notes: "[]",
    extra: "[]",
    position: id,
  });
  const large = Array.from({ length: 120 }, (_, i) => row(1, i + 1));
  const small = Array.from({ length: 3 }, (_, i) => row(2, i + 1));
  const main = sqliteStatements(t.db)!;
  const before = { ...main.counts };
  await insertRows(t.db, "genealogyEvents", large);
  await insertRows(t.db, "genealogyEvents", small);
  // Not one statement on the main connection: the rows went through the other.
  expect(main.counts).toEqual(before);
  // Inside a transaction the rows go through the transaction's connection (better-sqlite3), outside through node:sqlite.
  await t.db.transaction().execute((tx) =>
    insertRows(
      tx,
      "genealogyEvents",
      Array.from({ length: 120 }, (_, i) => row(3, i + 1)),
    ),
  );
  const stored = (treeId: number) =>
    sql<Record<string, unknown>>`select owner_kind, typeof(owner_id) as owner_id_type, owner_id, tag, value, typeof(value) as value_type,
      date, date_phrase, typeof(date_phrase) as date_phrase_type, notes, extra, typeof(tree_id) as tree_id_type
      from genealogy_events where tree_id = ${treeId} order by id`.execute(t.db);
  const fromLarge = (await stored(1)).rows;
  const fromSmall = (await stored(2)).rows;
  expect(fromLarge).toHaveLength(120);
  // (The database's plugin names the columns in camelCase.)
  expect(fromLarge[0]).toEqual({
    ownerKind: "person",
    ownerIdType: "integer",
    ownerId: 5,
    tag: "it's",
    value: null,
    valueType: "null",
    date: "Žemyna",
    datePhrase: "1898.0",
    datePhraseType: "text",
    notes: "[]",
    extra: "[]",
    treeIdType: "integer",
  });
  expect(new Set(fromLarge.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify(fromSmall[0])]));
  const inTransaction = (await stored(3)).rows;
  expect(inTransaction).toHaveLength(120);
  expect(new Set(inTransaction.map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify(fromSmall[0])]));
});

test("a batch of insertRows that breaks a key stores none of its rows, and the caller's transaction keeps its own", async () => {
  t = await createTestDatabase();
  const row = (id: number) => ({
    treeId: 1,
    id,
    ownerKind: "person" as const,
    ownerId: id,
    tag: "BIRT",
    notes: "[]",
    extra: "[]",
    position: 0,
  });
  // 120 rows, the 80th with the 10th's id: the second 50-row statement fails half-way.
  const rows = Array.from({ length: 120 }, (_, i) => row(i === 79 ? 10 : i + 1));
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom("genealogyEvents")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  await expect(insertRows(t.db, "genealogyEvents", rows)).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
  expect(await count()).toBe(0);
  // Inside a transaction: the batch is undone, the row written before it stays.
  await t.db.transaction().execute(async (tx) => {
    await insertRows(tx, "genealogyEvents", [row(500)]);
    await expect(insertRows(tx, "genealogyEvents", rows)).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
  });
  expect(await t.db.selectFrom("genealogyEvents").select("id").execute()).toEqual([{ id: 500 }]);
});
