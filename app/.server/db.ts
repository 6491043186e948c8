import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type Generated } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrations } from "#db/migrations/index.ts";
import type { Config } from "./env.ts";

// Column names are snake_case in the database and camelCase here (CamelCasePlugin).

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  createdAt: string;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: string;
  expiresAt: string;
}

export interface FailedLoginsTable {
  id: Generated<number>;
  username: string;
  clientAddress: string;
  attemptedAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface HistoryRevisionsTable {
  id: Generated<number>;
  title: string;
  intro: string;
  paragraph1: string;
  periodTitle: string;
  periodText: string;
  periodText2: string;
  createdAt: string;
  author: string | null;
}

export interface MediaTable {
  id: string;
  kind: "image" | "pdf";
  originalName: string;
  originalType: string;
  originalExtension: string;
  originalSize: number;
  width: number | null;
  height: number | null;
  displayWidth: number | null;
  displayHeight: number | null;
  createdAt: string;
}

export interface GalleryItemsTable {
  id: number;
  title: string;
  description: string;
  /** Null while the item shows the placeholder image. */
  mediaId: string | null;
  position: number;
  createdAt: string;
}

export interface DocumentsTable {
  id: number;
  title: string;
  person: string;
  year: string;
  type: string;
  /** The scanned document, if any (media.kind 'image' or 'pdf'). */
  scanMediaId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type GuestbookStatus = "pending" | "approved" | "hidden";

export interface GuestbookEntriesTable {
  id: Generated<number>;
  name: string;
  message: string;
  createdAt: string;
  status: Generated<GuestbookStatus>;
  /** Keyed hash of the sender's address, for the rate limit; null for seeded entries. */
  clientHash: string | null;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  failedLogins: FailedLoginsTable;
  settings: SettingsTable;
  media: MediaTable;
  historyRevisions: HistoryRevisionsTable;
  galleryItems: GalleryItemsTable;
  documents: DocumentsTable;
  guestbookEntries: GuestbookEntriesTable;
}

export type Database = Kysely<Tables>;

/**
 * Opens the configured database. SQLite runs in WAL mode with a busy timeout,
 * so readers never wait for the writer and writers queue instead of failing.
 */
export function openDatabase(database: Config["database"]): Database {
  if (database.kind === "postgres") {
    return new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }),
      plugins: [new CamelCasePlugin()],
    });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  return new Kysely<Tables>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new CamelCasePlugin()],
  });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Nepavyko atnaujinti duomenų bazės schemos${failed ? ` (${failed.migrationName})` : ""}`, {
      cause: error,
    });
  }
}

/** The current time as stored in the database. */
export function now(): string {
  return new Date().toISOString();
}
