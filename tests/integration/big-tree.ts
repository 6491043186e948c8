import { sql } from "kysely";
import type { Database } from "#app/.server/platform/db/schema.ts";

// A tree of any size written straight in SQL (a recursive CTE per table, the
// same statements on SQLite and PostgreSQL): 100,000 people in seconds, where
// a GEDCOM import of that size takes ten. Shaped like bench/gedcom-generate.ts:
// person i is a partner in family ceil(i/2) and a child of family
// floor((i - 1) / 3) when that family is an earlier one, so about 2 people
// per family and up to 3 children each; every person has a birth, the older
// ones a death, every family a marriage, in one of people / 20 places, with a
// shared note on every tenth person and a picture on every hundredth, a
// source for every ten people and a citation of one on every birth. Six
// surnames, and a rare one (Kalvaitis, one person in 10,000) for the search.

const numbers = (count: number) => sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;

/** Writes a ready tree of `people` people under `treeId` (no settings changed). */
export async function writeBigTree(db: Database, treeId: number, people: number): Promise<void> {
  const families = Math.floor(people / 2);
  const places = Math.max(1, Math.floor(people / 20));
  const tree = sql.lit(treeId);
  await db
    .insertInto("genealogyTrees")
    // Ready at the end, as an import's tree: SQLite's name index takes its people all at once (migration 0032).
    .values({ id: treeId, status: "importing", sourceName: "didelis.ged", createdAt: new Date().toISOString(), people, families })
    .execute();
  await sql`${numbers(people)}
    insert into genealogy_people (tree_id, id, xref, given_names, surname, birth_surname, sex, names, notes, extra, search_key, position)
    select ${tree}, i, 'I' || i,
      case i % 4 when 0 then 'Ona' when 1 then 'Jonas' when 2 then 'Marija' else 'Petras' end,
      case when i % 10000 = 7 then 'Kalvaitis'
        else case i % 6 when 0 then 'Jonaitis' when 1 then 'Petrauskas' when 2 then 'Kazlauskas' when 3 then 'Šimkus' when 4 then 'Vaitkus' else 'Urbonas' end end,
      null,
      case i % 2 when 1 then 'M' else 'F' end,
      '[]',
      case i % 10 when 0 then '[{"ref":"@N' || i || '@"}]' else '[]' end,
      '[]',
      -- The search key as the import folds it (searchKey: lower case, no diacritics).
      case i % 4 when 0 then 'ona' when 1 then 'jonas' when 2 then 'marija' else 'petras' end || ' ' ||
      case when i % 10000 = 7 then 'kalvaitis'
        else case i % 6 when 0 then 'jonaitis' when 1 then 'petrauskas' when 2 then 'kazlauskas' when 3 then 'simkus' when 4 then 'vaitkus' else 'urbonas' end end,
      i
    from n`.execute(db);
  await sql`${numbers(families)}
    insert into genealogy_families (tree_id, id, xref, partner1_id, partner1_role, partner2_id, partner2_role, notes, extra, position)
    select ${tree}, i, 'F' || i, 2 * i - 1, 'HUSB', 2 * i, 'WIFE', '[]', '[]', i
    from n`.execute(db);
  await sql`${numbers(people)}
    insert into genealogy_children (tree_id, family_id, person_id, relation, position, extra)
    select ${tree}, (i - 1) / 3, i, 'birth', (i - 1) % 3, '[]'
    from n where (i - 1) / 3 >= 1 and (i - 1) / 3 < (i + 1) / 2`.execute(db);
  await sql`${numbers(places)}
    insert into genealogy_places (tree_id, id, name, parts)
    select ${tree}, i, 'Vieta ' || i || ', Lietuva', '[]' from n`.execute(db);
  // Events: births 1..people, deaths of every other person, marriages after them.
  await sql`${numbers(people)}
    insert into genealogy_events (tree_id, id, owner_kind, owner_id, tag, date, date_from, date_to, place_id, notes, extra, position)
    select ${tree}, i, 'person', i, 'BIRT', '' || (2000 - i % 150), 2415021 + i, 2415021 + i, 1 + i % ${sql.lit(places)}, '[]', '[]', 0
    from n`.execute(db);
  await sql`${numbers(people / 2)}
    insert into genealogy_events (tree_id, id, owner_kind, owner_id, tag, date, date_from, date_to, place_id, notes, extra, position)
    select ${tree}, ${sql.lit(people)} + i, 'person', 2 * i, 'DEAT', '1950', 2433283, 2433647, null, '[]', '[]', 1
    from n`.execute(db);
  await sql`${numbers(families)}
    insert into genealogy_events (tree_id, id, owner_kind, owner_id, tag, date, date_from, date_to, place_id, notes, extra, position)
    select ${tree}, ${sql.lit(people + people / 2)} + i, 'family', i, 'MARR', '1925', 2424152, 2424516, 1 + i % ${sql.lit(places)}, '[]', '[]', 0
    from n`.execute(db);
  await sql`${numbers(people / 10)}
    insert into genealogy_records (tree_id, id, xref, tag, value, children)
    select ${tree}, i, '@N' || (10 * i) || '@', 'NOTE', 'Prisiminimai', '[]' from n`.execute(db);
  await sql`${numbers(people / 100)}
    insert into genealogy_media (tree_id, id, xref, file, format, title, extra)
    select ${tree}, i, 'M' || i, 'nuotraukos/' || i || '.jpg', 'jpg', 'Nuotrauka', '[]' from n`.execute(db);
  await sql`${numbers(people / 100)}
    insert into genealogy_media_links (tree_id, media_id, owner_kind, owner_id, position, extra)
    select ${tree}, i, 'person', 100 * i, 0, '[]' from n`.execute(db);
  await sql`${numbers(people / 10)}
    insert into genealogy_sources (tree_id, id, xref, title, notes, extra)
    select ${tree}, i, '@S' || i || '@', 'Metrikų knyga ' || i, '[]', '[]' from n`.execute(db);
  await sql`${numbers(people)}
    insert into genealogy_citations (tree_id, id, owner_kind, owner_id, source_id, page, extra, position)
    select ${tree}, i, 'event', i, 1 + i % ${sql.lit(people / 10)}, 'p. ' || i, '[{"t":"QUAY","v":"2"}]', 0 from n`.execute(db);
  await db.updateTable("genealogyTrees").set({ status: "ready" }).where("id", "=", treeId).execute();
}
