import type { Kysely } from "kysely";

// A page per photo (issue 18): when a gallery item was taken and where. The
// date is stored as the tree's dates are, in GEDCOM form ("ABT 1930",
// "BET 1930 AND 1935"; '' when not known), so it reads and sorts like them.
// And deep zoom: media.zoom lists the widths of the larger renditions the
// pipeline derived from an original (JSON, '[]' when it is hardly larger than
// the display image); NULL for an image not yet derived, which the server
// does in the background at start-up (app/.server/media/pipeline.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gallery_items")
    .addColumn("date", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("gallery_items")
    .addColumn("place", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("media").addColumn("zoom", "text").execute();
  // Only pictures have pixels to zoom into.
  await db.updateTable("media").set({ zoom: "[]" }).where("kind", "!=", "image").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("zoom").execute();
  await db.schema.alterTable("gallery_items").dropColumn("place").execute();
  await db.schema.alterTable("gallery_items").dropColumn("date").execute();
}
