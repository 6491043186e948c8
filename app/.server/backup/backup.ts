import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import * as tar from "tar";
import { migrations } from "#db/migrations/index.ts";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database, Tables } from "#app/.server/platform/db/schema.ts";
import { updateStatistics } from "#app/.server/platform/db/planner-statistics.ts";
import { locateMediaFiles, placeAllMedia, publicMediaDir, type MediaStore } from "#app/.server/media/storage.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Message } from "#app/i18n/intl.ts";
import { SOURCE_LOCALE } from "#app/i18n/locales.ts";

// A backup is one .tar.gz holding manifest.json, the rows of every content
// table as JSON lines (data/<table>.jsonl) and every uploaded file
// (media/originals, media/public). Nothing in it depends on the database it
// came from: a SQLite backup restores into PostgreSQL and back.
//
// The rows come from one consistent moment: a VACUUM INTO copy on SQLite, a
// repeatable-read transaction on PostgreSQL. Files are immutable and, when
// removed, wait an hour in the trash, so every file those rows name is found.

export const BACKUP_FORMAT = 1;

/** Content tables, parents before children. Sessions, login failures and process heartbeats are not content. */
const TABLES = [
  "settings",
  "users",
  "accountLinks",
  "passkeys",
  "media",
  "historyRevisions",
  "galleryItems",
  "documents",
  "guestbookEntries",
  "genealogyTrees",
  "genealogyPeople",
  "genealogyFamilies",
  "genealogyChildren",
  "genealogyPlaces",
  "genealogyEvents",
  "genealogySources",
  "genealogyCitations",
  "genealogyMedia",
  "genealogyMediaLinks",
  "genealogyRecords",
  "genealogyFiles",
  "privatePeople",
  "changes",
  "proposals",
  "memories",
  "photoPeople",
  "documentPeople",
  "albums",
  "albumPhotos",
  "photoDocuments",
  "stories",
  "storySlugs",
  "storyRevisions",
] as const satisfies readonly (keyof Tables)[];
/**
 * Tables of older schemas that a backup of theirs still has: restored at that
 * schema, after the tables they point at, and carried over by the migrations
 * that followed (0018 made genealogyPersonLinks into photoPeople and documentPeople).
 */
const FORMER_TABLES = ["genealogyPersonLinks"];
type Table = (typeof TABLES)[number];
/** The order rows are read in, so that two backups of the same content are the same. */
const ORDER: Partial<Record<Table, string[]>> = {
  settings: ["key"],
  accountLinks: ["tokenHash"],
  privatePeople: ["personId"],
  genealogyChildren: ["treeId", "familyId", "personId"],
  genealogyMediaLinks: ["treeId", "ownerKind", "ownerId", "position"],
  genealogyFiles: ["treeId", "path"],
  photoPeople: ["id"],
  documentPeople: ["treeId", "personId", "documentId"],
  albumPhotos: ["albumId", "galleryItemId"],
  photoDocuments: ["galleryItemId", "documentId"],
  storySlugs: ["slug"],
};
/** Tables whose ids PostgreSQL numbers itself: after a restore its counters must move past them. */
const IDENTITY_TABLES = {
  users: "users",
  historyRevisions: "history_revisions",
  guestbookEntries: "guestbook_entries",
  genealogyTrees: "genealogy_trees",
  changes: "changes",
  proposals: "proposals",
  memories: "memories",
  photoPeople: "photo_people",
  albums: "albums",
  stories: "stories",
  storyRevisions: "story_revisions",
} as const;

export interface Manifest {
  format: number;
  createdAt: string;
  /** The last migration the rows were written under. */
  schema: string;
  source: "sqlite" | "postgres";
  rows: Record<Table, number>;
  files: number;
}

/**
 * A refusal the operator can act on. `message` is Lithuanian (the command
 * line's); `said` is what a page shows, in its reader's language: a message
 * where a page can meet the refusal (a backup made from the administration),
 * else the same Lithuanian sentence (a restore, the command line's only).
 */
export class BackupError extends Error {
  readonly said: Message | string;
  constructor(said: Message | string, options?: ErrorOptions) {
    super(typeof said === "string" ? said : serverT(SOURCE_LOCALE)(said), options);
    this.name = "BackupError";
    this.said = said;
  }
}

type Rows = Record<Table, Record<string, unknown>[]>;

async function readRows(db: Database): Promise<Rows> {
  const rows = {} as Rows;
  for (const table of TABLES) {
    let query = db.selectFrom(table).selectAll();
    for (const column of ORDER[table] ?? (table.startsWith("genealogy") && table !== "genealogyTrees" ? ["treeId", "id"] : ["id"])) {
      query = query.orderBy(sql.ref(column) as never);
    }
    rows[table] = (await query.execute()) as Record<string, unknown>[];
  }
  return rows;
}

async function schemaVersion(db: Database): Promise<string> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  const name = result.rows[0]?.name;
  if (!name) throw new BackupError("adminContent.backup.error.empty");
  return name;
}

/** Rows and schema as of one moment, while the site goes on being edited. */
async function snapshot(db: Database, kind: "sqlite" | "postgres", staging: string): Promise<{ rows: Rows; schema: string }> {
  if (kind === "postgres") {
    return db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (tx) => ({ rows: await readRows(tx), schema: await schemaVersion(tx) }));
  }
  const copy = path.join(staging, "snapshot.sqlite");
  await sql`vacuum into ${copy}`.execute(db);
  const frozen = openDatabase({ kind: "sqlite", file: copy });
  try {
    return { rows: await readRows(frozen), schema: await schemaVersion(frozen) };
  } finally {
    await frozen.destroy();
    await fs.rm(copy, { force: true });
    await fs.rm(`${copy}-wal`, { force: true });
    await fs.rm(`${copy}-shm`, { force: true });
  }
}

/** A hard link where the disk allows it (instant, no space), else a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.link(from, to);
  } catch {
    await fs.copyFile(from, to);
  }
}

async function stagingDir(store: MediaStore): Promise<string> {
  // Inside the data folder, so files can be hard-linked rather than copied.
  const parent = path.join(store.root, "..", "backup-tmp");
  await fs.mkdir(parent, { recursive: true });
  return fs.mkdtemp(path.join(parent, "kopija-"));
}

/** Writes a backup of the installation to `file` and returns its manifest. */
export async function writeBackup(db: Database, kind: "sqlite" | "postgres", store: MediaStore, file: string): Promise<Manifest> {
  const staging = await stagingDir(store);
  try {
    const { rows, schema } = await snapshot(db, kind, staging);
    await fs.mkdir(path.join(staging, "data"));
    for (const table of TABLES) {
      const lines = rows[table].map((row) => JSON.stringify(row)).join("\n");
      await fs.writeFile(path.join(staging, "data", `${table}.jsonl`), lines ? `${lines}\n` : "");
    }
    let files = 0;
    for (const media of rows.media as { id: string; originalExtension: string }[]) {
      const found = await locateMediaFiles(store, media);
      if (!found) throw new BackupError({ id: "adminContent.backup.error.missingFile", values: { id: media.id } });
      await linkOrCopy(found.original, path.join(staging, "media", "originals", `${media.id}.${media.originalExtension}`));
      files++;
      for (const name of await fs.readdir(found.publicDir).catch(() => [] as string[])) {
        await linkOrCopy(path.join(found.publicDir, name), path.join(staging, "media", "public", media.id, name));
        files++;
      }
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      schema,
      source: kind,
      rows: Object.fromEntries(TABLES.map((t) => [t, rows[t].length])) as Record<Table, number>,
      files,
    };
    await fs.writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fs.mkdir(path.join(staging, "media"), { recursive: true });
    const partial = `${file}.dalis`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "data", "media"]);
    await fs.rename(partial, file);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Whether the installation holds any content or uploaded file. */
export async function installationIsEmpty(db: Database, store: MediaStore): Promise<boolean> {
  const tables = new Set((await db.introspection.getTables()).map((t) => t.name));
  for (const table of ["users", "history_revisions", "gallery_items", "documents", "guestbook_entries", "media", "genealogy_trees"]) {
    if (!tables.has(table)) continue;
    const result = await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    if (Number(result.rows[0].n) > 0) return false;
  }
  const files = await fs.readdir(publicMediaDir(store)).catch(() => [] as string[]);
  return files.length === 0;
}

async function wipe(db: Database, store: MediaStore): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const table of [...TABLES].reverse()) await tx.deleteFrom(table).execute();
    await tx.deleteFrom("sessions").execute();
    await tx.deleteFrom("failedLogins").execute();
    await tx.deleteFrom("loginFailureLog").execute();
  });
  for (const dir of ["public", "members", "originals", "tmp", "trash"])
    await fs.rm(path.join(store.root, dir), { recursive: true, force: true });
}

async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  } catch (error) {
    throw new BackupError("Tai ne šios svetainės atsarginė kopija (nėra manifest.json).", { cause: error });
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Nežinomas atsarginės kopijos formatas (${manifest.format}).`);
  if (!(manifest.schema in migrations)) {
    throw new BackupError(
      `Atsarginė kopija padaryta naujesne programos versija (schema ${manifest.schema}): pirmiausia atnaujinkite programą.`,
    );
  }
  return manifest;
}

/**
 * Restores a backup into this installation. An installation that already has
 * content is refused unless `force` is given, in which case its content and
 * files are replaced. The database is brought to the backup's schema, filled,
 * then migrated to the current one.
 */
export async function restoreBackup(
  db: Database,
  kind: "sqlite" | "postgres",
  store: MediaStore,
  file: string,
  { force = false } = {},
): Promise<Manifest> {
  const staging = await stagingDir(store);
  try {
    try {
      await tar.x({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError("Nepavyko perskaityti atsarginės kopijos failo (ar tai .tar.gz?).", { cause: error });
    }
    const manifest = await readManifest(staging);

    if (!(await installationIsEmpty(db, store))) {
      if (!force) {
        throw new BackupError("Šiame diegime jau yra turinio. Kad jis būtų pakeistas atsarginės kopijos turiniu, pakartokite su --force.");
      }
      await migrateToLatest(db);
      await wipe(db, store);
    }
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const moved = await migrator.migrateTo(manifest.schema);
    if (moved.error) throw moved.error;

    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom("settings").execute();
      for (const table of [...TABLES, ...FORMER_TABLES] as (keyof Tables)[]) {
        // A backup made before a table existed has no file for it (nor one after it was replaced).
        const text = await fs.readFile(path.join(staging, "data", `${table}.jsonl`), "utf8").catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return "";
          throw error;
        });
        const rows = text
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        for (let i = 0; i < rows.length; i += 100) {
          await tx
            .insertInto(table)
            .values(rows.slice(i, i + 100) as never)
            .execute();
        }
      }
    });
    await migrateToLatest(db);
    // After migrating: a backup of an older schema lacks the newer tables, which are empty now.
    if (kind === "postgres") {
      for (const table of Object.values(IDENTITY_TABLES)) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          db,
        );
      }
    }
    // Every table was filled anew: the planner measures them all (statistics.ts).
    await updateStatistics(db, "all");
    // Whatever was computed from the content before (the sitemap, the public export) is out of date.
    await changeContentVersion(db);

    await fs.mkdir(store.root, { recursive: true });
    for (const dir of ["public", "originals"]) {
      const from = path.join(staging, "media", dir);
      const to = path.join(store.root, dir);
      await fs.rm(to, { recursive: true, force: true });
      await fs.rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") await fs.mkdir(to, { recursive: true });
        else throw error;
      });
    }
    // The backup keeps every picture among public/: what is for the family only goes back to members/.
    await placeAllMedia(db, store);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * A backup kept on the server before a step that removes much at once (the
 * example family): in the data folder's atsargines-kopijos/, named by what it
 * came before and when. Returns the file's name.
 */
export async function keepBackup(
  db: Database,
  kind: "sqlite" | "postgres",
  store: MediaStore,
  dataDir: string,
  before: string,
): Promise<string> {
  const dir = path.join(dataDir, "atsargines-kopijos");
  await fs.mkdir(dir, { recursive: true });
  const name = `${before}-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  await writeBackup(db, kind, store, path.join(dir, name));
  return name;
}
