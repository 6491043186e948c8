// The chart's data: the people around the chosen one, and the same as nested
// lists for the page without JavaScript.
import { boxOf } from "#app/lib/photo-people.ts";
import type { ChartInput, ChartPortrait, PersonSummary } from "#app/lib/tree-layout.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { FAN_GENERATIONS } from "#app/lib/fan-layout.ts";
import { childrenOf, familiesAsChild, familiesAsPartner, treeQueries } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import { firstPersonId, personExists, summaries } from "./people.ts";

/** The tree's views: the chart both ways or one way, the ancestors' fan, and the family groups. */
export type ChartMode = "abu" | "proteviai" | "palikuonys" | "veduokle" | "seima";
export const CHART_DEPTH: Record<ChartMode, { up: number; down: number }> = {
  abu: { up: 3, down: 2 },
  proteviai: { up: 4, down: 0 },
  palikuonys: { up: 0, down: 3 },
  veduokle: { up: FAN_GENERATIONS, down: 0 },
  seima: { up: 1, down: 1 },
};

const HOME_PERSON = "tree_home_person";

/** The person the tree opens at, as the administrator chose (null: the file's first person). */
export async function homePersonSetting(db: Database): Promise<number | null> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", HOME_PERSON).executeTakeFirst();
  const id = Number(row?.value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function setHomePerson(db: Database, personId: number | null): Promise<void> {
  if (personId === null) {
    await db.deleteFrom("settings").where("key", "=", HOME_PERSON).execute();
    return;
  }
  await db
    .insertInto("settings")
    .values({ key: HOME_PERSON, value: String(personId) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(personId) }))
    .execute();
}

/**
 * Whom the tree is drawn around: the person asked for, else the viewer's own
 * person (a member whose account is tied to one), else the administrator's
 * home person, else the file's first person; each only if the tree has them
 * (a person may be gone after a new import). Null for an empty tree.
 */
export async function chartRoot(
  db: Database,
  treeId: number,
  candidates: (number | null | (() => number | null))[],
): Promise<number | null> {
  // A candidate given as a function is read only when the ones before it are not in the tree (what the page depends on).
  for (const candidate of candidates) {
    const id = typeof candidate === "function" ? candidate() : candidate;
    if (id !== null && (await personExists(db, treeId, id))) return id;
  }
  const home = await homePersonSetting(db);
  if (home !== null && (await personExists(db, treeId, home))) return home;
  return firstPersonId(db, treeId);
}

/**
 * The people near the chosen one, generation by generation, a few queries per
 * generation: the chart never reads more than it draws.
 */
export async function neighbourhood(db: Database, treeId: number, root: number, mode: ChartMode, viewer: Viewer): Promise<ChartInput> {
  const { up, down } = CHART_DEPTH[mode];
  const parents: ChartInput["parents"] = {};
  const families: ChartInput["families"] = {};
  const ids = new Set<number>([root]);

  let generation = [root];
  for (let g = 0; g < up && generation.length; g++) {
    const { links, families: fams } = await familiesAsChild(db, treeId, generation);
    const next: number[] = [];
    for (const person of generation) {
      // The first family a person is a child of is the one drawn.
      const link = links.find((l) => l.personId === person);
      const fam = link ? fams.find((f) => f.id === link.familyId) : undefined;
      if (!fam) continue;
      parents[person] = [fam.partner1Id, fam.partner2Id];
      for (const p of [fam.partner1Id, fam.partner2Id]) {
        if (p !== null && !ids.has(p)) {
          ids.add(p);
          next.push(p);
        }
      }
    }
    generation = next;
  }

  generation = [root];
  for (let g = 0; g < down && generation.length; g++) {
    const { families: fams, children: kids } = await familiesAsPartner(db, treeId, generation);
    const next: number[] = [];
    for (const person of generation) {
      families[person] = fams
        .filter((f) => f.partner1Id === person || f.partner2Id === person)
        .map((f) => {
          const partner = f.partner1Id === person ? f.partner2Id : f.partner1Id;
          if (partner !== null) ids.add(partner);
          const children = kids.filter((k) => k.familyId === f.id).map((k) => k.personId);
          for (const c of children) {
            if (!ids.has(c)) next.push(c);
            ids.add(c);
          }
          return { partner, children };
        });
    }
    generation = next;
  }
  const people = await summaries(db, treeId, [...ids], viewer);
  return { root, people, parents, families, up, down, portraits: await chartPortraits(db, treeId, people, viewer) };
}

/**
 * The portraits chosen for these people (a rectangle of a gallery photo made
 * their portrait, issue 18), of photos the viewer may see; none for someone
 * withheld from them.
 */
export async function chartPortraits(
  db: Database,
  treeId: number,
  people: Record<number, PersonSummary>,
  viewer: Viewer,
): Promise<Record<number, ChartPortrait>> {
  const ids = Object.values(people)
    .filter((person) => !person.hidden)
    .map((person) => person.id);
  if (ids.length === 0) return {};
  const rows = await treeQueries
    .taggedPictures(db, treeId, viewer.members)
    .where("photoPeople.personId", "in", ids)
    .where("photoPeople.portrait", "=", 1)
    .execute();
  const portraits: Record<number, ChartPortrait> = {};
  for (const row of rows) {
    const face = boxOf(row);
    if (!face || !row.displayWidth || !row.displayHeight) continue;
    portraits[row.personId!] = { image: { id: row.mediaId, width: row.displayWidth, height: row.displayHeight }, face };
  }
  return portraits;
}

/** The chosen person's ancestors and descendants as nested lists (the chart without JavaScript). */
export interface LineageNode {
  person: PersonSummary;
  children: LineageNode[];
}

export function ancestorList(chart: ChartInput, id = chart.root, depth = 0): LineageNode[] {
  if (depth >= chart.up) return [];
  return (chart.parents[id] ?? [])
    .filter((p): p is number => p !== null && Boolean(chart.people[p]))
    .map((p) => ({ person: chart.people[p], children: ancestorList(chart, p, depth + 1) }));
}

export function descendantList(chart: ChartInput, id = chart.root, depth = 0): LineageNode[] {
  if (depth >= chart.down) return [];
  return (chart.families[id] ?? [])
    .flatMap((f) => f.children)
    .filter((c) => Boolean(chart.people[c]))
    .map((c) => ({ person: chart.people[c], children: descendantList(chart, c, depth + 1) }));
}

export interface FamilyGroup {
  partners: [PersonSummary | null, PersonSummary | null];
  /** Each partner's parents, as the first family they are a child of names them. */
  parents: [PersonSummary[], PersonSummary[]];
  children: PersonSummary[];
}

/**
 * The family-group view: the family the person was born into (their parents
 * with all their children) and each family of their own (they, a partner and
 * their children), each partner with their own parents.
 */
export async function familyGroups(
  db: Database,
  treeId: number,
  root: number,
  viewer: Viewer,
): Promise<{ person: PersonSummary; born: FamilyGroup | null; own: FamilyGroup[] }> {
  const asChild = await familiesAsChild(db, treeId, [root]);
  const bornFamily = asChild.families.find((f) => f.id === asChild.links.find((l) => l.personId === root)?.familyId) ?? null;
  const own = await familiesAsPartner(db, treeId, [root]);
  const families = [...(bornFamily ? [bornFamily] : []), ...own.families];
  const siblings = bornFamily ? await childrenOf(db, treeId, [bornFamily.id]) : [];
  const children = [...siblings, ...own.children];
  const partners = families.flatMap((f) => [f.partner1Id, f.partner2Id]).filter((p): p is number => p !== null);
  const theirParents = await familiesAsChild(db, treeId, partners);
  const parentsOf = (id: number | null): number[] => {
    const link = theirParents.links.find((l) => l.personId === id);
    const family = theirParents.families.find((f) => f.id === link?.familyId);
    return family ? [family.partner1Id, family.partner2Id].filter((p): p is number => p !== null) : [];
  };
  const people = await summaries(
    db,
    treeId,
    [root, ...partners, ...children.map((c) => c.personId), ...partners.flatMap(parentsOf)],
    viewer,
  );
  const group = (family: { id: number; partner1Id: number | null; partner2Id: number | null }): FamilyGroup => ({
    partners: [family.partner1Id, family.partner2Id].map((p) => (p !== null ? (people[p] ?? null) : null)) as FamilyGroup["partners"],
    parents: [family.partner1Id, family.partner2Id].map((p) =>
      parentsOf(p)
        .map((q) => people[q])
        .filter(Boolean),
    ) as FamilyGroup["parents"],
    children: [...new Set(children.filter((c) => c.familyId === family.id).map((c) => c.personId))].map((c) => people[c]).filter(Boolean),
  });
  return { person: people[root], born: bornFamily ? group(bornFamily) : null, own: own.families.map(group) };
}
