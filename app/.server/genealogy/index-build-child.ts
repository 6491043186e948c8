// The tree's indexes built in a process of their own, started by
// index-build.ts when the tree is large:
//   node app/.server/genealogy/index-build-child.ts
// The published list alone is seconds of work at 100,000 people; here it holds
// up none of the server's requests (and its memory is its own). Then the
// public GEDCOM file of the same version. The configuration comes from the
// environment the server passes on; exit code 0 when both are stored.
import path from "node:path";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { buildIndexes } from "./index-build.ts";
import { publicExport } from "./published.ts";

const config = parseConfig(process.env);
const db = openDatabase(config.database);
try {
  await buildIndexes(db);
  await publicExport(db, mediaStore(config), path.join(config.dataDir, "cache"));
} finally {
  await db.destroy();
}
