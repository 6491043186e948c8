// Benchmark: the same read load (public pages) and write load (history saves,
// guestbook posts) against the site on SQLite and on PostgreSQL, in one run,
// in alternating rounds, printing throughput and p99 latency side by side and
// PostgreSQL's figures as a ratio of SQLite's (the reference).
//   npm run bench:db [-- --rounds 5 --seconds 4]
// Both servers run from the start; each round measures one, then the other
// (who goes first alternating), so a machine that gets busier slows both.
// Figures are the medians of the rounds.
//
// Durability is the same on both sides, and printed: a commit does not wait
// for the disk, and a crash of the machine may lose the last commits but
// never corrupts the database. SQLite: WAL with synchronous=NORMAL, as the
// site always runs (app/.server/platform/db/connect.ts). PostgreSQL: fsync=on and
// full_page_writes=on (a cluster started here with scripts/pg-throwaway.sh
// --durable), synchronous_commit=off for the benchmark's database. (The
// throwaway cluster the tests use has fsync off: it would flatter PostgreSQL.)
// PostgreSQL: BENCH_DATABASE_URL (a server where a database may be created;
// its fsync and full_page_writes are printed, and a warning when they are
// off), or a throwaway cluster started here. Run `npm run build` first.
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { BENCH_ADMIN, startServer } from "./server.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "5" }, seconds: { type: "string", default: "4" } },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const READ_CONCURRENCY = 16;
const WRITE_CONCURRENCY = 4;
const PAGES = ["/", "/istorija", "/galerija", "/dokumentai", "/sveciai"];

interface Server {
  name: "SQLite" | "PostgreSQL";
  url: string;
  process: ChildProcess;
  dir: string;
  cookie: string;
  token: string;
}

async function startBenchServer(name: Server["name"], env: Record<string, string>): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-"));
  const { url, process: child } = await startServer(dir, { TRUST_PROXY: "1", ...env });
  const login = await fetch(`${url}/login`, { method: "POST", body: new URLSearchParams(BENCH_ADMIN), redirect: "manual" });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("sesija=") && c !== "sesija=")
    .join("; ");
  const form = await (await fetch(`${url}/sveciai`)).text();
  const token = /name="zenklas" value="([^"]+)"/.exec(form)?.[1];
  if (!cookie || !token) throw new Error(`${name}: could not log in or read the guestbook form`);
  return { name, url, process: child, dir, cookie, token };
}

interface Result {
  perSecond: number;
  errors: number;
  p99: number;
}

/** Runs `concurrency` loops of `request` for SECONDS; returns throughput and p99 latency. */
async function load(concurrency: number, request: (n: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const response = await request(n++).catch(() => null);
        await response?.arrayBuffer();
        latencies.push(performance.now() - started);
        if (!response || response.status >= 400) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, errors, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

let visitor = 0;
const reads = (s: Server) => load(READ_CONCURRENCY, (n) => fetch(s.url + PAGES[n % PAGES.length]));
const writes = (s: Server) =>
  load(WRITE_CONCURRENCY, (n) =>
    n % 2 === 0
      ? fetch(`${s.url}/admin/istorija`, {
          method: "POST",
          headers: { cookie: s.cookie, Origin: s.url },
          body: new URLSearchParams({
            title: `Bandymas ${n}`,
            intro: "į",
            paragraph1: "p",
            periodTitle: "t",
            periodText: "x",
            periodText2: "y",
          }),
          redirect: "manual",
        })
      : fetch(`${s.url}/sveciai`, {
          method: "POST",
          // A different visitor each time, so the per-address limit does not apply.
          headers: { "X-Forwarded-For": `10.${(++visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}` },
          body: new URLSearchParams({ zenklas: s.token, svetaine: "", name: `Svečias ${n}`, message: "Sveiki iš bandymo!" }),
          redirect: "manual",
        }),
  );

let cluster: string | undefined;
let adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  const out = execFileSync("bash", ["scripts/pg-throwaway.sh", "start", "--durable"], { encoding: "utf8" });
  adminUrl = /TEST_DATABASE_URL=(\S+)/.exec(out)![1];
  cluster = /PG_THROWAWAY_DIR=(\S+)/.exec(out)![1];
}
const dbName = `seima_bench_${Date.now()}`;
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
await client.query(`create database ${dbName}`);
// SQLite's synchronous=NORMAL: a commit is written, not waited for on the disk.
await client.query(`alter database ${dbName} set synchronous_commit = off`);
const pgUrl = new URL(adminUrl);
pgUrl.pathname = `/${dbName}`;

const servers: Server[] = [];
try {
  const check = new pg.Client({ connectionString: pgUrl.toString() });
  await check.connect();
  const setting = async (name: string) => (await check.query(`show ${name}`)).rows[0][name] as string;
  const [fsync, fullPageWrites, synchronousCommit] = [
    await setting("fsync"),
    await setting("full_page_writes"),
    await setting("synchronous_commit"),
  ];
  await check.end();

  servers.push(await startBenchServer("SQLite", {}));
  servers.push(await startBenchServer("PostgreSQL", { DATABASE_URL: pgUrl.toString() }));
  // The guestbook refuses a form sent within 3 s of being shown.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  console.log(
    `${ROUNDS} rounds, in each ${SECONDS} s of reads then ${SECONDS} s of writes per database, the databases taking turns (who goes first alternating); medians of the rounds`,
  );
  console.log(
    `reads: ${READ_CONCURRENCY} concurrent over ${PAGES.join(" ")}; writes: ${WRITE_CONCURRENCY} concurrent, half history saves, half guestbook posts`,
  );
  console.log(
    `durability, the same on both: a commit is not waited for on the disk, a machine crash may lose the last commits, never corrupts. ` +
      `SQLite: WAL, synchronous=NORMAL. PostgreSQL: fsync=${fsync}, full_page_writes=${fullPageWrites}, synchronous_commit=${synchronousCommit}`,
  );
  if (fsync !== "on" || fullPageWrites !== "on")
    console.log("WARNING: this PostgreSQL does not write to disk safely: the comparison flatters it");

  const results = new Map<Server["name"], { reads: Result[]; writes: Result[] }>(servers.map((s) => [s.name, { reads: [], writes: [] }]));
  // A short warm-up of each (the first requests compile, caches fill).
  for (const s of servers) await load(4, (n) => fetch(s.url + PAGES[n % PAGES.length]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 === 0 ? servers : [...servers].reverse()) {
      const r = results.get(s.name)!;
      r.reads.push(await reads(s));
      r.writes.push(await writes(s));
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const row = (label: string, rs: Result[]) =>
    `${label.padEnd(12)} ${median(rs.map((r) => r.perSecond))
      .toFixed(0)
      .padStart(8)} req/s   p99 ${median(rs.map((r) => r.p99))
      .toFixed(1)
      .padStart(7)} ms   errors ${rs.reduce((n, r) => n + r.errors, 0)}`;
  for (const [name, r] of results) {
    console.log(`\n${name}`);
    console.log(row("  reads", r.reads));
    console.log(row("  writes", r.writes));
  }
  const sqlite = results.get("SQLite")!;
  const postgres = results.get("PostgreSQL")!;
  // Each round's PostgreSQL figure over the same round's SQLite figure, then the median.
  const ratio = (kind: "reads" | "writes", of: (r: Result) => number) =>
    median(postgres[kind].map((r, i) => of(r) / of(sqlite[kind][i]))).toFixed(2);
  console.log(
    `\nPostgreSQL / SQLite (median of the rounds' ratios): throughput reads ${ratio("reads", (r) => r.perSecond)}x, writes ${ratio("writes", (r) => r.perSecond)}x; ` +
      `p99 reads ${ratio("reads", (r) => r.p99)}x, writes ${ratio("writes", (r) => r.p99)}x`,
  );
} finally {
  for (const server of servers) {
    server.process.kill("SIGTERM");
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
  await client.query(`drop database if exists ${dbName} with (force)`);
  await client.end();
  if (cluster) execFileSync("bash", ["scripts/pg-throwaway.sh", "stop", cluster]);
}
