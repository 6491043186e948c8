import { describe, expect, test } from "vitest";
import { findPaths, nameRelationship, relationPath, relationshipTerms, type GraphReader, type Step } from "./relationship.ts";
import type { Sex } from "./tree-layout.ts";

// A generated family in memory, searched with the same findPaths the site
// uses (app/.server/kinship/relationship.ts gives it the database's graph)
// and named with the same namer: every term of the decision record's table
// (docs/decisions/020-relationship-terms.md) is asserted here at least once.

class Family implements GraphReader {
  sex = new Map<number, Sex>();
  names = new Map<string, number>();
  #parents = new Map<number, number[]>();
  #children = new Map<number, number[]>();
  #partners = new Map<number, number[]>();

  person(name: string, sex: Sex, parents: string[] = []): number {
    const id = this.names.size + 1;
    this.names.set(name, id);
    this.sex.set(id, sex);
    for (const p of parents) {
      const pid = this.id(p);
      this.#parents.set(id, [...(this.#parents.get(id) ?? []), pid]);
      this.#children.set(pid, [...(this.#children.get(pid) ?? []), id]);
    }
    return id;
  }
  marry(a: string, b: string) {
    const [x, y] = [this.id(a), this.id(b)];
    this.#partners.set(x, [...(this.#partners.get(x) ?? []), y]);
    this.#partners.set(y, [...(this.#partners.get(y) ?? []), x]);
  }
  id(name: string): number {
    const id = this.names.get(name);
    if (id === undefined) throw new Error(`no ${name}`);
    return id;
  }
  async parents(ids: number[]) {
    return new Map(ids.map((id) => [id, this.#parents.get(id) ?? []]));
  }
  async relatives(ids: number[]) {
    const pick = (m: Map<number, number[]>) => new Map(ids.map((id) => [id, m.get(id) ?? []]));
    return { parents: pick(this.#parents), children: pick(this.#children), partners: pick(this.#partners) };
  }
  /** B's relationship to A along each path found, each term once. */
  async terms(a: string, b: string): Promise<string[]> {
    const paths = await findPaths(this.id(a), this.id(b), this);
    return relationshipTerms(paths.map((p) => relationPath(p, (id) => this.sex.get(id)!)));
  }
}

/**
 * The family: Jonas (M) and his sister Ona (F) at the centre; their paternal
 * line seven generations up; uncles, aunts and cousins to the third degree;
 * half-siblings on both sides; step-parents; Jonas's wife's family, Ona's
 * husband's family; children and descendants six generations down; some
 * people of unknown sex; double cousins (two brothers married two sisters)
 * and a marriage of cousins (relatives married to relatives).
 */
function generated(): Family {
  const f = new Family();
  // Seven generations up: protėvis7 … senelis2, each with his wife.
  f.person("protėvis7", "M");
  f.person("protėvė7", "F");
  f.marry("protėvis7", "protėvė7");
  for (let g = 6; g >= 1; g--) {
    f.person(`protėvis${g}`, "M", [`protėvis${g + 1}`, `protėvė${g + 1}`]);
    f.person(`protėvė${g}`, "F");
    f.marry(`protėvis${g}`, `protėvė${g}`);
  }
  // protėvis1 = tėvas, protėvė1 = motina.
  f.person("Jonas", "M", ["protėvis1", "protėvė1"]);
  f.person("Ona", "F", ["protėvis1", "protėvė1"]);
  f.person("Petras", "M", ["protėvis1", "protėvė1"]);
  f.person("BeLyties", "U", ["protėvis1", "protėvė1"]);
  // Half-siblings: the father's son with another wife, the mother's daughter with another husband.
  f.person("kitaŽmona", "F");
  f.marry("protėvis1", "kitaŽmona");
  f.person("pusiauBrolis", "M", ["protėvis1", "kitaŽmona"]);
  f.person("kitasVyras", "M");
  f.marry("protėvė1", "kitasVyras");
  f.person("pusiauSesuo", "F", ["protėvė1", "kitasVyras"]);
  // Uncle and aunt (the father's siblings), their spouses and children.
  f.person("dėdė", "M", ["protėvis2", "protėvė2"]);
  f.person("teta", "F", ["protėvis2", "protėvė2"]);
  f.person("dėdienė", "F");
  f.marry("dėdė", "dėdienė");
  f.person("tetosVyras", "M");
  f.marry("teta", "tetosVyras");
  f.person("pusbrolis", "M", ["dėdė", "dėdienė"]);
  f.person("pusseserė", "F", ["teta", "tetosVyras"]);
  f.person("pusbrolioSūnus", "M", ["pusbrolis"]);
  // A half-uncle: the grandfather's son with another woman.
  f.person("senelioKita", "F");
  f.person("pusiauDėdė", "M", ["protėvis2", "senelioKita"]);
  // The grandfather's brother, his child (the father's cousin), grandchild (second cousin), great-grandchild.
  f.person("senelioBrolis", "M", ["protėvis3", "protėvė3"]);
  f.person("tėvoPusbrolis", "M", ["senelioBrolis"]);
  f.person("antrosEilėsPusbrolis", "M", ["tėvoPusbrolis"]);
  f.person("antrosEilėsPusseserė", "F", ["tėvoPusbrolis"]);
  // Third cousin: from the great-grandfather's brother, three generations down.
  f.person("prosenelioBrolis", "M", ["protėvis4", "protėvė4"]);
  f.person("t1", "F", ["prosenelioBrolis"]);
  f.person("t2", "M", ["t1"]);
  f.person("trečiosEilėsPusseserė", "F", ["t2"]);
  // Jonas's wife, her parents and siblings, her son from an earlier marriage.
  f.person("uošvis", "M");
  f.person("uošvienė", "F");
  f.marry("uošvis", "uošvienė");
  f.person("Rūta", "F", ["uošvis", "uošvienė"]);
  f.marry("Jonas", "Rūta");
  f.person("žmonosBrolis", "M", ["uošvis", "uošvienė"]);
  f.person("žmonosSesuo", "F", ["uošvis", "uošvienė"]);
  f.person("Rūtos1Vyras", "M");
  f.marry("Rūta", "Rūtos1Vyras");
  f.person("posūnis", "M", ["Rūta", "Rūtos1Vyras"]);
  f.person("podukra", "F", ["Rūta", "Rūtos1Vyras"]);
  // Ona's husband and his family.
  f.person("šešuras", "M");
  f.person("anyta", "F");
  f.marry("šešuras", "anyta");
  f.person("Antanas", "M", ["šešuras", "anyta"]);
  f.marry("Ona", "Antanas");
  f.person("dieveris", "M", ["šešuras", "anyta"]);
  f.person("moša", "F", ["šešuras", "anyta"]);
  // Petras's wife: Jonas's sister-in-law; Ona's children: Jonas's nephew and niece.
  f.person("brolienė", "F");
  f.marry("Petras", "brolienė");
  f.person("sūnėnas", "M", ["Ona", "Antanas"]);
  f.person("dukterėčia", "F", ["Ona", "Antanas"]);
  f.person("brolioVaikas", "U", ["Petras", "brolienė"]);
  // Jonas and Rūta's children, their spouses, and descendants six generations down.
  f.person("sūnus", "M", ["Jonas", "Rūta"]);
  f.person("duktė", "F", ["Jonas", "Rūta"]);
  f.person("vaikas", "U", ["Jonas", "Rūta"]);
  f.person("marti", "F");
  f.marry("sūnus", "marti");
  f.person("žentas", "M");
  f.marry("duktė", "žentas");
  f.person("anūkas", "M", ["sūnus", "marti"]);
  f.person("anūkė", "F", ["duktė", "žentas"]);
  f.person("proanūkis", "M", ["anūkas"]);
  f.person("proanūkė", "F", ["anūkas"]);
  f.person("proproanūkis", "M", ["proanūkis"]);
  f.person("proproproanūkė", "F", ["proproanūkis"]);
  f.person("palikuonis6", "M", ["proproproanūkė"]);
  // Someone whose parents' and spouse's sex is unknown.
  f.person("tėvasAr", "U");
  f.person("kitas", "M", ["tėvasAr"]);
  f.person("sutuoktinis", "U");
  f.marry("kitas", "sutuoktinis");
  // Double cousins: two brothers married two sisters.
  f.person("bSenelis", "M");
  f.person("bSenelė", "F");
  f.person("sSenelis", "M");
  f.person("sSenelė", "F");
  f.person("brolis1", "M", ["bSenelis", "bSenelė"]);
  f.person("brolis2", "M", ["bSenelis", "bSenelė"]);
  f.person("sesuo1", "F", ["sSenelis", "sSenelė"]);
  f.person("sesuo2", "F", ["sSenelis", "sSenelė"]);
  f.marry("brolis1", "sesuo1");
  f.marry("brolis2", "sesuo2");
  f.person("dvigubas1", "M", ["brolis1", "sesuo1"]);
  f.person("dvigubas2", "F", ["brolis2", "sesuo2"]);
  // Cousins married: the cousin (pusbrolis) and the second cousin; their son is related to Jonas along both lines.
  f.marry("pusbrolis", "antrosEilėsPusseserė");
  f.person("giminiųVaikas", "M", ["pusbrolis", "antrosEilėsPusseserė"]);
  return f;
}

const family = generated();

describe("blood relatives, as Jonas (or Ona) would name them", () => {
  test.each([
    ["Jonas", "protėvis1", "tėvas"],
    ["Jonas", "protėvė1", "motina"],
    ["Jonas", "protėvis2", "senelis"],
    ["Jonas", "protėvė2", "senelė"],
    ["Jonas", "protėvis3", "prosenelis"],
    ["Jonas", "protėvė3", "prosenelė"],
    ["Jonas", "protėvis4", "proprosenelis"],
    ["Jonas", "protėvė4", "proprosenelė"],
    ["Jonas", "protėvis5", "proproprosenelis"],
    ["Jonas", "protėvė6", "protėvė (6 kartos aukščiau)"],
    ["Jonas", "protėvis7", "protėvis (7 kartos aukščiau)"],
    ["Jonas", "sūnus", "sūnus"],
    ["Jonas", "duktė", "duktė"],
    ["Jonas", "vaikas", "vaikas"],
    ["Jonas", "anūkas", "anūkas"],
    ["Jonas", "anūkė", "anūkė"],
    ["Jonas", "proanūkis", "proanūkis"],
    ["Jonas", "proanūkė", "proanūkė"],
    ["Jonas", "proproanūkis", "proproanūkis"],
    ["Jonas", "proproproanūkė", "proproproanūkė"],
    ["Jonas", "palikuonis6", "palikuonis (6 kartos žemiau)"],
    ["Jonas", "Ona", "sesuo"],
    ["Ona", "Jonas", "brolis"],
    ["Jonas", "BeLyties", "brolis ar sesuo"],
    ["Jonas", "dėdė", "dėdė"],
    ["Jonas", "teta", "teta"],
    ["Jonas", "sūnėnas", "sūnėnas"],
    ["Jonas", "dukterėčia", "dukterėčia"],
    ["Jonas", "brolioVaikas", "brolio vaikas"],
    ["Jonas", "pusbrolis", "pusbrolis"],
    ["Jonas", "pusseserė", "pusseserė"],
    ["Jonas", "antrosEilėsPusbrolis", "antros eilės pusbrolis"],
    ["Jonas", "antrosEilėsPusseserė", "antros eilės pusseserė"],
    ["Jonas", "trečiosEilėsPusseserė", "trečios eilės pusseserė"],
    // No single word: read from Jonas outwards.
    ["Jonas", "senelioBrolis", "senelio brolis"],
    ["Jonas", "tėvoPusbrolis", "tėvo pusbrolis"],
    ["Jonas", "pusbrolioSūnus", "pusbrolio sūnus"],
    ["pusbrolioSūnus", "Jonas", "tėvo pusbrolis"],
    ["sūnėnas", "Jonas", "dėdė"],
    ["dukterėčia", "Ona", "motina"],
    ["pusseserė", "dėdė", "dėdė"],
  ])("%s → %s: %s", async (a, b, term) => {
    expect(await family.terms(a, b)).toEqual([term]);
  });
});

describe("half relatives", () => {
  test("a half-brother on the father's side, a half-sister on the mother's", async () => {
    expect(await family.terms("Jonas", "pusiauBrolis")).toEqual(["brolis iš tėvo pusės"]);
    expect(await family.terms("Jonas", "pusiauSesuo")).toEqual(["sesuo iš motinos pusės"]);
    // Not related by blood at all: the father's wife's daughter.
    expect(await family.terms("pusiauBrolis", "pusiauSesuo")).toEqual(["pamotės duktė"]);
  });
  test("a half-uncle shares only the grandfather", async () => {
    expect(await family.terms("Jonas", "pusiauDėdė")).toEqual(["dėdė (bendras tik senelis)"]);
  });
  test("full siblings, as far as the tree knows, when their one family has a single parent", async () => {
    const f = new Family();
    f.person("tėvas", "M");
    f.person("x", "M", ["tėvas"]);
    f.person("y", "F", ["tėvas"]);
    expect(await f.terms("x", "y")).toEqual(["sesuo"]);
  });
  test("with a parent of unknown sex", () => {
    const steps: Step[] = [
      { kind: "parent", sex: "U" },
      { kind: "child", sex: "M", half: true },
    ];
    expect(nameRelationship({ fromSex: "M", steps })).toBe("brolis (bendras tik vienas iš tėvų)");
  });
});

describe("the step family and the in-laws", () => {
  test.each([
    ["Jonas", "Rūta", "žmona"],
    ["Rūta", "Jonas", "vyras"],
    ["kitas", "sutuoktinis", "sutuoktinis"],
    ["Jonas", "kitaŽmona", "pamotė"],
    ["Jonas", "kitasVyras", "patėvis"],
    ["Jonas", "posūnis", "posūnis"],
    ["Jonas", "podukra", "podukra"],
    // A husband's wife's parents and siblings.
    ["Jonas", "uošvis", "uošvis"],
    ["Jonas", "uošvienė", "uošvienė"],
    ["Jonas", "žmonosBrolis", "svainis"],
    ["Jonas", "žmonosSesuo", "svainė"],
    // A wife's husband's parents and siblings.
    ["Ona", "šešuras", "šešuras"],
    ["Ona", "anyta", "anyta"],
    ["Ona", "dieveris", "dieveris"],
    ["Ona", "moša", "moša"],
    // A brother's wife, a sister's husband.
    ["Jonas", "brolienė", "brolienė"],
    ["Jonas", "Antanas", "svainis"],
    // A son's wife, a daughter's husband.
    ["Jonas", "marti", "marti"],
    ["Jonas", "žentas", "žentas"],
    // No single word.
    ["Jonas", "tetosVyras", "tetos vyras"],
    ["Jonas", "dėdienė", "dėdės žmona"],
    ["Jonas", "Rūtos1Vyras", "žmonos vyras"],
    ["uošvis", "Jonas", "žentas"],
    ["anyta", "Ona", "marti"],
    ["posūnis", "Jonas", "patėvis"],
    ["Rūta", "Ona", "moša"],
  ])("%s → %s: %s", async (a, b, term) => {
    expect(await family.terms(a, b)).toEqual([term]);
  });

  test("a spouse of unknown sex: the in-laws are named from the other partner's sex, or neutrally", () => {
    const parent: Step = { kind: "parent", sex: "M" };
    expect(nameRelationship({ fromSex: "M", steps: [{ kind: "partner", sex: "U" }, parent] })).toBe("uošvis");
    expect(nameRelationship({ fromSex: "F", steps: [{ kind: "partner", sex: "U" }, parent] })).toBe("šešuras");
    expect(nameRelationship({ fromSex: "U", steps: [{ kind: "partner", sex: "U" }, parent] })).toBe("sutuoktinio tėvas");
    expect(nameRelationship({ fromSex: "U", steps: [{ kind: "partner", sex: "U" }, parent, { kind: "child", sex: "F" }] })).toBe(
      "sutuoktinio sesuo",
    );
  });

  test("unknown sex everywhere: neutral words", () => {
    const u = (kind: Step["kind"]): Step => ({ kind, sex: "U" });
    expect(nameRelationship({ fromSex: "U", steps: [u("parent")] })).toBe("vienas iš tėvų");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("parent")] })).toBe("senelis ar senelė");
    expect(nameRelationship({ fromSex: "U", steps: [u("child")] })).toBe("vaikas");
    expect(nameRelationship({ fromSex: "U", steps: [u("child"), u("child")] })).toBe("anūkas ar anūkė");
    expect(nameRelationship({ fromSex: "U", steps: [u("partner")] })).toBe("sutuoktinis");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("child")] })).toBe("brolis ar sesuo");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("parent"), u("child")] })).toBe("dėdė ar teta");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("parent"), u("child"), u("child")] })).toBe("pusbrolis ar pusseserė");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("partner")] })).toBe("patėvis ar pamotė");
    expect(nameRelationship({ fromSex: "U", steps: [u("partner"), u("child")] })).toBe("posūnis ar podukra");
    expect(nameRelationship({ fromSex: "U", steps: [u("child"), u("partner")] })).toBe("vaiko sutuoktinis");
    expect(nameRelationship({ fromSex: "U", steps: [u("parent"), u("parent"), u("parent"), u("child")] })).toBe(
      "senelio ar senelės brolis ar sesuo",
    );
  });

  test("a parent of unknown sex, found in the tree", async () => {
    expect(await family.terms("kitas", "tėvasAr")).toEqual(["vienas iš tėvų"]);
    expect(await family.terms("tėvasAr", "kitas")).toEqual(["sūnus"]);
  });
});

describe("several paths", () => {
  test("double cousins: two brothers married two sisters, one path through each couple of grandparents", async () => {
    const paths = await findPaths(family.id("dvigubas1"), family.id("dvigubas2"), family);
    expect(paths).toHaveLength(2);
    // Each path turns at a couple: full cousins, not half.
    expect(paths.map((p) => Object.values(p.apexes)[0].length)).toEqual([2, 2]);
    expect(await family.terms("dvigubas1", "dvigubas2")).toEqual(["pusseserė"]);
  });
  test("relatives married to relatives: the son of a cousin and a second cousin is related along both lines", async () => {
    expect(await family.terms("Jonas", "giminiųVaikas")).toEqual(["pusbrolio sūnus", "antros eilės pusseserės sūnus"]);
  });
  test("a couple of common ancestors is one path; a single one is a half relation", async () => {
    const full = await findPaths(family.id("Jonas"), family.id("Ona"), family);
    expect(full).toHaveLength(1);
    expect(full[0].apexes[1].sort()).toEqual([family.id("protėvis1"), family.id("protėvė1")].sort());
    expect(full[0].halfTurns).toEqual([]);
    const half = await findPaths(family.id("Jonas"), family.id("pusiauBrolis"), family);
    expect(half[0].halfTurns).toEqual([1]);
    expect(half[0].blood).toBe(true);
  });
  test("no path: no relationship; the same person: none either", async () => {
    const f = new Family();
    f.person("x", "M");
    f.person("y", "F");
    expect(await findPaths(1, 2, f)).toEqual([]);
    expect(await findPaths(1, 1, f)).toEqual([]);
  });
  test("in-laws are found only when there is no blood path, and the search is bounded", async () => {
    const paths = await findPaths(family.id("Jonas"), family.id("uošvis"), family);
    expect(paths.map((p) => p.blood)).toEqual([false]);
    expect(
      await findPaths(family.id("Jonas"), family.id("protėvis7"), family, {
        generations: 3,
        marriageSteps: 2,
        budget: 100,
        marriageBudget: 100,
        paths: 8,
      }),
    ).toEqual([]);
  });
});
