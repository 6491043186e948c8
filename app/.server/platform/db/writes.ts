// Helpers every domain module's writes and long reads share: many rows at
// once, transactions, retries on a lost race, and paging that lets other
// requests run.
import type { Insertable } from "kysely";
import type { SQLInputValue } from "node:sqlite";
import { sqliteStatements } from "./connect.ts";
import type { Database, Tables } from "./schema.ts";

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Rows per statement in insertRows on SQLite (its limit is 32,766 values a statement). */
const ROWS_PER_STATEMENT = 50;

/**
 * Inserts many rows into one table. On SQLite, prepared statements of 50 rows
 * each (cached by the connection) run inside one transaction: Kysely would
 * compile and prepare a statement per batch, which was half the time of
 * importing a 100,000-person GEDCOM, and a statement a row spends about a
 * third of the inserts' time on the calls themselves (an import of 100,000
 * people took 10 % less CPU with 50 a statement, farm-bench). On PostgreSQL
 * (and inside a transaction) it is one multi-row insert through Kysely.
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
  // Every column any row names (without an array of every row's keys: this runs for each batch of an import).
  const all = rows as Record<string, unknown>[];
  const columns: string[] = [];
  const named = new Set<string>();
  for (const row of all) {
    for (const column in row) {
      if (!named.has(column)) {
        named.add(column);
        columns.push(column);
      }
    }
  }
  const perStatement = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(32_766 / columns.length)));
  // Every row's values in one array, row after row in the columns' order.
  const width = columns.length;
  // (Values of the tables' column types: numbers, texts, nulls.)
  const values: SQLInputValue[] = [];
  const copy = rowCopier(columns);
  for (let j = 0; j < all.length; j++) copy(all[j], values, j * width);
  // A column with the same value in every row of a large batch (the tree's id,
  // an empty note list, a null) is written into the statement: better-sqlite3
  // spends about 0.2 µs binding each value, and about half of an import's
  // values are such constants. Small batches bind everything, so that their
  // one-off values do not crowd the connection's statement cache.
  const literals = columns.map((_, c) => (all.length >= perStatement ? constantLiteral(values, width, c) : null));
  const bound = literals.flatMap((literal, c) => (literal === null ? [c] : []));
  // "or fail": a multi-row statement that may stop half-way would otherwise keep
  // a statement journal (a temporary file) of every page it changes, in case it
  // must undo itself; this one's transaction (or savepoint) below undoes a
  // failed batch whole instead. Five of every six of an import's page writes
  // were that journal's (strace), and 4 % of its CPU.
  const head = `insert or fail into "${snakeCase(table)}" (${columns.map((c) => `"${snakeCase(c)}"`).join(", ")}) values `;
  const placeholders = `(${literals.map((l) => l ?? "?").join(", ")})`;
  // Outside a transaction the rows go through the second connection, Node's
  // own SQLite (sqlite-statements.ts); inside one, through the transaction's.
  const bulk = db.isTransaction ? null : connection.bulk();
  const target = bulk ?? connection;
  const many = all.length >= perStatement ? target.prepare(head + Array(perStatement).fill(placeholders).join(", ")) : null;
  const one = target.prepare(head + placeholders);
  const write = () => {
    let i = 0;
    if (many) {
      // One array for every statement: each fills it from the start, to the same length.
      const params: SQLInputValue[] = [];
      for (; i + perStatement <= all.length; i += perStatement) {
        let k = 0;
        for (let j = i; j < i + perStatement; j++) for (const c of bound) params[k++] = values[j * width + c];
        // As arguments, not one array: better-sqlite3 binds those faster (7 % of an import's inserts).
        many.run(...params);
      }
    }
    for (; i < all.length; i++) one.run(...bound.map((c) => values[i * width + c]));
  };
  if (bulk) bulk.transaction(write);
  else connection.sqlite.transaction(write)();
}

type RowCopier = (row: Record<string, unknown>, into: SQLInputValue[], at: number) => void;

/** Row copiers by their columns, made once for each set of columns (an import uses about ten). */
const rowCopiers = new Map<string, RowCopier>();

/**
 * A function that copies a row's values of these columns into an array from
 * `at` on (undefined as null). Written out column by column, so that each
 * read is of one known property: a loop reading `row[column]` with a
 * different column each time is a lookup V8 cannot specialise, 50 ns a value
 * against 5, and an import reads millions.
 */
function rowCopier(columns: string[]): RowCopier {
  const key = columns.join(",");
  let copier = rowCopiers.get(key);
  if (!copier) {
    // The names are the code's own (the Tables' properties); checked all the same, since they become code.
    for (const column of columns) if (!/^[A-Za-z_$][\w$]*$/.test(column)) throw new Error(`insertRows: a column named ${column}`);
    copier = new Function("row", "into", "at", columns.map((c, i) => `into[at + ${i}] = row.${c} ?? null;`).join("\n")) as RowCopier;
    rowCopiers.set(key, copier);
  }
  return copier;
}

/**
 * The SQL literal for a column's value when every row has the same one
 * (`values` holds the rows one after another, `width` values each), and it is
 * written exactly as better-sqlite3 would bind it: NULL; a number as a real
 * (better-sqlite3 binds every number as a double, so 5 is 5.0 and a text
 * column gets '5.0' either way); a short text of printable ASCII. Otherwise
 * null, and the column is bound.
 */
function constantLiteral(values: SQLInputValue[], width: number, column: number): string | null {
  const value = values[column];
  for (let i = column + width; i < values.length; i += width) if (values[i] !== value) return null;
  if (value === null) return "NULL";
  if (typeof value === "number") return Number.isSafeInteger(value) ? `${value}.0` : null;
  if (typeof value === "string" && /^[ -~]{0,32}$/.test(value)) return `'${value.replaceAll("'", "''")}'`;
  return null;
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
