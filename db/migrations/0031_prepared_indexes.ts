import { sql, type Kysely } from "kysely";
import { monthDayExpression } from "#app/.server/genealogy/day-of-year.ts";

// The tree's indexes made before anyone asks (issue 33, decision 043).
//
// prepared_indexes: the last complete set of whole-tree indexes (the
// published list of people, and each audience's surnames, places and
// statistics), each row a JSON value, all rows of one set written in one
// transaction under the tag they were computed for
// (app/.server/genealogy/prepared-indexes.ts). A request reads the set it
// finds; a newer one is built in the background, by the process whose claim
// is the row named `claim` (its tag: until when, and whose).
//
// genealogy_events_month_day: "Šią dieną" looks up the events of a day of the
// year. The index is on the very expression the query filters by (the
// Gregorian month and day of the event's day number), so both databases keep
// it up to date with every write and the lookup reads only that day's events
// instead of computing the day of every event in the tree.
//
// genealogy_events_place: a place's page lists the events there; without it,
// every event of the tree was read (a fifth of a second at 100,000 people).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("prepared_indexes")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("built_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("genealogy_events_place").on("genealogy_events").columns(["tree_id", "place_id"]).execute();
  await sql`create index genealogy_events_month_day on genealogy_events (tree_id, (${sql.raw(monthDayExpression("date_from"))}))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("genealogy_events_month_day").execute();
  await db.schema.dropIndex("genealogy_events_place").execute();
  await db.schema.dropTable("prepared_indexes").execute();
}
