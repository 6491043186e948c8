// Benchmark: the family tree pages on a 10,000-person tree, against a
// 50-person tree served at the same moment (two servers from the production
// build, SQLite, requests alternating between them so that a busy machine
// slows both alike).
//   npm run build && npm run bench:tree [-- 10000]
// Prints, for each tree: the server's time to answer /medis (the first
// person, and one in the middle of the tree) and a person page, and the time
// from navigation until Chromium has drawn the chart.
// Targets: the server under 50 ms, the chart drawn under 1 s.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { migrateToLatest, openDatabase } from "../app/.server/db.ts";
import { importFile } from "../app/.server/genealogy/trees.ts";
import { mediaStore } from "../app/.server/media.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/e2e/chromium.ts";
import { generate } from "./gedcom-generate.ts";
import { startServer } from "./server.ts";

const SIZE = Number(process.argv[2] ?? 10_000);
const REFERENCE = 50;
const ROUNDS = 40;
const BROWSER_ROUNDS = 8;

interface Server {
  size: number;
  url: string;
  middle: number;
  child: ChildProcess;
}

async function serve(size: number, work: string): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(work, `site-${size}-`));
  const file = path.join(work, `medis-${size}.ged`);
  generate(size, file);
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
  await migrateToLatest(db);
  await importFile(db, mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } }), file, { sourceName: "medis.ged" });
  const people = await db.selectFrom("genealogyPeople").select("id").orderBy("position").execute();
  const middle = people[Math.floor(people.length / 2)].id;
  await db.destroy();
  const { url, process: child } = await startServer(dir);
  return { size, url, middle, child };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-tree-"));
const servers: Server[] = [];
try {
  servers.push(await serve(REFERENCE, work), await serve(SIZE, work));
  const pages = (s: Server) => ({
    "/medis": `${s.url}/medis`,
    "/medis (middle)": `${s.url}/medis?asmuo=${s.middle}`,
    "/asmuo (middle)": `${s.url}/asmuo/${s.middle}`,
  });
  const times = new Map<string, number[]>();
  // Warm up (the first requests compile and fill caches), then alternate.
  for (const s of servers) for (const url of Object.values(pages(s))) await timeRequest(url);
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of servers) {
      for (const [name, url] of Object.entries(pages(s))) {
        const key = `${s.size}:${name}`;
        times.set(key, [...(times.get(key) ?? []), await timeRequest(url)]);
      }
    }
  }

  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const drawn = new Map<number, number[]>();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (let round = 0; round < BROWSER_ROUNDS + 1; round++) {
      for (const s of servers) {
        await page.goto(`${s.url}/medis?asmuo=${s.middle}`, { waitUntil: "commit" });
        await page.waitForSelector("svg [data-person]");
        // Two animation frames after the boxes exist: they have been painted.
        const ms = await page.evaluate(
          () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
        );
        if (round > 0) drawn.set(s.size, [...(drawn.get(s.size) ?? []), ms]);
      }
    }
  } finally {
    await browser.close();
  }

  console.log(`median of ${ROUNDS} requests (server), ${BROWSER_ROUNDS} page loads (Chromium); ${REFERENCE}-person tree as the reference`);
  for (const name of Object.keys(pages(servers[0]))) {
    const reference = median(times.get(`${REFERENCE}:${name}`)!);
    const big = median(times.get(`${SIZE}:${name}`)!);
    console.log(
      `${name.padEnd(16)} ${REFERENCE} people ${reference.toFixed(1).padStart(6)} ms   ${SIZE} people ${big.toFixed(1).padStart(6)} ms   ratio ${(big / reference).toFixed(2)}`,
    );
  }
  const referenceDrawn = median(drawn.get(REFERENCE)!);
  const bigDrawn = median(drawn.get(SIZE)!);
  console.log(
    `${"chart drawn".padEnd(16)} ${REFERENCE} people ${referenceDrawn.toFixed(0).padStart(6)} ms   ${SIZE} people ${bigDrawn.toFixed(0).padStart(6)} ms   ratio ${(bigDrawn / referenceDrawn).toFixed(2)}`,
  );
  console.log("targets: server under 50 ms, chart drawn under 1000 ms");
} finally {
  for (const s of servers) s.child.kill();
  fs.rmSync(work, { recursive: true, force: true });
}
