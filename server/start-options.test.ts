import fs from "node:fs";
import { expect, test } from "vitest";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./start-options.ts";

test("npm run serve starts the server as the tests and benchmarks do: the same environment and Node flags", () => {
  const scripts = (JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> })
    .scripts;
  const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
  expect(scripts.serve).toBe([...env, "node", ...SERVER_NODE_FLAGS, "server.ts"].join(" "));
  expect(scripts.start).toBe("npm run build && npm run serve");
});
