import type { Kysely } from "kysely";

// What an import keeps beyond 0006 (app/.server/genealogy/gedcom/import.ts):
//   - whether the file was cut off (no 0 TRLR), and how many warnings it had
//     (only the first thousand are stored);
//   - the substructures of a family's CHIL, HUSB and WIFE lines (_FREL/_MREL,
//     PHRASE and the like) and of a person's FAMS lines, so that an export
//     writes them back;
//   - every file a GEDZIP archive held that the GEDCOM names (FILE, TRAN), by
//     the path as the GEDCOM writes it;
//   - an OBJE record's substructures whole (before, FILE, FORM and TITL were
//     taken out into columns and the rest kept), and whether it was embedded
//     in its owner (GEDCOM 5.5).
interface Raw {
  t: string;
  v?: string;
  c?: Raw[];
}

/** Media records of earlier imports, their FILE, FORM and TITL put back among their substructures. */
async function keepMediaRecordsWhole(db: Kysely<any>): Promise<void> {
  const rows: { tree_id: number; id: number; file: string | null; format: string | null; title: string | null; extra: string }[] = await db
    .selectFrom("genealogy_media")
    .select(["tree_id", "id", "file", "format", "title", "extra"])
    .execute();
  for (const row of rows) {
    const extra = JSON.parse(row.extra) as Raw[];
    const parts = extra.find((n) => n.t === "_FILEPARTS");
    const rest = extra.filter((n) => n !== parts);
    const described: Raw[] = [
      ...(row.format !== null ? [{ t: "FORM", v: row.format }] : []),
      ...(row.title !== null ? [{ t: "TITL", v: row.title }] : []),
    ];
    const whole =
      row.file !== null ? [{ t: "FILE", v: row.file, c: [...described, ...(parts?.c ?? [])] }, ...rest] : [...described, ...rest];
    await db
      .updateTable("genealogy_media")
      .set({ extra: JSON.stringify(whole) })
      .where("tree_id", "=", row.tree_id)
      .where("id", "=", row.id)
      .execute();
  }
}
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("genealogy_trees")
    .addColumn("cut_off", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("genealogy_trees")
    .addColumn("warning_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("genealogy_children")
    .addColumn("family_extra", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("genealogy_people")
    .addColumn("fams_extra", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema
    .alterTable("genealogy_families")
    .addColumn("partner_extra", "text", (c) => c.notNull().defaultTo("[[],[]]"))
    .execute();
  await db.schema
    .createTable("genealogy_files")
    .addColumn("tree_id", "integer", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("media_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_files_pk", ["tree_id", "path"])
    .execute();
  await db.schema
    .alterTable("genealogy_media")
    .addColumn("embedded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await keepMediaRecordsWhole(db);
  // Trees an import left half made (a killed process) are failed ones.
  await db.updateTable("genealogy_trees").set({ status: "failed" }).where("status", "=", "importing").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("genealogy_media").dropColumn("embedded").execute();
  await db.schema.dropTable("genealogy_files").execute();
  await db.schema.alterTable("genealogy_families").dropColumn("partner_extra").execute();
  await db.schema.alterTable("genealogy_people").dropColumn("fams_extra").execute();
  await db.schema.alterTable("genealogy_children").dropColumn("family_extra").execute();
  await db.schema.alterTable("genealogy_trees").dropColumn("warning_count").execute();
  await db.schema.alterTable("genealogy_trees").dropColumn("cut_off").execute();
}
