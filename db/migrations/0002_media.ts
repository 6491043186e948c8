import type { Kysely } from "kysely";

// Uploaded files. The original is kept byte for byte in a private folder; the
// images derived from it sit in a public folder named after the media id
// (app/.server/media.ts). Gallery items point at their image here instead of
// holding a path or a data URL.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (c) => c.primaryKey())
    // 'image' (derived display and grid images) or 'pdf' (served as it is).
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("original_type", "text", (c) => c.notNull())
    .addColumn("original_extension", "text", (c) => c.notNull())
    .addColumn("original_size", "integer", (c) => c.notNull())
    // Upright size of the original and of the display image; null for a PDF.
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("display_width", "integer")
    .addColumn("display_height", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("gallery_items")
    .addColumn("media_id", "text", (c) => c.references("media.id"))
    .execute();
  await db.schema.alterTable("gallery_items").dropColumn("image").execute();
  await db.schema.createIndex("gallery_items_media_id").on("gallery_items").column("media_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("gallery_items_media_id").execute();
  await db.schema.alterTable("gallery_items").addColumn("image", "text").execute();
  await db.schema.alterTable("gallery_items").dropColumn("media_id").execute();
  await db.schema.dropTable("media").execute();
}
