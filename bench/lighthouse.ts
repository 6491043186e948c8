// Page audits: Lighthouse (mobile, its default simulated throttling) on every
// public page of a site with a tree imported, as a visitor and as a signed-in
// member gets it (a session cookie on every request), and the JavaScript each page
// loads beside a bare React Router 8 app's page (bench/bare-app: the
// framework with nothing of its own, built now with the same versions): the
// scripts each page's HTML preloads, gzip -9 sizes of the built files.
//   npm run build && npm run bench:lighthouse [-- PAGE ...]
// Prints the four scores per page and every audit that did not pass.
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), run offline.
// LH_SAVE=DIR also writes each page's whole report there (JSON), to see what
// an audit measured (the largest paint's element, each request's start).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_LAUNCH_OPTIONS } from "#tests/e2e/chromium.ts";
import { memberCookie, seededSiteWithTree, startServer } from "./server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/istorija", "/istorija/sodyba", "/medis", "/asmuo/1", "/galerija", "/galerija/1", "/dokumentai", "/apie", "/sveciai", "/login"];

const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-lighthouse-"));
await seededSiteWithTree(work);
const member = await memberCookie(work);
const site = await startServer(work);
/** Who asks: a visitor, and a member (not for the login page, which a session leaves). */
const AUDIENCES = [
  { name: "visitor", headers: {} as Record<string, string> },
  { name: "member", headers: { Cookie: member } as Record<string, string> },
];

const port = 9300 + Math.floor(Math.random() * 500);
const browser = await chromium.launch({
  ...CHROMIUM_LAUNCH_OPTIONS,
  args: [...CHROMIUM_LAUNCH_OPTIONS.args, `--remote-debugging-port=${port}`],
});

/** The scripts a page's HTML preloads (all it runs at start): gzip -9 bytes of the built files. */
function scriptBytes(html: string, clientDir: string): number {
  const files = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*? href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  return [...files].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length, 0);
}

/** The bare app's page: what its manifest names for its entry, its root and its one route. */
function bareAppBytes(): number {
  const dir = path.join(ROOT, "bench/bare-app");
  execFileSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], { cwd: dir, stdio: "ignore" });
  const client = path.join(dir, "build/client");
  const manifestFile = fs.readdirSync(path.join(client, "assets")).find((f) => f.startsWith("manifest-"))!;
  const text = fs.readFileSync(path.join(client, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(/=\s*(\{[\s\S]*\});?\s*$/.exec(text)![1]) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const files = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of Object.values(manifest.routes)) files.push(route.module, ...(route.imports ?? []));
  return scriptBytes([...new Set(files)].map((file) => `<link rel="modulepreload" href="${file}"/>`).join(""), client);
}

const bareBytes = bareAppBytes();

try {
  const rows: string[][] = [["page", "as", "performance", "accessibility", "best practices", "SEO", "JS (gzip -9)", "× bare app"]];
  const failures: string[] = [];
  // As one usually finds them: rendered once already (the render cache keeps them, for each audience).
  for (const { headers } of AUDIENCES) {
    for (const page of PAGES) for (let i = 0; i < 3; i++) await (await fetch(site.url + page, { headers })).arrayBuffer();
  }
  for (const page of PAGES) {
    for (const audience of AUDIENCES) {
      if (audience.name === "member" && page === "/login") continue;
      const result = await lighthouse(
        site.url + page,
        {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        },
        { extends: "lighthouse:default", settings: { extraHeaders: audience.headers } },
      );
      if (!result) throw new Error(`${page}: no result`);
      const { categories, audits } = result.lhr;
      if (process.env.LH_SAVE)
        fs.writeFileSync(path.join(process.env.LH_SAVE, `${page.replaceAll("/", "_")}.${audience.name}.json`), JSON.stringify(result.lhr));
      // The page as rendered for its requester (credentials pass the render cache by): it names its scripts as
      // preloads, where a kept page holds them in its hydration module until its first paint.
      const rendered = await (await fetch(site.url + page, { headers: { Authorization: "Basic YmVuY2g6MQ==" } })).text();
      const jsBytes = scriptBytes(rendered, path.join(ROOT, "build/client"));
      const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
      rows.push([
        page,
        audience.name,
        score("performance"),
        score("accessibility"),
        score("best-practices"),
        score("seo"),
        String(jsBytes),
        (jsBytes / bareBytes).toFixed(2),
      ]);
      for (const category of Object.values(categories)) {
        for (const ref of category.auditRefs) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            failures.push(
              `${page} (${audience.name})  ${category.title}: ${audit.title} (${audit.displayValue ?? Math.round(audit.score * 100)})`,
            );
          }
        }
      }
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  console.log(`bare React Router 8 app: ${bareBytes} bytes of JavaScript`);
  console.log(failures.length ? `\nAudits not passed:\n${failures.join("\n")}` : "\nEvery weighted audit passed.");
} finally {
  await browser.close();
  site.process.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
