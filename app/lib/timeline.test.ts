import { describe, expect, test } from "vitest";
import { siteT } from "#app/i18n/site.ts";
import { compareTimed, familyEventLabel, lifespan, withinLife } from "./timeline.ts";

describe("a relative's event on the timeline", () => {
  test.each([
    ["child", "M", "BIRT", false, "Gimė sūnus", "Son born"],
    ["child", "F", "BIRT", false, "Gimė duktė", "Daughter born"],
    ["child", "U", "BIRT", false, "Gimė vaikas", "Child born"],
    ["child", "F", "DEAT", false, "Mirė duktė", "Daughter died"],
    ["parent", "M", "DEAT", false, "Mirė tėvas", "Father died"],
    ["parent", "F", "DEAT", false, "Mirė motina", "Mother died"],
    ["parent", "U", "DEAT", false, "Mirė vienas iš tėvų", "Parent died"],
    ["sibling", "M", "DEAT", false, "Mirė brolis", "Brother died"],
    ["sibling", "F", "DEAT", false, "Mirė sesuo", "Sister died"],
    ["sibling", "X", "DEAT", false, "Mirė brolis ar sesuo", "Sibling died"],
    ["partner", "M", "DEAT", true, "Mirė vyras", "Husband died"],
    ["partner", "F", "DEAT", true, "Mirė žmona", "Wife died"],
    ["partner", "F", "DEAT", false, "Mirė partnerė", "Partner died"],
    ["partner", "U", "DEAT", false, "Mirė partneris (-ė)", "Partner died"],
  ] as const)("%s, %s, %s (married: %s): %s / %s", (relation, sex, tag, married, lithuanian, english) => {
    const label = familyEventLabel(relation, sex, tag, married)!;
    expect(siteT("lt")(label)).toBe(lithuanian);
    expect(siteT("en")(label)).toBe(english);
  });

  test("only children's births and everyone's deaths", () => {
    expect(familyEventLabel("parent", "M", "BIRT")).toBeNull();
    expect(familyEventLabel("sibling", "F", "BIRT")).toBeNull();
    expect(familyEventLabel("child", "M", "OCCU")).toBeNull();
    expect(familyEventLabel("child", "M", "BURI")).toBeNull();
  });
});

describe("the order of a life", () => {
  test("dated by date; an undated birth first, an undated burial last, other undated events between, each in the file's order", () => {
    const events = [
      { tag: "BURI", dateFrom: null, order: 0 },
      { tag: "OCCU", dateFrom: null, order: 1 },
      { tag: "DEAT", dateFrom: 2_440_000, order: 2 },
      { tag: "BIRT", dateFrom: null, order: 3 },
      { tag: "RESI", dateFrom: 2_420_000, order: 4 },
      { tag: "EDUC", dateFrom: null, order: 5 },
      { tag: "MARR", dateFrom: 2_420_000, order: 6 },
    ];
    expect([...events].sort(compareTimed).map((e) => e.tag)).toEqual(["BIRT", "RESI", "MARR", "DEAT", "OCCU", "EDUC", "BURI"]);
  });

  test("a life from birth (or baptism) to death (or burial); a relative's event counts inside it when its days overlap", () => {
    const life = lifespan([
      { tag: "CHR", dateFrom: 100, dateTo: 100 },
      { tag: "BURI", dateFrom: 900, dateTo: 905 },
    ]);
    expect(life).toEqual({ from: 100, to: 905 });
    expect(withinLife(life, 50, 99)).toBe(false);
    expect(withinLife(life, 50, 150)).toBe(true);
    expect(withinLife(life, 905, 910)).toBe(true);
    expect(withinLife(life, 906, 910)).toBe(false);
    expect(withinLife(life, null, null)).toBe(false);
    // Unknown ends do not limit it.
    expect(withinLife({ from: null, to: null }, 1, 1)).toBe(true);
  });
});
