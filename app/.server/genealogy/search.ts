import { searchKey } from "#app/lib/lithuanian.ts";
import { pageCount, pageOffset, type Page } from "#app/lib/paging.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Viewer } from "./living.ts";
import { nameMatches } from "./name-index.ts";
import { publishedTest } from "./prepared-indexes.ts";
import { withheldRestrictions } from "./restrictions.ts";
import { summaries } from "./people.ts";

// Finding people by name, a page at a time. The index of the names' letters
// (name-index.ts) is asked first for who has every word, up to MATCHES_MAX:
// a rare name is then found among those few, without reading every name of
// the tree; a common one (more than MATCHES_MAX people) is read in name order
// from the start, where its bearers are many, and counted as "more than".
// Whom the viewer may not find is left out before anything is counted: the
// private (to all but editors) in the query itself; the living (to visitors)
// by the living rule, which reads each person's events and relatives and so
// is not a column SQL can filter by: a visitor's matches are taken in the
// query's order and kept when the published list (the rule over the whole
// tree, built in the background, prepared-indexes.ts) has them, counted up to
// SEARCH_RESULTS_MAX: a search that finds more says so and asks for more of
// the name.

/** How many people a page of search results shows. */
export const SEARCH_PAGE_SIZE = 20;
/** How many results a visitor's search counts (and pages through); past it, "more than". */
export const SEARCH_RESULTS_MAX = 100;
/** Matches a search counts at most (a member's "more than"), and a visitor's reads at most (in name order) to find those it may show. */
export const MATCHES_MAX = 1000;
/** The characters of a query a search reads: the rest is left out (a name is shorter; a query of thousands cost every search a third of a second). */
export const SEARCH_QUERY_MAX = 100;
/** Matches a visitor's search reads at a time. */
const VISITOR_CHUNK = 250;

export interface SearchResults extends Page<PersonSummary> {
  /** More people match than were counted (a visitor's search past SEARCH_RESULTS_MAX, anyone's past MATCHES_MAX). */
  more: boolean;
}

/** The words a query looks for, case and diacritics aside; null when it is too short to look. */
function searchWords(query: string): string[] | null {
  // LIKE's own characters are dropped: '%%' is not a search for everyone.
  const key = searchKey(query.trim().slice(0, SEARCH_QUERY_MAX)).replace(/[%_\\]/g, "");
  if (key.replace(/\s/g, "").length < 2) return null;
  return key.split(/\s+/).filter(Boolean);
}

/**
 * One page of the people whose names match (case and diacritics ignored),
 * in name order, with how many match: visitors never find a living person,
 * members never a private one.
 */
export async function searchPeoplePage(
  db: Database,
  treeId: number,
  query: string,
  viewer: Viewer,
  page = 1,
  size = SEARCH_PAGE_SIZE,
): Promise<SearchResults> {
  const words = searchWords(query);
  if (!words) return { items: [], total: 0, page, pages: 1, more: false };
  const found = await nameMatches(db, treeId, words, MATCHES_MAX + 1);
  if (found.length === 0) return { items: [], total: 0, page, pages: 1, more: false };
  // Few: those; many: every name in order, read from the start until a page is full.
  const many = found.length > MATCHES_MAX;
  let matching = db.selectFrom("genealogyPeople").where("treeId", "=", treeId);
  if (many) for (const word of words) matching = matching.where("searchKey", "like", `%${word}%`);
  else matching = matching.where("id", "in", found);
  if (!viewer.seesPrivate) {
    // Never found by whom the marks keep them from (restrictions.ts).
    const withheld = withheldRestrictions(viewer);
    matching = matching
      .where("id", "not in", db.selectFrom("privatePeople").select("personId"))
      .where((eb) => eb.or([eb("restriction", "is", null), eb("restriction", "not in", withheld)]));
  }
  const ordered = matching.select("id").orderBy("searchKey").orderBy("id");

  let ids: number[];
  let total: number;
  let more = false;
  if (viewer.members) {
    const [{ n }, rows] = await Promise.all([
      many ? { n: MATCHES_MAX } : matching.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
      ordered.limit(size).offset(pageOffset(page, size)).execute(),
    ]);
    total = Number(n);
    more = many;
    ids = rows.map((r) => r.id);
  } else {
    // The first matches in order, a chunk at a time, judged against the published list
    // (prepared-indexes.ts) until more than SEARCH_RESULTS_MAX are found (most searches: one
    // chunk) or MATCHES_MAX are read; the summaries below judge again each person a page shows.
    const published = await publishedTest(db);
    const shown: number[] = [];
    let read = 0;
    let all = false;
    while (!all && read < MATCHES_MAX && shown.length <= SEARCH_RESULTS_MAX) {
      const rows = await ordered.limit(VISITOR_CHUNK).offset(read).execute();
      read += rows.length;
      all = rows.length < VISITOR_CHUNK;
      shown.push(...rows.map((r) => r.id).filter(published));
    }
    more = shown.length > SEARCH_RESULTS_MAX || (many && !all);
    total = Math.min(shown.length, SEARCH_RESULTS_MAX);
    ids = shown.slice(0, total).slice(pageOffset(page, size), pageOffset(page, size) + size);
  }
  const people = await summaries(db, treeId, ids, viewer);
  return {
    items: ids.map((id) => people[id]).filter((p) => p && !p.hidden),
    total,
    page,
    pages: pageCount(total, size),
    more,
  };
}

/** The first people whose names match (searchPeoplePage's first page): the typed person of an editor's form, the admin list. */
export async function searchPeople(
  db: Database,
  treeId: number,
  query: string,
  viewer: Viewer,
  limit = SEARCH_PAGE_SIZE,
): Promise<PersonSummary[]> {
  return (await searchPeoplePage(db, treeId, query, viewer, 1, limit)).items;
}
