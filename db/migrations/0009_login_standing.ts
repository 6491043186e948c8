import type { Kysely } from "kysely";

// Login throttling by who attempts (app/.server/accounts/login-throttle.ts): each
// failure records whether it came from a trusted browser (and which), a known
// address of the user, or a stranger; the addresses users logged in from are
// remembered.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("failed_logins")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("stranger"))
    .execute();
  await db.schema.alterTable("failed_logins").addColumn("device", "text").execute();
  await db.schema.createIndex("failed_logins_device").on("failed_logins").column("device").execute();
  await db.schema
    .createTable("login_addresses")
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("last_login_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("login_addresses_pk", ["username", "client_address"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_addresses").execute();
  await db.schema.dropIndex("failed_logins_device").execute();
  await db.schema.alterTable("failed_logins").dropColumn("device").execute();
  await db.schema.alterTable("failed_logins").dropColumn("kind").execute();
}
