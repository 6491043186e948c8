import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// Migrations are written once for both databases. The only DDL that differs
// is how a table numbers its own rows; everything else is portable.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An integer primary key the database assigns (rowid on SQLite, identity on PostgreSQL). */
export function generatedId(db: Kysely<any>) {
  return (col: ColumnDefinitionBuilder) => (isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey());
}
