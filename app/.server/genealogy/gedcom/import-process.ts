import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { childEnvironment, type Config } from "#app/.server/platform/env.ts";
import { reloadStatistics } from "#app/.server/platform/db/planner-statistics.ts";
import type { Message } from "#app/i18n/intl.ts";
import type { CodePageChoice } from "./charset.ts";
import { isZip } from "./gedzip.ts";
import { ImportRefused, readGedcom } from "./reader.ts";

// The administrator's GEDCOM import runs in a child process (import-child.ts)
// rather than in the server: a 100,000-person file is seconds of parsing and
// writing, and in the server's one JavaScript thread every other visitor
// would wait behind it (decision 014).

export interface ChildOptions {
  sourceName: string;
  codePage?: CodePageChoice;
}

/** The child's one line: the import, or why the file was refused (a message, said on the administrator's page), or its failure. */
export type ChildAnswer = { ok: true; treeId: number; current: boolean } | { ok: false; refused: Message } | { ok: false; error: string };

/** Starts imports in child processes; `root` is the project's folder (where app/ is). */
export function importRunner(config: Config, root: string) {
  const script = path.join(root, "app/.server/genealogy/gedcom/import-child.ts");
  function runChild(file: string, options: ChildOptions): Promise<{ treeId: number; current: boolean }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [script, file, JSON.stringify(options)], {
        cwd: root,
        env: childEnvironment(config),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk) => (out += chunk));
      child.stderr.on("data", (chunk) => (err += chunk));
      child.on("error", reject);
      child.on("close", (code) => {
        let answer: ChildAnswer | null = null;
        try {
          answer = JSON.parse(out.trim().split("\n").pop() ?? "") as ChildAnswer;
        } catch {
          // No answer: the process died (out of memory, killed).
        }
        if (answer?.ok) resolve({ treeId: answer.treeId, current: answer.current });
        else if (answer && "refused" in answer) reject(new ImportRefused(answer.refused));
        else reject(new Error(`GEDCOM import process failed (exit ${code}): ${answer && "error" in answer ? answer.error : err}`));
      });
    });
  }
  return {
    /**
     * Imports a file as importFile does; throws ImportRefused for a file
     * refused. The child analyzes the new tree's tables; `db`, the server's
     * own connection, then reloads those statistics (on SQLite a connection
     * open before would go on planning with the old ones).
     */
    async run(db: Database, file: string, options: ChildOptions): Promise<{ treeId: number; current: boolean }> {
      await refuseNotGedcom(file, options.codePage);
      const result = await runChild(file, options);
      await reloadStatistics(db);
      return result;
    },
  };
}

/**
 * Throws NotGedcomError, here in the server, for a file that does not start
 * like GEDCOM (nor is a GEDZIP archive): its first record tells, a few
 * milliseconds of reading, where a process of its own costs a second or more
 * to start (and a burst of wrong files would start as many at once).
 */
async function refuseNotGedcom(file: string, codePage: CodePageChoice | undefined): Promise<void> {
  if (await isZip(file)) return;
  const stream = fs.createReadStream(file);
  try {
    // The first record is enough: the reader has checked the file's start.
    for await (const _ of readGedcom(stream, { codePage })) break;
  } finally {
    stream.destroy();
  }
}

export type ImportRunner = ReturnType<typeof importRunner>;
