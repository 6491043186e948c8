import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import type { Role } from "#app/lib/roles.ts";
import { mediaStore, type MediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { localIndexBuilder } from "#app/.server/genealogy/index-build.ts";
import { createPostgresDatabase, databaseUrl, dropPostgresDatabase, onPostgres } from "#tests/database-target.ts";

export interface TestDatabase {
  db: Database;
  /** How to open this database again (a second connection, another process). */
  database: Config["database"];
  /** The temporary folder: uploads live under media/ in it. */
  dir: string;
  media: MediaStore;
  close(): Promise<void>;
}

const DEFAULT_UPLOADS = { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 };

// Migrating and seeding (which renders the seed pictures) happens once per test
// process into a template (a SQLite file, or a PostgreSQL template database,
// with its media folder); each test gets a copy.
interface Template {
  dir: string;
  database: string | null;
}
const templates: Partial<Record<"seeded" | "empty", Promise<Template>>> = {};

function template(seed: boolean): Promise<Template> {
  const kind = seed ? "seeded" : "empty";
  templates[kind] ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `seima-template-${kind}-`));
    const name = onPostgres ? await createPostgresDatabase(`seima_tpl_${kind}`) : null;
    const db = openDatabase(
      name ? { kind: "postgres", url: databaseUrl(name) } : { kind: "sqlite", file: path.join(dir, "database.sqlite") },
    );
    await migrateToLatest(db);
    if (seed) await seedIfNew(db, mediaStore({ dataDir: dir, uploads: DEFAULT_UPLOADS }));
    // Closing leaves a template nobody is connected to (PostgreSQL copies only
    // such databases) and a self-contained SQLite file (the WAL checkpointed).
    await db.destroy();
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    return { dir, database: name };
  })();
  return templates[kind];
}

/** A fresh database for one test, migrated and (unless told otherwise) seeded. */
export async function createTestDatabase({ seed = true, uploads = DEFAULT_UPLOADS } = {}): Promise<TestDatabase> {
  const from = await template(seed);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-test-"));
  fs.cpSync(from.dir, dir, { recursive: true });
  const name = from.database ? await createPostgresDatabase("seima_test", from.database) : null;
  const database: Config["database"] = name
    ? { kind: "postgres", url: databaseUrl(name) }
    : { kind: "sqlite", file: path.join(dir, "database.sqlite") };
  const db = openDatabase(database);
  // The tree's indexes built here when a test reads them (as a server builds them in the background).
  localIndexBuilder(db);
  return {
    db,
    database,
    dir,
    media: mediaStore({ dataDir: dir, uploads }),
    async close() {
      await db.destroy();
      if (name) await dropPostgresDatabase(name);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A database with no tables at all (for migration and restore tests), on the
 * run's database, or on the one named.
 */
export async function createEmptyDatabase({
  kind = onPostgres ? "postgres" : "sqlite",
}: { kind?: "sqlite" | "postgres" } = {}): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-empty-"));
  const name = kind === "postgres" ? await createPostgresDatabase("seima_empty") : null;
  const database: Config["database"] = name
    ? { kind: "postgres", url: databaseUrl(name) }
    : { kind: "sqlite", file: path.join(dir, "database.sqlite") };
  const db = openDatabase(database);
  // The tree's indexes built here when a test reads them (as a server builds them in the background).
  localIndexBuilder(db);
  return {
    db,
    database,
    dir,
    media: mediaStore({ dataDir: dir, uploads: DEFAULT_UPLOADS }),
    async close() {
      await db.destroy();
      if (name) await dropPostgresDatabase(name);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user of the test's database (no password to log in with), as the change history names them. */
export async function addTestUser(db: Database, username: string, role: Role): Promise<{ id: number; username: string }> {
  const { id } = await db
    .insertInto("users")
    .values({ username, passwordHash: "x", createdAt: new Date().toISOString(), role })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, username };
}
