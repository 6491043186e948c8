// npm test: the whole suite, in the order a failure is cheapest to find:
// type check, lint, production build, unit and integration tests (Vitest), browser
// tests (Playwright against the built site). The integration and browser
// tests run on SQLite, and again on PostgreSQL (the integration tests all, the
// browser tests those that exercise the database, POSTGRES_JOURNEYS). For PostgreSQL it uses
// TEST_DATABASE_URL if set, or else starts a throwaway cluster when the
// PostgreSQL binaries are installed; without either it says so plainly (and
// under CI=true that counts as a failure). Ends with one line
// "N passed, N failed" adding up every runner's machine-readable report.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const REPORTS = "reports";
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

// Every temporary folder of the run (test databases and their templates, the
// sites' data, Chromium's profiles) in one of its own, removed at the end:
// test processes that are ended rather than left to exit cannot clean up
// after themselves, and a machine that runs the suite daily filled /tmp.
const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), "seima-testai-"));
const baseEnv = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", TMPDIR: runTmp };
const bin = (name: string) => `node_modules/.bin/${name}`;

// How long each stage took, printed as it ends and again at the end (the
// README's figures come from these lines).
const stages: { title: string; seconds: number }[] = [];
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...baseEnv, ...env } });
  stages.push({ title, seconds: seconds(started) });
  console.log(`=== ${title}: ${seconds(started)} s ===`);
  return result.status === 0;
}

let passed = 0;
let failed = 0;
const problems: string[] = [];

function count(what: string, ok: number, bad: number) {
  passed += ok;
  failed += bad;
  if (bad) problems.push(what);
}

function readReport<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  success: boolean;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

// Each failed test by name with the start of its error, repeated at the end:
// CI keeps only the log's tail, and a failure seen only there must say why.
const failures: string[] = [];

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
function firstLines(message: string | undefined, lines = 8): string {
  if (!message) return "";
  const kept = message
    .replace(ANSI, "")
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, lines);
  return kept.map((line) => `\n    ${line.slice(0, 300)}`).join("");
}

function vitest(title: string, args: string[], env: NodeJS.ProcessEnv, report: string) {
  run(title, bin("vitest"), ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], env);
  const result = readReport<VitestReport>(report);
  if (!result) return count(`${title} (no report)`, 0, 1);
  for (const file of result.testResults ?? []) {
    const failed = file.assertionResults.filter((t) => t.status === "failed");
    for (const t of failed)
      failures.push(`${title}: ${path.relative(".", file.name)} › ${t.fullName}${firstLines(t.failureMessages?.[0])}`);
    if (file.status === "failed" && failed.length === 0)
      failures.push(`${title}: ${path.relative(".", file.name)} (${file.message ?? "failed to run"})`);
  }
  // A test file that fails to load has no failed test but a failed suite.
  count(title, result.numPassedTests, result.numFailedTests || (result.success ? 0 : Math.max(1, result.numFailedTestSuites)));
}

interface PlaywrightSuite {
  specs?: {
    title: string;
    file: string;
    line: number;
    ok: boolean;
    tests?: { results?: { status: string; errors?: { message?: string }[] }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
  suites?: PlaywrightSuite[];
}

function failedSpecs(suites: PlaywrightSuite[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const result = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.errors?.length);
        const why = result ? firstLines(result.errors![0]!.message) : "";
        return `${spec.file}:${spec.line} › ${spec.title}${why}`;
      }),
    ...failedSpecs(suite.suites),
  ]);
}

function playwright(title: string, env: NodeJS.ProcessEnv, report: string, files: string[] = []) {
  run(title, bin("playwright"), ["test", ...files], { ...env, PLAYWRIGHT_JSON: report });
  const result = readReport<PlaywrightReport>(report);
  if (!result) return count(`${title} (no report)`, 0, 1);
  for (const spec of failedSpecs(result.suites)) failures.push(`${title}: ${spec}`);
  const { expected, unexpected, flaky, skipped } = result.stats;
  // A skipped browser test hides something: it counts as a failure.
  count(title, expected + flaky, unexpected + skipped + result.errors.length);
}

/** A PostgreSQL server for the second run: the given one, or a throwaway cluster. */
function postgres(): { url: string; stop(): void } | null {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop() {} };
  let output: string;
  try {
    output = execFileSync("bash", ["scripts/pg-throwaway.sh", "start"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim() || String(error);
    console.log(`\nNo PostgreSQL cluster could be started: ${reason}`);
    return null;
  }
  const value = (name: string) => new RegExp(`export ${name}=(\\S+)`).exec(output)?.[1];
  const url = value("TEST_DATABASE_URL");
  const dir = value("PG_THROWAWAY_DIR");
  if (!url || !dir) return null;
  const stop = () => execFileSync("bash", ["scripts/pg-throwaway.sh", "stop", dir], { stdio: "inherit" });
  process.once("SIGINT", () => (stop(), process.exit(130)));
  process.once("SIGTERM", () => (stop(), process.exit(143)));
  return { url, stop };
}

// The browser journeys that exercise the database itself, run again on
// PostgreSQL: two servers on one database, a crash mid-write, an import through
// the browser, login throttling and the guard's refusals, and malformed input
// (PostgreSQL's integer columns refuse what SQLite takes). The integration
// suite covers every query on both databases.
const POSTGRES_JOURNEYS = [
  "tests/e2e/instances.spec.ts",
  "tests/e2e/crash.spec.ts",
  "tests/e2e/genealogy.spec.ts",
  "tests/e2e/security.spec.ts",
  "tests/e2e/malformed.spec.ts",
  "tests/e2e/throttle.spec.ts",
  "tests/e2e/failed-logins.spec.ts",
  // The render cache's tag is read from PostgreSQL for every visitor's request (no commit watch there).
  "tests/e2e/render-cache.spec.ts",
  // PostgreSQL stopped under three processes (a cluster of its own): PostgreSQL only.
  "tests/e2e/outage.postgres.spec.ts",
];

const suiteStarted = performance.now();
const typed = run("type check: route types", bin("react-router"), ["typegen"]) && run("type check", bin("tsc"), []);
count("type check", typed ? 1 : 0, typed ? 0 : 1);
// The linter (.oxlintrc.json): import cycles, the import style, hooks, what generic code may import.
const linted = run("lint", bin("oxlint"), ["--deny-warnings"]);
count("lint", linted ? 1 : 0, linted ? 0 : 1);
const built = run("build", bin("react-router"), ["build"]);
count("build", built ? 1 : 0, built ? 0 : 1);

vitest("unit and integration tests on SQLite (Vitest)", [], { TEST_DATABASE: "sqlite" }, `${REPORTS}/vitest-sqlite.json`);
if (built) playwright("browser tests on SQLite (Playwright, Chromium)", { TEST_DATABASE: "sqlite" }, `${REPORTS}/playwright-sqlite.json`);

const server = postgres();
if (server) {
  try {
    const env = { TEST_DATABASE: "postgres", TEST_DATABASE_URL: server.url };
    vitest(
      "integration tests on PostgreSQL (Vitest)",
      ["tests/integration", "--exclude", "**/*.sqlite.test.ts"],
      env,
      `${REPORTS}/vitest-postgres.json`,
    );
    if (built) {
      playwright("browser tests on PostgreSQL (Playwright, Chromium)", env, `${REPORTS}/playwright-postgres.json`, POSTGRES_JOURNEYS);
    }
  } finally {
    server.stop();
  }
} else if (process.env.CI === "true") {
  console.log("\nThe PostgreSQL suite could not run: in CI that is a failure.");
  count("PostgreSQL suite (no server)", 0, 1);
} else {
  console.log("\nNOTE: the PostgreSQL suite was NOT run (no PostgreSQL binaries found and no TEST_DATABASE_URL).");
  console.log("      Install PostgreSQL (apt-get install postgresql) or set TEST_DATABASE_URL to run it.");
}

console.log("\nStage durations:");
for (const stage of stages) console.log(`  ${String(stage.seconds).padStart(5)} s  ${stage.title}`);
console.log(`  ${String(seconds(suiteStarted)).padStart(5)} s  npm test in all`);
console.log("");
for (const failure of failures) console.log(`FAILED ${failure}`);
if (problems.length) console.log(`Failed: ${problems.join(", ")}`);
fs.rmSync(runTmp, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
