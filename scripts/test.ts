// npm test: the whole suite, in the order a failure is cheapest to find:
// type check, production build, unit and integration tests (Vitest), browser
// tests (Playwright against the built site). Ends with one line
// "N passed, N failed" that adds up every runner's machine-readable report.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const REPORTS = "reports";
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" };
const bin = (name: string) => `node_modules/.bin/${name}`;

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  return result.status === 0;
}

let passed = 0;
let failed = 0;
const problems: string[] = [];

function step(title: string, ok: boolean) {
  // A broken type check or build is a failed check of its own.
  if (ok) passed++;
  else {
    failed++;
    problems.push(title);
  }
}

step("type check", run("type check", bin("react-router"), ["typegen"]) && run("type check", bin("tsc"), []));
const built = run("build", bin("react-router"), ["build"]);
step("build", built);

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  success: boolean;
}
run("unit and integration tests (Vitest)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORTS}/vitest.json`,
]);
const vitest = readReport<VitestReport>(`${REPORTS}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  // A test file that fails to load has no failed test but a failed suite.
  const failures = vitest.numFailedTests || (vitest.success ? 0 : Math.max(1, vitest.numFailedTestSuites));
  failed += failures;
  if (failures) problems.push("Vitest");
} else {
  failed++;
  problems.push("Vitest (no report)");
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
}
if (built) {
  run("browser tests (Playwright, Chromium)", bin("playwright"), ["test"]);
  const playwright = readReport<PlaywrightReport>(`${REPORTS}/playwright.json`);
  if (playwright) {
    const { expected, unexpected, flaky, skipped } = playwright.stats;
    passed += expected + flaky;
    // A skipped browser test hides something: it counts as a failure.
    const failures = unexpected + skipped + playwright.errors.length;
    failed += failures;
    if (failures) problems.push("Playwright");
  } else {
    failed++;
    problems.push("Playwright (no report)");
  }
}

function readReport<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

console.log("");
if (problems.length) console.log(`Failed: ${problems.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
