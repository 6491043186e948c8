// Benchmark: GEDCOM import and export of synthetic trees (bench/gedcom-generate.ts)
// of 10,000 and 100,000 people, into an empty SQLite database, each run in a
// fresh process so its peak memory is its own.
//   npm run bench:gedcom [-- 10000 100000] [--rounds 3] [--against REF]
// Beside each import, in the same moment (runs alternating), two references:
//   - the same file only read and parsed into records by the importer's
//     reader, no database (what an import cannot go below);
//   - the same import and export by the code of another version, REF (a git
//     commit or branch; HEAD by default, i.e. the last commit against the
//     working tree; `--against none` leaves it out), unpacked into a
//     temporary folder: its ratio shows what a change did to the import's
//     time, memory and export, measured alike in the same run.
// The ratios stay meaningful on a busy machine, where all slow alike; the
// absolute times are for a quiet one.
// Last, the largest file is imported through the running site (the
// administrator's upload) while the home page is asked for again and again:
// its time during the import beside its time with nothing else running shows
// whether the import holds up the server's other requests.
// Targets: 100,000 people imported in under 8 s and 6 s of CPU, with under 1 GB of memory;
// the home page about as fast during an import as without one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { generate } from "./gedcom-generate.ts";
import { BENCH_ADMIN, startServer } from "./server.ts";

const [, script, phase, ...rest] = process.argv;

const ROOT = path.resolve(import.meta.dirname, "..");

if (phase === "--measure" || phase === "--read") {
  // The code measured: this checkout's, or another version's unpacked copy.
  const [file, dir, root = ROOT] = rest;
  // A module by its path in this version, or where an older version kept it
  // (the feature folders of issue 27 moved db.ts), so a baseline still loads.
  const load = (...modules: string[]) => {
    const found = modules.map((m) => path.join(root, "app/.server", m)).find((file) => fs.existsSync(file));
    return import(pathToFileURL(found ?? modules[0]).href);
  };
  if (phase === "--read") {
    // The reference: the importer's reader alone.
    const { readGedcom } = await import("#app/.server/genealogy/gedcom/reader.ts");
    const started = performance.now();
    let records = 0;
    for await (const _ of readGedcom(fs.createReadStream(file))) records++;
    console.log(JSON.stringify({ readMs: performance.now() - started, records }));
    process.exit(0);
  }
  const { migrateToLatest, openDatabase } = await load("platform/db/connect.ts", "db.ts");
  const { importFile, exportFile } = await load("genealogy/trees.ts");
  const { mediaStore } = await load("media/storage.ts");
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
  await migrateToLatest(db);
  const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await importFile(db, store, file, { sourceName: path.basename(file) });
  const importMs = performance.now() - started;
  // The CPU the import used, this process's (user and system): what a busy machine does not inflate.
  const { user, system } = process.cpuUsage(cpu);
  const importCpuMs = (user + system) / 1000;
  const importRssMb = process.resourceUsage().maxRSS / 1024;
  const exportStarted = performance.now();
  await exportFile(db, store, path.join(dir, "export.ged"), { version: "5.5.1" });
  const exportMs = performance.now() - exportStarted;
  await db.destroy();
  console.log(JSON.stringify({ people: summary.people, families: summary.families, importMs, importCpuMs, importRssMb, exportMs }));
  process.exit(0);
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { rounds: { type: "string", default: "3" }, against: { type: "string", default: "HEAD" } },
});
const sizes = (positionals.length ? positionals : ["10000", "100000"]).map(Number);
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-gedcom-"));

/** Another version's code, unpacked from git into the work folder (sharing this checkout's node_modules); null for none. */
function baseline(ref: string): { root: string; label: string } | null {
  if (ref === "none") return null;
  const root = path.join(work, "baseline");
  fs.mkdirSync(root);
  const git = (...args: string[]) => execFileSync("git", ["-C", ROOT, ...args], { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  execFileSync("bash", ["-c", `git -C "$1" archive "$2" app db package.json | tar -x -C "$3"`, "-", ROOT, commit, root]);
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(root, "node_modules"));
  return { root, label: `${ref} (${commit.slice(0, 7)} ${git("log", "-1", "--format=%s", commit).slice(0, 60)})` };
}

function child(args: string[], heapMb?: number) {
  const flags = heapMb ? [`--max-old-space-size=${heapMb}`] : [];
  return JSON.parse(
    execFileSync(process.execPath, [...flags, script, ...args], { encoding: "utf8", maxBuffer: 1 << 24 })
      .trim()
      .split("\n")
      .pop()!,
  );
}

async function homePageDuringImport(file: string) {
  const dir = fs.mkdtempSync(path.join(work, "site-"));
  const { url, process: server } = await startServer(dir);
  try {
    const login = await fetch(`${url}/login`, { method: "POST", body: new URLSearchParams(BENCH_ADMIN), redirect: "manual" });
    if (login.headers.get("location") !== "/admin") throw new Error(`login: ${login.status} ${login.headers.get("location")}`);
    // The login clears the old session cookie and sets the new one: the new one counts.
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => c.startsWith("sesija=") && c !== "sesija=")
      .join("; ");
    const home = async () => {
      const started = performance.now();
      await (await fetch(`${url}/`)).text();
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 40; i++) idle.push(await home());
    const busy: number[] = [];
    let importing = true;
    const started = performance.now();
    const upload = fetch(`${url}/admin/medis/importuoti?failas=medis.ged`, {
      method: "POST",
      headers: { cookie, Origin: url, "Content-Type": "text/plain" },
      body: fs.readFileSync(file),
      redirect: "manual",
    }).then(async (r) => {
      importing = false;
      if (r.status !== 201) throw new Error(`import: ${r.status} ${await r.text()}`);
      return performance.now() - started;
    });
    while (importing) busy.push(await home());
    const took = await upload;
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
    console.log(
      `home page during an import over HTTP (${(took / 1000).toFixed(1)} s): median ${median(busy).toFixed(1)} ms, p95 ${p95(busy).toFixed(0)} ms, ` +
        `slowest ${Math.max(...busy).toFixed(0)} ms (${busy.length} requests); with nothing else running median ${median(idle).toFixed(1)} ms, ` +
        `p95 ${p95(idle).toFixed(0)} ms; ratio of medians ${(median(busy) / median(idle)).toFixed(2)}`,
    );
  } finally {
    server.kill();
  }
}

interface Measured {
  importMs: number;
  importCpuMs: number;
  importRssMb: number;
  exportMs: number;
  families: number;
}

try {
  const other = baseline(values.against);
  if (other) console.log(`reference version: ${other.label}, unpacked and run by the same harness`);
  for (const size of sizes) {
    const file = path.join(work, `medis-${size}.ged`);
    generate(size, file);
    const mb = fs.statSync(file).size / 1024 / 1024;
    const imports: Measured[] = [];
    const theirs: Measured[] = [];
    const reads: number[] = [];
    const measure = (root?: string) => {
      const dir = fs.mkdtempSync(path.join(work, "db-"));
      try {
        return child(["--measure", file, dir, ...(root ? [root] : [])]) as Measured;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    for (let round = 0; round < rounds; round++) {
      reads.push(child(["--read", file]).readMs);
      // This version and the other take turns going first.
      if (other && round % 2 === 1) theirs.push(measure(other.root));
      imports.push(measure());
      if (other && round % 2 === 0) theirs.push(measure(other.root));
    }
    const importMs = median(imports.map((r) => r.importMs));
    const readMs = median(reads);
    console.log(
      `${String(size).padStart(7)} people (${mb.toFixed(1)} MB), medians of ${rounds}: import ${(importMs / 1000).toFixed(2)} s ` +
        `(${Math.round(size / (importMs / 1000))} people/s; CPU ${(median(imports.map((r) => r.importCpuMs)) / 1000).toFixed(2)} s), peak ${median(imports.map((r) => r.importRssMb)).toFixed(0)} MB; ` +
        `reading alone ${(readMs / 1000).toFixed(2)} s; import / reading ${(importMs / readMs).toFixed(2)}; ` +
        `export ${(median(imports.map((r) => r.exportMs)) / 1000).toFixed(2)} s; ${imports[0].families} families`,
    );
    if (other) {
      const ratio = (of: (m: Measured) => number) => median(imports.map((m, i) => of(m) / of(theirs[i]))).toFixed(2);
      console.log(
        `${" ".repeat(9)}reference version: import ${(median(theirs.map((r) => r.importMs)) / 1000).toFixed(2)} s ` +
          `(CPU ${(median(theirs.map((r) => r.importCpuMs)) / 1000).toFixed(2)} s), ` +
          `peak ${median(theirs.map((r) => r.importRssMb)).toFixed(0)} MB, export ${(median(theirs.map((r) => r.exportMs)) / 1000).toFixed(2)} s; ` +
          `this / reference (median of the rounds' ratios): import ${ratio((m) => m.importMs)}, import CPU ${ratio((m) => m.importCpuMs)}, peak ${ratio((m) => m.importRssMb)}, export ${ratio((m) => m.exportMs)}`,
      );
    }
    // The import streams: it also runs with the JavaScript heap capped far below the file's data.
    const capped = fs.mkdtempSync(path.join(work, "db-"));
    try {
      const c = child(["--measure", file, capped], 128);
      console.log(
        `${" ".repeat(9)}with the heap capped at 128 MB: import ${(c.importMs / 1000).toFixed(2)} s, peak ${c.importRssMb.toFixed(0)} MB`,
      );
    } catch {
      console.log(`${" ".repeat(9)}with the heap capped at 128 MB: FAILED (the import does not stream)`);
    }
    fs.rmSync(capped, { recursive: true, force: true });
  }
  await homePageDuringImport(path.join(work, `medis-${sizes[sizes.length - 1]}.ged`));
  console.log(
    "targets: 100000 people imported in under 8 s and 6 s of CPU with under 1024 MB (on a quiet machine); the home page as fast during an import",
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
