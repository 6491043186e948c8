import type { Kysely } from "kysely";
import { storySearchText } from "#app/lib/story-text.ts";
import { parseTranslations } from "#app/lib/translations.ts";

// A story's search finds its English words too (issue 30): the stories that
// already have an English version get their search text again, with it.
// Migrations see snake_case columns.

export async function up(db: Kysely<any>): Promise<void> {
  const stories = await db
    .selectFrom("stories")
    .select(["id", "title", "lead", "era", "places", "body", "translations"])
    .where("translations", "<>", "{}")
    .execute();
  for (const story of stories) {
    const searchText = storySearchText(story, parseTranslations(story.translations).en);
    await db.updateTable("stories").set({ search_text: searchText }).where("id", "=", story.id).execute();
  }
}

// Going back leaves the English words in the search text: harmless, and rewritten at the story's next save.
export async function down(): Promise<void> {}
