// Benchmark: GEDCOM import and export of synthetic trees (bench/gedcom-generate.ts)
// of 10,000 and 100,000 people, each import in a fresh process so its peak
// memory is its own, into an empty SQLite database.
//   npm run bench:gedcom [-- 10000 100000]
// Targets: 100,000 people imported in under 15 s with under 1 GB of memory.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generate } from "./gedcom-generate.ts";

const [, script, phase, ...rest] = process.argv;

if (phase === "--measure") {
  const [file, dir] = rest;
  const { migrateToLatest, openDatabase } = await import("../app/.server/db.ts");
  const { importFile, exportFile } = await import("../app/.server/genealogy/trees.ts");
  const { mediaStore } = await import("../app/.server/media.ts");
  const db = openDatabase({ kind: "sqlite", file: path.join(dir, "database.sqlite") });
  await migrateToLatest(db);
  const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
  const started = performance.now();
  const summary = await importFile(db, store, file, { sourceName: path.basename(file) });
  const importMs = performance.now() - started;
  const importRssMb = process.resourceUsage().maxRSS / 1024;
  const exportStarted = performance.now();
  await exportFile(db, store, path.join(dir, "export.ged"), { version: "5.5.1" });
  const exportMs = performance.now() - exportStarted;
  await db.destroy();
  console.log(
    JSON.stringify({
      people: summary.people,
      families: summary.families,
      warnings: summary.warnings.length,
      importMs,
      importRssMb,
      exportMs,
    }),
  );
  process.exit(0);
}

const sizes = (phase ? [phase, ...rest] : ["10000", "100000"]).map(Number);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-gedcom-"));
try {
  for (const size of sizes) {
    const file = path.join(work, `medis-${size}.ged`);
    generate(size, file);
    const dir = fs.mkdtempSync(path.join(work, "db-"));
    const out = execFileSync(process.execPath, [script, "--measure", file, dir], { encoding: "utf8", maxBuffer: 1 << 24 });
    const r = JSON.parse(out.trim().split("\n").pop()!);
    const mb = fs.statSync(file).size / 1024 / 1024;
    console.log(
      `${String(size).padStart(7)} people (${mb.toFixed(1)} MB): import ${(r.importMs / 1000).toFixed(2)} s, peak ${r.importRssMb.toFixed(0)} MB, ` +
        `${Math.round(size / (r.importMs / 1000))} people/s; export ${(r.exportMs / 1000).toFixed(2)} s; ${r.families} families, ${r.warnings} warnings`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
    // The import streams: it also runs with the JavaScript heap capped far below the file's data.
    const capped = fs.mkdtempSync(path.join(work, "db-"));
    try {
      const small = execFileSync(process.execPath, ["--max-old-space-size=128", script, "--measure", file, capped], {
        encoding: "utf8",
        maxBuffer: 1 << 24,
      });
      const c = JSON.parse(small.trim().split("\n").pop()!);
      console.log(
        `${" ".repeat(9)}with the heap capped at 128 MB: import ${(c.importMs / 1000).toFixed(2)} s, peak ${c.importRssMb.toFixed(0)} MB`,
      );
    } catch {
      console.log(`${" ".repeat(9)}with the heap capped at 128 MB: FAILED (the import does not stream)`);
    }
    fs.rmSync(capped, { recursive: true, force: true });
  }
  console.log("targets: 100000 people imported in under 15 s with under 1024 MB");
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
