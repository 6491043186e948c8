import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase, type Database } from "#app/.server/db.ts";
import { seedIfNew } from "#app/.server/seed.ts";

export interface TestDatabase {
  db: Database;
  file: string;
  close(): Promise<void>;
}

/** A new SQLite file in a temporary folder, migrated and (unless told otherwise) seeded. */
export async function createTestDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-test-"));
  const file = path.join(dir, "database.sqlite");
  const db = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(db);
  if (seed) await seedIfNew(db);
  return {
    db,
    file,
    async close() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
