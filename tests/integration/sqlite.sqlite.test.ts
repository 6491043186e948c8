import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest } from "#app/.server/db.ts";
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
    `import { openDatabase } from ${app("db.ts")};
     import { saveHistory } from ${app("history.ts")};
     import { addDocument } from ${app("documents.ts")};
     import { SEED_HISTORY } from ${app("seed.ts")};
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
