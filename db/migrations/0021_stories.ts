import type { Kysely } from "kysely";
import { isPostgres } from "./helpers.ts";

// Stories (issue 19): the family's history in chapters beside the spec's one
// history text. A story is written in Markdown; photos and people are named
// in its text by id (nuotrauka:12, asmuo:7), not by foreign keys: a photo
// removed from the gallery or a person from the tree leaves the story as it
// was written, and the reference comes back with them (an undo, a re-import
// with stable person ids). Every save keeps a revision. A story's address
// follows its title; every address it ever had stays its own and redirects.

export async function up(db: Kysely<any>): Promise<void> {
  // Never an id used before (AUTOINCREMENT on SQLite, an identity on PostgreSQL): the change history names rows by it.
  const id = (c: any) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  await db.schema
    .createTable("stories")
    .addColumn("id", "integer", id)
    // The current address (/istorija/<slug>); story_slugs holds it and every earlier one.
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("lead", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("era", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year_from", "integer")
    .addColumn("year_to", "integer")
    .addColumn("places", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_photo_id", "integer")
    // 1: published (visitors read it); 0: a draft only editors see.
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("members_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    // The people and photos its text names (and its cover), as ",7,12,": read
    // from the text at each save, so that a person's or a photo's page finds
    // the stories that name it with one LIKE.
    .addColumn("person_ids", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo_ids", "text", (c) => c.notNull().defaultTo(""))
    // Title, lead, era, places and the text, lower case without diacritics (search).
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("story_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("story_id", "integer", (c) => c.notNull().references("stories.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("story_slugs_story").on("story_slugs").column("story_id").execute();

  await db.schema
    .createTable("story_revisions")
    .addColumn("id", "integer", id)
    .addColumn("story_id", "integer", (c) => c.notNull().references("stories.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("lead", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("era", "text", (c) => c.notNull())
    .addColumn("year_from", "integer")
    .addColumn("year_to", "integer")
    .addColumn("places", "text", (c) => c.notNull())
    .addColumn("cover_photo_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("author", "text")
    .execute();
  await db.schema.createIndex("story_revisions_story").on("story_revisions").columns(["story_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("story_revisions").execute();
  await db.schema.dropTable("story_slugs").execute();
  await db.schema.dropTable("stories").execute();
}
