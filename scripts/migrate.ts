// npm run migrate
// Brings the database's schema up to this version's (the migrations the
// server would run at its start), then exits: the one step of an upgrade with
// several server processes that is done once, while the old processes still
// serve (README, "Upgrading"). Uses DATA_DIR / DATABASE_URL like the server.
import { migrateToLatest, openDatabase, schemaState } from "#app/.server/platform/db/connect.ts";
import { parseConfig } from "#app/.server/platform/env.ts";

const config = parseConfig(process.env);
const db = openDatabase(config.database);
try {
  const before = await schemaState(db);
  await migrateToLatest(db);
  console.log(
    before.state === "current"
      ? "Duomenų bazės schema jau atnaujinta: nieko nedaryta."
      : "Duomenų bazės schema atnaujinta: dabar galima paleisti naujos versijos procesus ir sustabdyti senus.",
  );
} catch (error) {
  console.error(error instanceof Error && error.name === "SchemaNewerError" ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
