import { CompiledQuery, type Compilable } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { PAGE_ROWS } from "#app/.server/platform/db/writes.ts";
import { treeQueries } from "#app/.server/genealogy/family-graph.ts";
import { treesQueries, updateTreeStatistics } from "#app/.server/genealogy/trees.ts";
import { dayEvents } from "#app/.server/genealogy/on-this-day.ts";
import { placeEventsQuery } from "#app/.server/genealogy/places.ts";
import { nameMatches, nameMatchesQuery } from "#app/.server/genealogy/name-index.ts";
import { MATCHES_MAX } from "#app/.server/genealogy/search.ts";
import { onPostgres } from "#tests/database-target.ts";
import { writeBigTree } from "./big-tree.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// At 100,000 people, every query the tree's pages run (the chart, a person's
// page, the living rule over a chunk of people, the sitemap's pages of ids)
// reads through an index: none reads a whole table of the tree. The plans
// are the databases' own (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN
// (FORMAT JSON)), of the very SQL the app runs (the builders of people.ts and
// trees.ts, compiled), with the statistics an import leaves
// (updateTreeStatistics, ANALYZE). Without them SQLite read a person's
// families by walking every family in file order (9-12 ms a query).

const PEOPLE = 100_000;
const TREE = 1;
/**
 * The tables that grow with a tree: a query may never read one whole. (Who
 * is in the gallery's photos and the documents, photo_people and
 * document_people, grow with those, tens or hundreds: reading them whole is
 * the right plan, and SQLite takes their indexes all the same.)
 */
const TREE_TABLES = [
  "genealogy_people",
  "genealogy_families",
  "genealogy_children",
  "genealogy_events",
  "genealogy_records",
  "genealogy_media",
  "genealogy_media_links",
  "genealogy_places",
  "genealogy_sources",
  "genealogy_citations",
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  // The current tree, and a smaller one replaced before it (kept as a backup,
  // as the site keeps them): each table holds more than the current tree.
  await writeBigTree(t.db, 2, 1_000);
  await writeBigTree(t.db, TREE, PEOPLE);
  await updateTreeStatistics(t.db);
}, 120_000);
afterAll(() => t?.close());

const pk = (table: string) => (onPostgres ? `${table}_pk` : `sqlite_autoindex_${table}_1`);
const middle = PEOPLE / 2;
const one = [middle + 1];
/** A whole chunk, as the living rule and the summaries ask for (people.ts CHUNK). */
const chunk = Array.from({ length: 500 }, (_, i) => middle + 1 + i * 7);
const families = chunk.map((id) => Math.ceil(id / 2));

interface Case {
  query: Compilable;
  /** Indexes the plan must use: each of them. */
  indexes: string[];
  /** An index search on the tree alone (tree_id, nothing more), allowed when the query stops after a few rows (LIMIT). */
  treeOnly?: boolean;
}

const cases: Record<string, () => Case> = {
  "the families a person is a child of (child links)": () => ({
    query: treeQueries.childLinksOfPeople(t.db, TREE, one),
    indexes: ["genealogy_children_person"],
  }),
  "the families a chunk of people are children of": () => ({
    query: treeQueries.childLinksOfPeople(t.db, TREE, chunk),
    indexes: ["genealogy_children_person"],
  }),
  "families by id": () => ({ query: treeQueries.familiesByIds(t.db, TREE, [families[0]]), indexes: [pk("genealogy_families")] }),
  "a chunk of families by id": () => ({ query: treeQueries.familiesByIds(t.db, TREE, families), indexes: [pk("genealogy_families")] }),
  "the families a person is a partner in": () => ({
    query: treeQueries.familiesOfPartners(t.db, TREE, one),
    indexes: ["genealogy_families_partner1", "genealogy_families_partner2"],
  }),
  "the families a chunk of people are partners in": () => ({
    query: treeQueries.familiesOfPartners(t.db, TREE, chunk),
    indexes: ["genealogy_families_partner1", "genealogy_families_partner2"],
  }),
  "the children of a chunk of families": () => ({
    query: treeQueries.childLinksOfFamilies(t.db, TREE, families),
    indexes: ["genealogy_children_family"],
  }),
  "a chunk's life events (the living rule)": () => ({
    query: treeQueries.lifeEvents(t.db, TREE, chunk),
    indexes: ["genealogy_events_owner"],
  }),
  "a chunk of people's summaries": () => ({ query: treeQueries.peopleByIds(t.db, TREE, chunk), indexes: [pk("genealogy_people")] }),
  "a page of the tree's person ids (the sitemap, the living rule over the tree)": () => ({
    query: treeQueries.personIdsAfter(t.db, TREE, middle),
    indexes: [pk("genealogy_people")],
  }),
  "the first page of person ids": () => ({
    query: treeQueries.personIdsAfter(t.db, TREE, null),
    indexes: [pk("genealogy_people")],
    treeOnly: true,
  }),
  "the first person (the chart's default)": () => ({
    query: treeQueries.firstPeople(t.db, TREE, 1),
    indexes: ["genealogy_people_position"],
    treeOnly: true,
  }),
  "a person": () => ({ query: treeQueries.person(t.db, TREE, middle), indexes: [pk("genealogy_people")] }),
  "whether a person exists": () => ({ query: treeQueries.personExists(t.db, TREE, middle), indexes: [pk("genealogy_people")] }),
  "a person page's events": () => ({
    query: treeQueries.ownerEvents(t.db, TREE, "person", one),
    indexes: ["genealogy_events_owner"],
  }),
  "a person page's family events": () => ({
    query: treeQueries.ownerEvents(t.db, TREE, "family", [families[0]]),
    indexes: ["genealogy_events_owner"],
  }),
  "a person page's shared notes": () => ({
    query: treeQueries.noteRecords(t.db, TREE, [`@N${middle}@`]),
    indexes: ["genealogy_records_xref"],
  }),
  "a person page's places": () => ({ query: treeQueries.places(t.db, TREE, [1, 2]), indexes: [pk("genealogy_places")] }),
  "a place's events (a place's page)": () => ({ query: placeEventsQuery(t.db, TREE, 7), indexes: ["genealogy_events_place"] }),
  "the events of a day of the year (Šią dieną), by the day's own index": () => ({
    query: dayEvents(t.db, TREE, 11, 23),
    indexes: ["genealogy_events_month_day"],
  }),
  "the photos a person is in": () => ({ query: treeQueries.personPhotos(t.db, TREE, middle), indexes: [] }),
  "the documents linked to a person": () => ({ query: treeQueries.personDocumentLinks(t.db, TREE, middle), indexes: [] }),
  "a person's pictures from a GEDZIP archive": () => ({
    query: treeQueries.personPictures(t.db, TREE, middle),
    indexes: ["genealogy_media_links_owner"],
  }),
  "a person page's citations (of their events)": () => ({
    query: treeQueries.citations(t.db, TREE, "event", [middle, middle + 1]),
    indexes: ["genealogy_citations_owner"],
  }),
  "a person page's sources by id": () => ({ query: treeQueries.sourcesByIds(t.db, TREE, [1, 2]), indexes: [pk("genealogy_sources")] }),
  "a person page's sources by xref (a name's citations)": () => ({
    query: treeQueries.sourcesByXrefs(t.db, TREE, ["@S5@"]),
    indexes: ["genealogy_sources_xref"],
  }),
  "the scans a person page's citations point to": () => ({
    query: treeQueries.mediaByXrefs(t.db, TREE, ["M5"]),
    indexes: ["genealogy_media_xref"],
  }),
  "the people count (home page): the tree's stored count, no people read": () => ({
    query: treeQueries.peopleCount(t.db, TREE),
    indexes: [],
  }),
  "an archive's file linked to its media records (GEDZIP import)": () => ({
    query: treesQueries.linkArchiveFile(t.db, TREE, "nuotraukos/5.jpg", "m"),
    indexes: ["genealogy_media_file"],
  }),
};

interface Access {
  table: string;
  /** Null: the whole table read. */
  index: string | null;
  /** Whether the index was searched by more than the tree's id. */
  narrowed: boolean;
}

/** How the plan reads each table: SQLite's 'SCAN t' / 'SEARCH t USING INDEX i (tree_id=? AND …)', PostgreSQL's plan nodes. */
async function accesses(query: Compilable): Promise<Access[]> {
  const { sql, parameters } = query.compile();
  const raw = await t.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${onPostgres ? "explain (format json)" : "explain query plan"} ${sql}`, [...parameters]),
  );
  if (!onPostgres) {
    return raw.rows.flatMap((row) => {
      const detail = String(row.detail);
      const m = /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING )?(?:INDEX (\w+)|(INTEGER PRIMARY KEY)))?(?: \((.*)\))?/.exec(
        detail,
      );
      if (!m) return [];
      const [, how, table, index, rowid, constraint] = m;
      return [{ table, index: how === "SCAN" ? null : (index ?? rowid), narrowed: how === "SEARCH" && constraint !== "tree_id=?" }];
    });
  }
  // One row, one column ("QUERY PLAN", whatever the CamelCasePlugin calls it): the plan as JSON.
  const json = Object.values(raw.rows[0])[0];
  const plan = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PgNode }[];
  const found: Access[] = [];
  const walk = (node: PgNode) => {
    const type = node["Node Type"];
    if (type === "Seq Scan") found.push({ table: node["Relation Name"]!, index: null, narrowed: false });
    if (type === "Index Scan" || type === "Index Only Scan" || type === "Bitmap Index Scan") {
      const table = node["Relation Name"] ?? indexTable(node["Index Name"]!);
      const condition = (node["Index Cond"] ?? "").replace(/\(tree_id = (\d+|\$\d+)\)/g, "").replace(/[()\s]|AND/g, "");
      found.push({ table, index: node["Index Name"]!, narrowed: condition.length > 0 });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return found;
}

interface PgNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PgNode[];
}

/** A bitmap index scan names only its index: the table is the longest tree table its name starts with. */
function indexTable(index: string): string {
  return (
    [...TREE_TABLES, "media", "settings", "genealogy_trees"].filter((t) => index.startsWith(t)).sort((a, b) => b.length - a.length)[0] ??
    index
  );
}

test("at 100,000 people each query of the tree's pages reads through an index, never a whole table of the tree", async () => {
  const failures: string[] = [];
  for (const [name, make] of Object.entries(cases)) {
    const { query, indexes, treeOnly } = make();
    const plan = await accesses(query);
    const used = plan.map((a) => a.index);
    for (const index of indexes) if (!used.includes(index)) failures.push(`${name}: does not use ${index} (${JSON.stringify(plan)})`);
    for (const access of plan.filter((a) => TREE_TABLES.includes(a.table))) {
      if (access.index === null) failures.push(`${name}: reads all of ${access.table}`);
      else if (!access.narrowed && !treeOnly) failures.push(`${name}: reads the whole tree of ${access.table} through ${access.index}`);
    }
    if (name.startsWith("the people count") && plan.some((a) => a.table === "genealogy_people")) failures.push(`${name}: reads people`);
  }
  expect(failures).toEqual([]);
  // The pages of ids are as long as readInPages expects.
  expect(await treeQueries.personIdsAfter(t.db, TREE, PEOPLE - 10).execute()).toHaveLength(10);
  expect(PAGE_ROWS).toBeGreaterThan(10);
});

test("the person search finds a rare name through the index of the names' letters (migration 0032), not by reading every name", async () => {
  const query = nameMatchesQuery(t.db, TREE, ["kalvait"], MATCHES_MAX + 1);
  if (onPostgres) {
    expect((await accesses(query)).map((a) => a.index)).toContain("genealogy_people_name_trigrams");
  } else {
    const { sql: text, parameters } = query.compile();
    const raw = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
    // FTS5's own plan: the LIKE answered by its index (L0), within the tree's range of row ids (> and <).
    expect(raw.rows.map((r) => r.detail)).toEqual(["SCAN genealogy_name_index VIRTUAL TABLE INDEX 0:L0><"]);
  }
  // Kalvaitis: one person in 10,000 (big-tree.ts).
  expect(await nameMatches(t.db, TREE, ["kalvait"], MATCHES_MAX + 1)).toHaveLength(PEOPLE / 10_000);
});

test("the tree written for these plans is the shape the queries expect: families with partners and children, in file order", async () => {
  expect(await treeQueries.familiesOfPartners(t.db, TREE, [middle + 1]).execute()).toEqual([
    { id: Math.ceil((middle + 1) / 2), partner1Id: middle + 1, partner2Id: middle + 2, position: Math.ceil((middle + 1) / 2) },
  ]);
  const children = await treeQueries.childLinksOfFamilies(t.db, TREE, [1000]).execute();
  expect(children.map((c) => c.personId)).toEqual([3001, 3002, 3003]);
  expect((await treeQueries.noteRecords(t.db, TREE, [`@N${middle}@`]).execute()).length).toBe(1);
});
