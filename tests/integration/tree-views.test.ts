import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chartRoot, familyGroups, homePersonSetting, neighbourhood, setHomePerson } from "#app/.server/genealogy/chart.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { createUser, personOfUser } from "#app/.server/accounts/users.ts";
import { layoutFan } from "#app/lib/fan-layout.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// The tree's views and where they open: the person asked for, the member's
// own, the administrator's home person, the file's first; the fan and the
// family groups, with whom a visitor may not see as labels only.

const YEAR = new Date().getUTCFullYear();
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };

let t: TestDatabase;
let treeId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  // Five generations up from Gabija: each a couple; her father Tomas is living.
  const people: string[] = [];
  const families: string[] = [];
  const person = (xref: string, name: string, sex: "M" | "F", born: number | null, fams: string[], famc: string | null) =>
    people.push(
      [
        `0 @${xref}@ INDI`,
        `1 NAME ${name}`,
        `1 SEX ${sex}`,
        ...(born ? [`1 BIRT`, `2 DATE ${born}`] : []),
        // Everyone but Gabija and her parents has died.
        ...(born && !["G", "T", "R"].includes(xref) ? [`1 DEAT`, `2 DATE ${Math.min(born + 70, YEAR - 1)}`] : []),
        ...fams.map((f) => `1 FAMS @${f}@`),
        ...(famc ? [`1 FAMC @${famc}@`] : []),
      ].join("\n"),
    );
  person("G", "Gabija /Ainė/", "F", YEAR - 10, [], "F1");
  person("T", "Tomas /Ainis/", "M", YEAR - 40, ["F1"], "F2");
  person("R", "Rūta /Ainienė/", "F", YEAR - 38, ["F1"], null);
  families.push("0 @F1@ FAM\n1 HUSB @T@\n1 WIFE @R@\n1 CHIL @G@");
  // Tomas's line: generation g (1 = his parents) born YEAR - 40 - 30 g.
  let child = "T";
  for (let g = 1; g <= 5; g++) {
    const fam = `F${g + 1}`;
    const father = `A${g}`;
    const mother = `B${g}`;
    person(father, `Protėvis${g} /Ainis/`, "M", YEAR - 40 - 30 * g, [fam], g < 5 ? `F${g + 2}` : null);
    person(mother, `Protėvė${g} /Ainienė/`, "F", YEAR - 38 - 30 * g, [fam], null);
    families.push(`0 @${fam}@ FAM\n1 HUSB @${father}@\n1 WIFE @${mother}@\n1 CHIL @${child}@`);
    child = father;
  }
  const file = path.join(t.dir, "views.ged");
  fs.writeFileSync(
    file,
    `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n${[...people, ...families].join("\n")}\n0 TRLR\n`,
  );
  treeId = (await importFile(t.db, t.media, file, { sourceName: "views.ged" })).treeId;
  for (const row of await t.db.selectFrom("genealogyPeople").select(["id", "xref"]).where("treeId", "=", treeId).execute())
    ids[row.xref!.replaceAll("@", "")] = row.id;
});
afterAll(() => t.close());

describe("where the tree opens", () => {
  test("the person asked for, else the member's own, else the home person, else the file's first; an id not in the tree is passed over", async () => {
    expect(await chartRoot(t.db, treeId, [null, null])).toBe(ids.G);
    expect(await homePersonSetting(t.db)).toBeNull();
    await setHomePerson(t.db, ids.A2);
    expect(await chartRoot(t.db, treeId, [null, null])).toBe(ids.A2);
    const member = await createUser(t.db, "giminaite", "slaptazodis-ilgas", "narys", ids.T);
    expect(await personOfUser(t.db, member.id)).toBe(ids.T);
    expect(await chartRoot(t.db, treeId, [null, ids.T])).toBe(ids.T);
    expect(await chartRoot(t.db, treeId, [ids.B1, ids.T])).toBe(ids.B1);
    // Gone after a new import, say: the next choice applies.
    expect(await chartRoot(t.db, treeId, [999_999, null])).toBe(ids.A2);
    await setHomePerson(t.db, 999_999);
    expect(await chartRoot(t.db, treeId, [null, null])).toBe(ids.G);
    await setHomePerson(t.db, null);
    expect(await homePersonSetting(t.db)).toBeNull();
  });
});

describe("the views", () => {
  test("the fan reaches five generations of ancestors; the living father is a label to a visitor", async () => {
    const fan = layoutFan(await neighbourhood(t.db, treeId, ids.G, "veduokle", visitor));
    const byGeneration = (g: number) => fan.segments.filter((s) => s.generation === g).map((s) => s.person.name);
    expect(byGeneration(0)).toEqual(["Gyvas asmuo"]);
    expect(byGeneration(1)).toEqual(["Gyvas asmuo", "Gyvas asmuo"]);
    expect(byGeneration(2)).toEqual(["Protėvis1 Ainis", "Protėvė1 Ainienė"]);
    expect(byGeneration(5)).toEqual(["Protėvis4 Ainis", "Protėvė4 Ainienė"]);
    // Nothing of the living leaves the server: no years, no name in any line drawn.
    const living = fan.segments.filter((s) => s.person.hidden);
    expect(living).toHaveLength(3);
    for (const segment of living) expect(segment.text.lines.join(" ")).toBe("Gyvas asmuo");
    expect(JSON.stringify(fan)).not.toContain("Tomas");
  });

  test("the family groups: the family born into with all its children, and the person's own, each partner with their parents", async () => {
    const groups = await familyGroups(t.db, treeId, ids.A1, visitor);
    expect(groups.born?.partners.map((p) => p?.name)).toEqual(["Protėvis2 Ainis", "Protėvė2 Ainienė"]);
    expect(groups.born?.children.map((c) => c.name)).toEqual(["Protėvis1 Ainis"]);
    expect(groups.own).toHaveLength(1);
    expect(groups.own[0].partners.map((p) => p?.name)).toEqual(["Protėvis1 Ainis", "Protėvė1 Ainienė"]);
    expect(groups.own[0].parents[0].map((p) => p.name)).toEqual(["Protėvis2 Ainis", "Protėvė2 Ainienė"]);
    expect(groups.own[0].parents[1]).toEqual([]);
    expect(groups.own[0].children.map((c) => c.name)).toEqual(["Gyvas asmuo"]);
    expect(JSON.stringify(groups)).not.toContain("Tomas");
  });
});
