import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { relationship, type Relationship } from "#app/.server/kinship/relationship.ts";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// "Kaip susiję?" on a real database (SQLite, and PostgreSQL with
// TEST_DATABASE=postgres): the Kalvaičiai of tests/fixtures/gedcom/giminyste.ged.

const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };

let t: TestDatabase;
let treeId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  const file = path.resolve(import.meta.dirname, "../fixtures/gedcom/giminyste.ged");
  ({ treeId } = await importFile(t.db, t.media, file, { sourceName: "giminyste.ged" }));
  for (const p of await t.db.selectFrom("genealogyPeople").select(["id", "xref", "givenNames"]).where("treeId", "=", treeId).execute()) {
    ids[p.givenNames] = p.id;
  }
});
afterAll(() => t.close());

async function found(a: string, b: string, viewer: Viewer = visitor): Promise<Extract<Relationship, { kind: "found" }>> {
  const answer = await relationship(t.db, treeId, ids[a], ids[b], viewer);
  if (answer?.kind !== "found") throw new Error(`${a} → ${b}: ${answer?.kind}`);
  return answer;
}

const names = (answer: Extract<Relationship, { kind: "found" }>) => answer.paths.map((p) => p.people.map((person) => person.name));

describe("how two people of the tree are related", () => {
  test("cousins: through their grandparents, both of them", async () => {
    const answer = await found("Kazys", "Birutė");
    expect(answer.paths.map((p) => p.term)).toEqual(["pusseserė"]);
    expect(names(answer)).toEqual([
      [
        "Kazys Kalvaitis",
        "Jonas Kalvaitis",
        expect.stringMatching(/^(Antanas Kalvaitis|Marija Kalvaitienė)$/),
        "Petras Kalvaitis",
        "Birutė Rimkienė",
      ],
    ]);
    const path = answer.paths[0];
    expect(path.blood).toBe(true);
    expect(path.up).toBe(2);
    // The other grandparent, beside the first in the chart.
    expect([path.people[2].name, path.partners[2].name].sort()).toEqual(["Antanas Kalvaitis", "Marija Kalvaitienė"]);
    expect((await found("Birutė", "Kazys")).paths.map((p) => p.term)).toEqual(["pusbrolis"]);
  });

  test("the words for the nearest: parent, grandparent, uncle, niece", async () => {
    const term = async (a: string, b: string) => (await found(a, b)).paths.map((p) => p.term);
    expect(await term("Kazys", "Jonas")).toEqual(["tėvas"]);
    expect(await term("Kazys", "Marija")).toEqual(["senelė"]);
    expect(await term("Kazys", "Petras")).toEqual(["dėdė"]);
    expect(await term("Petras", "Kazys")).toEqual(["sūnėnas"]);
    expect(await term("Jonas", "Birutė")).toEqual(["dukterėčia"]);
  });

  test("a half-brother on the father's side, and his step-mother", async () => {
    expect((await found("Jonas", "Vincas")).paths.map((p) => p.term)).toEqual(["brolis iš tėvo pusės"]);
    const step = await found("Vincas", "Marija");
    expect(step.paths.map((p) => [p.term, p.blood])).toEqual([["pamotė", false]]);
  });

  test("an in-law: through a marriage when there is no blood path", async () => {
    const answer = await found("Jonas", "Juozas");
    expect(answer.paths.map((p) => [p.term, p.blood, p.steps])).toEqual([["uošvis", false, ["partner", "parent"]]]);
    expect(names(answer)).toEqual([["Jonas Kalvaitis", "Elena Kalvaitienė", "Juozas Žukas"]]);
  });

  test("relatives married to relatives: every path, each named", async () => {
    const answer = await found("Kazys", "Daiva");
    expect(answer.paths.map((p) => p.term).sort()).toEqual(["pusbrolio duktė", "pusseserės duktė"]);
    expect(
      names(answer)
        .map((path) => path[3])
        .sort(),
    ).toEqual(["Agota Rimkienė", "Petras Kalvaitis"]);
  });

  test("in English: the English term, with the Lithuanian word where it says more", async () => {
    const english = async (a: string, b: string) => {
      const answer = await relationship(t.db, treeId, ids[a], ids[b], visitor, { locale: "en" });
      if (answer?.kind !== "found") throw new Error(`${a} → ${b}: ${answer?.kind}`);
      return answer.paths.map((p) => ({ term: p.term, lithuanian: p.lithuanian }));
    };
    expect(await english("Kazys", "Birutė")).toEqual([
      { term: "first cousin", lithuanian: { word: "pusseserė", meaning: "your father's brother's daughter" } },
    ]);
    expect(await english("Jonas", "Juozas")).toEqual([
      { term: "father-in-law", lithuanian: { word: "uošvis", meaning: "your wife's father" } },
    ]);
    expect(await english("Jonas", "Vincas")).toEqual([{ term: "paternal half-brother", lithuanian: undefined }]);
    expect(await english("Vincas", "Marija")).toEqual([{ term: "stepmother", lithuanian: undefined }]);
    // Lithuanian unless told.
    expect((await found("Jonas", "Juozas")).paths[0]).not.toHaveProperty("lithuanian");
  });

  test("no relationship, and the same person", async () => {
    expect(await relationship(t.db, treeId, ids.Kazys, ids.Svetimas, visitor)).toMatchObject({ kind: "none" });
    expect(await relationship(t.db, treeId, ids.Kazys, ids.Kazys, visitor)).toMatchObject({ kind: "same" });
    expect(await relationship(t.db, treeId, ids.Kazys, 2_000_000_000, visitor)).toBeNull();
  });
});

describe("privacy", () => {
  test("a visitor asking about a living person learns nothing", async () => {
    expect(await relationship(t.db, treeId, ids.Kazys, ids.Gintaras, visitor)).toEqual({ kind: "hidden" });
    expect(await relationship(t.db, treeId, ids.Gintaras, ids.Kazys, visitor)).toEqual({ kind: "hidden" });
  });

  test("a path through a living person shows them to a visitor as 'Gyvas asmuo', with no years", async () => {
    const answer = await found("Kazys", "Tomas");
    expect(answer.paths.map((p) => p.term)).toEqual(["anūkas"]);
    const between = answer.paths[0].people[1];
    expect(between).toMatchObject({ id: ids.Gintaras, name: "Gyvas asmuo", years: "", hidden: true });
    expect(JSON.stringify(answer)).not.toContain("Gintaras");
    expect(JSON.stringify(answer)).not.toContain("Gyvasis");
  });

  test("a member sees the living relative in full", async () => {
    const answer = await found("Kazys", "Gintaras", member);
    expect(answer.paths.map((p) => p.term)).toEqual(["sūnus"]);
    expect(answer.b.name).toBe("Gintaras Gyvasis");
  });
});
