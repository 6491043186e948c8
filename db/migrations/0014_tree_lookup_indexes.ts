import type { Kysely } from "kysely";

// Indexes for lookups that read a whole tree's table at 100,000 people
// (tests/integration/query-plans.test.ts checks every query of the tree
// pages against them):
//   - shared notes (NOTE records) by their xref, as a person page reads the
//     notes its person and events point to;
//   - a tree's media records by their file, as a GEDZIP import links each
//     file of the archive to the records that name it (one lookup a file).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("genealogy_records_xref").on("genealogy_records").columns(["tree_id", "xref"]).execute();
  await db.schema.createIndex("genealogy_media_file").on("genealogy_media").columns(["tree_id", "file"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_media_file").execute();
  await db.schema.dropIndex("genealogy_records_xref").execute();
}
