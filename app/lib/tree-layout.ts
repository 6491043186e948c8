// The family tree chart's layout: boxes and lines around one chosen person,
// ancestors above (a pedigree), descendants below (each partner beside the
// person, each family's children under its own line). Computed on the server
// from a bounded neighbourhood, so it costs the same in a tree of any size.

export type Sex = "M" | "F" | "X" | "U";

/** A person as the chart and the lists show them; a living person's is already 'Gyvas asmuo'. */
export interface PersonSummary {
  id: number;
  name: string;
  /** '1898–1961', 'g. 1898', 'm. 1961', or ''. */
  years: string;
  sex: Sex;
  living: boolean;
  /** Withheld from this viewer: the name is 'Gyvas asmuo' or 'Privatus asmuo', and nothing more is sent. */
  hidden: boolean;
  /** Kept private by the administrator (set only for those who see it: editors and the administrator). */
  private?: boolean;
}

export interface ChartInput {
  root: number;
  people: Record<number, PersonSummary>;
  /** Parents shown in the ancestor part: [first, second] (usually father, mother). */
  parents: Record<number, [number | null, number | null]>;
  /** Families shown in the descendant part: each partner and that family's children. */
  families: Record<number, { partner: number | null; children: number[] }[]>;
  up: number;
  down: number;
}

export interface ChartBox {
  x: number;
  y: number;
  person: PersonSummary;
  root: boolean;
}

export interface ChartLayout {
  boxes: ChartBox[];
  /** SVG path data for the connecting lines. */
  lines: string[];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

export const BOX = { width: 176, height: 64 };
export const GAP = 24;
const ROW = BOX.height + 56;

export function layoutChart(input: ChartInput): ChartLayout {
  const boxes: ChartBox[] = [];
  const lines: string[] = [];
  const add = (id: number, x: number, y: number) => {
    const person = input.people[id];
    if (person) boxes.push({ x, y, person, root: id === input.root && y === 0 });
  };

  // Ancestors: generation g has 2^g slots across the width of the top generation.
  if (input.up > 0) {
    // As wide as the generations actually known: two parents stand close together.
    const known = (id: number, generation: number): number => {
      const pair: (number | null)[] = generation < input.up ? (input.parents[id] ?? []) : [];
      return Math.max(generation, ...pair.filter((p): p is number => p !== null).map((p) => known(p, generation + 1)));
    };
    const width = 2 ** known(input.root, 0) * (BOX.width + GAP);
    const place = (id: number, generation: number, slot: number) => {
      const [first, second] = input.parents[id] ?? [null, null];
      if (generation >= input.up || (first === null && second === null)) return;
      const childX = ((slot + 0.5) / 2 ** generation - 0.5) * width;
      const childTop = -generation * ROW;
      const busY = childTop - (ROW - BOX.height) / 2;
      const parentXs: number[] = [];
      [first, second].forEach((parent, side) => {
        if (parent === null) return;
        const parentSlot = slot * 2 + side;
        const x = ((parentSlot + 0.5) / 2 ** (generation + 1) - 0.5) * width;
        add(parent, x - BOX.width / 2, childTop - ROW);
        parentXs.push(x);
        place(parent, generation + 1, parentSlot);
      });
      lines.push(`M${childX} ${childTop}V${busY}`);
      lines.push(`M${Math.min(childX, ...parentXs)} ${busY}H${Math.max(childX, ...parentXs)}`);
      for (const x of parentXs) lines.push(`M${x} ${busY}V${childTop - ROW + BOX.height}`);
    };
    place(input.root, 0, 0);
  }

  // Descendants: a tidy layout, each subtree as wide as its widest row, laid
  // out from x = 0 and then shifted so the chosen person stands at x = 0 too.
  if (input.down > 0) {
    const own: ChartBox[] = [];
    const ownLines: string[] = [];
    const put = (id: number, x: number, y: number) => {
      const person = input.people[id];
      if (person) own.push({ x, y, person, root: id === input.root && y === 0 });
    };
    interface Placed {
      width: number;
      /** Places the subtree with its left edge at `left`; returns the person's centre. */
      place(left: number, top: number): number;
    }
    const measure = (id: number, depth: number, seen: Set<number>): Placed => {
      // A person met again further down (a loop in bad data) is drawn without descendants.
      const families = depth < input.down && !seen.has(id) ? (input.families[id] ?? []) : [];
      const inner = new Set(seen).add(id);
      const blocks = families.map((f) => f.children.map((c) => measure(c, depth + 1, inner)));
      const coupleWidth = (1 + families.length) * BOX.width + families.length * GAP;
      const children = blocks.flat();
      const childrenWidth = children.reduce((sum, c) => sum + c.width, 0) + Math.max(0, children.length - 1) * GAP;
      const width = Math.max(coupleWidth, childrenWidth);
      return {
        width,
        place(left, top) {
          const coupleLeft = left + (width - coupleWidth) / 2;
          put(id, coupleLeft, top);
          const personX = coupleLeft + BOX.width / 2;
          let childLeft = left + (width - childrenWidth) / 2;
          families.forEach((family, k) => {
            const partnerLeft = coupleLeft + (k + 1) * (BOX.width + GAP);
            // Several partners: each couple's line a little lower than the last.
            const coupleY = top + BOX.height / 2 + (k - (families.length - 1) / 2) * 8;
            if (family.partner !== null) {
              put(family.partner, partnerLeft, top);
              ownLines.push(`M${coupleLeft + BOX.width} ${coupleY}H${partnerLeft}`);
            }
            if (blocks[k].length === 0) return;
            const dropX = family.partner !== null ? coupleLeft + BOX.width + GAP / 2 + k * (BOX.width + GAP) : personX;
            const busY = top + BOX.height + (ROW - BOX.height) / 2;
            ownLines.push(`M${dropX} ${family.partner !== null ? coupleY : top + BOX.height}V${busY}`);
            const centers = blocks[k].map((child) => {
              const center = child.place(childLeft, top + ROW);
              childLeft += child.width + GAP;
              return center;
            });
            ownLines.push(`M${Math.min(dropX, ...centers)} ${busY}H${Math.max(dropX, ...centers)}`);
            for (const x of centers) ownLines.push(`M${x} ${busY}V${top + ROW}`);
          });
          return personX;
        },
      };
    };
    const rootX = measure(input.root, 0, new Set()).place(0, 0);
    for (const box of own) boxes.push({ ...box, x: box.x - rootX });
    for (const line of ownLines) lines.push(shiftPath(line, -rootX));
  } else {
    add(input.root, -BOX.width / 2, 0);
  }

  const xs = boxes.flatMap((b) => [b.x, b.x + BOX.width]);
  const ys = boxes.flatMap((b) => [b.y, b.y + BOX.height]);
  return {
    boxes,
    lines,
    bounds: { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) },
  };
}

/** Moves a path of absolute M/V/H commands sideways: its M and H x values change. */
function shiftPath(path: string, dx: number): string {
  return path
    .replace(/^M(-?[\d.]+) /, (_, x: string) => `M${Number(x) + dx} `)
    .replace(/H(-?[\d.]+)/g, (_, x: string) => `H${Number(x) + dx}`);
}
