import type { Kysely } from "kysely";

// A document may have a scan: an image (with derived display images, like the
// gallery) or a PDF, both kept in the media table.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("documents")
    .addColumn("scan_media_id", "text", (c) => c.references("media.id"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("documents").dropColumn("scan_media_id").execute();
}
