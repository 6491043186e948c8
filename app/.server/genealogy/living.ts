import type { Database } from "../db.ts";
import { livingAmong } from "./people.ts";

// Who counts as living, so that living relatives' details stay private.
// A person is living unless they have a death, burial or cremation record,
// or any event of theirs is more than `years` (110 by default, a site setting)
// years old. Where their own records give no date, close relatives decide, as
// webtrees does: a parent with an event more than years + 45 ago, a partner
// more than years + 10 ago, or a child more than years - 15 ago.
// The rule itself is people.ts's livingAmong; this applies it to a whole tree.

export const DEFAULT_LIVING_YEARS = 110;

/** The ids of the tree's people who count as living. */
export async function livingPeople(db: Database, treeId: number, years = DEFAULT_LIVING_YEARS): Promise<Set<number>> {
  const ids = (await db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).execute()).map((p) => p.id);
  return livingAmong(db, treeId, ids, years);
}
