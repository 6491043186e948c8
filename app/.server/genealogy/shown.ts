// Whom a viewer may see in full, as a test over the whole tree: what the
// indexes (surnames, places, "Šią dieną", statistics) count and list by.
// Indexes add people up over the whole tree, so a visitor's view is the
// published list of people without the living (genealogy/published.ts:
// computed once per version of the site and day, as the sitemap's is); a
// member's is everyone but the people the administrator keeps private (a
// small table read whole); an editor's is everyone.
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Viewer } from "./living.ts";
import { publicPeople } from "./published.ts";

export interface Shown {
  /** Whether the viewer may see this person in full (name, dates, places). */
  sees(id: number): boolean;
}

export async function shownPeople(db: Database, viewer: Viewer): Promise<Shown> {
  if (viewer.seesPrivate) return { sees: () => true };
  if (viewer.members) {
    const hidden = new Set((await db.selectFrom("privatePeople").select("personId").execute()).map((r) => r.personId));
    return { sees: (id) => !hidden.has(id) };
  }
  // publicPeople is of the current tree, the one every index shows.
  const visible = new Set((await publicPeople(db)).ids);
  return { sees: (id) => visible.has(id) };
}
