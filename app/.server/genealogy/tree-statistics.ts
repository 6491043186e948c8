// The tree in numbers: how many people, how many generations, how long they
// lived, when they were born, their commonest names. Everything is counted
// over the people the viewer may see in full (shown.ts): for a visitor the
// living are not in any figure, so no figure can tell them apart. The whole
// tree is read a few columns at a time (whose the living rule is decides per
// person, which SQL cannot filter by); at 100,000 people that is a few
// hundred milliseconds, done in the background (prepared-indexes.ts).
import { jdnToGregorianYear } from "#app/lib/gedcom-date.ts";
import { collator } from "#app/lib/lithuanian.ts";
import { yieldToEventLoop } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Viewer } from "./living.ts";
import { fullName } from "./people.ts";
import { shownPeople, type Shown } from "./shown.ts";
import { seesRestricted } from "./restrictions.ts";
import { countSurnames, everyName, type NameRow } from "./surnames.ts";
import type { ChildLink, FamilyRow } from "./family-graph.ts";

const TOP = 10;
const DAYS_PER_YEAR = 365.2425;
/** A date counts for a year when it is known at least to the year (a range of at most a year's days). */
const YEAR_PRECISION = 366;
/** Ages beyond this are mistakes in the data, not lifespans. */
const OLDEST_PLAUSIBLE = 125;

export interface TreeStatistics {
  people: number;
  /** The longest line of parents and children, in generations (1: nobody's parent is known). */
  generations: number;
  lifespans: { count: number; average: number | null; median: number | null };
  oldest: { id: number; name: string; age: number } | null;
  /** Births per decade (the decade's first year), in order, the empty decades between included. */
  birthsPerDecade: { decade: number; births: number }[];
  givenNames: { name: string; people: number }[];
  surnames: { surname: string; people: number }[];
}

/** The middle day of a date's range. */
const middle = (from: number, to: number) => (from + to) / 2;

/** What the statistics read of a tree, whoever looks: the indexes' builder reads it once for the three audiences. */
export interface StatisticsReads {
  names: NameRow[];
  /** Births and deaths dated at least to a range. */
  lives: { ownerId: number; tag: string; dateFrom: number | null; dateTo: number | null; position: number; restriction: string | null }[];
  families: FamilyRow[];
  links: ChildLink[];
}

export async function statisticsReads(db: Database, treeId: number): Promise<StatisticsReads> {
  const [names, lives, families, links] = await Promise.all([
    everyName(db, treeId),
    db
      .selectFrom("genealogyEvents")
      .select(["ownerId", "tag", "dateFrom", "dateTo", "position", "restriction"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .where("tag", "in", ["BIRT", "DEAT"])
      .where("dateFrom", "is not", null)
      .where("dateTo", "is not", null)
      .execute(),
    db.selectFrom("genealogyFamilies").select(["id", "partner1Id", "partner2Id"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).execute(),
  ]);
  return { names, lives, families, links };
}

export async function treeStatistics(
  db: Database,
  treeId: number,
  viewer: Viewer,
  /** Whom the viewer sees, when the caller knows already (the indexes' builder). */
  whom?: Shown,
  /** The tree as read, when the caller has read it already (the indexes' builder, once for every audience). */
  read?: StatisticsReads,
): Promise<TreeStatistics> {
  const [shown, { names, lives: events, families, links }] = await Promise.all([
    whom ?? shownPeople(db, viewer),
    read ?? statisticsReads(db, treeId),
  ]);
  const people = names.filter((p) => shown.sees(p.id));
  const byId = new Map(people.map((p) => [p.id, p]));

  // Lives: the first birth and death of each person, dated at least to the year.
  // Each person's first (by position) birth and death; sorted here rather than by the database, which would sort them all first.
  const births = new Map<number, { day: number; position: number }>();
  const deaths = new Map<number, { day: number; position: number }>();
  for (const e of events) {
    if (!byId.has(e.ownerId) || !seesRestricted(viewer, e.restriction) || e.dateTo! - e.dateFrom! > YEAR_PRECISION) continue;
    const map = e.tag === "BIRT" ? births : deaths;
    const known = map.get(e.ownerId);
    if (!known || e.position < known.position) map.set(e.ownerId, { day: middle(e.dateFrom!, e.dateTo!), position: e.position });
  }
  await yieldToEventLoop();
  const ages: { id: number; age: number }[] = [];
  for (const [id, death] of deaths) {
    const birth = births.get(id);
    if (birth === undefined) continue;
    const age = (death.day - birth.day) / DAYS_PER_YEAR;
    if (age >= 0 && age <= OLDEST_PLAUSIBLE) ages.push({ id, age });
  }
  const sortedAges = ages.map((a) => a.age).sort((a, b) => a - b);
  const mid = sortedAges.length >> 1;
  const oldest = ages.reduce<{ id: number; age: number } | null>((best, a) => (!best || a.age > best.age ? a : best), null);

  const decades = new Map<number, number>();
  for (const { day } of births.values()) {
    const decade = Math.floor(jdnToGregorianYear(Math.round(day)) / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + 1);
  }
  const birthsPerDecade: TreeStatistics["birthsPerDecade"] = [];
  if (decades.size) {
    const first = Math.min(...decades.keys());
    const last = Math.max(...decades.keys());
    for (let decade = first; decade <= last; decade += 10) birthsPerDecade.push({ decade, births: decades.get(decade) ?? 0 });
  }

  const given = new Map<string, number>();
  for (const p of people) {
    const words = p.givenNames.split(" ");
    for (let i = 0; i < words.length; i++) {
      const name = words[i];
      // Each name once per person ('Jonas Jonas'), and only words with a letter ('?' is nobody's name).
      if (name && words.indexOf(name) === i && /\p{L}/u.test(name)) given.set(name, (given.get(name) ?? 0) + 1);
    }
  }
  const top = <T extends { people: number }>(list: T[], label: (t: T) => string) =>
    list.sort((a, b) => b.people - a.people || collator.compare(label(a), label(b))).slice(0, TOP);

  const generations = longestLine(families, links, shown.sees);
  const surnames = countSurnames(people, () => true);
  return {
    people: people.length,
    generations: people.length ? Math.max(1, generations) : 0,
    lifespans: {
      count: sortedAges.length,
      average: sortedAges.length ? sortedAges.reduce((s, a) => s + a, 0) / sortedAges.length : null,
      median: sortedAges.length ? (sortedAges.length % 2 ? sortedAges[mid] : (sortedAges[mid - 1] + sortedAges[mid]) / 2) : null,
    },
    oldest: oldest ? { id: oldest.id, name: fullName(byId.get(oldest.id)!), age: Math.floor(oldest.age) } : null,
    birthsPerDecade,
    givenNames: top(
      [...given].map(([name, people]) => ({ name, people })),
      (g) => g.name,
    ),
    surnames: top(surnames, (s) => s.surname),
  };
}

/**
 * The number of generations in the longest line of parents and children
 * among the people the viewer may see (a hidden person ends a line). Each
 * person's depth is one more than their deepest parent's, found without
 * recursion (a tree may be thousands of generations deep by mistake, or hold a
 * loop, which counts once).
 */
function longestLine(families: FamilyRow[], links: ChildLink[], sees: (id: number) => boolean): number {
  const partners = new Map(families.map((f) => [f.id, [f.partner1Id, f.partner2Id].filter((p): p is number => p !== null && sees(p))]));
  const parents = new Map<number, number[]>();
  for (const link of links) {
    if (!sees(link.personId)) continue;
    const own = parents.get(link.personId) ?? [];
    own.push(...(partners.get(link.familyId) ?? []));
    parents.set(link.personId, own);
  }
  const depth = new Map<number, number>();
  const visiting = new Set<number>();
  let longest = 0;
  for (const start of parents.keys()) {
    if (depth.has(start)) continue;
    const stack = [start];
    while (stack.length) {
      const id = stack[stack.length - 1];
      if (depth.has(id)) {
        stack.pop();
        continue;
      }
      const own = parents.get(id);
      // First visit: the parents without a depth go on top; the person is done when they are.
      if (!visiting.has(id)) {
        visiting.add(id);
        const before = stack.length;
        if (own) for (const p of own) if (!depth.has(p) && !visiting.has(p)) stack.push(p);
        if (stack.length > before) continue;
      }
      let d = 1;
      if (own) {
        for (const p of own) {
          const above = depth.get(p);
          if (above !== undefined && above + 1 > d) d = above + 1;
        }
      }
      depth.set(id, d);
      visiting.delete(id);
      stack.pop();
      if (d > longest) longest = d;
    }
  }
  return longest;
}
