// Benchmark: the index pages of a 100,000-person tree, for every audience,
// from the production build (issue 33, "Done when"): how long each page takes
// to render once the indexes are built (its first request: a render; its
// second: the kept page), and every request's time while they are rebuilt
// after a change (the administrator's living-rule setting, which changes
// whom every index counts).
//   npm run build && npm run bench:big-tree [-- PEOPLE]
// Requests go one at a time (a page's own time, not a load test); the
// rebuild runs in its child process on the other core meanwhile.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { preparedTag } from "#app/.server/genealogy/prepared-indexes.ts";
import { publishedTag } from "#app/.server/genealogy/published.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { ROLES } from "#app/lib/roles.ts";
import { memberCookie, startServer, useBigTree } from "./server.ts";

const PEOPLE = Number(process.argv[2] ?? 100_000);
const PAGES = [
  "/",
  "/medis",
  "/medis/pavardes",
  "/medis/pavardes?pavarde=Jonaitis",
  "/medis/vietos",
  "/medis/vietos?vieta=1",
  "/medis/sia-diena",
  "/medis/statistika",
  "/medis/paieska?q=jon",
  "/medis/paieska?q=kazlauskas",
  "/medis/paieska?q=jonas%20simkus",
  "/medis/paieska?q=kalvaitis",
  "/medis/paieska?q=zz",
  "/sitemap.xml",
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-big-tree-"));
const file = path.join(dataDir, "database.sqlite");
const db = openDatabase({ kind: "sqlite", file });
await migrateToLatest(db);
await seedIfNew(db, mediaStore({ dataDir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } }));
await useBigTree(dataDir, PEOPLE);
const audiences: Record<string, string> = { lankytojas: "" };
for (const role of ROLES) audiences[role] = await memberCookie(dataDir, role);

const server = await startServer(dataDir, { SITE_URL: "http://127.0.0.1" });
const settled = async () => (await preparedTag(db)) === (await publishedTag(db));
async function waitSettled(): Promise<number> {
  const started = performance.now();
  while (!(await settled())) await new Promise((resolve) => setTimeout(resolve, 200));
  return performance.now() - started;
}

async function timed(page: string, cookie: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(server.url + page, { headers: cookie ? { Cookie: cookie } : {} });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

try {
  console.log(`${PEOPLE} people; the first set built ${(await waitSettled()).toFixed(0)} ms after the server started`);
  console.log(`\nAfter the set is built: each page's first request (rendered) and second (kept), ms`);
  console.log(
    `${"page".padEnd(36)} ${Object.keys(audiences)
      .map((a) => a.padStart(22))
      .join("")}`,
  );
  for (const page of PAGES) {
    const cells: string[] = [];
    for (const cookie of Object.values(audiences)) {
      const first = await timed(page, cookie);
      const again = await timed(page, cookie);
      cells.push(`${first.ms.toFixed(0)} / ${again.ms.toFixed(0)}${first.status === 200 ? "" : ` (${first.status})`}`.padStart(22));
    }
    console.log(`${page.padEnd(36)} ${cells.join("")}`);
  }

  // The administrator changes the living rule: every index counts other people.
  const admin = audiences.administratorius;
  const form = new URLSearchParams({ intent: "privacy", livingYears: "111" });
  const changed = await fetch(`${server.url}/admin/medis`, {
    method: "POST",
    headers: { Cookie: admin, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  if (changed.status >= 400) throw new Error(`the setting was not saved: ${changed.status}`);
  const started = performance.now();
  const during: number[] = [];
  let slowest = { ms: 0, page: "" };
  while (!(await settled())) {
    for (const page of PAGES) {
      for (const [who, cookie] of Object.entries(audiences)) {
        const { ms } = await timed(page, cookie);
        during.push(ms);
        if (ms > slowest.ms) slowest = { ms, page: `${page} (${who})` };
      }
    }
  }
  const rebuilt = performance.now() - started;
  during.sort((a, b) => a - b);
  const at = (q: number) => during[Math.min(during.length - 1, Math.floor(q * during.length))].toFixed(0);
  console.log(
    `\nWhile the set was rebuilt (${rebuilt.toFixed(0)} ms): ${during.length} requests, median ${at(0.5)} ms, p99 ${at(0.99)} ms, ` +
      `slowest ${slowest.ms.toFixed(0)} ms: ${slowest.page}`,
  );
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8"))?.[1];
  console.log(`The server's memory (RSS) now: ${Math.round(Number(rss) / 1024)} MB`);
  console.log(`\nAfter the rebuild: each page's first request (rendered), ms`);
  for (const page of PAGES) {
    const cells: string[] = [];
    for (const cookie of Object.values(audiences)) cells.push(`${(await timed(page, cookie)).ms.toFixed(0)}`.padStart(22));
    console.log(`${page.padEnd(36)} ${cells.join("")}`);
  }
} finally {
  server.process.kill();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
