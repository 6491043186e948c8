import type { Kysely } from "kysely";
import { storyReferences } from "#app/lib/story-text.ts";

// A plain link to a person's page in a story ('/asmuo/3') now names the
// person as a mention does (issue 31): the stories that have such links get
// them among the people they name, so the person's page lists the story to
// those who may see the person. Migrations see snake_case columns.

export async function up(db: Kysely<any>): Promise<void> {
  const stories = await db.selectFrom("stories").select(["id", "body", "person_ids"]).execute();
  for (const story of stories) {
    const ids = storyReferences(story.body).personIds;
    const personIds = ids.length ? `,${ids.join(",")},` : "";
    if (personIds !== story.person_ids) await db.updateTable("stories").set({ person_ids: personIds }).where("id", "=", story.id).execute();
  }
}

// Going back leaves the people found: the older code reads the column the same way.
export async function down(): Promise<void> {}
