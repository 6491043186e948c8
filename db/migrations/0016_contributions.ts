import type { Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// Relatives contribute (issue 17):
//   - changes: every change by anyone, with the rows it touched before and
//     after (JSON), so that it can be shown and undone (app/.server/changes/changes.ts);
//   - proposals: what a member asks to change or add, until an editor decides;
//   - memories: a member's (approved) text about a person or a photo;
//   - a user's e-mail address and whether they want to hear of decisions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("changes")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // The name as it was when the change was made: kept when the user is removed.
    .addColumn("username", "text")
    .addColumn("subject_kind", "text", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("rows", "text", (c) => c.notNull())
    .addColumn("undo_of", "integer")
    .addColumn("undone_by", "integer")
    .addColumn("proposal_id", "integer")
    .execute();
  await db.schema.createIndex("changes_subject").on("changes").columns(["subject_kind", "subject_id", "id"]).execute();
  await db.schema.createIndex("changes_user").on("changes").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("changes_at").on("changes").column("at").execute();

  await db.schema
    .createTable("proposals")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_kind", "text", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("payload", "text", (c) => c.notNull())
    // What the subject looked like when the member proposed: a change since is a conflict.
    .addColumn("baseline", "text", (c) => c.notNull().defaultTo("null"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .addColumn("decision_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("change_id", "integer")
    .execute();
  await db.schema.createIndex("proposals_status").on("proposals").columns(["status", "id"]).execute();
  await db.schema.createIndex("proposals_user").on("proposals").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("memories")
    .addColumn("id", "integer", generatedId(db))
    // A person by their lasting id (decision 011), or a gallery item.
    .addColumn("person_id", "integer")
    .addColumn("gallery_item_id", "integer", (c) => c.references("gallery_items.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    // Photos with the memory: media ids (JSON list), made by the gallery's pipeline.
    .addColumn("media_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("proposal_id", "integer")
    .execute();
  await db.schema.createIndex("memories_person").on("memories").columns(["person_id", "id"]).execute();
  await db.schema.createIndex("memories_gallery_item").on("memories").columns(["gallery_item_id", "id"]).execute();

  await db.schema.alterTable("users").addColumn("email", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("notify_decisions", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("notify_decisions").execute();
  await db.schema.alterTable("users").dropColumn("email").execute();
  await db.schema.dropTable("memories").execute();
  await db.schema.dropTable("proposals").execute();
  await db.schema.dropTable("changes").execute();
}
