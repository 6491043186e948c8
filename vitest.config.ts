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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
