// Benchmark: the same read-heavy load (public pages) and write load (history
// saves, guestbook posts) against the site on SQLite and on PostgreSQL, in one
// run, printing throughput and p99 latency side by side.
//   npm run bench:db [-- seconds]
// PostgreSQL: BENCH_DATABASE_URL (a server where a database may be created), or
// a throwaway cluster started here (scripts/pg-throwaway.sh). Run `npm run build` first.
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { BENCH_ADMIN, startServer } from "./server.ts";

const SECONDS = Number(process.argv[2] ?? 8);
const READ_CONCURRENCY = 16;
const WRITE_CONCURRENCY = 4;
const PAGES = ["/", "/istorija", "/galerija", "/dokumentai", "/sveciai"];

interface Server {
  url: string;
  process: ChildProcess;
  dir: string;
}

async function startBenchServer(env: Record<string, string>): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-"));
  return { ...(await startServer(dir, { TRUST_PROXY: "1", ...env })), dir };
}

async function prepare(server: Server) {
  const login = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams(BENCH_ADMIN),
    redirect: "manual",
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("sesija=") && c !== "sesija=")
    .join("; ");
  const form = await (await fetch(`${server.url}/sveciai`)).text();
  const token = /name="zenklas" value="([^"]+)"/.exec(form)?.[1];
  if (!cookie || !token) throw new Error("could not log in or read the guestbook form");
  return { cookie, token };
}

interface Result {
  requests: number;
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
  return { requests: latencies.length, errors, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

async function measure(server: Server) {
  const { cookie, token } = await prepare(server);
  // The guestbook refuses a form sent within 3 s of being shown.
  await new Promise((resolve) => setTimeout(resolve, 3200));
  const reads = await load(READ_CONCURRENCY, (n) => fetch(server.url + PAGES[n % PAGES.length]));
  const writes = await load(WRITE_CONCURRENCY, (n) =>
    n % 2 === 0
      ? fetch(`${server.url}/admin/istorija`, {
          method: "POST",
          headers: { cookie, Origin: server.url },
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
      : fetch(`${server.url}/sveciai`, {
          method: "POST",
          // A different visitor each time, so the per-address limit does not apply.
          headers: { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: new URLSearchParams({ zenklas: token, svetaine: "", name: `Svečias ${n}`, message: "Sveiki iš bandymo!" }),
          redirect: "manual",
        }),
  );
  return { reads, writes };
}

let cluster: string | undefined;
let adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  const out = execFileSync("bash", ["scripts/pg-throwaway.sh", "start"], { encoding: "utf8" });
  adminUrl = /TEST_DATABASE_URL=(\S+)/.exec(out)![1];
  cluster = /PG_THROWAWAY_DIR=(\S+)/.exec(out)![1];
}
const dbName = `seima_bench_${Date.now()}`;
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
await client.query(`create database ${dbName}`);
const pgUrl = new URL(adminUrl);
pgUrl.pathname = `/${dbName}`;

const servers: Server[] = [];
try {
  const sqlite = await startBenchServer({});
  servers.push(sqlite);
  const postgres = await startBenchServer({ DATABASE_URL: pgUrl.toString() });
  servers.push(postgres);
  console.log(
    `${SECONDS} s each; reads: ${READ_CONCURRENCY} concurrent over ${PAGES.join(" ")}; writes: ${WRITE_CONCURRENCY} concurrent, half history saves, half guestbook posts`,
  );
  const results = { SQLite: await measure(sqlite), PostgreSQL: await measure(postgres) };
  const row = (label: string, r: Result) =>
    `${label.padEnd(12)} ${(r.requests / SECONDS).toFixed(0).padStart(8)} req/s   p99 ${r.p99.toFixed(1).padStart(7)} ms   errors ${r.errors}`;
  for (const [name, r] of Object.entries(results)) {
    console.log(`\n${name}`);
    console.log(row("  reads", r.reads));
    console.log(row("  writes", r.writes));
  }
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : "-");
  console.log(
    `\nPostgreSQL / SQLite throughput: reads ${ratio(results.PostgreSQL.reads.requests, results.SQLite.reads.requests)}x, writes ${ratio(results.PostgreSQL.writes.requests, results.SQLite.writes.requests)}x`,
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
