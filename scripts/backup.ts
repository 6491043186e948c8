// npm run backup -- FILE
// Writes one archive (.tar.gz) with the database content and every uploaded
// file of the installation that DATA_DIR / DATABASE_URL name. Safe while the
// site is running and being edited.
import fs from "node:fs";
import path from "node:path";
import { BackupError, writeBackup } from "#app/.server/backup/backup.ts";
import { openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { plural } from "#app/lib/lithuanian.ts";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("Naudojimas: npm run backup -- FAILAS.tar.gz");
  process.exit(2);
}

const config = parseConfig(process.env);
// Opening a SQLite file that is not there creates an empty one: a backup of
// nothing, and a database where there was none. A DATA_DIR mistyped is said so.
if (config.database.kind === "sqlite" && !fs.existsSync(config.database.file)) {
  console.error(
    `Duomenų bazės nėra: ${config.database.file}. Patikrinkite DATA_DIR (svetainės duomenų aplanką) arba nurodykite DATABASE_URL. Nieko neįrašyta.`,
  );
  process.exit(1);
}
const db = openDatabase(config.database);
try {
  const manifest = await writeBackup(db, config.database.kind, mediaStore(config), path.resolve(file));
  const rows = Object.values(manifest.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Atsarginė kopija įrašyta: ${path.resolve(file)} (${plural(rows, ["įrašas", "įrašai", "įrašų"])}, ${plural(manifest.files, ["failas", "failai", "failų"])}).`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
