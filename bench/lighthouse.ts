// Page audits: Lighthouse (mobile, its default simulated throttling) on every
// public page of a site with a tree imported, and the JavaScript each page
// loads beside a bare React Router 8 page's (the framework's own entry and
// runtime, the least any page of this stack loads).
//   npm run build && npm run bench:lighthouse [-- PAGE ...]
// Prints the four scores per page and every audit that did not pass.
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), run offline.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { migrateToLatest, openDatabase } from "../app/.server/db.ts";
import { importFile } from "../app/.server/genealogy/trees.ts";
import { mediaStore } from "../app/.server/media.ts";
import { seedIfNew } from "../app/.server/seed.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/e2e/chromium.ts";
import { startServer } from "./server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/istorija", "/medis", "/asmuo/1", "/galerija", "/dokumentai", "/apie", "/sveciai", "/login"];

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-lighthouse-"));
const db = openDatabase({ kind: "sqlite", file: path.join(work, "database.sqlite") });
await migrateToLatest(db);
const store = mediaStore({ dataDir: work, uploads: { maxBytes: 1e9, maxPixels: 1e8 } });
await seedIfNew(db, store);
await importFile(db, store, path.join(ROOT, "tests/fixtures/gedcom-corpus/samples/bach.ged"), { sourceName: "bach.ged" });
await db.destroy();
const site = await startServer(work);

const port = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({
  ...CHROMIUM_LAUNCH_OPTIONS,
  args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--remote-debugging-port=${port}`],
});

/** The JavaScript a bare React Router 8 page loads: the client entry and the modules it imports before any route's own. */
function bareAppScripts(manifest: { entry: { module: string; imports: string[] } }): string[] {
  return [manifest.entry.module, ...manifest.entry.imports];
}

try {
  const rows: string[][] = [["page", "performance", "accessibility", "best practices", "SEO", "JS bytes (compressed)", "× bare app"]];
  const failures: string[] = [];
  let bareBytes: number | null = null;
  for (const page of PAGES) {
    const result = await lighthouse(site.url + page, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`${page}: no result`);
    const { categories, audits } = result.lhr;
    const items =
      (audits["network-requests"]?.details as { items?: { url: string; resourceType: string; transferSize: number }[] } | undefined)
        ?.items ?? [];
    const scripts = items.filter((item) => item.resourceType === "Script");
    const jsBytes = scripts.reduce((sum, item) => sum + item.transferSize, 0);
    if (bareBytes === null) {
      // The framework's own part, as this site serves it (same compression): what any React Router 8 page loads.
      const html = await (await fetch(site.url + page)).text();
      const manifestPath = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
      const manifestText = manifestPath ? await (await fetch(site.url + manifestPath)).text() : "";
      const json = /=\s*(\{[\s\S]*\});?\s*$/.exec(manifestText)?.[1];
      const bare = json ? bareAppScripts(JSON.parse(json) as { entry: { module: string; imports: string[] } }) : [];
      const sum = scripts
        .filter((s) => bare.some((file) => new URL(s.url).pathname === file))
        .reduce((total, s) => total + s.transferSize, 0);
      bareBytes = sum || null;
    }
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    rows.push([
      page,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      String(jsBytes),
      bareBytes ? (jsBytes / bareBytes).toFixed(2) : "?",
    ]);
    for (const category of Object.values(categories)) {
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          failures.push(`${page}  ${category.title}: ${audit.title} (${audit.displayValue ?? Math.round(audit.score * 100)})`);
        }
      }
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  console.log(failures.length ? `\nAudits not passed:\n${failures.join("\n")}` : "\nEvery weighted audit passed.");
} finally {
  await browser.close();
  site.process.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
