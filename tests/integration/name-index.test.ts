import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createPerson, removePerson, updatePerson, type PersonFields } from "#app/.server/genealogy/editing.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { nameMatches } from "#app/.server/genealogy/name-index.ts";
import { MATCHES_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { discardTree, importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { NAME_INDEX_SPAN } from "#db/migrations/0032_name_index.ts";
import { createPostgresDatabase, databaseUrl, dropPostgresDatabase, onPostgres } from "#tests/database-target.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The person search asks the index of the names' letters first (name-index.ts,
// migration 0032): what it answers is what the people's rows say, after every
// kind of write, and a name borne by more people than the search counts is
// told as "more than".

const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
const editor: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

let t: TestDatabase;
let treeId: number;
let fileNumber = 0;

/** Imports a GEDCOM text (records after the header) as a new tree. */
async function importText(records: string): Promise<number> {
  const file = path.join(t.dir, `vardai-${++fileNumber}.ged`);
  fs.writeFileSync(file, `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n${records.trim()}\n0 TRLR\n`);
  return (await importFile(t.db, t.media, file, { sourceName: path.basename(file) })).treeId;
}

const dead = (xref: string, name: string) => `0 @${xref}@ INDI\n1 NAME ${name}\n1 BIRT\n2 DATE 1850\n1 DEAT\n2 DATE 1920`;

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  treeId = await importText([dead("I1", "Jonas /Kalvaitis/"), dead("I2", "Nastė /Jonaitienė/"), dead("I3", "Petras /Ūsas/")].join("\n"));
  await makeCurrent(t.db, t.media, treeId);
});
afterAll(() => t?.close());

const names = async (query: string, viewer: Viewer = editor) =>
  (await searchPeoplePage(t.db, treeId, query, viewer)).items.map((p) => p.name).sort();

/** SQLite's index, as the person ids of each tree it holds (PostgreSQL's is the database's own). */
async function indexed(): Promise<Map<number, number[]>> {
  const { rows } = await sql<{ rowid: number }>`select rowid from genealogy_name_index order by rowid`.execute(t.db);
  const trees = new Map<number, number[]>();
  for (const { rowid } of rows) {
    const tree = Math.floor(Number(rowid) / NAME_INDEX_SPAN);
    trees.set(tree, [...(trees.get(tree) ?? []), Number(rowid) - tree * NAME_INDEX_SPAN]);
  }
  return trees;
}

/** The ids of the people of the trees that are ready, by tree: what SQLite's index must hold. */
async function readyPeople(): Promise<Map<number, number[]>> {
  const rows = await t.db
    .selectFrom("genealogyPeople as p")
    .innerJoin("genealogyTrees as tr", "tr.id", "p.treeId")
    .select(["p.treeId", "p.id"])
    .where("tr.status", "=", "ready")
    .orderBy("p.treeId")
    .orderBy("p.id")
    .execute();
  const trees = new Map<number, number[]>();
  for (const r of rows) trees.set(r.treeId, [...(trees.get(r.treeId) ?? []), r.id]);
  return trees;
}

test("a name is found by any part of a word, diacritics aside, and only where the word's letters stand together", async () => {
  expect(await names("kalvait")).toEqual(["Jonas Kalvaitis"]);
  expect(await names("usas")).toEqual(["Petras Ūsas"]);
  expect(await names("JONAS kalv")).toEqual(["Jonas Kalvaitis"]);
  // "jonas" has the letters jon, ona, nas, and so does "naste jonaitiene": not a match.
  expect(await names("jonas")).toEqual(["Jonas Kalvaitis"]);
  expect(await names("jon")).toEqual(["Jonas Kalvaitis", "Nastė Jonaitienė"]);
  expect(await names("zzz")).toEqual([]);
  // A query reads its first SEARCH_QUERY_MAX characters: a word past them is not looked for.
  expect(await names(`kalvait${" ".repeat(SEARCH_QUERY_MAX)}zzz`)).toEqual(["Jonas Kalvaitis"]);
  expect(await names(`kalvait${" ".repeat(SEARCH_QUERY_MAX - 20)}zzz`)).toEqual([]);
  expect((await nameMatches(t.db, treeId, ["kalvait"], 10)).length).toBe(1);
});

test("the index follows every write: a person added, renamed and removed, an import's tree once ready, a tree discarded", async () => {
  const fields: PersonFields = { givenNames: "Vaidotas", surname: "Naujokas", birthSurname: "", sex: "M", note: "" };
  const id = await createPerson(t.db, fields);
  expect(await names("naujok")).toEqual(["Vaidotas Naujokas"]);
  await updatePerson(t.db, treeId, id, { ...fields, surname: "Senokas" });
  expect(await names("naujok")).toEqual([]);
  expect(await names("senok")).toEqual(["Vaidotas Senokas"]);
  await removePerson(t.db, treeId, id);
  expect(await names("senok")).toEqual([]);

  // Another tree, imported beside the current one: found in it, not in the current one.
  const other = await importText(dead("I1", "Rimas /Tolimasis/"));
  expect(await nameMatches(t.db, other, ["tolim"], 10)).toHaveLength(1);
  expect(await names("tolim")).toEqual([]);
  if (!onPostgres) expect(await indexed()).toEqual(await readyPeople());
  await discardTree(t.db, t.media, other);
  expect(await nameMatches(t.db, other, ["tolim"], 10)).toEqual([]);
  if (!onPostgres) {
    expect(await indexed()).toEqual(await readyPeople());
    // A tree that stops being ready (a merge's base) leaves the index; it comes back when ready again.
    await t.db.updateTable("genealogyTrees").set({ status: "base" }).where("id", "=", treeId).execute();
    expect((await indexed()).has(treeId)).toBe(false);
    await t.db.updateTable("genealogyTrees").set({ status: "ready" }).where("id", "=", treeId).execute();
    expect(await indexed()).toEqual(await readyPeople());
  }
});

test("a name more people bear than a search counts: the first pages in name order, and 'more than' said to members too", async () => {
  // MATCHES_MAX + 5 namesakes, written in one statement (the dead need no events for members).
  const count = MATCHES_MAX + 5;
  const { max } = await t.db
    .selectFrom("genealogyPeople")
    .select((eb) => eb.fn.max("id").as("max"))
    .where("treeId", "=", treeId)
    .executeTakeFirstOrThrow();
  const first = Number(max) + 1;
  await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(count - 1)})
    insert into genealogy_people (tree_id, id, xref, given_names, surname, birth_surname, sex, names, notes, extra, search_key, position)
    select ${treeId}, ${first} + i, null, 'Vardas' || (1000 + i), 'Daugenis', null, 'M', '[]', '[]', '[]',
      'vardas' || (1000 + i) || ' daugenis', ${first} + i
    from n`.execute(t.db);
  const page = await searchPeoplePage(t.db, treeId, "daugen", member);
  expect(page.total).toBe(MATCHES_MAX);
  expect(page.more).toBe(true);
  expect(page.items.map((p) => p.name)).toEqual(Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => `Vardas${1000 + i} Daugenis`));
  const second = await searchPeoplePage(t.db, treeId, "daugen", member, 2);
  expect(second.items[0].name).toBe(`Vardas${1000 + SEARCH_PAGE_SIZE} Daugenis`);
  // A word more of the name: few again, counted exactly.
  const narrowed = await searchPeoplePage(t.db, treeId, "vardas1004 daugen", member);
  expect([narrowed.total, narrowed.more, narrowed.items.map((p) => p.name)]).toEqual([1, false, ["Vardas1004 Daugenis"]]);
  // Exactly MATCHES_MAX bearers (the extra five gone): counted exactly, no "more than".
  await t.db
    .deleteFrom("genealogyPeople")
    .where("treeId", "=", treeId)
    .where("id", ">=", first + MATCHES_MAX)
    .execute();
  const all = await searchPeoplePage(t.db, treeId, "daugen", member);
  expect([all.total, all.more]).toEqual([MATCHES_MAX, false]);
});

// PostgreSQL's alone (SQLite's FTS5 is built in): declared only in the PostgreSQL run.
if (onPostgres) {
  test("PostgreSQL that refuses pg_trgm: the migrations say so and go on, and the search still finds by any part of a word", async () => {
    // A role that may create tables but not extensions (no CREATE on the database), as on a host without the contrib modules.
    const role = `seima_be_trgm_${Date.now()}`;
    const name = await createPostgresDatabase("seima_be_trgm");
    const asAdmin = async (database: string | null, query: string) => {
      const client = new pg.Client({ connectionString: database ? databaseUrl(database) : process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    await asAdmin(null, `create role ${role} login`);
    await asAdmin(name, `grant create, usage on schema public to ${role}`);
    const url = new URL(databaseUrl(name));
    url.username = role;
    url.password = "";
    const db = openDatabase({ kind: "postgres", url: url.toString() });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await migrateToLatest(db);
      const warned = warn.mock.calls.map((call) => String(call[0])).join("\n");
      expect(warned).toContain("Paieškos indeksas nesukurtas (pg_trgm neprieinamas)");
      expect(warned).toMatch(/permission denied to create extension "pg_trgm"/);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'genealogy_people_name_trigrams'`.execute(db);
      expect(rows[0].n).toBe(0);
      await createPerson(db, { givenNames: "Ona", surname: "Kalvaitienė", birthSurname: "", sex: "F", note: "" });
      const tree = Number(
        (await db.selectFrom("settings").select("value").where("key", "=", "genealogy_current_tree").executeTakeFirstOrThrow()).value,
      );
      expect((await searchPeoplePage(db, tree, "kalvait", editor)).items.map((p) => p.name)).toEqual(["Ona Kalvaitienė"]);
    } finally {
      warn.mockRestore();
      await db.destroy();
      await dropPostgresDatabase(name);
      await asAdmin(null, `drop role ${role}`);
    }
  });
}
