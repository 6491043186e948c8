import type { Kysely } from "kysely";

// Which process is importing a tree (issue 34 point 4): the id it registered
// in `instances` (app/.server/platform/instances.ts). An import is abandoned
// when that process is gone, not when it has run for an hour: a large import
// may take longer, and a process that starts meanwhile swept it. Null for
// imports begun before this column: those keep the hour.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_trees").addColumn("owner_instance", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_trees").dropColumn("owner_instance").execute();
}
