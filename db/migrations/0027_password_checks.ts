import type { Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// The current password asked again inside a session (a new password, a new
// passkey) is throttled per user like a login (issue 31): each wrong answer
// is kept a while, so that whoever holds an unattended session cannot guess
// it without limit.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("password_checks")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("failed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_checks_user").on("password_checks").columns(["user_id", "failed_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_checks").execute();
}
