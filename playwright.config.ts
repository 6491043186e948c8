import { defineConfig } from "@playwright/test";
import { TEST_BROWSER_LAUNCH_OPTIONS } from "#tests/e2e/chromium.ts";

// Password hashes at scrypt's N = 2^10 instead of the site's 2^17, in the
// servers the specs start and in the users they make themselves (platform/env.ts):
// the browser suites log in some thousand times, half a second's CPU each at 17.
process.env.PASSWORD_HASH_LOG_N ??= "10";

// Each spec file starts its own server from the production build with a fresh
// data folder (tests/e2e/site.ts), so files never see each other's changes.
export default defineConfig({
  testDir: "tests/e2e",
  // Specs that need PostgreSQL itself (*.postgres.spec.ts) run in the PostgreSQL run only (scripts/test.ts).
  testIgnore: process.env.TEST_DATABASE === "postgres" ? [] : ["**/*.postgres.spec.ts"],
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: 2,
  // Generous: the suite must pass on a busy machine too (tests/e2e/site.ts starts servers patiently).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON ?? "reports/playwright.json" }]],
  use: {
    launchOptions: TEST_BROWSER_LAUNCH_OPTIONS,
    locale: "lt-LT",
    timezoneId: "Europe/Vilnius",
    // Kept under CI too, though CI reads only the log: without a trace the
    // tooltip test's keyboard step failed one run in four (public-pages.spec;
    // the screencast keeps the page drawing). Recording costs about a sixth of
    // the browser suite's time (docs/decisions/028).
    trace: "retain-on-failure",
  },
});
