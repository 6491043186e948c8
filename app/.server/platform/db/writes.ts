// Helpers every domain module's writes and long reads share: many rows at
// once, transactions, retries on a lost race, and paging that lets other
// requests run.
import type { Insertable } from "kysely";
import { sqliteStatements } from "./connect.ts";
import type { Database, Tables } from "./schema.ts";

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Inserts many rows into one table. On SQLite one prepared statement runs for
 * each row inside one transaction: Kysely would compile and prepare a
 * multi-row statement per batch, which was half the time of importing a
 * 100,000-person GEDCOM. On PostgreSQL (and inside a transaction) it is one
 * multi-row insert through Kysely.
 */
export async function insertRows<T extends keyof Tables>(db: Database, table: T, rows: Insertable<Tables[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const connection = sqliteStatements(db);
  if (!connection) {
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
    return;
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const sql = `insert into "${snakeCase(table)}" (${columns.map((c) => `"${snakeCase(c)}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`;
  const run = connection.prepare(sql);
  connection.sqlite.transaction(() => {
    for (const row of rows as Record<string, unknown>[]) run.run(columns.map((c) => row[c] ?? null));
  })();
}

/** Whether an error is a unique or primary key violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Runs `write` in the caller's transaction if it is one, else in a new one. */
export async function inTransaction<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/**
 * Runs a write again when it lost a race for a unique key: two server
 * processes adding at once both computed "highest id + 1". The loser's
 * transaction was rolled back, so running it again is safe.
 */
export async function retryOnConflict<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Lets other requests run. better-sqlite3 answers synchronously, so a loop of
 * queries over a whole tree would otherwise hold the event loop until it ends
 * (Kysely's awaits resume as microtasks, before any I/O): long loops call this
 * between pages.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Reads rows in pages by id, `page(after)` giving the next page after that id
 * (ordered by id, limited to PAGE_ROWS), and lets other requests run between
 * pages: for whole-tree reads that would otherwise hold the event loop for as
 * long as one large query takes.
 */
export async function readInPages<R extends { id: number }>(page: (after: number | null) => Promise<R[]>): Promise<R[]> {
  const all: R[] = [];
  for (let after: number | null = null; ;) {
    const rows = await page(after);
    for (const row of rows) all.push(row);
    if (rows.length < PAGE_ROWS) return all;
    after = rows[rows.length - 1].id;
    await yieldToEventLoop();
  }
}

/** The size of a page for readInPages. */
export const PAGE_ROWS = 5000;

/** The current time as stored in the database. */
export function now(): string {
  return new Date().toISOString();
}
