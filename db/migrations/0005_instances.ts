import type { Kysely } from "kysely";

// The server processes running on this installation, each with a heartbeat.
// Start-up clean-up uses it to know whether another process may be in the
// middle of an upload (app/.server/platform/instances.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("instances")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("pid", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("heartbeat_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("instances").execute();
}
