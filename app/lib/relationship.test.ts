import { describe, expect, test } from "vitest";
import { Family, generated } from "#tests/relationship-family.ts";
import { findPaths, nameRelationship, type Step } from "./relationship.ts";

// A generated family in memory (tests/relationship-family.ts), searched with
// the same findPaths the site uses (app/.server/kinship/relationship.ts gives
// it the database's graph) and named with the same namer: every term of the
// decision record's table (docs/decisions/020-relationship-terms.md) is
// asserted here at least once. The same cases in English: relationship-en.test.ts.

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
