import type SqliteDatabase from "better-sqlite3";

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

  close(): void {
    this.#statements.clear();
    this.sqlite.close();
  }
}
