// Benchmark: every public page as visitors get it, against nginx serving the
// same bytes from files, and against the site with its render cache off; and
// as a signed-in member and a visitor carrying another site's cookie get it
// (issue 33: each at a share of the visitor's rate, side by side).
//   npm run build && npm run bench:pages [-- SECONDS ROUNDS [PAGE,PAGE…]]
//   BENCH_TREE_PEOPLE=100000 npm run bench:pages   (the tree's index pages at 100,000 people)
// One site (SQLite, the production build, a tree imported, the seed's
// gallery and documents); for each page its HTML is saved once and nginx (one
// worker, no access log: as the site's one process) serves those files. Each
// round runs every page at 10 and at 100 connections on each side, one after
// the other, sides alternating (autocannon, keep-alive), once without
// compression and once asking for gzip (nginx serving a .gz of the same bytes,
// gzip_static): the same bytes on the wire. Prints medians over the rounds: requests per
// second, p99 latency, CPU time per request of the serving processes (the
// load generator shares the machine's cores: the rate alone flatters), the
// site's requests per second as a share of nginx's, and a member's and a
// stray cookie's as a share of a visitor's.
// nginx comes from Debian's packages (apt-get install nginx-light, as root)
// when it is not installed.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { memberCookie, seededSiteWithTree, startServer, useBigTree } from "./server.ts";

const SECONDS = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 3);
/** Each load: connections, and whether the client asks for gzip (nginx then sends the file's .gz beside it, made as the site makes its own: level 9). */
const LOADS = [10, 100].flatMap((connections) =>
  (["identity", "gzip"] as const).map((encoding) => ({ connections, encoding, label: `${connections} ${encoding}` })),
);
type Load = (typeof LOADS)[number];
const LITHUANIAN = [
  "/",
  "/istorija",
  "/istorija/sodyba",
  "/medis",
  "/asmuo/1",
  "/galerija",
  "/galerija/1",
  "/dokumentai",
  "/apie",
  "/sveciai",
];
// Each page in English too (issue 30): the cache keeps each language's under its own address.
const ALL_PAGES = [...LITHUANIAN, ...LITHUANIAN.map((page) => (page === "/" ? "/en" : `/en${page}`))];
// With BENCH_TREE_PEOPLE=100000 the site's tree is a generated one of that
// many people (bench/server.ts useBigTree), and the pages are its indexes'.
const TREE_PEOPLE = Number(process.env.BENCH_TREE_PEOPLE ?? 0);
const TREE_PAGES = [
  "/",
  "/medis",
  "/medis/pavardes",
  "/medis/pavardes?pavarde=Jonaitis",
  "/medis/vietos",
  "/medis/statistika",
  "/medis/sia-diena",
  "/asmuo/50000",
];
// Or those named (the issue's: /,/medis,/istorija,/galerija).
const PAGES = process.argv[4] ? process.argv[4].split(",") : TREE_PEOPLE ? TREE_PAGES : ALL_PAGES;
const isEnglish = (page: string) => page === "/en" || page.startsWith("/en/");

function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  console.log("nginx is not installed: installing Debian's nginx-light (apt-get)…");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return "/usr/sbin/nginx";
}

/** CPU seconds (user + system) a process and its children have used so far. */
function cpuSeconds(pids: number[]): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // The process has gone.
    }
  }
  return total;
}

/** A process and its children (nginx's workers). */
function family(pid: number): number[] {
  const children = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-pages-"));
const dataDir = path.join(work, "site");
fs.mkdirSync(dataDir);
await seededSiteWithTree(dataDir);
if (TREE_PEOPLE) await useBigTree(dataDir, TREE_PEOPLE);
// A member with a session, as a browser that logged in carries it.
const COOKIES = { member: await memberCookie(dataDir), stray: "_ga=GA1.2.1234567890.1700000000; _gid=GA1.2.987654321.1700000000" };

const cached = await startServer(dataDir);
const uncached = await startServer(dataDir, { RENDER_CACHE_MB: "0" });

// The bytes each page is, saved for nginx.
const files = path.join(work, "nginx-root");
fs.mkdirSync(files);
const names = new Map<string, string>();
for (const [i, page] of PAGES.entries()) {
  const response = await fetch(cached.url + page);
  if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
  const name = `/p${i}.html`;
  const html = Buffer.from(await response.arrayBuffer());
  fs.writeFileSync(path.join(files, name), html);
  fs.writeFileSync(path.join(files, `${name}.gz`), zlib.gzipSync(html, { level: 9 }));
  names.set(page, name);
}
const port = 20000 + Math.floor(Math.random() * 20000);
const config = path.join(work, "nginx.conf");
fs.writeFileSync(
  config,
  `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  default_type text/html;
  charset utf-8;
  keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${files}; etag on; gzip_static on; }
}
`,
);
fs.chmodSync(work, 0o755);
const nginx: ChildProcess = spawn(nginxBinary(), ["-c", config, "-p", work], { stdio: ["ignore", "inherit", "inherit"] });
const nginxUrl = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(nginxUrl + names.get("/")!)).ok) break;
  } catch {
    if (i > 100) throw new Error("nginx did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Run {
  rps: number;
  p99: number;
  cpuPerRequest: number;
  errors: number;
}

async function load(url: string, { connections, encoding }: Load, pids: number[], cookie?: string): Promise<Run> {
  const before = cpuSeconds(pids);
  const headers: Record<string, string> = encoding === "gzip" ? { "accept-encoding": "gzip" } : {};
  if (cookie) headers.cookie = cookie;
  const result = await autocannon({ url, connections, duration: SECONDS, headers });
  const cpu = cpuSeconds(pids) - before;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest: requests ? (cpu * 1e6) / requests : NaN,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const SIDES = ["site", "member", "stray cookie", "site without cache", "nginx"] as const;
type Side = (typeof SIDES)[number];
const results = new Map<string, Run[]>();
const record = (side: Side, page: string, { label }: Load, run: Run) => {
  const key = `${side}|${page}|${label}`;
  results.set(key, [...(results.get(key) ?? []), run]);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  console.log(
    `Pages: ${PAGES.length}, ${SECONDS} s per run, ${ROUNDS} rounds, sides alternating; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}); ` +
      `load ${os.loadavg()[0].toFixed(1)}; the tree: ${TREE_PEOPLE ? `${TREE_PEOPLE} people (generated)` : "bach.ged"}.`,
  );
  // Warm-up: every page rendered and kept once, for each audience, its gzip made.
  for (const page of PAGES) {
    for (const cookie of [undefined, COOKIES.member]) {
      for (const encoding of ["identity", "gzip"]) {
        const headers: Record<string, string> = { "accept-encoding": encoding };
        if (cookie) headers.cookie = cookie;
        await autocannon({ url: cached.url + page, connections: 2, amount: 50, headers });
      }
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const page of PAGES) {
      for (const condition of LOADS) {
        // Who goes first changes every round.
        const order = round % 2 === 0 ? SIDES : [...SIDES].reverse();
        for (const side of order) {
          const run =
            side === "nginx"
              ? await load(nginxUrl + names.get(page), condition, family(nginx.pid!))
              : side === "site"
                ? await load(cached.url + page, condition, [cached.process.pid!])
                : side === "member"
                  ? await load(cached.url + page, condition, [cached.process.pid!], COOKIES.member)
                  : side === "stray cookie"
                    ? await load(cached.url + page, condition, [cached.process.pid!], COOKIES.stray)
                    : await load(uncached.url + page, condition, [uncached.process.pid!]);
          record(side, page, condition, run);
        }
      }
    }
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }

  const rows: string[][] = [
    [
      "page",
      "conn, encoding",
      "bytes",
      "site req/s",
      "no-cache req/s",
      "nginx req/s",
      "site/nginx",
      "site p99",
      "nginx p99",
      "site CPU/req",
      "nginx CPU/req",
      "member req/s",
      "member/visitor",
      "member p99",
      "member CPU/req",
      "stray/visitor",
    ],
  ];
  const audiences: Record<string, number[]> = {};
  const ratios: Record<string, number[]> = {};
  const byLanguage: Record<string, number[]> = {};
  for (const page of PAGES) {
    const bytes = fs.statSync(path.join(files, names.get(page)!)).size;
    for (const { label } of LOADS) {
      const m = (side: Side, pick: (r: Run) => number) => median(results.get(`${side}|${page}|${label}`)!.map(pick));
      const site = m("site", (r) => r.rps);
      const nginxRps = m("nginx", (r) => r.rps);
      (ratios[label] ??= []).push(site / nginxRps);
      (byLanguage[`${isEnglish(page) ? "en" : "lt"}|${label}`] ??= []).push(site / nginxRps);
      const errors = SIDES.reduce((n, side) => n + results.get(`${side}|${page}|${label}`)!.reduce((e, r) => e + r.errors, 0), 0);
      if (errors) console.log(`  ${page} at ${label}: ${errors} errors or non-2xx answers`);
      rows.push([
        page,
        label,
        String(bytes),
        site.toFixed(0),
        m("site without cache", (r) => r.rps).toFixed(0),
        nginxRps.toFixed(0),
        `${((100 * site) / nginxRps).toFixed(0)} %`,
        `${m("site", (r) => r.p99)} ms`,
        `${m("nginx", (r) => r.p99)} ms`,
        `${m("site", (r) => r.cpuPerRequest).toFixed(0)} µs`,
        `${m("nginx", (r) => r.cpuPerRequest).toFixed(0)} µs`,
        m("member", (r) => r.rps).toFixed(0),
        `${((100 * m("member", (r) => r.rps)) / site).toFixed(0)} %`,
        `${m("member", (r) => r.p99)} ms`,
        `${m("member", (r) => r.cpuPerRequest).toFixed(0)} µs`,
        `${((100 * m("stray cookie", (r) => r.rps)) / site).toFixed(0)} %`,
      ]);
      (audiences[`member|${label}`] ??= []).push(m("member", (r) => r.rps) / site);
      (audiences[`stray|${label}`] ??= []).push(m("stray cookie", (r) => r.rps) / site);
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  for (const { label } of LOADS) {
    console.log(`site/nginx at ${label} (connections, encoding), median over pages: ${(100 * median(ratios[label])).toFixed(0)} %`);
    for (const language of ["lt", "en"]) {
      const shares = byLanguage[`${language}|${label}`];
      if (shares) console.log(`  ${language} pages: ${(100 * median(shares)).toFixed(0)} %`);
    }
    console.log(
      `  a member's rate as a share of a visitor's: ${(100 * median(audiences[`member|${label}`])).toFixed(0)} % (lowest ${(100 * Math.min(...audiences[`member|${label}`])).toFixed(0)} %); another site's cookie: ${(100 * median(audiences[`stray|${label}`])).toFixed(0)} %`,
    );
  }
} finally {
  nginx.kill("SIGTERM");
  cached.process.kill("SIGTERM");
  uncached.process.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
