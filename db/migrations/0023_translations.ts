import type { Kysely } from "kysely";

// The family's content in English beside the Lithuanian (issue 30): a row's
// translations, as JSON by language and field ({"en": {"title": "…"}}); '{}'
// when it has none. On the rows an editor writes: the history's revisions,
// the stories and their revisions, the gallery's photos. The site texts keep
// theirs in the settings table (key 'translations').

const TABLES = ["history_revisions", "stories", "story_revisions", "gallery_items"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("translations", "text", (c) => c.notNull().defaultTo("{}"))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("translations").execute();
}
