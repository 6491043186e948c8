import type { Kysely } from "kysely";

// A person's GEDCOM UID (_UID or UID), kept beside the record so that a
// re-import gives them the id they had (app/.server/genealogy/person-ids.ts).
// Trees imported before keep their UIDs in the record's extra structures:
// they are copied out here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_people").addColumn("uid", "text").execute();
  let after: [number, number] | null = null;
  for (;;) {
    let query = db.selectFrom("genealogy_people").select(["tree_id", "id", "extra"]);
    if (after) {
      const [tree, id] = after;
      query = query.where((eb) => eb.or([eb("tree_id", ">", tree), eb.and([eb("tree_id", "=", tree), eb("id", ">", id)])]));
    }
    const rows: { tree_id: number; id: number; extra: string }[] = await query
      .where("extra", "like", "%UID%")
      .orderBy("tree_id")
      .orderBy("id")
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const nodes = JSON.parse(row.extra) as { t: string; v?: string }[];
      const value = nodes.find((n) => n.t === "_UID" || n.t === "UID")?.v;
      const uid = value?.replace(/[{}\-\s]/g, "").toUpperCase();
      if (uid) await db.updateTable("genealogy_people").set({ uid }).where("tree_id", "=", row.tree_id).where("id", "=", row.id).execute();
    }
    const last = rows[rows.length - 1];
    after = [last.tree_id, last.id];
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_people").dropColumn("uid").execute();
}
