import type { Kysely } from "kysely";

// Anonymous passkey challenges are bounded (issue 31): each remembers the
// address that asked for it, so one address cannot fill the table; the index
// serves the count by address and the clean-up by expiry.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("passkey_challenges").addColumn("client_address", "text").execute();
  await db.schema.createIndex("passkey_challenges_expires_at").on("passkey_challenges").column("expires_at").execute();
  await db.schema.createIndex("passkey_challenges_client_address").on("passkey_challenges").column("client_address").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("passkey_challenges_client_address").execute();
  await db.schema.dropIndex("passkey_challenges_expires_at").execute();
  await db.schema.alterTable("passkey_challenges").dropColumn("client_address").execute();
}
