import type { Kysely } from "kysely";

// A page per photo (issue 18): when a gallery item was taken and where. The
// date is stored as the tree's dates are, in GEDCOM form ("ABT 1930",
// "BET 1930 AND 1935"; '' when not known), so it reads and sorts like them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gallery_items")
    .addColumn("date", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("gallery_items")
    .addColumn("place", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
