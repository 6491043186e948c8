import type { Kysely } from "kysely";
import { isPostgres } from "./helpers.ts";

// Albums (issue 18): the family groups its photos ("Vestuvės 1923", "Kaimas").
// A photo may be in several albums; one of an album's photos may be its cover.
// The cover is a mark on the membership row rather than a column of the album,
// so that removing a photo takes its cover mark with it through the cascade,
// and no album row changes behind the change history's back.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("albums")
    // Never an id used before (AUTOINCREMENT on SQLite, an identity on PostgreSQL): the change history names rows by it.
    .addColumn("id", "integer", (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("album_photos")
    .addColumn("album_id", "integer", (c) => c.notNull().references("albums.id").onDelete("cascade"))
    .addColumn("gallery_item_id", "integer", (c) => c.notNull().references("gallery_items.id").onDelete("cascade"))
    // 1: this photo is the album's cover (at most one per album).
    .addColumn("cover", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("album_photos_pk", ["album_id", "gallery_item_id"])
    .execute();
  await db.schema.createIndex("album_photos_item").on("album_photos").column("gallery_item_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("album_photos").execute();
  await db.schema.dropTable("albums").execute();
}
