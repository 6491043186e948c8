import type { Kysely } from "kysely";

// A member's language (issue 30): the letters the site writes them (a
// decision on their proposal), and the language they land in after logging
// in. Lithuanian, the site's own, unless they choose English on /paskyra.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("lt"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("language").execute();
}
