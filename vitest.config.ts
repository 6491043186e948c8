import { defineConfig } from "vitest/config";

// Unit and integration tests run in Node without the React Router plugin;
// browser tests are Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
