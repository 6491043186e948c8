// Benchmark: "Kaip susiję?" (app/.server/kinship/relationship.ts) on
// generated trees of 50 and 100,000 people (bench/gedcom-generate.ts,
// imported into SQLite as the administrator would), in this process: the
// server's time for an answer, without HTTP or rendering.
//   node bench/relationship.ts [50 100000] [--pairs 60]
// For each tree: pairs of random people (most of them unrelated in a big
// tree: the search goes to its limits, the worst case), and pairs of a person
// and a relative found in the tree (a cousin: the common case). Prints the
// median and the slowest answer of each kind. Target: under 100 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { relationship } from "#app/.server/kinship/relationship.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { generate } from "./gedcom-generate.ts";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { pairs: { type: "string", default: "60" } } });
const SIZES = (positionals.length ? positionals : ["50", "100000"]).map(Number).sort((a, b) => a - b);
const PAIRS = Number(values.pairs);
// One who sees everyone: no answer ends early at a hidden person (the worst case).
const viewer = { members: true, seesPrivate: true, livingYears: 110 };

/** A deterministic pseudo-random sequence, so that runs compare. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function stats(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, slowest ${sorted[sorted.length - 1].toFixed(1)} ms`;
}

/** A cousin of `id`, when the tree has one: a grandparent's grandchild through another child. */
async function cousinOf(db: Database, treeId: number, id: number): Promise<number | null> {
  const answerParents = async (ids: number[]) => {
    const links = await db
      .selectFrom("genealogyChildren")
      .select("familyId")
      .where("treeId", "=", treeId)
      .where("personId", "in", ids)
      .execute();
    if (links.length === 0) return [];
    const families = await db
      .selectFrom("genealogyFamilies")
      .select(["partner1Id", "partner2Id"])
      .where(
        "id",
        "in",
        links.map((l) => l.familyId),
      )
      .execute();
    return families.flatMap((f) => [f.partner1Id, f.partner2Id]).filter((p): p is number => p !== null);
  };
  const childrenOf = async (ids: number[]) => {
    const families = await db
      .selectFrom("genealogyFamilies")
      .select("id")
      .where("treeId", "=", treeId)
      .where((eb) => eb.or([eb("partner1Id", "in", ids), eb("partner2Id", "in", ids)]))
      .execute();
    if (families.length === 0) return [];
    const rows = await db
      .selectFrom("genealogyChildren")
      .select("personId")
      .where(
        "familyId",
        "in",
        families.map((f) => f.id),
      )
      .execute();
    return [...new Set(rows.map((r) => r.personId))];
  };
  const parents = await answerParents([id]);
  if (parents.length === 0) return null;
  const grandparents = await answerParents(parents);
  if (grandparents.length === 0) return null;
  const uncles = (await childrenOf(grandparents)).filter((p) => !parents.includes(p));
  const cousins = uncles.length ? await childrenOf(uncles) : [];
  return cousins[0] ?? null;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-relationship-"));
try {
  for (const size of SIZES) {
    const file = path.join(work, `medis-${size}.ged`);
    generate(size, file);
    const db = openDatabase({ kind: "sqlite", file: path.join(work, `db-${size}.sqlite`) });
    await migrateToLatest(db);
    const { treeId } = await importFile(db, mediaStore({ dataDir: work, uploads: { maxBytes: 1e9, maxPixels: 1e8 } }), file, {
      sourceName: "medis.ged",
    });
    const ids = (await db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).orderBy("id").execute()).map((r) => r.id);
    const next = random(size);
    const pick = () => ids[Math.floor(next() * ids.length)];
    const kinds: Record<string, number[]> = { "random pairs": [], cousins: [] };
    const found: Record<string, number> = {};
    // One answer first, so that the statements are prepared and the file is in the cache, as on a running server.
    await relationship(db, treeId, ids[0], ids[ids.length - 1], viewer);
    for (let i = 0; i < PAIRS; i++) {
      const a = pick();
      const started = performance.now();
      const answer = await relationship(db, treeId, a, pick(), viewer);
      kinds["random pairs"].push(performance.now() - started);
      found[answer?.kind ?? "null"] = (found[answer?.kind ?? "null"] ?? 0) + 1;
      const cousin = await cousinOf(db, treeId, a);
      if (cousin !== null) {
        const begun = performance.now();
        await relationship(db, treeId, a, cousin, viewer);
        kinds.cousins.push(performance.now() - begun);
      }
    }
    console.log(`${size.toLocaleString("en")} people:`);
    for (const [kind, times] of Object.entries(kinds)) if (times.length) console.log(`  ${kind} (${times.length}): ${stats(times)}`);
    console.log(`  random pairs' answers: ${JSON.stringify(found)}`);
    await db.destroy();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
