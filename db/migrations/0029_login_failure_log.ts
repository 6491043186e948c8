import type { Kysely } from "kysely";
import { generatedId } from "./helpers.ts";

// The failed logins a user is told about (issue 31, decision 037). The
// throttle's failed_logins forgets a failure after 15 minutes, or at the next
// success: this log keeps, for existing users only, when and from where each
// failed attempt came, for 90 days and a few thousand rows a user
// (app/.server/accounts/login-failure-log.ts). seen_at: when /paskyra showed
// the row to its user.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_failure_log")
    .addColumn("id", "integer", generatedId(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .addColumn("seen_at", "text")
    .execute();
  // A user's rows, newest last: the notice, the cap per user.
  await db.schema.createIndex("login_failure_log_user").on("login_failure_log").columns(["user_id", "id"]).execute();
  // The 90 days: the clean-up, the administrator's list.
  await db.schema.createIndex("login_failure_log_time").on("login_failure_log").column("attempted_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_failure_log").execute();
}
