import type { Database } from "#app/.server/platform/db/schema.ts";

// The counts a tree keeps of itself (genealogyTrees.people, .families), for
// the lists that show them without counting. A module of its own that imports
// no feature: the change history's undo recounts a tree after putting rows
// back, and must not import the tree's editing (that made an import cycle).

/** Counts the tree's people and families again (after an edit or an undo). */
export async function recountTree(db: Database, treeId: number): Promise<void> {
  const count = async (table: "genealogyPeople" | "genealogyFamilies") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("treeId", "=", treeId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  await db
    .updateTable("genealogyTrees")
    .set({ people: await count("genealogyPeople"), families: await count("genealogyFamilies") })
    .where("id", "=", treeId)
    .execute();
}
