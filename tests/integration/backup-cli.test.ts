import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// `npm run backup -- FILE` from the command line (scripts/backup.ts; issue 34
// point 6): it writes the archive of the installation DATA_DIR and
// DATABASE_URL name, and refuses a DATA_DIR that holds no database instead
// of creating an empty one and backing that up.

const ROOT = path.resolve(import.meta.dirname, "../..");

let t: TestDatabase;
let work: string;
beforeAll(async () => {
  t = await createTestDatabase();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-backup-cli-"));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

function backup(env: Record<string, string>, file: string) {
  const { DATABASE_URL: _, ...without } = process.env;
  return promisify(execFile)(process.execPath, ["scripts/backup.ts", file], { cwd: ROOT, env: { ...without, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

test("a DATA_DIR without a database (a mistyped folder) is refused: nothing is written or created", async () => {
  const empty = path.join(work, "ne-ta-vieta");
  fs.mkdirSync(empty);
  const file = path.join(work, "kopija.tar.gz");
  const run = await backup({ DATA_DIR: empty }, file);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`Duomenų bazės nėra: ${path.join(empty, "database.sqlite")}`);
  expect(run.stderr).toContain("Nieko neįrašyta.");
  expect(fs.readdirSync(empty)).toEqual([]);
  expect(fs.existsSync(file)).toBe(false);
});

test("the installation's database is backed up", async () => {
  const file = path.join(work, "tikra.tar.gz");
  const run = await backup({ DATA_DIR: t.dir, ...(t.database.kind === "postgres" ? { DATABASE_URL: t.database.url } : {}) }, file);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^Atsarginė kopija įrašyta: /);
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
});
