import { afterAll, beforeAll, expect, test } from "vitest";
import { relativesOf, WHOLE_TREE_PEOPLE, type Relatives } from "#app/.server/genealogy/family-graph.ts";
import { hiddenAmong, judgeLiving, publicPersonIds, restrictionsAmong, type Viewer } from "#app/.server/genealogy/living.ts";
import { writeBigTree } from "./big-tree.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Past WHOLE_TREE_PEOPLE people, the living rule reads the tree's families,
// child links, events and marks in one read each instead of in chunks (the
// published list judges every person: 8–9 s became about 1 s at 100,000
// people). Whom a visitor may see must not depend on which way was taken:
// here the same people are judged both ways, a tree just past the threshold
// judged whole and in slices below it, with the cases the rule turns on.

const TREE = 1;
const PEOPLE = 6000;
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
/** Slices under the threshold: each is read in chunks, as a page's few people are. */
const SLICE = 1000;

let t: TestDatabase;
let everyone: number[];
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  await writeBigTree(t.db, TREE, PEOPLE);
  // Without events of their own, their parents decide: family 65's partners
  // (people 129 and 130) were born in 1871 and 1870, more than 110 + 45 years
  // ago; family 1's in 1999 and 1998.
  await t.db
    .insertInto("genealogyPeople")
    .values(
      [PEOPLE + 1, PEOPLE + 2].map((id) => ({
        treeId: TREE,
        id,
        xref: `I${id}`,
        givenNames: "Be",
        surname: "Įvykių",
        sex: "U",
        names: "[]",
        notes: "[]",
        extra: "[]",
        searchKey: "be ivykiu",
        position: id,
      })),
    )
    .execute();
  await t.db
    .insertInto("genealogyChildren")
    .values([
      { treeId: TREE, familyId: 65, personId: PEOPLE + 1, relation: "birth", position: 9, extra: "[]" },
      { treeId: TREE, familyId: 1, personId: PEOPLE + 2, relation: "birth", position: 9, extra: "[]" },
    ])
    .execute();
  // Marks: person 4 (dead) confidential, 6 (dead) marked private in the tree, 8 (dead) by the administrator's older mark.
  await t.db.updateTable("genealogyPeople").set({ restriction: "confidential" }).where("treeId", "=", TREE).where("id", "=", 4).execute();
  await t.db.updateTable("genealogyPeople").set({ restriction: "privacy" }).where("treeId", "=", TREE).where("id", "=", 6).execute();
  await t.db.insertInto("privatePeople").values({ personId: 8, markedAt: new Date().toISOString() }).execute();
  everyone = Array.from({ length: PEOPLE + 2 }, (_, i) => i + 1);
});
afterAll(async () => {
  await t.close();
});

function slices(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += SLICE) out.push(ids.slice(i, i + SLICE));
  return out;
}

test("the whole tree is past the threshold, each slice under it", () => {
  expect(everyone.length).toBeGreaterThan(WHOLE_TREE_PEOPLE);
  expect(SLICE).toBeLessThanOrEqual(WHOLE_TREE_PEOPLE);
});

test("a visitor and a member are kept from the same people whether the tree is judged whole or in slices", async () => {
  for (const viewer of [visitor, member]) {
    const whole = await hiddenAmong(t.db, TREE, everyone, viewer);
    const sliced = new Set<number>();
    for (const part of slices(everyone)) for (const id of await hiddenAmong(t.db, TREE, part, viewer)) sliced.add(id);
    expect([...whole].sort((a, b) => a - b)).toEqual([...sliced].sort((a, b) => a - b));
    // The marks keep them from both.
    for (const id of [4, 8]) expect(whole.has(id)).toBe(true);
  }
  const fromVisitor = await hiddenAmong(t.db, TREE, everyone, visitor);
  // Privacy-marked: kept from visitors only; the living too.
  expect(fromVisitor.has(6)).toBe(true);
  expect(fromVisitor.has(PEOPLE + 2)).toBe(true);
  expect(fromVisitor.has(1)).toBe(true);
  // Dead, or without dates under parents born too long ago to be alive.
  expect(fromVisitor.has(2)).toBe(false);
  expect(fromVisitor.has(PEOPLE + 1)).toBe(false);
  // Some of the tree is public and some living, so the comparison above compared something.
  expect(fromVisitor.size).toBeGreaterThan(PEOPLE / 4);
  expect(fromVisitor.size).toBeLessThan(PEOPLE);
  const fromMember = await hiddenAmong(t.db, TREE, everyone, member);
  expect([...fromMember].sort((a, b) => a - b)).toEqual([4, 8]);
});

test("the published list is every person a visitor is not kept from", async () => {
  const hidden = await hiddenAmong(t.db, TREE, everyone, visitor);
  expect(await publicPersonIds(t.db, TREE, 110)).toEqual(everyone.filter((id) => !hidden.has(id)));
});

test("relatives, marks and life facts read whole are those read in slices", async () => {
  const whole = await relativesOf(t.db, TREE, everyone);
  const sliced: Relatives = { parents: new Map(), partners: new Map(), children: new Map() };
  for (const part of slices(everyone)) {
    const found = await relativesOf(t.db, TREE, part);
    for (const key of ["parents", "partners", "children"] as const) for (const [id, list] of found[key]) sliced[key].set(id, list);
  }
  for (const key of ["parents", "partners", "children"] as const) {
    const sorted = (m: Map<number, number[]>) => [...m].sort(([a], [b]) => a - b);
    expect(sorted(whole[key])).toEqual(sorted(sliced[key]));
  }
  expect(whole.parents.get(PEOPLE + 1)).toEqual([129, 130]);
  expect(whole.children.get(1)).toContain(PEOPLE + 2);

  const marks = await restrictionsAmong(t.db, TREE, everyone);
  expect([...marks].sort(([a], [b]) => a - b)).toEqual([
    [4, "confidential"],
    [6, "privacy"],
    [8, "confidential"],
  ]);

  const judged = await judgeLiving(t.db, TREE, everyone, 110);
  for (const part of slices(everyone)) {
    const { living, facts } = await judgeLiving(t.db, TREE, part, 110);
    for (const id of part) {
      expect(judged.living.has(id)).toBe(living.has(id));
      expect(judged.facts.get(id)).toEqual(facts.get(id));
    }
  }
});
