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
  // The first day the date can mean (a Julian day number, as the tree's events
  // keep it), for sorting the gallery by date and choosing a decade; NULL when unknown.
  await db.schema.alterTable("gallery_items").addColumn("date_from", "integer").execute();
  await db.schema.createIndex("gallery_items_date_from").on("gallery_items").column("date_from").execute();
  await db.schema.alterTable("media").addColumn("zoom", "text").execute();
  // Only pictures have pixels to zoom into.
  await db.updateTable("media").set({ zoom: "[]" }).where("kind", "!=", "image").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("media").dropColumn("zoom").execute();
  await db.schema.dropIndex("gallery_items_date_from").execute();
  await db.schema.alterTable("gallery_items").dropColumn("date_from").execute();
  await db.schema.alterTable("gallery_items").dropColumn("place").execute();
  await db.schema.alterTable("gallery_items").dropColumn("date").execute();
}
