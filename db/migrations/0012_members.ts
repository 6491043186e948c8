import type { Kysely } from "kysely";

// The family's members (issue 14):
//   - every user has a role (the users before this were all administrators),
//     may be disabled, and may be a person of the tree ("tai aš");
//   - a session remembers when it was last used and from what device, for
//     the user's list of their sessions;
//   - invitations and password-reset links: single-use tokens (only their
//     SHA-256 is kept) that expire;
//   - passkeys (WebAuthn credentials) and the challenges handed out for them;
//   - what is for the family only: a gallery item, a document, the history's
//     period texts; and the people the administrator keeps private (hidden
//     from members too), by their lasting person id (decision 011).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("administratorius"))
    .execute();
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("person_id", "integer").execute();

  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("device", "text").execute();

  await db.schema
    .createTable("account_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("person_id", "integer")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("used_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("account_links_user_id").on("account_links").column("user_id").execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("passkey_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("gallery_items")
    .addColumn("members_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("documents")
    .addColumn("members_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("history_revisions")
    .addColumn("period_members_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("private_people")
    .addColumn("person_id", "integer", (c) => c.primaryKey())
    .addColumn("marked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("private_people").execute();
  await db.schema.alterTable("history_revisions").dropColumn("period_members_only").execute();
  await db.schema.alterTable("documents").dropColumn("members_only").execute();
  await db.schema.alterTable("gallery_items").dropColumn("members_only").execute();
  await db.schema.dropTable("passkey_challenges").execute();
  await db.schema.dropTable("passkeys").execute();
  await db.schema.dropTable("account_links").execute();
  await db.schema.alterTable("sessions").dropColumn("device").execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.alterTable("users").dropColumn("person_id").execute();
  await db.schema.alterTable("users").dropColumn("disabled_at").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
