import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { livingYearsSetting, publicPersonIds } from "./living.ts";
import { placeCounts, placeReads } from "./places.ts";
import {
  currentTreeSize,
  IN_PROCESS_PEOPLE,
  IndexBuilder,
  registerIndexBuilder,
  viewerOf,
  type AudienceIndexes,
  type PublishedList,
} from "./prepared-indexes.ts";
import { publishedTag } from "./published.ts";
import { membersShown, type Shown } from "./shown.ts";
import { surnameBearers, surnameCounts } from "./surnames.ts";
import { statisticsReads, treeStatistics } from "./tree-statistics.ts";
import { currentTreeId } from "./trees.ts";

// Building the tree's prepared indexes (prepared-indexes.ts, decision 043):
// what the set holds and how each value is computed, and the builders that
// run it. Apart from prepared-indexes.ts, which only reads the set: the
// indexes' own modules (surnames, places, statistics) read it, and this
// module computes it with them.

/**
 * Computes every index of the current tree and stores them as one set under
 * the tag read first (content changed meanwhile gives a newer tag, built next).
 * Returns the tag and how many people the tree has.
 */
export async function buildIndexes(db: Database): Promise<{ tag: string; people: number }> {
  const tag = await publishedTag(db);
  const [treeId, livingYears] = await Promise.all([currentTreeId(db), livingYearsSetting(db)]);
  const people = await currentTreeSize(db);
  const ids = treeId === null ? [] : await publicPersonIds(db, treeId, livingYears);
  const values: Record<string, unknown> = { published: { treeId, people, ids } satisfies PublishedList };
  if (treeId !== null) {
    // The tree is read once for every index and audience (each read is a whole table's).
    const [statistics, places] = await Promise.all([statisticsReads(db, treeId), placeReads(db, treeId)]);
    values.bearers = await surnameBearers(db, treeId, statistics.names);
    const visible = new Set(ids);
    for (const audience of ["lankytojas", "narys", "redaktorius"] as const) {
      const viewer = viewerOf(audience, livingYears);
      const shown: Shown =
        audience === "lankytojas"
          ? { sees: (id) => visible.has(id) }
          : audience === "narys"
            ? await membersShown(db, treeId)
            : { sees: () => true };
      values[audience] = {
        surnames: await surnameCounts(db, treeId, viewer, shown, statistics.names),
        places: await placeCounts(db, treeId, viewer, shown, places),
        statistics: await treeStatistics(db, treeId, viewer, shown, statistics),
      } satisfies AudienceIndexes;
    }
  }
  const builtAt = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    // All but the claim of the process building (prepared-indexes.ts).
    await tx.deleteFrom("preparedIndexes").where("name", "!=", "claim").execute();
    await tx
      .insertInto("preparedIndexes")
      .values(Object.entries(values).map(([name, value]) => ({ name, tag, value: JSON.stringify(value), builtAt })))
      .execute();
  });
  return { tag, people };
}

/**
 * Starts building the indexes for a server: now, after each change this
 * process makes (refreshIndexes), and whenever the set is found behind. A
 * tree of more than `inProcessUpTo` people is built in a child process
 * (index-build-child.ts) started from `root` (the project's folder).
 */
export function startIndexBuilder(db: Database, config: Config, root: string, inProcessUpTo = IN_PROCESS_PEOPLE): IndexBuilder {
  const builder = new IndexBuilder(db, () => buildIndexes(db), { config, root }, inProcessUpTo);
  registerIndexBuilder(db, builder);
  builder.watch();
  return builder;
}

/** For a script or a test of the domain (no server): the set built in this process, when a request finds it behind. */
export function localIndexBuilder(db: Database): IndexBuilder {
  const builder = new IndexBuilder(db, () => buildIndexes(db), null, Number.POSITIVE_INFINITY);
  registerIndexBuilder(db, builder);
  return builder;
}
