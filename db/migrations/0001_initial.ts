import type { Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Timestamps are ISO 8601 UTC strings (Date#toISOString): they sort as text and
// read the same on SQLite and PostgreSQL. Flags are integers 0/1 for the same reason.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    // The SHA-256 of the cookie's token: a copy of the table opens no session.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("failed_logins")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("failed_logins_username").on("failed_logins").columns(["username", "attempted_at"]).execute();
  await db.schema.createIndex("failed_logins_client_address").on("failed_logins").columns(["client_address", "attempted_at"]).execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("history_revisions")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("paragraph1", "text", (c) => c.notNull())
    .addColumn("period_title", "text", (c) => c.notNull())
    .addColumn("period_text", "text", (c) => c.notNull())
    .addColumn("period_text2", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // Who saved it; null for the content seeded at installation.
    .addColumn("author", "text")
    .execute();

  // Gallery and document ids are assigned by the application (highest + 1, as the spec says).
  await db.schema
    .createTable("gallery_items")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // Null while the item shows the placeholder image.
    .addColumn("image", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("person", "text", (c) => c.notNull())
    .addColumn("year", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("guestbook_entries")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "guestbook_entries",
    "documents",
    "gallery_items",
    "history_revisions",
    "settings",
    "failed_logins",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
