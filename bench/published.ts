// Benchmark: the whole-tree answers (the public GEDCOM export and the
// sitemap) on a generated tree, made once per version of the site, and what
// they cost the requests around them.
//   npm run build && npm run bench:published [-- 100000]
// Prints, on one server (SQLite, the production build):
//   - the first /medis/gedcom and /sitemap.xml of a version (made now), a
//     repeat (served from the cache) and a request with the ETag (304);
//   - the time the home page takes while the export is being made, beside the
//     same requests with nothing else running (alternating, same server): the
//     ratio shows whether the export holds the event loop.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { generate } from "./gedcom-generate.ts";
import { startServer } from "./server.ts";

const SIZE = Number(process.argv[2] ?? 100_000);
const ROUNDS = 3;

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-published-"));
const dir = path.join(work, "site");
fs.mkdirSync(dir);
const file = path.join(work, "medis.ged");
generate(SIZE, file);
const database = { kind: "sqlite" as const, file: path.join(dir, "database.sqlite") };
const db = openDatabase(database);
await migrateToLatest(db);
await importFile(db, mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } }), file, { sourceName: "medis.ged" });

const { url, process: child } = await startServer(dir);

async function timed(
  address: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; etag: string | null; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url + address, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, status: response.status, etag: response.headers.get("etag"), bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0).padStart(7)} ms`;

try {
  await timed("/"); // warm up
  const rows: Record<string, number[]> = {};
  const add = (name: string, ms: number) => (rows[name] ??= []).push(ms);
  const homeIdle: number[] = [];
  const homeBusy: number[] = [];
  let exportBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // A new version, as after an edit: the next requests make the export and the sitemap again.
    await changeContentVersion(db);
    for (let i = 0; i < 20; i++) homeIdle.push((await timed("/")).ms);

    let exporting = true;
    const busy = (async () => {
      while (exporting) homeBusy.push((await timed("/")).ms);
    })();
    const cold = await timed("/medis/gedcom");
    exporting = false;
    await busy;
    exportBytes = cold.bytes;
    add("/medis/gedcom, made now", cold.ms);
    add("/medis/gedcom, cached", (await timed("/medis/gedcom")).ms);
    add("/medis/gedcom, 304", (await timed("/medis/gedcom", { "If-None-Match": cold.etag ?? "" })).ms);
    const sitemap = await timed("/sitemap.xml");
    add("/sitemap.xml, made now", sitemap.ms);
    add("/sitemap.xml, cached", (await timed("/sitemap.xml")).ms);
    add("/sitemap.xml, 304", (await timed("/sitemap.xml", { "If-None-Match": sitemap.etag ?? "" })).ms);
  }
  console.log(`${SIZE} people; export ${(exportBytes / 1024 / 1024).toFixed(1)} MB; medians of ${ROUNDS} versions`);
  for (const [name, values] of Object.entries(rows)) console.log(`${name.padEnd(26)} ${fmt(median(values))}`);
  const idle = median(homeIdle);
  const busy = median(homeBusy);
  console.log(
    `${"/ with nothing else".padEnd(26)} ${fmt(idle)}   (${homeIdle.length} requests)\n` +
      `${"/ while the export is made".padEnd(26)} ${fmt(busy)}   (${homeBusy.length} requests, slowest ${Math.max(...homeBusy).toFixed(0)} ms)\n` +
      `ratio busy / idle: ${(busy / idle).toFixed(2)}`,
  );
} finally {
  child.kill();
  await db.destroy();
  fs.rmSync(work, { recursive: true, force: true });
}
