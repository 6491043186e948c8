// Benchmark: the tree's indexes (surnames, places, "Šią dieną", statistics)
// on a generated tree, for each kind of viewer, beside a 50-person tree.
//   node bench/indexes.ts [100000]
// First the background build of the whole set (prepared-indexes.ts: the
// published list of people, then each audience's surnames, places and
// statistics), which no request waits for on a large tree; then what a
// request does once it is built: read its audience's index from the set, or
// compute a page that is not a whole-tree index (one surname, one place,
// "Šią dieną" through its index on the day of the year, the person search).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { anniversaries } from "#app/.server/genealogy/on-this-day.ts";
import { placeEvents } from "#app/.server/genealogy/places.ts";
import { buildIndexes, localIndexBuilder } from "#app/.server/genealogy/index-build.ts";
import { publicPeople, treeIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { surnamePeople } from "#app/.server/genealogy/surnames.ts";
import { updateTreeStatistics } from "#app/.server/genealogy/trees.ts";
import { writeBigTree } from "#tests/integration/big-tree.ts";

const SIZES = [50, Number(process.argv[2] ?? 100_000)];
const viewers: Record<string, Viewer> = {
  lankytojas: { members: false, seesPrivate: false, livingYears: 110 },
  narys: { members: true, seesPrivate: false, livingYears: 110 },
  redaktorius: { members: true, seesPrivate: true, livingYears: 110 },
};

for (const size of SIZES) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-indexes-"));
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
  await migrateToLatest(db);
  localIndexBuilder(db);
  await writeBigTree(db, 1, size);
  // As an import does: without the planner's statistics SQLite reads a few people's families by walking the tree's.
  await updateTreeStatistics(db);
  await db.insertInto("settings").values({ key: "genealogy_current_tree", value: "1" }).execute();
  const time = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    const first = performance.now() - started;
    const again = performance.now();
    await run();
    console.log(
      `${String(size).padStart(7)} ${label.padEnd(40)} ${first.toFixed(0).padStart(6)} ms, again ${(performance.now() - again).toFixed(0).padStart(6)} ms`,
    );
  };
  await time("build: the whole set (background)", () => buildIndexes(db));
  await time("published list of people (visitors)", () => publicPeople(db));
  for (const [who, viewer] of Object.entries(viewers)) {
    await time(`${who}: surnames, places, statistics`, () => treeIndexes(db, 1, viewer));
    await time(`${who}: surname Jonaitis, page 1`, () => surnamePeople(db, 1, "Jonaitis", viewer));
    await time(`${who}: place 1`, () => placeEvents(db, 1, 1, viewer));
    await time(`${who}: Šią dieną (11-23)`, () => anniversaries(db, 1, 11, 23, viewer));
    for (const query of ["jon", "kazlauskas", "ona urbon", "zzz"]) {
      await time(`${who}: person search "${query}"`, () => searchPeoplePage(db, 1, query, viewer));
    }
  }
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
