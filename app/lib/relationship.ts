// "Kaip susiję?": how two people of the tree are related, found and named in
// Lithuanian as a person would say it. Pure: the search walks the family graph
// through a reader it is given (the database's in app/.server/kinship/
// relationship.ts, an in-memory family in the tests), and the namer turns a
// path of steps into words. The terms, their sources and the choices made
// where usage varies: docs/decisions/020-relationship-terms.md. The English
// namer (relationship-en.ts) reads the same paths, and explains the Lithuanian
// words by the parts readPath() cuts a path into.
import { plural } from "./lithuanian.ts";
import type { Sex } from "./tree-layout.ts";

export type StepKind = "parent" | "child" | "partner";

/** One step of a path: who the next person is to the one before (their parent, child or partner), and that person's sex. */
export interface Step {
  kind: StepKind;
  sex: Sex;
  /**
   * On the child step that turns a path down from its common ancestor: the
   * two sides descend from this one ancestor only, not from a couple
   * (half-siblings, half-cousins).
   */
  half?: boolean;
}

/** A path from the first person (A) to the second (B); B's relationship to A is named. */
export interface RelationPath {
  /** A's sex: the in-law words for a husband and for a wife differ. */
  fromSex: Sex;
  steps: Step[];
}

/** A term in the two cases a compound needs: 'pusbrolis' and, before another term, 'pusbrolio' ('pusbrolio sūnus'). */
interface Term {
  nom: string;
  gen: string;
}

const IRREGULAR: Record<string, string> = { sesuo: "sesers", duktė: "dukters", sūnus: "sūnaus", marti: "marčios" };

/** The genitive of the kinship nouns used here (the last word of a phrase declines, 'antros eilės pusbrolio'). */
function genitive(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (word.endsWith("is")) return `${word.slice(0, -2)}io`;
  if (word.endsWith("as")) return `${word.slice(0, -2)}o`;
  if (word.endsWith("ė")) return `${word}s`;
  if (word.endsWith("a")) return `${word.slice(0, -1)}os`;
  return word;
}

/** A term from its nominative: the last word declines. */
function t(nom: string): Term {
  const words = nom.split(" ");
  return { nom, gen: [...words.slice(0, -1), genitive(words[words.length - 1])].join(" ") };
}

/** 'brolis ar sesuo', both declined. */
function or(a: Term, b: Term): Term {
  return { nom: `${a.nom} ar ${b.nom}`, gen: `${a.gen} ar ${b.gen}` };
}

/** B of the person named by `owner`: 'tėvo' + 'pusbrolis'. */
function of(owner: Term, term: Term): Term {
  return { nom: `${owner.gen} ${term.nom}`, gen: `${owner.gen} ${term.gen}` };
}

/** A qualifier that stays as it is in both cases: 'brolis (bendras tik senelis)'. */
function qualified(term: Term, qualifier: string): Term {
  return { nom: `${term.nom} ${qualifier}`, gen: `${term.gen} ${qualifier}` };
}

/** The man's term, the woman's, or for an unknown sex both joined by 'ar' (or the neutral word given). */
function bySex(sex: Sex, male: string, female: string, neutral?: string): Term {
  if (sex === "M") return t(male);
  if (sex === "F") return t(female);
  return neutral ? t(neutral) : or(t(male), t(female));
}

/** 'pro' repeated before senelis and anūkas up to this many generations; further, a count of generations. */
export const PRO_GENERATIONS = 5;

const generations = (n: number) => plural(n, ["karta", "kartos", "kartų"]);

/** An ancestor `n` generations up: tėvas, senelis, prosenelis, proprosenelis, proproprosenelis, then 'protėvis (6 kartos aukščiau)'. */
function ancestor(n: number, sex: Sex): Term {
  if (n === 1) return sex === "M" ? t("tėvas") : sex === "F" ? t("motina") : { nom: "vienas iš tėvų", gen: "vieno iš tėvų" };
  if (n <= PRO_GENERATIONS) {
    const pro = "pro".repeat(n - 2);
    return bySex(sex, `${pro}senelis`, `${pro}senelė`);
  }
  return qualified(bySex(sex, "protėvis", "protėvė"), `(${generations(n)} aukščiau)`);
}

/** A descendant `n` generations down: sūnus, anūkas, proanūkis, proproanūkis, proproproanūkis, then 'palikuonis (6 kartos žemiau)'. */
function descendant(n: number, sex: Sex): Term {
  if (n === 1) return bySex(sex, "sūnus", "duktė", "vaikas");
  if (n === 2) return bySex(sex, "anūkas", "anūkė");
  if (n <= PRO_GENERATIONS) {
    const pro = "pro".repeat(n - 2);
    return bySex(sex, `${pro}anūkis`, `${pro}anūkė`);
  }
  return qualified(bySex(sex, "palikuonis", "palikuonė"), `(${generations(n)} žemiau)`);
}

const ORDINALS = ["", "", "antros", "trečios", "ketvirtos", "penktos", "šeštos", "septintos", "aštuntos", "devintos", "dešimtos"];

/** The same generation, `n` generations below the common ancestor: brolis, pusbrolis, antros (trečios…) eilės pusbrolis. */
function peer(n: number, sex: Sex): Term {
  if (n === 1) return bySex(sex, "brolis", "sesuo");
  const rank = n - 1;
  const prefix = rank === 1 ? "" : `${ORDINALS[rank] ?? `${rank}-os`} eilės `;
  return bySex(sex, `${prefix}pusbrolis`, `${prefix}pusseserė`);
}

/** What a half relation shares: one common ancestor only. */
function halfQualifier(up: number, apexSex: Sex, isSibling: boolean): string {
  if (isSibling) {
    if (apexSex === "M") return "iš tėvo pusės";
    if (apexSex === "F") return "iš motinos pusės";
    return "(bendras tik vienas iš tėvų)";
  }
  if (apexSex === "U" || apexSex === "X") return "(bendras tik vienas protėvis)";
  return `(${apexSex === "F" ? "bendra" : "bendras"} tik ${ancestor(up, apexSex).nom})`;
}

/** A blood segment: `up` parent steps to the common ancestor, then `down` child steps to B. */
function blood(steps: Step[], up: number, down: number): Term {
  const sex = steps[steps.length - 1]?.sex ?? "U";
  const half = up > 0 && down > 0 && steps[up].half === true;
  // The common ancestor (reached by the last step up): whose side a half-sibling is on.
  const apexSex = up > 0 ? steps[up - 1].sex : "U";
  let term: Term;
  if (up === 0) term = descendant(down, sex);
  else if (down === 0) term = ancestor(up, sex);
  else if (up === down) term = peer(up, sex);
  else if (up === 2 && down === 1) term = bySex(sex, "dėdė", "teta");
  else if (up === 1 && down === 2 && (sex === "M" || sex === "F")) term = bySex(sex, "sūnėnas", "dukterėčia");
  else if (up > down) {
    // Older generation: A's ancestor's relative of B's own generation ('tėvo pusbrolis', 'senelio brolis').
    term = of(ancestor(up - down, steps[up - down - 1].sex), peer(down, sex));
  } else {
    // Younger: the descendant of A's brother or cousin ('pusbrolio sūnus', 'brolio anūkas').
    term = of(peer(up, steps[2 * up - 1].sex), descendant(down - up, sex));
  }
  if (!half) return term;
  return qualified(term, halfQualifier(up, apexSex, up === 1 && down === 1));
}

/** A run of the path: a blood segment (`up` parent steps, then `down` child steps) or one partner step. */
export type Token = { kind: "blood"; steps: Step[]; up: number; down: number } | { kind: "partner"; step: Step };

/** A path as blood segments (up, then down) and partner steps between them. */
export function tokens(steps: Step[]): Token[] {
  const out: Token[] = [];
  let current: { steps: Step[]; up: number; down: number } | null = null;
  for (const step of steps) {
    if (step.kind === "partner") {
      if (current) out.push({ kind: "blood", ...current });
      current = null;
      out.push({ kind: "partner", step });
      continue;
    }
    // A step up after a step down starts a new segment (a child's other parent).
    if (current && step.kind === "parent" && current.down > 0) {
      out.push({ kind: "blood", ...current });
      current = null;
    }
    current ??= { steps: [], up: 0, down: 0 };
    current.steps.push(step);
    if (step.kind === "parent") current.up++;
    else current.down++;
  }
  if (current) out.push({ kind: "blood", ...current });
  return out;
}

/** The token when it is a blood segment of this shape, else null. */
export const bloodOf = (token: Token | undefined, up: number, down: number): Extract<Token, { kind: "blood" }> | null =>
  token?.kind === "blood" && token.up === up && token.down === down ? token : null;

/**
 * A partner step with the segment beside it that Lithuanian says in one word:
 * the spouse's parent, sibling or child (uošvis, šešuras, svainis, dieveris,
 * posūnis), or a parent's, child's or sibling's spouse (patėvis, žentas,
 * brolienė). `spouse` is whose family it is (the wife's or the husband's,
 * 'either' when neither sex is known); `sex` is the last person's.
 */
export type MarriagePair =
  | { side: "spouse's"; spouse: "wife" | "husband" | "either"; relative: "parent" | "sibling" | "child"; sex: Sex }
  | { side: "relative's spouse"; relative: "parent" | "child" | "sibling"; relativeSex: Sex; sex: Sex };

/** The pair a partner step and the segment beside it make, or null. `before` is the sex of the person the pair starts from. */
function marriagePair(first: Token, second: Token | undefined, before: Sex): MarriagePair | null {
  if (!second) return null;
  if (first.kind === "partner") {
    const partner = first.step.sex;
    // Whose family it is: the wife's ('uošvis', 'svainis') or the husband's ('šešuras', 'dieveris').
    const wife = partner === "F" || ((partner === "U" || partner === "X") && before === "M");
    const husband = partner === "M" || ((partner === "U" || partner === "X") && before === "F");
    const spouse = wife ? "wife" : husband ? "husband" : "either";
    const parent = bloodOf(second, 1, 0);
    if (parent) return { side: "spouse's", spouse, relative: "parent", sex: parent.steps[0].sex };
    const sibling = bloodOf(second, 1, 1);
    if (sibling) return { side: "spouse's", spouse, relative: "sibling", sex: sibling.steps[1].sex };
    const child = bloodOf(second, 0, 1);
    if (child) return { side: "spouse's", spouse, relative: "child", sex: child.steps[0].sex };
    return null;
  }
  if (second.kind !== "partner") return null;
  const sex = second.step.sex;
  if (bloodOf(first, 1, 0)) return { side: "relative's spouse", relative: "parent", relativeSex: first.steps[0].sex, sex };
  if (bloodOf(first, 0, 1)) return { side: "relative's spouse", relative: "child", relativeSex: first.steps[0].sex, sex };
  const siblings = bloodOf(first, 1, 1);
  if (siblings) {
    // A brother's wife (brolienė) and a sister's husband (svainis); other couples have no word of their own.
    const sibling = siblings.steps[1].sex;
    if ((sibling === "M" && sex === "F") || (sibling === "F" && sex === "M")) {
      return { side: "relative's spouse", relative: "sibling", relativeSex: sibling, sex };
    }
  }
  return null;
}

/** The last person's sex in a token. */
export const lastSex = (token: Token): Sex => (token.kind === "partner" ? token.step.sex : token.steps[token.steps.length - 1].sex);

/** What the Lithuanian namer names, one part at a time from A outwards: a token, or a marriage pair said in one word. */
export type Part = Token | { kind: "pair"; pair: MarriagePair };

/** A path as the Lithuanian namer reads it (the English namer explains the Lithuanian words by the same parts). */
export function readPath(path: RelationPath): Part[] {
  const parts = tokens(path.steps);
  const out: Part[] = [];
  let before = path.fromSex;
  for (let i = 0; i < parts.length;) {
    const pair = marriagePair(parts[i], parts[i + 1], before);
    const used = pair ? 2 : 1;
    out.push(pair ? { kind: "pair", pair } : parts[i]);
    before = lastSex(parts[i + used - 1]);
    i += used;
  }
  return out;
}

/** The one word for a marriage pair: the in-laws and the step family. */
function pairWord(pair: MarriagePair): Term {
  const { sex } = pair;
  if (pair.side === "spouse's") {
    if (pair.relative === "parent") {
      if (pair.spouse === "wife") return bySex(sex, "uošvis", "uošvienė");
      if (pair.spouse === "husband") return bySex(sex, "šešuras", "anyta");
      return of(t("sutuoktinis"), ancestor(1, sex));
    }
    if (pair.relative === "sibling") {
      if (pair.spouse === "wife") return bySex(sex, "svainis", "svainė");
      if (pair.spouse === "husband") return bySex(sex, "dieveris", "moša");
      return of(t("sutuoktinis"), peer(1, sex));
    }
    return bySex(sex, "posūnis", "podukra");
  }
  if (pair.relative === "parent") return bySex(sex, "patėvis", "pamotė");
  if (pair.relative === "child") return bySex(sex, "žentas", "marti", "vaiko sutuoktinis");
  return pair.relativeSex === "M" ? t("brolienė") : t("svainis");
}

function partTerm(part: Part): Term {
  if (part.kind === "pair") return pairWord(part.pair);
  if (part.kind === "partner") return bySex(part.step.sex, "vyras", "žmona", "sutuoktinis");
  return blood(part.steps, part.up, part.down);
}

/**
 * B's relationship to A in Lithuanian, from the path between them:
 * 'pusbrolis', 'uošvienė', 'brolis iš tėvo pusės', or for what has no word of
 * its own a compound read from A outwards ('tėvo pusbrolis', 'tetos vyras').
 */
export function nameRelationship(path: RelationPath): string {
  const parts = readPath(path);
  if (parts.length === 0) return "tas pats asmuo";
  return parts.map(partTerm).reduce((owner, term) => of(owner, term)).nom;
}

/** The names of several paths between the same two people, each once, in the paths' order. */
export function relationshipTerms(paths: RelationPath[]): string[] {
  return [...new Set(paths.map(nameRelationship))];
}

// ---------------------------------------------------------------------------
// Finding the paths.

/** What the search reads of the family graph, a generation of people at a time. */
export interface GraphReader {
  /** Each person's parents. */
  parents(ids: number[]): Promise<Map<number, number[]>>;
  /** Each person's parents, children and partners. */
  relatives(ids: number[]): Promise<{ parents: Map<number, number[]>; children: Map<number, number[]>; partners: Map<number, number[]> }>;
}

/** A path between two people: the people from A to B, and what each is to the one before. */
export interface FoundPath {
  people: number[];
  steps: StepKind[];
  /** For a turn from up to down (index of the common ancestor in `people`): the common ancestors there, one or a couple. */
  apexes: Record<number, number[]>;
  /** The turns where the two sides share one parent only (half-siblings, half-cousins). */
  halfTurns: number[];
  /** Through common ancestors (blood), or through a marriage. */
  blood: boolean;
}

export interface SearchLimits {
  /** Generations searched up from each person for common ancestors. */
  generations: number;
  /** Steps searched from each side through marriages. */
  marriageSteps: number;
  /** Ancestors read from each side, at most. */
  budget: number;
  /** People read from each side through marriages, at most. */
  marriageBudget: number;
  /** Paths returned, at most. */
  paths: number;
}

export const DEFAULT_LIMITS: SearchLimits = { generations: 12, marriageSteps: 4, budget: 5000, marriageBudget: 1500, paths: 8 };

/** Paths enumerated before grouping, at most (pedigree collapse can multiply them). */
const RAW_PATHS = 64;

interface Reached {
  dist: Map<number, number>;
  /** The people one step nearer the start through whom each was reached at its distance. */
  via: Map<number, number[]>;
}

function reach(start: number): Reached {
  return { dist: new Map([[start, 0]]), via: new Map([[start, []]]) };
}

/** Records `next` reached from `from` at distance d; true when `next` is new. */
function record(side: Reached, from: number, next: number, d: number): boolean {
  const known = side.dist.get(next);
  if (known === undefined) {
    side.dist.set(next, d);
    side.via.set(next, [from]);
    return true;
  }
  if (known === d && !side.via.get(next)!.includes(from)) side.via.get(next)!.push(from);
  return false;
}

/** Every shortest chain from the start to `id`, start first (at most `cap`). */
function chains(side: Reached, id: number, cap: number): number[][] {
  const via = side.via.get(id) ?? [];
  if (via.length === 0) return [[id]];
  const out: number[][] = [];
  for (const prev of via) {
    for (const chain of chains(side, prev, cap)) {
      out.push([...chain, id]);
      if (out.length >= cap) return out;
    }
  }
  return out;
}

/**
 * The ancestors of A and of B up to `generations`, each with how far up and
 * through which child, read a generation at a time for both at once. Neither
 * side goes further up from a common ancestor: everyone above is reached
 * through them on both sides (cousins would otherwise read their whole shared
 * ancestry, thousands of people in a large tree, to find nothing new).
 */
async function ancestorsOfBoth(
  a: number,
  b: number,
  graph: GraphReader,
  limits: SearchLimits,
): Promise<{ sides: [Reached, Reached]; parents: Map<number, number[]> }> {
  const sides: [Reached, Reached] = [reach(a), reach(b)];
  const parents = new Map<number, number[]>();
  const common = (id: number) => sides[0].dist.has(id) && sides[1].dist.has(id);
  let frontiers = [[a], [b]];
  for (let g = 1; g <= limits.generations && frontiers.some((f) => f.length > 0); g++) {
    const found = await graph.parents([...new Set(frontiers.flat())]);
    frontiers = frontiers.map((frontier, s) => {
      if (sides[s].dist.size >= limits.budget) return [];
      const next: number[] = [];
      for (const child of frontier) {
        const own = found.get(child) ?? [];
        parents.set(child, own);
        for (const p of own) if (record(sides[s], child, p, g)) next.push(p);
      }
      return next;
    });
    frontiers = frontiers.map((frontier) => frontier.filter((id) => !common(id)));
  }
  return { sides, parents };
}

/** Groups paths that differ only in which partner of a couple they turn at, and marks the turns one ancestor makes alone. */
function grouped(raw: { people: number[]; steps: StepKind[] }[], blood: boolean, parentsOf: Map<number, number[]>): FoundPath[] {
  const turns = (steps: StepKind[]) => steps.flatMap((s, i) => (i > 0 && s === "child" && steps[i - 1] === "parent" ? [i] : []));
  const groups = new Map<string, FoundPath>();
  for (const path of raw) {
    const at = turns(path.steps);
    const key = `${path.steps.join(",")}|${path.people.map((p, i) => (at.includes(i) ? "*" : p)).join(",")}`;
    const known = groups.get(key);
    if (!known) {
      const apexes = Object.fromEntries(at.map((i) => [i, [path.people[i]]]));
      groups.set(key, { people: path.people, steps: path.steps, apexes, halfTurns: [], blood });
      continue;
    }
    for (const i of at) if (!known.apexes[i].includes(path.people[i])) known.apexes[i].push(path.people[i]);
  }
  // One common ancestor at a turn: half, unless the two children below have the same parents
  // (one family whose other partner is not known: full siblings as far as the tree says).
  const sameParents = (x: number, y: number) => {
    const [px, py] = [parentsOf.get(x), parentsOf.get(y)];
    return px !== undefined && py !== undefined && px.length === py.length && px.every((p) => py.includes(p));
  };
  for (const path of groups.values()) {
    path.halfTurns = Object.entries(path.apexes)
      .filter(([i, apex]) => apex.length === 1 && !sameParents(path.people[Number(i) - 1], path.people[Number(i) + 1]))
      .map(([i]) => Number(i));
  }
  return [...groups.values()];
}

/**
 * How B is related to A: every path through their lowest common ancestors
 * (relatives married to relatives are related along several), nearest first;
 * failing that, the shortest paths through marriages (in-laws, the step
 * family). Bounded by `limits`, so a large tree costs no more than a small one.
 */
export async function findPaths(a: number, b: number, graph: GraphReader, limits: SearchLimits = DEFAULT_LIMITS): Promise<FoundPath[]> {
  if (a === b) return [];
  const { sides, parents } = await ancestorsOfBoth(a, b, graph, limits);
  const [fromA, fromB] = sides;
  const common = [...fromA.dist.keys()].filter((id) => fromB.dist.has(id));
  // A common ancestor a path turns at: A or B themselves (one descends from the other), or one
  // reached from the two sides through different children. Their parents are common too, but
  // through the same child: not a path of their own.
  const viaA = (id: number) => fromA.via.get(id) ?? [];
  const viaB = (id: number) => fromB.via.get(id) ?? [];
  const turns = common.filter((id) => id === a || id === b || viaA(id).some((x) => viaB(id).some((y) => x !== y)));
  const raw: { people: number[]; steps: StepKind[] }[] = [];
  for (const apex of turns) {
    for (const up of chains(fromA, apex, RAW_PATHS)) {
      for (const down of chains(fromB, apex, RAW_PATHS)) {
        if (raw.length >= RAW_PATHS) break;
        // The two sides meet only at the apex: otherwise a nearer common ancestor is the turn
        // (relatives married to relatives are related along each line they share).
        const upSet = new Set(up);
        if (down.some((id) => id !== apex && upSet.has(id))) continue;
        const people = [...up, ...[...down].reverse().slice(1)];
        const steps: StepKind[] = people.slice(1).map((_, i) => (i < up.length - 1 ? "parent" : "child"));
        raw.push({ people, steps });
      }
    }
  }
  if (raw.length > 0) {
    return grouped(raw, true, parents)
      .sort((x, y) => x.people.length - y.people.length)
      .slice(0, limits.paths);
  }
  return (await marriagePaths(a, b, graph, limits)).slice(0, limits.paths);
}

/** The shortest paths between A and B over every link (parent, child, partner), searched from both ends. */
async function marriagePaths(a: number, b: number, graph: GraphReader, limits: SearchLimits): Promise<FoundPath[]> {
  const sides = [reach(a), reach(b)];
  const frontiers = [[a], [b]];
  const depth = [0, 0];
  // The kind of each link, as seen from its first person: parent, child or partner.
  const links = new Map<string, StepKind>();
  const parentsOf = new Map<number, number[]>();
  const meet = (): number[] => [...sides[0].dist.keys()].filter((id) => sides[1].dist.has(id));
  let met = meet();
  while (met.length === 0) {
    // Widen the smaller side (both searches stay small where one end has a large family).
    const s = frontiers[0].length <= frontiers[1].length ? 0 : 1;
    const side = frontiers[s].length > 0 && depth[s] < limits.marriageSteps ? s : 1 - s;
    if (frontiers[side].length === 0 || depth[side] >= limits.marriageSteps) return [];
    if (sides[side].dist.size >= limits.marriageBudget) return [];
    const found = await graph.relatives(frontiers[side]);
    depth[side]++;
    const next: number[] = [];
    for (const id of frontiers[side]) {
      parentsOf.set(id, found.parents.get(id) ?? []);
      for (const [kind, map] of [
        ["parent", found.parents],
        ["child", found.children],
        ["partner", found.partners],
      ] as const) {
        for (const other of map.get(id) ?? []) {
          links.set(`${id}>${other}`, kind);
          links.set(`${other}>${id}`, kind === "parent" ? "child" : kind === "child" ? "parent" : "partner");
          if (record(sides[side], id, other, depth[side])) next.push(other);
        }
      }
    }
    frontiers[side] = next;
    met = meet();
  }
  const best = Math.min(...met.map((m) => sides[0].dist.get(m)! + sides[1].dist.get(m)!));
  const raw: { people: number[]; steps: StepKind[] }[] = [];
  for (const m of met.filter((id) => sides[0].dist.get(id)! + sides[1].dist.get(id)! === best)) {
    for (const first of chains(sides[0], m, RAW_PATHS)) {
      for (const second of chains(sides[1], m, RAW_PATHS)) {
        if (raw.length >= RAW_PATHS) break;
        const people = [...first, ...second.reverse().slice(1)];
        const key = people.join(",");
        if (raw.some((r) => r.people.join(",") === key)) continue;
        raw.push({ people, steps: people.slice(1).map((p, i) => links.get(`${people[i]}>${p}`)!) });
      }
    }
  }
  return grouped(raw, false, parentsOf);
}

/** A found path as the namer reads it, with each person's sex: a turn made by one ancestor alone is half. */
export function relationPath(path: FoundPath, sexOf: (id: number) => Sex): RelationPath {
  return {
    fromSex: sexOf(path.people[0]),
    steps: path.steps.map((kind, i) => {
      const step: Step = { kind, sex: sexOf(path.people[i + 1]) };
      if (path.halfTurns.includes(i)) step.half = true;
      return step;
    }),
  };
}
