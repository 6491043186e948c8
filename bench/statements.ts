// Benchmark: SQLite statements prepared once (app/.server/platform/db/sqlite-statements.ts)
// against prepared for every query (Kysely's SqliteDialect given the bare
// better-sqlite3 connection, as before), on the same database file, in the
// same process, in alternating rounds.
//   npm run bench:statements [-- 10000] [--rounds 15] [--visits 40]
// The work is what a visitor's pages ask of the database: the home page, the
// tree page's chart around a person, and that person's page, for people
// across a generated tree (bench/gedcom-generate.ts) that has been imported.
// The two ways take turns visit by visit (so that a busy machine slows both
// alike); a round is --visits visits each way. Prints the medians of the
// rounds' time per visit each way and of their ratios, and how many
// statements each way prepared for one visit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect } from "kysely";
import { VISITORS } from "#app/.server/accounts/audience.ts";
import { migrateToLatest, openDatabase, sqliteStatements } from "#app/.server/platform/db/connect.ts";
import type { Database, Tables } from "#app/.server/platform/db/schema.ts";
import { firstPersonId, personExists } from "#app/.server/genealogy/people.ts";
import { livingYearsSetting, type Viewer } from "#app/.server/genealogy/living.ts";
import { neighbourhood } from "#app/.server/genealogy/chart.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { currentTreeId, importFile } from "#app/.server/genealogy/trees.ts";
import { homeOverview } from "#app/.server/site-texts/home.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { generate } from "./gedcom-generate.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "15" }, visits: { type: "string", default: "40" } },
});
const SIZE = Number(positionals[0] ?? 10_000);
const ROUNDS = Number(values.rounds);
const VISITS = Number(values.visits);

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-statements-"));
try {
  const file = path.join(work, "database.sqlite");
  const store = mediaStore({ dataDir: work, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
  const setup = openDatabase({ kind: "sqlite", file });
  await migrateToLatest(setup);
  await seedIfNew(setup, store);
  generate(SIZE, path.join(work, "medis.ged"));
  await importFile(setup, store, path.join(work, "medis.ged"), { sourceName: "medis.ged" });
  const people = (await setup.selectFrom("genealogyPeople").select("id").orderBy("id").execute()).map((p) => p.id);
  await setup.destroy();

  // Before: Kysely prepares each query on the bare connection (the same pragmas as openDatabase).
  const bare = new SqliteDatabase(file);
  for (const pragma of ["journal_mode = WAL", "busy_timeout = 5000", "synchronous = NORMAL", "foreign_keys = ON", "cache_size = -32768"])
    bare.pragma(pragma);
  let barePrepares = 0;
  const counting = { prepare: (sql: string) => (barePrepares++, bare.prepare(sql)), close: () => bare.close() };
  const before: Database = new Kysely<Tables>({ dialect: new SqliteDialect({ database: counting }), plugins: [new CamelCasePlugin()] });
  const after = openDatabase({ kind: "sqlite", file });

  /** One visitor's three pages: home, the chart around a person, the person's page. */
  async function pages(db: Database, person: number): Promise<void> {
    await getSiteSettings(db);
    const viewer: Viewer = { members: false, seesPrivate: false, livingYears: await livingYearsSetting(db) };
    await homeOverview(db, VISITORS, viewer);
    const treeId = (await currentTreeId(db))!;
    await firstPersonId(db, treeId);
    if (await personExists(db, treeId, person)) await neighbourhood(db, treeId, person, "abu", viewer);
    await personDetail(db, treeId, person, viewer);
  }

  let next = 0;
  const person = () => people[(next = (next + 7919) % people.length)];
  const timed = async (db: Database, id: number) => {
    const started = performance.now();
    await pages(db, id);
    return performance.now() - started;
  };

  // Warm up both (the first queries prepare, the page cache fills).
  for (let i = 0; i < 20; i++) {
    const id = person();
    await pages(before, id);
    await pages(after, id);
  }
  const perVisit = { before: [] as number[], after: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    let beforeMs = 0;
    let afterMs = 0;
    for (let v = 0; v < VISITS; v++) {
      // The same person each way, in turn, who goes first alternating.
      const id = person();
      if (v % 2 === 0) {
        beforeMs += await timed(before, id);
        afterMs += await timed(after, id);
      } else {
        afterMs += await timed(after, id);
        beforeMs += await timed(before, id);
      }
    }
    perVisit.before.push(beforeMs / VISITS);
    perVisit.after.push(afterMs / VISITS);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratios = perVisit.after.map((a, i) => a / perVisit.before[i]);

  // Statements prepared for one more visit, each way.
  const cache = sqliteStatements(after)!;
  const preparedBefore = barePrepares;
  const cachedBefore = cache.counts.prepared;
  const id = person();
  await pages(before, id);
  await pages(after, id);

  console.log(
    `${SIZE}-person tree (SQLite); one visit = a visitor's home page, chart and person page (their database work, no rendering); ` +
      `${ROUNDS} rounds of ${VISITS} visits each way, the two ways taking turns visit by visit`,
  );
  console.log(
    `prepared for every query (before): ${median(perVisit.before).toFixed(2).padStart(6)} ms a visit   ${barePrepares - preparedBefore} statements prepared for one visit`,
  );
  console.log(
    `prepared once, reused (after):     ${median(perVisit.after).toFixed(2).padStart(6)} ms a visit   ${cache.counts.prepared - cachedBefore} statements prepared for one visit (${cache.size} kept)`,
  );
  console.log(
    `after / before: median of the rounds' ratios ${median(ratios).toFixed(2)} (lowest ${Math.min(...ratios).toFixed(2)}, highest ${Math.max(...ratios).toFixed(2)})`,
  );
  await before.destroy();
  await after.destroy();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
