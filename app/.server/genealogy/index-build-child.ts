// The tree's indexes built in a process of their own, started by
// index-build.ts when the tree is large:
//   node app/.server/genealogy/index-build-child.ts
// The published list alone is seconds of work at 100,000 people; here it holds
// up none of the server's requests (and its memory is its own). Then the
// public GEDCOM file of the same version. The configuration comes from the
// environment the server passes on; it writes INDEXES_STORED to its output
// once the set is stored, and exits with 0 when the file is made too.
import path from "node:path";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { buildIndexes } from "./index-build.ts";
import { publicExport, removePartialExports } from "./published.ts";
import { INDEXES_STORED } from "./prepared-indexes.ts";

const config = parseConfig(process.env);
const cacheDir = path.join(config.dataDir, "cache");
// The server stops this process when the tree changes again while the export
// is made (an export of a version already past); its partial file goes with it.
process.once("SIGTERM", () => {
  removePartialExports(cacheDir, process.pid);
  process.exit(143);
});
const db = openDatabase(config.database);
try {
  await buildIndexes(db);
  // The set is stored: the server's builder goes on without waiting for the export.
  process.stdout.write(`${INDEXES_STORED}\n`);
  await publicExport(db, mediaStore(config), cacheDir);
} finally {
  await db.destroy();
}
