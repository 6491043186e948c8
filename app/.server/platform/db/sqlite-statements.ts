import type SqliteDatabase from "better-sqlite3";
import { DatabaseSync, type StatementSync } from "node:sqlite";

// SQLite statements prepared once. Kysely's SqliteDialect calls prepare() for
// every query it runs, so SQLite parsed and planned the same text again and
// again: 7.7 % of a busy server's time went to that. This stands between
// Kysely and better-sqlite3 as the database object Kysely is given, and hands
// back the statement already prepared for the same text.

/** Statements kept per connection. A few hundred texts are the site's own; id lists of every length add more, which the oldest make way for. */
export const STATEMENT_CACHE_SIZE = 200;

// Statements that change the schema or the planner's statistics: never kept,
// and they empty the cache. SQLite would re-prepare a kept statement whose
// schema changed by itself; starting afresh also drops the texts of a schema
// that is gone (a migration's) and the plans made before new statistics.
const SCHEMA_CHANGE = /^\s*(create|drop|alter|analyze|reindex|vacuum|pragma|attach|detach)\b/i;

/** A better-sqlite3 connection whose prepare() reuses statements by their SQL text, the least recently used dropped first. */
export class StatementCache {
  readonly sqlite: SqliteDatabase.Database;
  readonly #limit: number;
  // A Map iterates in insertion order: a statement used is moved to the end, the first is the least recently used.
  readonly #statements = new Map<string, SqliteDatabase.Statement>();
  /** Statements prepared and statements reused, for tests and benchmarks. */
  readonly counts = { prepared: 0, reused: 0 };

  constructor(sqlite: SqliteDatabase.Database, limit = STATEMENT_CACHE_SIZE) {
    this.sqlite = sqlite;
    this.#limit = limit;
  }

  prepare(sql: string): SqliteDatabase.Statement {
    const kept = this.#statements.get(sql);
    // A statement is busy while an iterate() over it has not finished (a
    // stream, or a loop that runs the same query inside): that one is left
    // alone, and this query gets a statement of its own.
    if (kept && !kept.busy) {
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      this.counts.reused++;
      return kept;
    }
    const statement = this.sqlite.prepare(sql);
    this.counts.prepared++;
    if (SCHEMA_CHANGE.test(sql)) {
      this.#statements.clear();
    } else if (!kept) {
      this.#statements.set(sql, statement);
      if (this.#statements.size > this.#limit) this.#statements.delete(this.#statements.keys().next().value!);
    }
    return statement;
  }

  /** How many statements are kept. */
  get size(): number {
    return this.#statements.size;
  }

  /** Forgets every kept statement: the next query of each text is prepared again (and planned with the statistics of now). */
  clear(): void {
    this.#statements.clear();
  }

  #bulk: BulkConnection | null | undefined;

  /**
   * A second connection to the same file, through Node's own SQLite
   * (node:sqlite), for insertRows' batches outside a transaction (decision
   * 042). Null for a database in memory, where a second connection would be
   * another database.
   */
  bulk(): BulkConnection | null {
    if (this.#bulk === undefined) this.#bulk = this.sqlite.memory ? null : new BulkConnection(this.sqlite.name);
    return this.#bulk;
  }

  close(): void {
    this.#statements.clear();
    this.#bulk?.close();
    this.#bulk = undefined;
    this.sqlite.close();
  }
}

/**
 * A node:sqlite connection for many rows at once. node:sqlite is part of Node
 * and calls SQLite without N-API in between: binding a value costs less than
 * in better-sqlite3, and an import binds millions (0.6-0.8x of the inserts'
 * CPU, the same rows and statements). The settings are the main connection's
 * (connect.ts); numbers are bound as doubles by both drivers, so a row is
 * stored alike by either.
 */
export class BulkConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(file: string) {
    this.#db = new DatabaseSync(file, { timeout: 5000, enableForeignKeyConstraints: true });
    this.#db.exec("pragma synchronous = NORMAL");
    this.#db.exec("pragma cache_size = -32768");
  }

  /** A statement prepared once per text (the oldest dropped past STATEMENT_CACHE_SIZE texts). */
  prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
      if (this.#statements.size > STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    }
    return statement;
  }

  /**
   * Runs `write` in a transaction of its own (begin immediate, like Kysely's),
   * undone whole if it throws. A failure is thrown with better-sqlite3's name
   * for its code (SQLITE_CONSTRAINT_PRIMARYKEY …), which isUniqueViolation and
   * callers know.
   */
  transaction(write: () => void): void {
    this.#db.exec("begin immediate");
    try {
      write();
      this.#db.exec("commit");
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec("rollback");
      throw sqliteError(error);
    }
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }
}

/** SQLite's extended result codes that callers tell apart, by better-sqlite3's names for them. */
const RESULT_CODES: Record<number, string> = {
  5: "SQLITE_BUSY",
  19: "SQLITE_CONSTRAINT",
  275: "SQLITE_CONSTRAINT_CHECK",
  787: "SQLITE_CONSTRAINT_FOREIGNKEY",
  1299: "SQLITE_CONSTRAINT_NOTNULL",
  1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
  2067: "SQLITE_CONSTRAINT_UNIQUE",
};

/** node:sqlite's error (code ERR_SQLITE_ERROR, the result code in errcode) with better-sqlite3's code. */
function sqliteError(error: unknown): unknown {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  if (typeof errcode !== "number") return error;
  return Object.assign(new Error((error as Error).message, { cause: error }), { code: RESULT_CODES[errcode] ?? `SQLITE_ERROR_${errcode}` });
}
