// Benchmark: a server's memory under a mixed load that could churn its render
// cache (issue 33, point 3), on a generated tree.
//   npm run build && npm run bench:memory [-- PEOPLE REQUESTS]
// SERVER_NODE_OPTIONS, when set, is the server's NODE_OPTIONS (a heap limit).
// One server (SQLite, the production build started as `npm run serve` starts
// it, with its Node flags: decision 045; RENDER_CACHE_MB as configured or its
// default), a tree of PEOPLE (default 100,000) and a member. Sends
// REQUESTS (default 40,000) at 20 connections, each picked at random among:
// a visitor's and a member's listed pages, a random person's page (as each),
// and a listed page with a random query string no page reads (?v=…,
// ?utm_source=…). Prints the server's resident memory (VmRSS) at the start,
// its highest and at the end (and, at the end, how much is the process's own
// and how much mapped files, the binary mostly), and the answers' status
// counts and latencies.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { generate } from "./gedcom-generate.ts";
import { memberCookie as signedInMember, startServer } from "./server.ts";

const PEOPLE = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 40_000);
const LISTED = ["/", "/istorija", "/medis", "/galerija", "/dokumentai", "/apie", "/sveciai", "/en", "/en/medis", "/en/galerija"];

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-memory-"));
const dir = path.join(work, "site");
fs.mkdirSync(dir);
const file = path.join(work, "medis.ged");
generate(PEOPLE, file);
const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
await migrateToLatest(db);
const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
await seedIfNew(db, store);
await importFile(db, store, file, { sourceName: "medis.ged" });
const people = (await db.selectFrom("genealogyPeople").select("id").execute()).map((p) => p.id);
await db.destroy();
const memberCookie = await signedInMember(dir);

// The server's own Node options (a heap limit to try), apart from this script's, which imports the tree.
const { url, process: child } = await startServer(dir, { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS ?? "" });

/** A line of the server's /proc status in MB (VmRSS, RssAnon, RssFile). */
function status(field: string): number {
  const text = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
}
const rss = (): number => status("VmRSS");

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];

/** One request of the mix: its address and whether it carries the member's session. */
function mixed(): { path: string; member: boolean } {
  const member = Math.random() < 0.5;
  const roll = Math.random();
  if (roll < 0.4) return { path: pick(LISTED), member };
  if (roll < 0.7) return { path: `/asmuo/${pick(people)}`, member };
  const junk = Math.random() < 0.5 ? `v=${Math.floor(Math.random() * 1e9)}` : `utm_source=${Math.random().toString(36).slice(2)}`;
  return { path: `${pick(LISTED)}?${junk}`, member };
}

try {
  // Every listed page once as each audience (the tree's whole-tree indexes are made on first use).
  for (const page of LISTED) {
    await fetch(url + page);
    await fetch(url + page, { headers: { cookie: memberCookie } });
  }
  const start = rss();
  let highest = start;
  const sampler = setInterval(() => (highest = Math.max(highest, rss())), 250);
  console.log(
    `${PEOPLE} people, ${REQUESTS} requests at 20 connections; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load ${os.loadavg()[0].toFixed(1)}.`,
  );
  const result = await autocannon({
    url,
    connections: 20,
    amount: REQUESTS,
    requests: [
      {
        setupRequest(request) {
          const next = mixed();
          return { ...request, path: next.path, headers: next.member ? { cookie: memberCookie } : {} };
        },
      },
    ],
  });
  clearInterval(sampler);
  const end = rss();
  highest = Math.max(highest, end);
  console.log(
    `resident memory: ${start.toFixed(0)} MB after warming up, highest ${highest.toFixed(0)} MB, ${end.toFixed(0)} MB at the end ` +
      `(${status("RssAnon").toFixed(0)} MB the process's own, ${status("RssFile").toFixed(0)} MB mapped files)`,
  );
  console.log(
    `answers: ${result.requests.total} (2xx ${result["2xx"]}, non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}); ` +
      `latency median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, most ${result.latency.max} ms; ${result.requests.average.toFixed(0)} req/s`,
  );
} finally {
  child.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
