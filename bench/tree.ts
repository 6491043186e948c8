// Benchmark: the family tree pages on generated trees of 50, 10,000 and
// 100,000 people (bench/gedcom-generate.ts, imported as the administrator
// would), one server each from the production build (SQLite), all running at
// once, with the render cache off (each answer is rendered: server time).
//   npm run build && npm run bench:tree [-- 50 10000 100000] [--rounds 30]
// In each round every server answers, in turn, /medis (the first person),
// /medis around a person in the middle of the tree (the chart, the fan and
// the family groups), that person's page, and
// the reference: a static file from the same server (/favicon.svg, through
// the same Express stack), so a machine that gets busier slows them alike.
// Prints each page's median time and, beside it, its ratio to the static
// file (the median of the rounds' ratios: the issue's aim is a page that
// costs about what a static file costs) and to the smallest tree's same
// page. Then the time from navigation until Chromium has drawn the chart,
// beside the smallest tree's.
// Targets (issue 16): each page under 100 ms of server time, the chart drawn under 1 s.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "#tests/e2e/chromium.ts";
import { generate } from "./gedcom-generate.ts";
import { startServer } from "./server.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: "string", default: "30" }, "browser-rounds": { type: "string", default: "6" } },
});
const SIZES = (positionals.length ? positionals : ["50", "10000", "100000"]).map(Number).sort((a, b) => a - b);
const ROUNDS = Number(values.rounds);
const BROWSER_ROUNDS = Number(values["browser-rounds"]);
const STATIC = "/favicon.svg";

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
  // Every request rendered: the render cache would otherwise answer the rounds after the first.
  const { url, process: child } = await startServer(dir, { RENDER_CACHE_MB: "0" });
  return { size, url, middle, child };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-tree-"));
const servers: Server[] = [];
try {
  for (const size of SIZES) servers.push(await serve(size, work));
  const pages = (s: Server): Record<string, string> => ({
    "/medis": `${s.url}/medis`,
    "/medis (middle)": `${s.url}/medis?asmuo=${s.middle}`,
    "/medis fan (middle)": `${s.url}/medis?asmuo=${s.middle}&kryptis=veduokle`,
    "/medis family (middle)": `${s.url}/medis?asmuo=${s.middle}&kryptis=seima`,
    "/asmuo (middle)": `${s.url}/asmuo/${s.middle}`,
    [`${STATIC} (ref.)`]: `${s.url}${STATIC}`,
  });
  const names = Object.keys(pages(servers[0]));
  const reference = names[names.length - 1];
  const times = new Map<string, number[]>();
  const record = (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]);
  // Warm up (the first requests compile and fill caches), then take turns.
  for (const s of servers) for (const url of Object.values(pages(s))) for (let i = 0; i < 3; i++) await timeRequest(url);
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const s of order) for (const [name, url] of Object.entries(pages(s))) record(`${s.size}:${name}`, await timeRequest(url));
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

  const smallest = SIZES[0];
  console.log(
    `median of ${ROUNDS} rounds; in each, every server answers each page and the reference in turn. ` +
      `Reference: ${STATIC}, a static file from the same server in the same round; "x static" is the median of the rounds' page / static file ratios, ` +
      `"x ${smallest}" the page's median over the ${smallest}-person tree's`,
  );
  const rows: string[][] = [["", ...SIZES.map((size) => `${size} people`)]];
  for (const name of names) {
    rows.push([
      name,
      ...SIZES.map((size) => {
        const ms = times.get(`${size}:${name}`)!;
        if (name === reference) return `${median(ms).toFixed(1)} ms`;
        const refs = times.get(`${size}:${reference}`)!;
        const againstStatic = median(ms.map((m, i) => m / refs[i]));
        const againstSmallest = median(ms) / median(times.get(`${smallest}:${name}`)!);
        return `${median(ms).toFixed(1)} ms  ${againstStatic.toFixed(1)}x static  ${againstSmallest.toFixed(2)}x ${smallest}`;
      }),
    ]);
  }
  rows.push([
    `chart drawn (${BROWSER_ROUNDS} loads)`,
    ...SIZES.map(
      (size) =>
        `${median(drawn.get(size)!).toFixed(0)} ms  ${(median(drawn.get(size)!) / median(drawn.get(smallest)!)).toFixed(2)}x ${smallest}`,
    ),
  ]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)) + 3);
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c]))
        .join("")
        .trimEnd(),
    );
  console.log("targets: each page under 100 ms, chart drawn under 1000 ms");
} finally {
  for (const s of servers) s.child.kill();
  fs.rmSync(work, { recursive: true, force: true });
}
