import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterEach, expect, test } from "vitest";
import { findChange, undoChange } from "#app/.server/changes/changes.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { createPerson, editableTree } from "#app/.server/genealogy/editing.ts";
import { migrations } from "#db/migrations/index.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// Migration 0018 (issue 18): the one polymorphic link table becomes
// photo_people and document_people. Every link that points at something is
// kept, and the change history's rows that named the old table still undo.

let t: TestDatabase;
afterEach(() => t?.close());

test("every link is kept in its own table, and an undo recorded before the migration still puts a photo's person back", async () => {
  t = await createTestDatabase();
  const treeId = await editableTree(t.db);
  const jonas = await createPerson(t.db, { givenNames: "Jonas", surname: "Senasis", birthSurname: "", sex: "M", note: "" });
  const ona = await createPerson(t.db, { givenNames: "Ona", surname: "Senoji", birthSurname: "", sex: "F", note: "" });
  const photo = (await t.db.selectFrom("galleryItems").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const doc = (await t.db.selectFrom("documents").select("id").orderBy("id").executeTakeFirstOrThrow()).id;

  // As an installation was before: one link table, and a change that added Jonas to the photo and took Ona off it.
  const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0017_photo_pages")).error).toBeUndefined();
  await sql`insert into genealogy_person_links (tree_id, person_id, kind, item_id) values
    (${treeId}, ${jonas}, 'gallery', ${photo}),
    (${treeId}, ${ona}, 'document', ${doc}),
    (${treeId}, ${jonas}, 'gallery', 999999)`.execute(t.db);
  const link = (personId: number) => ({ treeId, personId, kind: "gallery", itemId: photo });
  const { id: changeId } = await t.db
    .insertInto("changes")
    .values({
      at: "2026-11-01T10:00:00.000Z",
      userId: null,
      username: "admin",
      subjectKind: "gallery",
      subjectId: String(photo),
      summary: "Pakeista, kas nuotraukoje",
      rows: JSON.stringify([
        { table: "genealogyPersonLinks", key: link(ona), before: link(ona), after: null },
        { table: "genealogyPersonLinks", key: link(jonas), before: null, after: link(jonas) },
      ]),
      undoOf: null,
      undoneBy: null,
      proposalId: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  await migrateToLatest(t.db);
  const tables = (await t.db.introspection.getTables()).map((table) => table.name);
  expect(tables).not.toContain("genealogy_person_links");
  // The link to a photo that does not exist is not carried; the others are, each in its own table.
  const photoRow = (id: number, personId: number) => ({
    id,
    galleryItemId: photo,
    treeId,
    personId,
    name: "",
    boxLeft: null,
    boxTop: null,
    boxWidth: null,
    boxHeight: null,
    position: 0,
    portrait: 0,
  });
  expect(await t.db.selectFrom("photoPeople").selectAll().execute()).toEqual([photoRow(2, jonas)]);
  expect(await t.db.selectFrom("documentPeople").selectAll().execute()).toEqual([{ treeId, personId: ona, documentId: doc }]);

  // The history names the new table: Ona's old place (an id below every kept row), Jonas's row as it is now.
  const change = (await findChange(t.db, changeId))!;
  expect(change.rows).toEqual([
    { table: "photoPeople", key: { id: 1 }, before: photoRow(1, ona), after: null },
    { table: "photoPeople", key: { id: 2 }, before: null, after: photoRow(2, jonas) },
  ]);
  expect(await undoChange(t.db, changeId, await addTestUser(t.db, "redaktore", "redaktorius"))).toMatchObject({ ok: true });
  expect(await t.db.selectFrom("photoPeople").selectAll().execute()).toEqual([photoRow(1, ona)]);

  // A new tag after it takes a new id.
  const { id: next } = await t.db
    .insertInto("photoPeople")
    .values({ galleryItemId: photo, treeId: null, personId: null, name: "Kaimynė", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(next).toBeGreaterThan(2);
});
