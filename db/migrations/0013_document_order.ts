import { sql, type Kysely } from "kysely";
import { documentKeys } from "#app/lib/documents.ts";
import { isPostgres } from "./helpers.ts";

// Lists a page at a time (issue 15): the documents list is sorted, filtered
// and paged by the database, so each document keeps the keys it is sorted
// and searched by (app/lib/documents.ts documentKeys: the Lithuanian
// alphabet as collationKey writes it, the year as a number, the fields
// without diacritics, the person field as people's names are compared).
// The keys compare by code point: on PostgreSQL the columns are COLLATE "C"
// (SQLite compares text by its bytes anyway). The gallery pages by position.
const TEXT_KEYS = ["sort_title", "sort_person", "sort_type", "search_text", "person_key"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TEXT_KEYS) {
    await db.schema
      .alterTable("documents")
      .addColumn(column, "text", (c) => {
        const key = c.notNull().defaultTo("");
        return isPostgres(db) ? key.modifyEnd(sql`collate "C"`) : key;
      })
      .execute();
  }
  await db.schema
    .alterTable("documents")
    .addColumn("sort_year", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // The documents there are get their keys (a restored older backup's too). Migrations see snake_case columns.
  const documents = await db.selectFrom("documents").select(["id", "title", "person", "year", "type"]).execute();
  for (const doc of documents) {
    const keys = Object.entries(documentKeys(doc)).map(([name, value]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]);
    await db.updateTable("documents").set(Object.fromEntries(keys)).where("id", "=", doc.id).execute();
  }

  await db.schema.createIndex("documents_sort_year").on("documents").columns(["sort_year", "sort_title", "id"]).execute();
  await db.schema.createIndex("documents_sort_title").on("documents").columns(["sort_title", "id"]).execute();
  await db.schema.createIndex("documents_sort_person").on("documents").columns(["sort_person", "id"]).execute();
  await db.schema.createIndex("documents_sort_type").on("documents").columns(["sort_type", "id"]).execute();
  await db.schema.createIndex("documents_person_key").on("documents").column("person_key").execute();
  // The type filter's list (distinct types) and the counts, read from the index alone.
  await db.schema.createIndex("documents_type").on("documents").columns(["type", "members_only"]).execute();
  await db.schema.createIndex("gallery_items_position").on("gallery_items").columns(["position", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("gallery_items_position").execute();
  for (const index of [
    "documents_person_key",
    "documents_sort_type",
    "documents_sort_person",
    "documents_sort_title",
    "documents_sort_year",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [...TEXT_KEYS, "sort_year"]) await db.schema.alterTable("documents").dropColumn(column).execute();
}
