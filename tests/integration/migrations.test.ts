import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { isNameIndexTable } from "#app/.server/genealogy/name-index.ts";
import { migrateToLatest } from "#app/.server/platform/db/connect.ts";
import { seedIfNew, SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { migrations } from "#db/migrations/index.ts";
import { onPostgres } from "#tests/database-target.ts";
import { createEmptyDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
afterEach(() => t?.close());

test("migrations build every table from an empty database, and running them again changes nothing", async () => {
  t = await createEmptyDatabase();
  await migrateToLatest(t.db);
  await migrateToLatest(t.db);
  const all = (await t.db.introspection.getTables()).map((table) => table.name);
  const tables = all.filter((name) => !name.startsWith("kysely_") && !isNameIndexTable(name)).sort();
  expect(tables).toEqual([
    "account_links",
    "album_photos",
    "albums",
    "changes",
    "document_people",
    "documents",
    "failed_logins",
    "gallery_items",
    "genealogy_children",
    "genealogy_citations",
    "genealogy_events",
    "genealogy_families",
    "genealogy_files",
    "genealogy_media",
    "genealogy_media_links",
    "genealogy_people",
    "genealogy_places",
    "genealogy_records",
    "genealogy_sources",
    "genealogy_trees",
    "guestbook_entries",
    "history_revisions",
    "instances",
    "login_addresses",
    "login_failure_log",
    "media",
    "memories",
    "passkey_challenges",
    "passkeys",
    "password_checks",
    "photo_documents",
    "photo_people",
    "prepared_indexes",
    "private_people",
    "proposals",
    "sessions",
    "settings",
    "stories",
    "story_revisions",
    "story_slugs",
    "users",
  ]);
  // The person search's index of the names' letters (migration 0032): SQLite's FTS5 table, PostgreSQL's GIN index.
  if (onPostgres) {
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'genealogy_people_name_trigrams'`.execute(t.db);
    expect(rows.map((r) => r.indexdef).join("")).toContain("gin_trgm_ops");
  } else {
    expect(all).toContain("genealogy_name_index");
  }
  const applied = await t.db
    .selectFrom("kysely_migration" as "settings")
    .selectAll()
    .execute();
  expect(applied).toHaveLength(Object.keys(migrations).length);
});

test("a new installation gets the seeded content once: six photos, five documents, guestbook examples", async () => {
  t = await createEmptyDatabase();
  await migrateToLatest(t.db);
  expect(await seedIfNew(t.db, t.media)).toBe(true);
  const count = async (table: "galleryItems" | "documents" | "guestbookEntries" | "historyRevisions") =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count("galleryItems")).toBe(6);
  expect(await count("documents")).toBe(5);
  expect(await count("guestbookEntries")).toBeGreaterThanOrEqual(2);
  expect(await count("historyRevisions")).toBe(1);
  // Five of the six seeded photos have real pictures, with their files on disk.
  const images = await t.db.selectFrom("galleryItems").select("mediaId").orderBy("position").execute();
  expect(images.map((i) => i.mediaId !== null)).toEqual([true, true, true, true, true, false]);
  for (const { mediaId } of images.slice(0, 5)) {
    expect(fs.existsSync(path.join(t.media.root, "public", mediaId!, "display.jpg"))).toBe(true);
  }
  expect((await t.db.selectFrom("historyRevisions").select("title").executeTakeFirstOrThrow()).title).toBe(SEED_HISTORY.title);
  expect((await getSiteSettings(t.db)).familyName).toBe("Jonaičių giminė");
  // Gallery and document ids follow the spec's rule: 1, 2, 3...
  const ids = (await t.db.selectFrom("documents").select("id").orderBy("id").execute()).map((r) => r.id);
  expect(ids).toEqual([1, 2, 3, 4, 5]);

  // Emptied by the administrator, the gallery stays empty after a restart.
  await t.db.deleteFrom("galleryItems").execute();
  expect(await seedIfNew(t.db, t.media)).toBe(false);
  expect(await count("galleryItems")).toBe(0);
  expect(await count("documents")).toBe(5);
});
