import { describe, expect, test } from "vitest";
import { Family, generated } from "#tests/relationship-family.ts";
import type { Step } from "./relationship.ts";
import { greats, nameRelationshipEn, ordinalNumber, relationshipTermsEn } from "./relationship-en.ts";

// The cases of relationship.test.ts answered in English, on the same generated
// family (tests/relationship-family.ts), plus the removed cousins and more of
// the half, step and in-law family. Each answer is written as the page shows
// it: 'term', or 'term — Lithuanian word: what it says' where Lithuanian says
// more than the English (docs/decisions/020-relationship-terms.md, "In English").

const family = generated();

/** An answer as the page shows it. */
function shown(name: ReturnType<typeof nameRelationshipEn>): string {
  return name.lithuanian ? `${name.term} — ${name.lithuanian.word}: ${name.lithuanian.meaning}` : name.term;
}

/** B's relationship to A in English along each path found, each once. */
async function terms(a: string, b: string, f: Family = family): Promise<string[]> {
  return relationshipTermsEn(await f.paths(a, b)).map(shown);
}

const named = (fromSex: Step["sex"], steps: Step[]) => shown(nameRelationshipEn({ fromSex, steps }));

describe("blood relatives, as Jonas (or Ona) would name them", () => {
  test.each([
    ["Jonas", "protėvis1", "father"],
    ["Jonas", "protėvė1", "mother"],
    ["Jonas", "protėvis2", "grandfather"],
    ["Jonas", "protėvė2", "grandmother"],
    ["Jonas", "protėvis3", "great-grandfather"],
    ["Jonas", "protėvė3", "great-grandmother"],
    ["Jonas", "protėvis4", "great-great-grandfather"],
    ["Jonas", "protėvė4", "great-great-grandmother"],
    ["Jonas", "protėvis5", "3rd great-grandfather"],
    ["Jonas", "protėvė6", "4th great-grandmother"],
    ["Jonas", "protėvis7", "5th great-grandfather"],
    ["Jonas", "sūnus", "son"],
    ["Jonas", "duktė", "daughter"],
    ["Jonas", "vaikas", "child"],
    ["Jonas", "anūkas", "grandson"],
    ["Jonas", "anūkė", "granddaughter"],
    ["Jonas", "proanūkis", "great-grandson"],
    ["Jonas", "proanūkė", "great-granddaughter"],
    ["Jonas", "proproanūkis", "great-great-grandson"],
    ["Jonas", "proproproanūkė", "3rd great-granddaughter"],
    ["Jonas", "palikuonis6", "4th great-grandson"],
    ["Jonas", "Ona", "sister"],
    ["Ona", "Jonas", "brother"],
    ["Jonas", "BeLyties", "sibling"],
    // English uncle, aunt, nephew and niece are also relatives by marriage; the Lithuanian words are not.
    ["Jonas", "dėdė", "uncle — dėdė: your father's brother"],
    ["Jonas", "teta", "aunt — teta: your father's sister"],
    ["Jonas", "sūnėnas", "nephew — sūnėnas: your sister's son"],
    ["Jonas", "dukterėčia", "niece — dukterėčia: your sister's daughter"],
    ["Jonas", "brolioVaikas", "nephew or niece — brolio vaikas: your brother's child"],
    // A cousin's sex is in the Lithuanian word.
    ["Jonas", "pusbrolis", "first cousin — pusbrolis: your father's brother's son"],
    ["Jonas", "pusseserė", "first cousin — pusseserė: your father's sister's daughter"],
    ["Jonas", "antrosEilėsPusbrolis", "second cousin — antros eilės pusbrolis: your father's first cousin's son"],
    ["Jonas", "antrosEilėsPusseserė", "second cousin — antros eilės pusseserė: your father's first cousin's daughter"],
    ["Jonas", "trečiosEilėsPusseserė", "third cousin — trečios eilės pusseserė: your father's second cousin's daughter"],
    // Removed cousins and great-uncles: the Lithuanian says which side and which way.
    ["Jonas", "senelioBrolis", "great-uncle — senelio brolis: your grandfather's brother"],
    ["Jonas", "tėvoPusbrolis", "first cousin once removed — tėvo pusbrolis: your father's first cousin"],
    ["Jonas", "pusbrolioSūnus", "first cousin once removed — pusbrolio sūnus: your first cousin's son"],
    ["pusbrolioSūnus", "Jonas", "first cousin once removed — tėvo pusbrolis: your father's first cousin"],
    ["sūnėnas", "Jonas", "uncle — dėdė: your mother's brother"],
    ["dukterėčia", "Ona", "mother"],
    ["pusseserė", "dėdė", "uncle — dėdė: your mother's brother"],
  ])("%s → %s: %s", async (a, b, term) => {
    expect(await terms(a, b)).toEqual([term]);
  });
});

describe("removed cousins, great-uncles and great-nephews", () => {
  test.each([
    ["Jonas", "t1", "first cousin twice removed — senelio pusseserė: your grandfather's first cousin"],
    ["Jonas", "t2", "second cousin once removed — tėvo antros eilės pusbrolis: your father's second cousin"],
    ["pusbrolioSūnus", "antrosEilėsPusbrolis", "second cousin once removed — tėvo antros eilės pusbrolis: your father's second cousin"],
    ["antrosEilėsPusbrolis", "pusbrolioSūnus", "second cousin once removed — antros eilės pusbrolio sūnus: your second cousin's son"],
    ["anūkas", "tėvoPusbrolis", "first cousin three times removed — prosenelio pusbrolis: your great-grandfather's first cousin"],
    [
      "trečiosEilėsPusseserė",
      "proanūkė",
      "third cousin three times removed — trečios eilės pusbrolio proanūkė: your third cousin's great-granddaughter",
    ],
    ["Ona", "anūkas", "great-nephew — brolio anūkas: your brother's grandson"],
    ["anūkas", "Ona", "great-aunt — senelio sesuo: your grandfather's sister"],
    ["proanūkis", "Ona", "great-great-aunt — prosenelio sesuo: your great-grandfather's sister"],
    ["palikuonis6", "senelioBrolis", "7th great-uncle — protėvio (8 kartos aukščiau) brolis: your 6th great-grandfather's brother"],
  ])("%s → %s: %s", async (a, b, term) => {
    expect(await terms(a, b)).toEqual([term]);
  });
});

describe("half relatives", () => {
  test("a half-brother on the father's side, a half-sister on the mother's", async () => {
    expect(await terms("Jonas", "pusiauBrolis")).toEqual(["paternal half-brother"]);
    expect(await terms("Jonas", "pusiauSesuo")).toEqual(["maternal half-sister"]);
    expect(await terms("sūnus", "posūnis")).toEqual(["maternal half-brother"]);
    // Not related by blood at all: the father's wife's daughter.
    expect(await terms("pusiauBrolis", "pusiauSesuo")).toEqual(["stepsister — pamotės duktė: your stepmother's daughter"]);
  });
  test("a half-uncle shares only the grandfather", async () => {
    expect(await terms("Jonas", "pusiauDėdė")).toEqual(["half-uncle — dėdė (bendras tik senelis): your father's half-brother"]);
  });
  test("full siblings, as far as the tree knows, when their one family has a single parent", async () => {
    const f = new Family();
    f.person("tėvas", "M");
    f.person("x", "M", ["tėvas"]);
    f.person("y", "F", ["tėvas"]);
    expect(await terms("x", "y", f)).toEqual(["sister"]);
  });
  test("with a parent of unknown sex", () => {
    expect(
      named("M", [
        { kind: "parent", sex: "U" },
        { kind: "child", sex: "M", half: true },
      ]),
    ).toBe("half-brother");
  });
  test("half cousins, nephews and great-uncles", () => {
    const up = (sex: Step["sex"] = "M"): Step => ({ kind: "parent", sex });
    const down = (sex: Step["sex"], half = false): Step => (half ? { kind: "child", sex, half } : { kind: "child", sex });
    expect(named("M", [up(), up(), down("M", true), down("F")])).toBe(
      "half first cousin — pusseserė (bendras tik senelis): your father's half-brother's daughter",
    );
    expect(named("M", [up(), down("F", true), down("M")])).toBe("half-nephew — sūnėnas (bendras tik tėvas): your half-sister's son");
    expect(named("M", [up(), up(), up(), down("M", true)])).toBe(
      "half great-uncle — senelio brolis (bendras tik prosenelis): your grandfather's half-brother",
    );
  });
});

describe("the step family and the in-laws", () => {
  test.each([
    ["Jonas", "Rūta", "wife"],
    ["Rūta", "Jonas", "husband"],
    ["kitas", "sutuoktinis", "spouse"],
    ["Jonas", "kitaŽmona", "stepmother"],
    ["Jonas", "kitasVyras", "stepfather"],
    ["Jonas", "posūnis", "stepson"],
    ["Jonas", "podukra", "stepdaughter"],
    // A husband's wife's parents and siblings: Lithuanian says whose.
    ["Jonas", "uošvis", "father-in-law — uošvis: your wife's father"],
    ["Jonas", "uošvienė", "mother-in-law — uošvienė: your wife's mother"],
    ["Jonas", "žmonosBrolis", "brother-in-law — svainis: your wife's brother"],
    ["Jonas", "žmonosSesuo", "sister-in-law — svainė: your wife's sister"],
    // A wife's husband's parents and siblings.
    ["Ona", "šešuras", "father-in-law — šešuras: your husband's father"],
    ["Ona", "anyta", "mother-in-law — anyta: your husband's mother"],
    ["Ona", "dieveris", "brother-in-law — dieveris: your husband's brother"],
    ["Ona", "moša", "sister-in-law — moša: your husband's sister"],
    // A brother's wife, a sister's husband.
    ["Jonas", "brolienė", "sister-in-law — brolienė: your brother's wife"],
    ["Jonas", "Antanas", "brother-in-law — svainis: your sister's husband"],
    ["Antanas", "Jonas", "brother-in-law — svainis: your wife's brother"],
    // A son's wife, a daughter's husband: the English is as precise.
    ["Jonas", "marti", "daughter-in-law"],
    ["Jonas", "žentas", "son-in-law"],
    // English words for what Lithuanian says in two.
    ["Jonas", "tetosVyras", "uncle by marriage — tetos vyras: your aunt's husband"],
    ["Jonas", "dėdienė", "aunt by marriage — dėdės žmona: your uncle's wife"],
    ["Rūta", "sūnėnas", "nephew by marriage — vyro sūnėnas: your husband's nephew"],
    // No single word in either language.
    ["Jonas", "Rūtos1Vyras", "wife's husband"],
    ["Rūta", "pusbrolis", "husband's first cousin"],
    ["uošvis", "Ona", "son-in-law's sister"],
    ["žmonosBrolis", "Ona", "brother-in-law's sister — svainio sesuo: your sister's husband's sister"],
    ["dieveris", "Jonas", "sister-in-law's brother — brolienės brolis: your brother's wife's brother"],
    ["uošvis", "Jonas", "son-in-law"],
    ["anyta", "Ona", "daughter-in-law"],
    ["posūnis", "Jonas", "stepfather"],
    ["Rūta", "Ona", "sister-in-law — moša: your husband's sister"],
  ])("%s → %s: %s", async (a, b, term) => {
    expect(await terms(a, b)).toEqual([term]);
  });

  test("a step-parent's son", () => {
    const steps: Step[] = [
      { kind: "parent", sex: "F" },
      { kind: "partner", sex: "M" },
      { kind: "child", sex: "M" },
    ];
    expect(named("F", steps)).toBe("stepbrother — patėvio sūnus: your stepfather's son");
  });

  test("a spouse of unknown sex: the in-laws are named from the other partner's sex, or neutrally", () => {
    const parent: Step = { kind: "parent", sex: "M" };
    expect(named("M", [{ kind: "partner", sex: "U" }, parent])).toBe("father-in-law — uošvis: your wife's father");
    expect(named("F", [{ kind: "partner", sex: "U" }, parent])).toBe("father-in-law — šešuras: your husband's father");
    expect(named("U", [{ kind: "partner", sex: "U" }, parent])).toBe("father-in-law");
    expect(named("U", [{ kind: "partner", sex: "U" }, parent, { kind: "child", sex: "F" }])).toBe(
      "sister-in-law — sutuoktinio sesuo: your spouse's sister",
    );
  });

  test("unknown sex everywhere: neutral words", () => {
    const u = (kind: Step["kind"]): Step => ({ kind, sex: "U" });
    expect(named("U", [u("parent")])).toBe("parent");
    expect(named("U", [u("parent"), u("parent")])).toBe("grandparent");
    expect(named("U", [u("child")])).toBe("child");
    expect(named("U", [u("child"), u("child")])).toBe("grandchild");
    expect(named("U", [u("partner")])).toBe("spouse");
    expect(named("U", [u("parent"), u("child")])).toBe("sibling");
    expect(named("U", [u("parent"), u("parent"), u("child")])).toBe("uncle or aunt — dėdė ar teta: your parent's sibling");
    expect(named("U", [u("parent"), u("parent"), u("child"), u("child")])).toBe(
      "first cousin — pusbrolis ar pusseserė: your parent's sibling's child",
    );
    expect(named("U", [u("parent"), u("partner")])).toBe("step-parent");
    expect(named("U", [u("partner"), u("child")])).toBe("stepchild");
    expect(named("U", [u("child"), u("partner")])).toBe("child's spouse");
    expect(named("U", [u("parent"), u("child"), u("partner")])).toBe("sibling's spouse");
    expect(named("U", [u("parent"), u("parent"), u("parent"), u("child")])).toBe(
      "great-uncle or great-aunt — senelio ar senelės brolis ar sesuo: your grandparent's sibling",
    );
  });

  test("a parent of unknown sex, found in the tree", async () => {
    expect(await terms("kitas", "tėvasAr")).toEqual(["parent"]);
    expect(await terms("tėvasAr", "kitas")).toEqual(["son"]);
  });

  test("the same person", () => {
    expect(nameRelationshipEn({ fromSex: "M", steps: [] })).toEqual({ term: "the same person" });
  });
});

describe("several paths", () => {
  test("double cousins: each path named, the same answer once", async () => {
    const paths = await family.paths("dvigubas1", "dvigubas2");
    expect(paths.map((p) => shown(nameRelationshipEn(p)))).toEqual([
      "first cousin — pusseserė: your father's brother's daughter",
      "first cousin — pusseserė: your mother's sister's daughter",
    ]);
    expect(await terms("dvigubas1", "dvigubas2")).toEqual(["first cousin — pusseserė: your father's brother's daughter"]);
  });
  test("relatives married to relatives: the son of a cousin and a second cousin is related along both lines", async () => {
    expect(await terms("Jonas", "giminiųVaikas")).toEqual([
      "first cousin once removed — pusbrolio sūnus: your first cousin's son",
      "second cousin once removed — antros eilės pusseserės sūnus: your second cousin's son",
    ]);
  });
});

describe("counting generations", () => {
  test("greats as genealogists count them", () => {
    expect([0, 1, 2, 3, 4, 10].map(greats)).toEqual(["", "great-", "great-great-", "3rd great-", "4th great-", "10th great-"]);
  });
  test("ordinal numbers", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinalNumber)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
  test("cousins far apart", () => {
    const up = (n: number): Step[] => Array.from({ length: n }, () => ({ kind: "parent", sex: "M" }));
    const down = (n: number): Step[] => Array.from({ length: n }, () => ({ kind: "child", sex: "F" }));
    expect(nameRelationshipEn({ fromSex: "M", steps: [...up(5), ...down(3)] }).term).toBe("second cousin twice removed");
    expect(nameRelationshipEn({ fromSex: "M", steps: [...up(12), ...down(12)] }).term).toBe("eleventh cousin");
    expect(nameRelationshipEn({ fromSex: "M", steps: [...up(2), ...down(12)] }).term).toBe("first cousin ten times removed");
    expect(nameRelationshipEn({ fromSex: "M", steps: [...up(2), ...down(14)] }).term).toBe("first cousin 12 times removed");
  });
});
