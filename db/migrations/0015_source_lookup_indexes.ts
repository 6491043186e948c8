import type { Kysely } from "kysely";

// Lookups by xref a person page makes for its sources (the citations under a
// NAME are kept in the name's JSON, pointing to their SOUR record by xref) and
// for the document scans its citations and sources point to (OBJE @O1@ under
// a SOUR). tests/integration/query-plans.test.ts checks both at 100,000 people.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("genealogy_media_xref").on("genealogy_media").columns(["tree_id", "xref"]).execute();
  await db.schema.createIndex("genealogy_sources_xref").on("genealogy_sources").columns(["tree_id", "xref"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_sources_xref").execute();
  await db.schema.dropIndex("genealogy_media_xref").execute();
}
