import os from "node:os";
import { defineConfig } from "vitest/config";

// Unit and integration tests run in Node without the React Router plugin;
// browser tests are Playwright's (playwright.config.ts).
// The SQLite run leaves out tests that need PostgreSQL (*.postgres.test.ts);
// the PostgreSQL run (TEST_DATABASE=postgres) leaves out SQLite-only ones.
const onPostgres = process.env.TEST_DATABASE === "postgres";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["**/node_modules/**", onPostgres ? "**/*.sqlite.test.ts" : "**/*.postgres.test.ts"],
    environment: "node",
    // Every core: Vitest's default leaves one for itself (one worker on a
    // two-core machine), but its own process is idle while tests run, and
    // each test works on a database of its own, so files cannot meet.
    maxWorkers: os.availableParallelism(),
    // Password hashes at scrypt's N = 2^10 instead of the site's 2^17 (platform/env.ts):
    // the suites log in and create users some thousand times, half a second's CPU each at 17.
    // password.test.ts checks the site's own factor without it.
    env: { PASSWORD_HASH_LOG_N: "10" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
