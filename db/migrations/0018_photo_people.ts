import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers.ts";

// People in photos (issue 18), and one link table per kind of link.
//
// genealogy_person_links pointed at either a gallery item or a document by
// (kind, item_id), so no foreign key could protect it. It becomes:
//   - photo_people: who is in a gallery photo, each a person of a tree or, for
//     someone not in the tree, a free name; with the rectangle of the photo
//     they are in (fractions of its width and height), or none, which may be
//     the person's portrait. Deleted with the photo or the person.
//   - document_people: the people a document is about; deleted with either.
// Every link whose photo or document and person still exist is kept. The
// change history's rows that named the old table are rewritten to the new
// ones, so that an undo of an earlier change still puts them back.

type Row = Record<string, unknown>;
interface RowChange {
  table: string;
  key: Row;
  before: Row | null;
  after: Row | null;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("photo_people")
    // Never an id used before (AUTOINCREMENT on SQLite, an identity on PostgreSQL): the change history names rows by it.
    .addColumn("id", "integer", (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("gallery_item_id", "integer", (c) => c.notNull().references("gallery_items.id").onDelete("cascade"))
    // A person of a tree (both set), or a free name (both NULL: the tag is not the tree's, it outlives imports).
    .addColumn("tree_id", "integer")
    .addColumn("person_id", "integer")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("box_left", "real")
    .addColumn("box_top", "real")
    .addColumn("box_width", "real")
    .addColumn("box_height", "real")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    // 1: this rectangle is the person's portrait (on their page), at most one per person.
    .addColumn("portrait", "integer", (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint("photo_people_person", ["tree_id", "person_id"], "genealogy_people", ["tree_id", "id"], (c) =>
      c.onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("photo_people_item").on("photo_people").columns(["gallery_item_id", "position"]).execute();
  await db.schema.createIndex("photo_people_person").on("photo_people").columns(["tree_id", "person_id"]).execute();

  await db.schema
    .createTable("document_people")
    .addColumn("tree_id", "integer", (c) => c.notNull())
    .addColumn("person_id", "integer", (c) => c.notNull())
    .addColumn("document_id", "integer", (c) => c.notNull().references("documents.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("document_people_pk", ["tree_id", "person_id", "document_id"])
    .addForeignKeyConstraint("document_people_person", ["tree_id", "person_id"], "genealogy_people", ["tree_id", "id"], (c) =>
      c.onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("document_people_document").on("document_people").column("document_id").execute();

  // The links that still point at something, in a stable order.
  const links = (
    await sql<{ t: number; p: number; k: string; i: number }>`
      select l.tree_id as t, l.person_id as p, l.kind as k, l.item_id as i
      from genealogy_person_links l
      join genealogy_people p on p.tree_id = l.tree_id and p.id = l.person_id
      where (l.kind = 'gallery' and l.item_id in (select id from gallery_items))
         or (l.kind = 'document' and l.item_id in (select id from documents))
      order by l.tree_id, l.item_id, l.person_id`.execute(db)
  ).rows;
  const linkKey = (treeId: unknown, personId: unknown, itemId: unknown) => `${treeId}/${personId}/${itemId}`;

  // A photo link the history names but that is gone now gets an id below every
  // kept one, so that no new tag takes it before an undo puts it back.
  const history = (await sql<{ id: number; rows: string }>`select id, rows from changes order by id`.execute(db)).rows;
  const photoIds = new Map<string, number>();
  for (const change of history) {
    for (const row of JSON.parse(change.rows) as RowChange[]) {
      if (row.table === "genealogyPersonLinks" && row.key.kind === "gallery") {
        const key = linkKey(row.key.treeId, row.key.personId, row.key.itemId);
        if (!photoIds.has(key) && !links.some((l) => l.k === "gallery" && linkKey(l.t, l.p, l.i) === key)) {
          photoIds.set(key, photoIds.size + 1);
        }
      }
    }
  }
  for (const link of links) {
    if (link.k === "gallery") {
      const id = photoIds.size + 1;
      photoIds.set(linkKey(link.t, link.p, link.i), id);
      await db
        .insertInto("photo_people")
        .values({ id, gallery_item_id: link.i, tree_id: link.t, person_id: link.p, name: "", position: 0 })
        .execute();
    } else {
      await db.insertInto("document_people").values({ tree_id: link.t, person_id: link.p, document_id: link.i }).execute();
    }
  }
  // New ids start above the reserved ones too when no link was kept (nothing inserted moved the counter).
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('photo_people', 'id'), ${photoIds.size + 1}, false)`.execute(db);
  } else if (photoIds.size > 0) {
    await sql`delete from sqlite_sequence where name = 'photo_people'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) values ('photo_people', ${photoIds.size})`.execute(db);
  }

  // The history's rows, as the new tables' rows (camelCase, as the application reads them).
  const photoRow = (row: Row | null, id: number): Row | null =>
    row && {
      id,
      galleryItemId: row.itemId,
      treeId: row.treeId,
      personId: row.personId,
      name: "",
      boxLeft: null,
      boxTop: null,
      boxWidth: null,
      boxHeight: null,
      position: 0,
      portrait: 0,
    };
  const documentRow = (row: Row | null): Row | null => row && { treeId: row.treeId, personId: row.personId, documentId: row.itemId };
  for (const change of history) {
    const rows = JSON.parse(change.rows) as RowChange[];
    if (!rows.some((row) => row.table === "genealogyPersonLinks")) continue;
    const rewritten = rows.map((row): RowChange => {
      if (row.table !== "genealogyPersonLinks") return row;
      const { treeId, personId, itemId } = row.key;
      if (row.key.kind === "gallery") {
        const id = photoIds.get(linkKey(treeId, personId, itemId))!;
        return { table: "photoPeople", key: { id }, before: photoRow(row.before, id), after: photoRow(row.after, id) };
      }
      return {
        table: "documentPeople",
        key: { treeId, personId, documentId: itemId },
        before: documentRow(row.before),
        after: documentRow(row.after),
      };
    });
    await db
      .updateTable("changes")
      .set({ rows: JSON.stringify(rewritten) })
      .where("id", "=", change.id)
      .execute();
  }

  await db.schema.dropTable("genealogy_person_links").execute();
}

/** Back to one link table (a restore of an older backup goes through here): the rectangles and free names are not kept. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("genealogy_person_links")
    .addColumn("tree_id", "integer", (c) => c.notNull())
    .addColumn("person_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("genealogy_person_links_pk", ["tree_id", "person_id", "kind", "item_id"])
    .execute();
  await db.schema.createIndex("genealogy_person_links_item").on("genealogy_person_links").columns(["kind", "item_id"]).execute();
  await sql`insert into genealogy_person_links (tree_id, person_id, kind, item_id)
    select distinct tree_id, person_id, 'gallery', gallery_item_id from photo_people where person_id is not null`.execute(db);
  await sql`insert into genealogy_person_links (tree_id, person_id, kind, item_id)
    select tree_id, person_id, 'document', document_id from document_people`.execute(db);
  await db.schema.dropTable("photo_people").execute();
  await db.schema.dropTable("document_people").execute();
}
