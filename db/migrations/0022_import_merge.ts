import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

// The import merge (issue 29): each tree keeps the GEDCOM file it was
// imported from (a media row of kind 'file', never served), so that the next
// file can be compared with it; an import waiting beside the site's tree has
// that file read again as a tree of its own (status 'base', never listed) and
// the merge's plan as of the upload. People made on the site get a UID, which
// exports carry, so that the historian's program knows them next time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_trees").addColumn("source_media_id", "text").execute();
  await db.schema.alterTable("genealogy_trees").addColumn("base_tree_id", "integer").execute();
  await db.schema.alterTable("genealogy_trees").addColumn("merge_plan", "text").execute();
  const made = await db.selectFrom("genealogy_people").select(["tree_id", "id"]).where("xref", "is", null).where("uid", "is", null).execute();
  for (const person of made) {
    const uid = randomUUID().replaceAll("-", "").toUpperCase();
    await db.updateTable("genealogy_people").set({ uid }).where("tree_id", "=", person.tree_id).where("id", "=", person.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_trees").dropColumn("merge_plan").execute();
  await db.schema.alterTable("genealogy_trees").dropColumn("base_tree_id").execute();
  await db.schema.alterTable("genealogy_trees").dropColumn("source_media_id").execute();
}
