// One GEDCOM import in a process of its own, started by import-process.ts:
//   node app/.server/genealogy/gedcom/import-child.ts FILE OPTIONS_JSON
// Reading and storing a large file is seconds of work on one thread; here it
// is not the server's thread, so the server answers its other requests as
// fast as without an import (and the import's memory is its own). The
// configuration comes from the environment the server passes on. Prints one
// line of JSON: the summary, or why the file was refused.
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { ImportRefused } from "./import.ts";
import { archiveLimits, importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import type { ChildAnswer, ChildOptions } from "./import-process.ts";

const [file, json] = process.argv.slice(2);
const options = JSON.parse(json) as ChildOptions;
const config = parseConfig(process.env);
const db = openDatabase(config.database);
let answer: ChildAnswer;
try {
  // The administrator's upload: a later file waits beside the site's tree with its merge planned.
  const summary = await importFile(db, mediaStore(config), file, { ...options, limits: archiveLimits(config), planMerge: true });
  answer = { ok: true, treeId: summary.treeId, current: summary.current };
} catch (error) {
  answer =
    error instanceof ImportRefused
      ? { ok: false, refused: error.said }
      : { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
} finally {
  await db.destroy();
}
process.stdout.write(`${JSON.stringify(answer)}\n`);
