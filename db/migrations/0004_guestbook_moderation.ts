import type { Kysely } from "kysely";

// Guestbook entries wait for the administrator: 'pending' until approved,
// 'approved' when public, 'hidden' when taken down again. The sender's address
// is kept only as a keyed hash, enough to count entries per address.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("guestbook_entries")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .execute();
  await db.updateTable("guestbook_entries").set({ status: "approved" }).where("approved", "=", 1).execute();
  await db.schema.alterTable("guestbook_entries").dropColumn("approved").execute();
  await db.schema.alterTable("guestbook_entries").addColumn("client_hash", "text").execute();
  await db.schema.createIndex("guestbook_entries_status").on("guestbook_entries").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("guestbook_entries_client").on("guestbook_entries").columns(["client_hash", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("guestbook_entries_client").execute();
  await db.schema.dropIndex("guestbook_entries_status").execute();
  await db.schema
    .alterTable("guestbook_entries")
    .addColumn("approved", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable("guestbook_entries").set({ approved: 1 }).where("status", "=", "approved").execute();
  await db.schema.alterTable("guestbook_entries").dropColumn("client_hash").execute();
  await db.schema.alterTable("guestbook_entries").dropColumn("status").execute();
}
