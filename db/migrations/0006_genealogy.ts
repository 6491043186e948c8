import type { Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// The family tree, as imported from GEDCOM. Each import is a tree of its own
// (tree_id); settings.genealogy_current_tree names the one visitors see, and
// the trees it replaced stay as backups. Ids inside a tree are numbered by the
// importer (1, 2, 3... per table), so an import needs no round trips for them.
// Structures the project does not model are kept as JSON ('extra') and
// written back on export.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("genealogy_trees")
    .addColumn("id", "integer", generatedId(db))
    // 'importing', 'ready' (may become current), 'failed'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("source_name", "text", (c) => c.notNull())
    .addColumn("gedcom_version", "text")
    .addColumn("charset", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("people", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("families", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sources", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("media", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("warnings", "text", (c) => c.notNull().defaultTo("[]"))
    // The file's HEAD substructures written back on export (extension schema, notes, language).
    .addColumn("header", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  const treeTable = (name: string) => db.schema.createTable(name).addColumn("tree_id", "integer", (c) => c.notNull());

  await treeTable("genealogy_people")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("xref", "text")
    .addColumn("given_names", "text", (c) => c.notNull())
    .addColumn("surname", "text", (c) => c.notNull())
    .addColumn("birth_surname", "text")
    .addColumn("sex", "text", (c) => c.notNull())
    .addColumn("names", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("search_key", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_people_pk", ["tree_id", "id"])
    .execute();
  await db.schema.createIndex("genealogy_people_search").on("genealogy_people").columns(["tree_id", "search_key"]).execute();
  await db.schema.createIndex("genealogy_people_position").on("genealogy_people").columns(["tree_id", "position"]).execute();

  await treeTable("genealogy_families")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("xref", "text")
    .addColumn("partner1_id", "integer")
    .addColumn("partner1_role", "text")
    .addColumn("partner2_id", "integer")
    .addColumn("partner2_role", "text")
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_families_pk", ["tree_id", "id"])
    .execute();
  await db.schema.createIndex("genealogy_families_partner1").on("genealogy_families").columns(["tree_id", "partner1_id"]).execute();
  await db.schema.createIndex("genealogy_families_partner2").on("genealogy_families").columns(["tree_id", "partner2_id"]).execute();
  await db.schema.createIndex("genealogy_families_position").on("genealogy_families").columns(["tree_id", "position"]).execute();

  await treeTable("genealogy_children")
    .addColumn("family_id", "integer", (c) => c.notNull())
    .addColumn("person_id", "integer", (c) => c.notNull())
    // 'birth', 'adopted', 'foster', 'sealing', 'other' (GEDCOM PEDI)
    .addColumn("relation", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("genealogy_children_family").on("genealogy_children").columns(["tree_id", "family_id"]).execute();
  await db.schema.createIndex("genealogy_children_person").on("genealogy_children").columns(["tree_id", "person_id"]).execute();

  await treeTable("genealogy_places")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("parts", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_places_pk", ["tree_id", "id"])
    .execute();

  await treeTable("genealogy_events")
    .addColumn("id", "integer", (c) => c.notNull())
    // 'person' or 'family'
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("type", "text")
    .addColumn("value", "text")
    .addColumn("date", "text")
    .addColumn("date_phrase", "text")
    // Julian day numbers: the first and last day the date can mean.
    .addColumn("date_from", "integer")
    .addColumn("date_to", "integer")
    .addColumn("place_id", "integer")
    .addColumn("place_extra", "text")
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_events_pk", ["tree_id", "id"])
    .execute();
  await db.schema.createIndex("genealogy_events_owner").on("genealogy_events").columns(["tree_id", "owner_kind", "owner_id"]).execute();

  await treeTable("genealogy_sources")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("xref", "text")
    .addColumn("title", "text")
    .addColumn("author", "text")
    .addColumn("publication", "text")
    .addColumn("text", "text")
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_sources_pk", ["tree_id", "id"])
    .execute();

  await treeTable("genealogy_citations")
    .addColumn("id", "integer", (c) => c.notNull())
    // 'person', 'family', 'event'
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("source_id", "integer")
    .addColumn("text", "text")
    .addColumn("page", "text")
    .addColumn("extra", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_citations_pk", ["tree_id", "id"])
    .execute();
  await db.schema
    .createIndex("genealogy_citations_owner")
    .on("genealogy_citations")
    .columns(["tree_id", "owner_kind", "owner_id"])
    .execute();

  await treeTable("genealogy_media")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("xref", "text")
    .addColumn("file", "text")
    .addColumn("format", "text")
    .addColumn("title", "text")
    // The file itself, when it came in a GEDZIP archive.
    .addColumn("media_id", "text")
    .addColumn("extra", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_media_pk", ["tree_id", "id"])
    .execute();

  await treeTable("genealogy_media_links")
    .addColumn("media_id", "integer", (c) => c.notNull())
    .addColumn("owner_kind", "text", (c) => c.notNull())
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("extra", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("genealogy_media_links_owner")
    .on("genealogy_media_links")
    .columns(["tree_id", "owner_kind", "owner_id"])
    .execute();

  // Other top-level records (submitters, repositories, shared notes, extensions), kept whole.
  await treeTable("genealogy_records")
    .addColumn("id", "integer", (c) => c.notNull())
    .addColumn("xref", "text")
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("value", "text")
    .addColumn("children", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_records_pk", ["tree_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "genealogy_records",
    "genealogy_media_links",
    "genealogy_media",
    "genealogy_citations",
    "genealogy_sources",
    "genealogy_events",
    "genealogy_places",
    "genealogy_children",
    "genealogy_families",
    "genealogy_people",
    "genealogy_trees",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
