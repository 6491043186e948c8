// "Kaip susiję?" in English: B's relationship to A named as an English speaker
// says it (first cousin once removed, great-aunt, half-brother, stepmother,
// sister-in-law), from the same path the Lithuanian namer reads
// (app/lib/relationship.ts). Where Lithuanian says more than the English word
// (whose in-law it is, a cousin's sex, which side and which way a removed
// cousin is), the Lithuanian word is given beside it with what it says, from
// A's side: "brother-in-law — svainis: your wife's brother". Pure, language
// code like the Lithuanian namer (docs/decisions/035-two-languages.md); the
// choices: docs/decisions/020-relationship-terms.md, "In English".
import {
  bloodOf,
  lastSex,
  nameRelationship,
  readPath,
  tokens,
  type MarriagePair,
  type Part,
  type RelationPath,
  type Step,
  type Token,
} from "./relationship.ts";
import type { Sex } from "./tree-layout.ts";

export interface EnglishRelationship {
  /** B's relationship to A: 'father', 'first cousin twice removed', 'sister-in-law', "wife's uncle". */
  term: string;
  /**
   * Where Lithuanian is more precise than the English term: its word (as the
   * Lithuanian page says it) and what the word says, from A's side.
   */
  lithuanian?: { word: string; meaning: string };
}

/** A word's forms for a man, a woman, and someone of unknown sex (without one: 'uncle or aunt'). */
type Forms = readonly [male: string, female: string, neutral?: string];

/** The form for this sex, each form changed by `change` ('half-', '… by marriage'). */
function say(sex: Sex, [male, female, neutral]: Forms, change: (word: string) => string = (word) => word): string {
  if (sex === "M") return change(male);
  if (sex === "F") return change(female);
  return neutral ? change(neutral) : `${change(male)} or ${change(female)}`;
}

const NUMBER_WORDS = [
  "",
  "once",
  "twice",
  "three times",
  "four times",
  "five times",
  "six times",
  "seven times",
  "eight times",
  "nine times",
  "ten times",
];
const ORDINAL_WORDS = [
  "",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
];

/** 3 → '3rd', 11 → '11th', 22 → '22nd'. */
export function ordinalNumber(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** 'great-' before grand- words: none, 'great-', 'great-great-', then '3rd great-', '4th great-' (as genealogists count). */
export function greats(k: number): string {
  if (k <= 0) return "";
  if (k <= 2) return "great-".repeat(k);
  return `${ordinalNumber(k)} great-`;
}

const ancestorForms = (n: number): Forms =>
  n === 1 ? ["father", "mother", "parent"] : [`${greats(n - 2)}grandfather`, `${greats(n - 2)}grandmother`, `${greats(n - 2)}grandparent`];
const descendantForms = (n: number): Forms =>
  n === 1 ? ["son", "daughter", "child"] : [`${greats(n - 2)}grandson`, `${greats(n - 2)}granddaughter`, `${greats(n - 2)}grandchild`];
const SIBLING: Forms = ["brother", "sister", "sibling"];
const SPOUSE: Forms = ["husband", "wife", "spouse"];
/** A parent's sibling `up` generations up: uncle (2), great-uncle (3), great-great-uncle (4). */
const uncleForms = (up: number): Forms => [`${greats(up - 2)}uncle`, `${greats(up - 2)}aunt`];
/** A sibling's descendant `down` generations down: nephew (2), great-nephew (3). */
const nephewForms = (down: number): Forms => [`${greats(down - 2)}nephew`, `${greats(down - 2)}niece`];

/** 'first cousin', 'second cousin twice removed'. */
function cousin(degree: number, removed: number): string {
  const rank = ORDINAL_WORDS[degree] ?? ordinalNumber(degree);
  if (removed === 0) return `${rank} cousin`;
  return `${rank} cousin ${NUMBER_WORDS[removed] ?? `${removed} times`} removed`;
}

/** 'half-uncle', 'half first cousin', 'half great-nephew'. */
const half = (word: string) => (/[ -]/.test(word) ? `half ${word}` : `half-${word}`);

/** Whether a segment turns at one common ancestor only (half relations). */
const isHalf = (steps: Step[], up: number, down: number) => up > 0 && down > 0 && steps[up].half === true;

/** A blood segment in English: `up` parent steps to the common ancestor, then `down` child steps to B. */
function blood(steps: Step[], up: number, down: number): string {
  const sex = steps[steps.length - 1]?.sex ?? "U";
  if (up === 0) return say(sex, descendantForms(down));
  if (down === 0) return say(sex, ancestorForms(up));
  const halved = isHalf(steps, up, down) ? half : undefined;
  if (up === 1 && down === 1) {
    if (!halved) return say(sex, SIBLING);
    // Whose side: the common parent's.
    const apex = steps[0].sex;
    const side = apex === "M" ? "paternal " : apex === "F" ? "maternal " : "";
    return say(sex, SIBLING, (word) => `${side}half-${word}`);
  }
  if (down === 1) return say(sex, uncleForms(up), halved);
  if (up === 1) return say(sex, nephewForms(down), halved);
  const word = cousin(Math.min(up, down) - 1, Math.abs(up - down));
  return halved ? halved(word) : word;
}

/** One English word for the tokens from `i` on, and how many it takes: the in-laws, the step family, 'aunt by marriage'. */
function englishWord(parts: Token[], i: number): [string, number] {
  const [first, second, third] = [parts[i], parts[i + 1], parts[i + 2]];
  if (first.kind === "partner") {
    const partnerOf = (forms: Forms, token: Token) => say(lastSex(token), forms);
    if (bloodOf(second, 1, 0)) return [partnerOf(["father-in-law", "mother-in-law", "parent-in-law"], second!), 2];
    if (bloodOf(second, 1, 1)) return [partnerOf(["brother-in-law", "sister-in-law"], second!), 2];
    if (bloodOf(second, 0, 1)) return [partnerOf(["stepson", "stepdaughter", "stepchild"], second!), 2];
    // A spouse's nephew or niece is one's own by marriage.
    if (second?.kind === "blood" && second.up === 1 && second.down >= 2) {
      return [say(lastSex(second), nephewForms(second.down), (word) => `${word} by marriage`), 2];
    }
    return [say(first.step.sex, SPOUSE), 1];
  }
  if (second?.kind === "partner") {
    const sex = second.step.sex;
    // A step-parent's child.
    if (bloodOf(first, 1, 0) && bloodOf(third, 0, 1)) return [say(lastSex(third!), ["stepbrother", "stepsister", "stepsibling"]), 3];
    if (bloodOf(first, 1, 0)) return [say(sex, ["stepfather", "stepmother", "step-parent"]), 2];
    if (bloodOf(first, 0, 1)) return [say(sex, ["son-in-law", "daughter-in-law", "child's spouse"]), 2];
    if (bloodOf(first, 1, 1)) return [say(sex, ["brother-in-law", "sister-in-law", "sibling's spouse"]), 2];
    // An uncle's wife, a great-aunt's husband.
    if (first.up >= 2 && first.down === 1) return [say(sex, uncleForms(first.up), (word) => `${word} by marriage`), 2];
  }
  return [blood(first.steps, first.up, first.down), 1];
}

/** B's relationship to A in English: one word where English has one, else read from A outwards ("wife's first cousin"). */
function englishTerm(path: RelationPath): string {
  const parts = tokens(path.steps);
  if (parts.length === 0) return "the same person";
  const words: string[] = [];
  for (let i = 0; i < parts.length;) {
    const [word, used] = englishWord(parts, i);
    words.push(word);
    i += used;
  }
  return words.join("'s ");
}

// ---------------------------------------------------------------------------
// What the Lithuanian word says, part by part as the Lithuanian namer reads the path.

/**
 * A Lithuanian part in English: said `alone` (the whole relationship, taken
 * apart: dėdė is "father's brother"), or `inner` as part of a compound
 * (dėdės žmona is "uncle's wife"); `precise` when the Lithuanian says more than
 * the English word for it.
 */
interface Gloss {
  alone: string;
  inner: string;
  precise: boolean;
}

const same = (word: string, precise = false): Gloss => ({ alone: word, inner: word, precise });

/** A peer `n` generations below the common ancestor, as part of a phrase: brother, first cousin, second cousin. */
const peer = (n: number, sex: Sex, halved?: (word: string) => string) =>
  n === 1 ? say(sex, SIBLING, halved) : halved ? halved(cousin(n - 1, 0)) : cousin(n - 1, 0);

/** A blood segment as the Lithuanian namer words it (app/lib/relationship.ts blood()), in English. */
function bloodGloss(steps: Step[], up: number, down: number): Gloss {
  const sex = steps[steps.length - 1]?.sex ?? "U";
  const halved = isHalf(steps, up, down) ? half : undefined;
  if (up === 0 || down === 0 || (up === 1 && down === 1)) return same(blood(steps, up, down));
  const parent = say(steps[0].sex, ancestorForms(1));
  if (up === down) {
    // pusbrolis, antros eilės pusseserė: the cousin's sex, and through whom.
    const between = peer(up - 1, steps[2 * up - 2].sex, halved);
    return { alone: `${parent}'s ${between}'s ${say(sex, descendantForms(1))}`, inner: blood(steps, up, down), precise: true };
  }
  if (up === 2 && down === 1) {
    // dėdė, teta: a parent's brother or sister, not an aunt's husband.
    return { alone: `${parent}'s ${say(sex, SIBLING, halved)}`, inner: blood(steps, up, down), precise: true };
  }
  if (up === 1 && down === 2 && (sex === "M" || sex === "F")) {
    // sūnėnas, dukterėčia: a brother's or sister's child, not a spouse's sibling's.
    return {
      alone: `${say(steps[1].sex, SIBLING, halved)}'s ${say(sex, descendantForms(1))}`,
      inner: blood(steps, up, down),
      precise: true,
    };
  }
  // Compounds: tėvo pusbrolis, senelio brolis (the older side); pusbrolio sūnus, brolio anūkas (the younger).
  const phrase =
    up > down
      ? `${say(steps[up - down - 1].sex, ancestorForms(up - down))}'s ${peer(down, sex, halved)}`
      : `${peer(up, steps[2 * up - 1].sex, halved)}'s ${say(sex, descendantForms(down - up))}`;
  return same(phrase, true);
}

/** A marriage pair in English: whose parent or sibling (uošvis is "wife's father"), or the step family's word. */
function pairGloss(pair: MarriagePair): Gloss {
  if (pair.side === "spouse's") {
    const spouse = pair.spouse === "wife" ? "wife" : pair.spouse === "husband" ? "husband" : "spouse";
    // uošvis, šešuras (only 'sutuoktinio tėvas' is no more than 'father-in-law'); svainis, dieveris, sutuoktinio brolis.
    if (pair.relative === "parent") return same(`${spouse}'s ${say(pair.sex, ancestorForms(1))}`, pair.spouse !== "either");
    if (pair.relative === "sibling") return same(`${spouse}'s ${say(pair.sex, SIBLING)}`, true);
    return same(say(pair.sex, ["stepson", "stepdaughter"]));
  }
  if (pair.relative === "parent") return same(say(pair.sex, ["stepfather", "stepmother"]));
  if (pair.relative === "child") return same(say(pair.sex, ["son-in-law", "daughter-in-law", "child's spouse"]));
  // brolienė, svainis: a brother's wife, a sister's husband.
  return same(`${say(pair.relativeSex, SIBLING)}'s ${say(pair.sex, SPOUSE)}`, true);
}

function partGloss(part: Part): Gloss {
  if (part.kind === "pair") return pairGloss(part.pair);
  if (part.kind === "partner") return same(say(part.step.sex, SPOUSE));
  return bloodGloss(part.steps, part.up, part.down);
}

/** What the Lithuanian word for the path says, in English, and whether that is more than the English term says. */
function lithuanianMeaning(path: RelationPath, term: string): string | null {
  const parts = readPath(path).map(partGloss);
  if (parts.length === 0) return null;
  const meaning = parts.length === 1 ? parts[0].alone : parts.map((part) => part.inner).join("'s ");
  const precise = parts.length > 1 || parts[0].precise;
  return precise && meaning !== term ? meaning : null;
}

/**
 * B's relationship to A in English, from the path between them: 'grandson',
 * 'first cousin once removed', 'paternal half-brother', 'mother-in-law',
 * 'aunt by marriage', or for what has no word of its own a phrase read from A
 * outwards ("wife's first cousin"); with the Lithuanian word where it says more
 * ('svainis': "your wife's brother").
 */
export function nameRelationshipEn(path: RelationPath): EnglishRelationship {
  const term = englishTerm(path);
  const meaning = lithuanianMeaning(path, term);
  return meaning ? { term, lithuanian: { word: nameRelationship(path), meaning: `your ${meaning}` } } : { term };
}

/** The names of several paths between the same two people, each once, in the paths' order. */
export function relationshipTermsEn(paths: RelationPath[]): EnglishRelationship[] {
  const seen = new Set<string>();
  return paths.map(nameRelationshipEn).filter((name) => {
    const key = `${name.term}|${name.lithuanian?.word ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
