import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase, type Database } from "#app/.server/db.ts";
import { mediaStore, type MediaStore } from "#app/.server/media.ts";
import { seedIfNew } from "#app/.server/seed.ts";

export interface TestDatabase {
  db: Database;
  file: string;
  /** Uploaded files live under the same temporary folder. */
  media: MediaStore;
  close(): Promise<void>;
}

const DEFAULT_UPLOADS = { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 };

// Migrating and seeding (which renders the seed pictures) happens once per
// test process into a template folder; each test gets a copy of it.
const templates: Partial<Record<"seeded" | "empty", Promise<string>>> = {};

function template(seed: boolean): Promise<string> {
  const kind = seed ? "seeded" : "empty";
  templates[kind] ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seima-template-${kind}-`));
    const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
    await migrateToLatest(db);
    if (seed) await seedIfNew(db, mediaStore({ dataDir: dir, uploads: DEFAULT_UPLOADS }));
    // Closing checkpoints the WAL, so the copy is one self-contained file.
    await db.destroy();
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return templates[kind];
}

/** A new SQLite file in a temporary folder, migrated and (unless told otherwise) seeded. */
export async function createTestDatabase({ seed = true, uploads = DEFAULT_UPLOADS } = {}): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-test-"));
  fs.cpSync(await template(seed), dir, { recursive: true });
  const file = path.join(dir, "database.sqlite");
  const db = openDatabase({ kind: "sqlite", file });
  return {
    db,
    file,
    media: mediaStore({ dataDir: dir, uploads }),
    async close() {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
