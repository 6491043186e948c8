import { expect, test } from "vitest";
import { WIDE } from "./chart-geometry.ts";

const { box: BOX, gap: GAP } = WIDE;
import { layoutChart, type ChartInput, type PersonSummary } from "./tree-layout.ts";

const person = (id: number): PersonSummary => ({ id, name: `Asmuo ${id}`, years: "", sex: "U", living: false, hidden: false });

function chart(parents: ChartInput["parents"], families: ChartInput["families"], up = 3, down = 2): ChartInput {
  const ids = new Set<number>([1]);
  for (const [child, pair] of Object.entries(parents)) for (const p of [Number(child), ...pair]) if (p !== null) ids.add(p);
  for (const [id, list] of Object.entries(families)) {
    ids.add(Number(id));
    for (const f of list) for (const p of [f.partner, ...f.children]) if (p !== null) ids.add(p);
  }
  return { root: 1, people: Object.fromEntries([...ids].map((id) => [id, person(id)])), parents, families, up, down };
}

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return Math.abs(a.x - b.x) < BOX.width && Math.abs(a.y - b.y) < BOX.height;
}

test("an hourglass: parents above, two partners beside, each family's children under it, nothing overlapping", () => {
  const layout = layoutChart(
    chart(
      { 1: [2, 3], 2: [4, 5] },
      {
        1: [
          { partner: 10, children: [11, 12] },
          { partner: 20, children: [21] },
        ],
        11: [{ partner: 30, children: [31] }],
      },
    ),
  );
  const at = (id: number) => layout.boxes.find((b) => b.person.id === id)!;
  expect(layout.boxes).toHaveLength(12);
  for (const [i, a] of layout.boxes.entries())
    for (const b of layout.boxes.slice(i + 1)) expect(overlaps(a, b), `${a.person.id} and ${b.person.id}`).toBe(false);
  // The chosen person is centred at x = 0, marked, with partners on the same row.
  expect(at(1)).toMatchObject({ x: -BOX.width / 2, y: 0, root: true });
  expect([at(10).y, at(20).y]).toEqual([0, 0]);
  // Parents a row up (father left, mother right), grandparents another row up.
  expect(at(2).y).toBeLessThan(0);
  expect(at(2).x).toBeLessThan(at(3).x);
  expect(at(4).y).toBeLessThan(at(2).y);
  // Children of the first partner, then of the second, in order, a row down; grandchildren further down.
  expect(at(11).y).toBeGreaterThan(0);
  expect([at(11).x < at(12).x, at(12).x < at(21).x]).toEqual([true, true]);
  expect(at(31).y).toBeGreaterThan(at(11).y);
  expect(layout.lines.length).toBeGreaterThan(0);
});

test("only the depth asked for is drawn", () => {
  const input = chart(
    { 1: [2, 3], 2: [4, 5], 4: [6, 7] },
    { 1: [{ partner: null, children: [8] }], 8: [{ partner: null, children: [9] }] },
    1,
    1,
  );
  expect(
    layoutChart(input)
      .boxes.map((b) => b.person.id)
      .sort((a, b) => a - b),
  ).toEqual([1, 2, 3, 8]);
});

test("a person met again further down (a loop in bad data) is drawn without going round again", () => {
  const layout = layoutChart(chart({}, { 1: [{ partner: null, children: [2] }], 2: [{ partner: null, children: [1] }] }, 0, 5));
  expect(layout.boxes.length).toBeLessThan(5);
});

test("with only parents known, they stand side by side above the person, not spread for absent grandparents", () => {
  const layout = layoutChart(chart({ 1: [2, 3] }, {}, 3, 0));
  const at = (id: number) => layout.boxes.find((b) => b.person.id === id)!;
  expect(at(3).x - at(2).x).toBe(BOX.width + GAP);
  expect(at(2).x + BOX.width / 2 + at(3).x + BOX.width / 2).toBe(0);
});

test("the first view centres on the person, their first partner and their parents; later partners may lie beyond it", () => {
  const layout = layoutChart(
    chart(
      { 1: [2, 3] },
      {
        1: [
          { partner: 10, children: [] },
          { partner: 20, children: [] },
        ],
      },
      1,
      1,
    ),
  );
  const at = (id: number) => layout.boxes.find((b) => b.person.id === id)!;
  const left = Math.min(at(1).x, at(2).x);
  const right = Math.max(at(10).x, at(3).x) + BOX.width;
  expect(layout.focus.x).toBe((left + right) / 2);
  expect(at(20).x + BOX.width).toBeGreaterThan(right);
});
