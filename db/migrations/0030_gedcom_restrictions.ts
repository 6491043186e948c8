import type { Kysely } from "kysely";
import { takeRestriction } from "#app/.server/genealogy/restrictions.ts";
import type { RawNode } from "#app/.server/genealogy/gedcom/model.ts";

// GEDCOM's own privacy marks (RESN privacy / confidential) on a person or a
// fact are honoured like the living rule (issue 31): each gets a column of
// its own. Trees imported before kept the RESN lines among the substructures
// (`extra`); they are read out here, so that a mark the file had is honoured
// from the moment the site is upgraded, not only after the next import.
// Migrations see snake_case columns.

const PAGE = 500;

async function readOut(withPlugins: Kysely<any>, table: "genealogy_people" | "genealogy_events"): Promise<void> {
  // Without the application's camelCase plugin: the rows read are named as the columns are.
  const db = withPlugins.withoutPlugins();
  for (let after = -1; ;) {
    const rows = await db
      .selectFrom(table)
      .select(["tree_id", "id", "extra"])
      .where("extra", "like", '%"RESN"%')
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      const { restriction, rest } = takeRestriction(JSON.parse(row.extra) as RawNode[]);
      if (!restriction) continue;
      await db
        .updateTable(table)
        .set({ restriction, extra: JSON.stringify(rest) })
        .where("tree_id", "=", row.tree_id)
        .where("id", "=", row.id)
        .execute();
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_people").addColumn("restriction", "text").execute();
  await db.schema.alterTable("genealogy_events").addColumn("restriction", "text").execute();
  await readOut(db, "genealogy_people");
  await readOut(db, "genealogy_events");
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_events").dropColumn("restriction").execute();
  await db.schema.alterTable("genealogy_people").dropColumn("restriction").execute();
}
