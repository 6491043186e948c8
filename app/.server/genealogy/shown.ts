// Whom a viewer may see in full, as a test over the whole tree: what the
// indexes (surnames, places, "Šią dieną", statistics) count and list by.
// Indexes add people up over the whole tree, so a visitor's view is the
// published list of people without the living (prepared-indexes.ts: built
// in the background after each change, as the sitemap's is); a member's is
// everyone but the people kept private (a small table read whole) and those
// the tree marks confidential (RESN, restrictions.ts); an editor's is
// everyone.
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Viewer } from "./living.ts";
import { publishedTest } from "./prepared-indexes.ts";
import { currentTreeId } from "./trees.ts";

export interface Shown {
  /** Whether the viewer may see this person in full (name, dates, places). */
  sees(id: number): boolean;
}

export async function shownPeople(db: Database, viewer: Viewer): Promise<Shown> {
  if (viewer.seesPrivate) return { sees: () => true };
  if (viewer.members) {
    const treeId = await currentTreeId(db);
    return treeId === null ? { sees: () => true } : membersShown(db, treeId);
  }
  // The published list is of the current tree, the one every index shows.
  return { sees: await publishedTest(db) };
}

/** A member's view of a tree: everyone but the people kept private and those the tree marks confidential. */
export async function membersShown(db: Database, treeId: number): Promise<Shown> {
  const [kept, confidential] = await Promise.all([
    db.selectFrom("privatePeople").select("personId").execute(),
    db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).where("restriction", "=", "confidential").execute(),
  ]);
  const hidden = new Set([...kept.map((r) => r.personId), ...confidential.map((r) => r.id)]);
  return { sees: (id) => !hidden.has(id) };
}
