import type { Kysely } from "kysely";

// Gallery photos and documents the administrator links to people of a tree.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("genealogy_person_links")
    .addColumn("tree_id", "integer", (c) => c.notNull())
    .addColumn("person_id", "integer", (c) => c.notNull())
    // 'gallery' (gallery_items.id) or 'document' (documents.id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_person_links_pk", ["tree_id", "person_id", "kind", "item_id"])
    .execute();
  await db.schema.createIndex("genealogy_person_links_item").on("genealogy_person_links").columns(["kind", "item_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("genealogy_person_links").execute();
}
