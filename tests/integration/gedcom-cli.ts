import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { TestDatabase } from "./database.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs `npm run gedcom -- ARGS` (scripts/gedcom.ts) on a test's installation: its exit code and everything it printed. */
export function gedcomCli(t: TestDatabase, ...args: string[]): Promise<{ code: number; out: string }> {
  return promisify(execFile)(process.execPath, ["scripts/gedcom.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: t.dir, ...(t.database.kind === "postgres" ? { DATABASE_URL: t.database.url } : {}) },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  );
}
