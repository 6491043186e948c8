// "Kaip susiję?" on the database: the search and the namers are app/lib/relationship.ts
// (Lithuanian) and relationship-en.ts (English); this reads the family graph for them and
// shows the people of the paths as the viewer may see them, named in the page's language.
import {
  findPaths,
  nameRelationship,
  relationPath,
  type FoundPath,
  type GraphReader,
  type SearchLimits,
  type StepKind,
} from "#app/lib/relationship.ts";
import { nameRelationshipEn, type EnglishRelationship } from "#app/lib/relationship-en.ts";
import type { PersonSummary, Sex } from "#app/lib/tree-layout.ts";
import type { Locale } from "#app/i18n/locales.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { chunks, familiesAsChild, relativesOf, treeQueries } from "#app/.server/genealogy/family-graph.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";

/** The family graph as the search reads it, a generation at a time, in chunked queries. */
function databaseGraph(db: Database, treeId: number): GraphReader {
  return {
    async parents(ids) {
      const { links, families } = await familiesAsChild(db, treeId, ids);
      const byId = new Map(families.map((f) => [f.id, f]));
      const parents = new Map<number, number[]>();
      for (const link of links) {
        const f = byId.get(link.familyId);
        const own = parents.get(link.personId) ?? [];
        for (const p of [f?.partner1Id, f?.partner2Id]) if (p !== null && p !== undefined && !own.includes(p)) own.push(p);
        parents.set(link.personId, own);
      }
      return parents;
    },
    relatives: (ids) => relativesOf(db, treeId, ids),
  };
}

export interface RelationshipPath {
  /** B's relationship to A along this path, in the page's language: 'pusbrolis', 'tėvo pusbrolis', 'uošvienė'; 'first cousin'. */
  term: string;
  /** In English, where Lithuanian says more: its word and what it says ('svainis', "your wife's brother"). */
  lithuanian?: EnglishRelationship["lithuanian"];
  /** Through common ancestors, or through a marriage ('Susiję per santuoką'). */
  blood: boolean;
  /** The people from A to B, as the viewer may see them (the living as 'Gyvas asmuo' to a visitor). */
  people: PersonSummary[];
  /** What each person is to the one before: steps[i] leads from people[i] to people[i + 1]. */
  steps: StepKind[];
  /** At a turn from up to down (an index into people): the other partner of the common couple, shown beside. */
  partners: Record<number, PersonSummary>;
  /** For a blood path: how many steps lead up from A to the common ancestor. */
  up: number;
}

export type Relationship =
  | { kind: "hidden" }
  | { kind: "same"; a: PersonSummary }
  | { kind: "found"; a: PersonSummary; b: PersonSummary; paths: RelationshipPath[] }
  | { kind: "none"; a: PersonSummary; b: PersonSummary };

/** The people's sex as recorded: the words need it (a hidden person's sex is in the word, never their name). */
async function sexes(db: Database, treeId: number, ids: number[]): Promise<Map<number, Sex>> {
  const out = new Map<number, Sex>();
  for await (const chunk of chunks([...new Set(ids)])) {
    for (const row of await treeQueries.peopleByIds(db, treeId, chunk).execute()) out.set(row.id, (row.sex as Sex) || "U");
  }
  return out;
}

/**
 * How B is related to A, for this viewer: null when either is not in the
 * tree; 'hidden' when the viewer may not see either of them in full (a
 * visitor asking about a living person learns nothing, not even that they are
 * related); otherwise the paths, each with its term, the people on them
 * already summarised for the viewer, the relationship named in `locale`
 * (Lithuanian unless told).
 */
export async function relationship(
  db: Database,
  treeId: number,
  a: number,
  b: number,
  viewer: Viewer,
  { limits, locale = "lt" }: { limits?: SearchLimits; locale?: Locale } = {},
): Promise<Relationship | null> {
  const ends = await summaries(db, treeId, [a, b], viewer);
  if (!ends[a] || !ends[b]) return null;
  if (ends[a].hidden || ends[b].hidden) return { kind: "hidden" };
  if (a === b) return { kind: "same", a: ends[a] };
  const found: FoundPath[] = await findPaths(a, b, databaseGraph(db, treeId), limits);
  if (found.length === 0) return { kind: "none", a: ends[a], b: ends[b] };
  const ids = found.flatMap((p) => [...p.people, ...Object.values(p.apexes).flat()]);
  const [people, sex] = await Promise.all([summaries(db, treeId, ids, viewer), sexes(db, treeId, ids)]);
  const name = (path: FoundPath): Pick<RelationshipPath, "term" | "lithuanian"> => {
    const read = relationPath(path, (id) => sex.get(id) ?? "U");
    return locale === "en" ? nameRelationshipEn(read) : { term: nameRelationship(read) };
  };
  return {
    kind: "found",
    a: ends[a],
    b: ends[b],
    paths: found.map((path) => ({
      ...name(path),
      blood: path.blood,
      people: path.people.map((id) => people[id]),
      steps: path.steps,
      partners: Object.fromEntries(
        Object.entries(path.apexes).flatMap(([i, apex]) => {
          const other = apex.find((id) => id !== path.people[Number(i)]);
          return other === undefined ? [] : [[Number(i), people[other]]];
        }),
      ),
      up: path.blood ? path.steps.filter((s) => s === "parent").length : 0,
    })),
  };
}
