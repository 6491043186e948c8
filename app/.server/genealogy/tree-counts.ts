import type { Database } from "#app/.server/platform/db/schema.ts";

// The counts a tree keeps of itself (genealogyTrees.people, .families, ...), for
// the lists that show them without counting. A module of its own that imports
// no feature: the change history's undo recounts a tree after putting rows
// back, and must not import the tree's editing (that made an import cycle).

/** Counts the tree's people, families, sources and media records again (after an edit, an undo or a merge). */
export async function recountTree(db: Database, treeId: number): Promise<void> {
  const count = async (table: "genealogyPeople" | "genealogyFamilies" | "genealogySources" | "genealogyMedia") =>
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
    .set({
      people: await count("genealogyPeople"),
      families: await count("genealogyFamilies"),
      sources: await count("genealogySources"),
      media: await count("genealogyMedia"),
    })
    .where("id", "=", treeId)
    .execute();
}
