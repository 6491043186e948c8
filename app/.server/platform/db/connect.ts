// Opening the configured database (SQLite or PostgreSQL) and bringing its
// schema up to date. Nothing else in the code knows which of the two it has.
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
} from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "#db/migrations/index.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { updateStatistics } from "./planner-statistics.ts";
import { postgresPool } from "./postgres-pool.ts";
import type { Database, Tables } from "./schema.ts";
import { StatementCache } from "./sqlite-statements.ts";

/**
 * SQLite transactions here start with BEGIN IMMEDIATE: they take the write
 * lock at once (waiting up to the busy timeout if another process holds it)
 * instead of reading first and failing with "database is locked" when they
 * later try to write while another process has written.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

function sqliteDialect(database: StatementCache): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** Whether this database (or transaction) is PostgreSQL: for what SQLite lacks (SELECT … FOR UPDATE). */
export function onPostgresDatabase(db: Database): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Opens the configured database. SQLite runs in WAL mode with a busy timeout,
 * so readers never wait for the writer and writers queue instead of failing.
 */
export function openDatabase(database: Config["database"]): Database {
  if (database.kind === "postgres") {
    // Unnamed statements: named (server-side prepared) ones would save
    // PostgreSQL's parsing and planning, but break on a schema change made
    // by another process's migration and are never deallocated (decision 018).
    // Connections the database server closes (a restart, a failover) end no process, and a read is sent again (postgres-pool.ts).
    return new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: postgresPool(database.url) }),
      plugins: [new CamelCasePlugin()],
    });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // 32 MB of page cache (the default is 2 MB): a large import inserts into name indexes all over.
  sqlite.pragma("cache_size = -32768");
  // Kysely prepares every query it runs: it is given a connection that prepares each text once (sqlite-statements.ts).
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Tables>({ dialect: sqliteDialect(statements), plugins: [new CamelCasePlugin()] });
  sqliteConnections.set(db, statements);
  return db;
}

/**
 * The SQLite connection behind a Kysely instance (null on PostgreSQL): for
 * insertRows, and for tests and benchmarks that count statements.
 */
export function sqliteStatements(db: Database): StatementCache | null {
  return sqliteConnections.get(db) ?? null;
}

const sqliteConnections = new WeakMap<Database, StatementCache>();

/**
 * Brings the schema up to date, then the query planner's statistics where
 * tables have changed much since they were last analyzed (planner-statistics.ts: fast
 * on a big database too); throws with the failing migration's error. Runs at
 * every start.
 */
export async function migrateToLatest(db: Database): Promise<void> {
  const schema = await schemaState(db);
  // Kysely would say "corrupted migrations": the database is not corrupted, this version is older.
  if (schema.state === "newer") throw new SchemaNewerError(schema.unknown);
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
  await updateStatistics(db, "changed");
}

/**
 * Where the database's schema stands against this version's migrations:
 * "current" (every one applied, nothing else), "behind" (some not yet: the
 * next start applies them), or "newer" (it holds migrations this version does
 * not know: a newer version has migrated it; `unknown` names them).
 */
export async function schemaState(db: Database): Promise<{ state: "current" | "behind" | "newer"; unknown: string[] }> {
  let applied: string[];
  try {
    applied = (
      await db
        .selectFrom("kyselyMigration" as never)
        .select("name" as never)
        .execute()
    ).map((row) => (row as { name: string }).name);
  } catch (error) {
    // No table of migrations yet: a new database (anything else, such as the database being away, is thrown).
    if (/kysely_migration/.test(String((error as Error).message)) && /exist|no such table/i.test(String((error as Error).message))) {
      return { state: "behind", unknown: [] };
    }
    throw error;
  }
  const unknown = applied.filter((name) => !(name in migrations)).sort();
  if (unknown.length > 0) return { state: "newer", unknown };
  return { state: applied.length === Object.keys(migrations).length ? "current" : "behind", unknown };
}

/** The database was migrated by a newer version of the site than this one: this one does not start on it. */
export class SchemaNewerError extends Error {
  constructor(unknown: string[]) {
    super(
      `Duomenų bazės schema naujesnė nei šios svetainės versijos (joje yra ${unknown.map((name) => `„${name}“`).join(", ")}, ` +
        "kurių ši versija nežino): paleiskite naujesnę versiją arba atkurkite atsarginę kopiją, padarytą prieš atnaujinimą.",
    );
    this.name = "SchemaNewerError";
  }
}
