// npm run restore -- FILE [--force]
// Restores an archive made by `npm run backup` (or downloaded from the
// dashboard) into the installation that DATA_DIR / DATABASE_URL name. An
// installation with content is refused unless --force is given. Stop the
// site while restoring.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "#app/.server/backup/backup.ts";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { formatDateTime, plural } from "#app/lib/lithuanian.ts";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
const file = positionals[0];
if (!file) {
  console.error("Naudojimas: npm run restore -- FAILAS.tar.gz [--force]");
  process.exit(2);
}

const config = parseConfig(process.env);
const db = openDatabase(config.database);
try {
  const manifest = await restoreBackup(db, config.database.kind, mediaStore(config), path.resolve(file), { force: values.force });
  console.log(
    `Atkurta iš ${path.resolve(file)}: kopija sukurta ${formatDateTime(manifest.createdAt)}, ${plural(manifest.files, ["failas", "failai", "failų"])}.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
