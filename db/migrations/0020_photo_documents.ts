import type { Kysely } from "kysely";

// The documents a gallery photo is linked to (issue 18): the marriage
// certificate beside the wedding photo. Deleted with either.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("photo_documents")
    .addColumn("gallery_item_id", "integer", (c) => c.notNull().references("gallery_items.id").onDelete("cascade"))
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("photo_documents_pk", ["gallery_item_id", "document_id"])
    .execute();
  await db.schema.createIndex("photo_documents_document").on("photo_documents").column("document_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("photo_documents").execute();
}
