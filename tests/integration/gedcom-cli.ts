import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { TestDatabase } from "./database.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Runs `npm run gedcom -- ARGS` (scripts/gedcom.ts) on a test's installation: its exit code and
 * everything it printed (`out`), and each stream on its own.
 */
export function gedcomCli(t: TestDatabase, ...args: string[]): Promise<{ code: number; out: string; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ["scripts/gedcom.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: t.dir, ...(t.database.kind === "postgres" ? { DATABASE_URL: t.database.url } : {}) },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      out: error.stdout + error.stderr,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}
