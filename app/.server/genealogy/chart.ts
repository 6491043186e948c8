// The chart's data: the people around the chosen one, and the same as nested
// lists for the page without JavaScript.
import type { ChartInput, PersonSummary } from "../../lib/tree-layout.ts";
import type { Database } from "../db.ts";
import { familiesAsChild, familiesAsPartner } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import { summaries } from "./people.ts";

export type ChartMode = "abu" | "proteviai" | "palikuonys";
export const CHART_DEPTH: Record<ChartMode, { up: number; down: number }> = {
  abu: { up: 3, down: 2 },
  proteviai: { up: 4, down: 0 },
  palikuonys: { up: 0, down: 3 },
};

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
  return { root, people: await summaries(db, treeId, [...ids], viewer), parents, families, up, down };
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
