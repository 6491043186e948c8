import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { assertChromium } from "./chromium.ts";

/** Browser tests run against the production build; build it when it is missing. */
export default function globalSetup() {
  assertChromium();
  if (!fs.existsSync("build/server/index.js")) {
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
}
