import type { Kysely } from "kysely";

// People's names indexed, so that a document's person field finds its person
// without reading the whole tree.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("genealogy_people_surname").on("genealogy_people").columns(["tree_id", "surname", "given_names"]).execute();
  await db.schema
    .createIndex("genealogy_people_birth_surname")
    .on("genealogy_people")
    .columns(["tree_id", "birth_surname", "given_names"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_people_birth_surname").execute();
  await db.schema.dropIndex("genealogy_people_surname").execute();
}
