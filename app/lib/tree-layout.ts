import { portraitArea, WIDE, type ChartGeometry } from "./chart-geometry.ts";
import { displayUrl, type ImageRef } from "./media.ts";
import { faceViewBox, type PhotoBox } from "./photo-people.ts";
import { fitText } from "./text-fit.ts";

// The family tree chart's layout: boxes and lines around one chosen person,
// ancestors above (each couple close over their child), descendants below
// (each partner beside the person, each family's children under its own
// line). Computed on the server from a bounded neighbourhood, so it costs the
// same in a tree of any size; names are fitted to their boxes here too.

export type Sex = "M" | "F" | "X" | "U";

/** A person as the chart and the lists show them; a living person's is already 'Gyvas asmuo' ('Living person' in English). */
export interface PersonSummary {
  id: number;
  name: string;
  /** '1898–1961', 'g. 1898', 'm. 1961' (in English 'b. 1898', 'd. 1961'), or '': said in the request's language. */
  years: string;
  sex: Sex;
  living: boolean;
  /** Withheld from this viewer: the name is 'Gyvas asmuo' or 'Privatus asmuo', and nothing more is sent. */
  hidden: boolean;
  /** Kept private by the administrator (set only for those who see it: editors and the administrator). */
  private?: boolean;
  /** Marked RESN privacy: not for visitors (set only for those who see them). */
  privacy?: boolean;
}

/** A person's chosen portrait (issue 18): the photo's display image and the rectangle of their face in it. */
export interface ChartPortrait {
  image: ImageRef;
  face: PhotoBox;
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
  /** The portraits of those who have one the viewer may see. */
  portraits?: Record<number, ChartPortrait>;
}

export interface ChartBox {
  x: number;
  y: number;
  person: PersonSummary;
  root: boolean;
  /** The name as drawn: at most two lines, the last shortened with '…' when it does not fit. */
  name: string[];
  /** Whether the drawn name leaves something out (the full one is then the box's accessible name and tooltip). */
  cut: boolean;
  /** Their portrait, drawn at the box's left; the name then fits the rest. */
  portrait?: DrawnPortrait;
}

/**
 * A portrait as the chart draws it: the display image, its size, and the part
 * of it around the face (an SVG viewBox). Worked out here, on the server, so
 * that the page's script needs no image or face arithmetic.
 */
export interface DrawnPortrait {
  href: string;
  width: number;
  height: number;
  viewBox: string;
}

export interface ChartLayout {
  geometry: ChartGeometry;
  /** The point the first view centres on: the middle of the person, their parents and partners. */
  focus: { x: number; y: number };
  boxes: ChartBox[];
  /** SVG path data for the connecting lines. */
  lines: string[];
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

export function layoutChart(input: ChartInput, geometry: ChartGeometry = WIDE): ChartLayout {
  const { box: BOX, gap: GAP, name: NAME } = geometry;
  const ROW = BOX.height + geometry.rowGap;
  const drawn = (person: PersonSummary): Pick<ChartBox, "name" | "cut" | "portrait"> => {
    const portrait = person.hidden ? undefined : input.portraits?.[person.id];
    const textLeft = portrait ? portraitArea(geometry).textX : NAME.padding;
    const { lines, cut } = fitText(person.name, BOX.width - textLeft - NAME.padding, NAME.size, 600);
    if (!portrait) return { name: lines, cut };
    const { image, face } = portrait;
    const drawnPortrait = {
      href: displayUrl(image),
      width: image.width,
      height: image.height,
      viewBox: faceViewBox(face, image.width, image.height),
    };
    return { name: lines, cut, portrait: drawnPortrait };
  };
  const boxes: ChartBox[] = [];
  const lines: string[] = [];
  const add = (id: number, x: number, y: number) => {
    const person = input.people[id];
    if (person) boxes.push({ x, y, person, root: id === input.root && y === 0, ...drawn(person) });
  };

  if (input.up > 0) {
    // A tidy layout upwards: each person's ancestors as wide as their widest
    // generation, a couple standing together over their child, laid out from
    // x = 0 and shifted so the chosen person is at x = 0.
    const own: ChartBox[] = [];
    const ownLines: string[] = [];
    interface Placed {
      width: number;
      /** Places the person's ancestors with their left edge at `left`; returns the person's centre. */
      place(left: number, top: number): number;
    }
    const measure = (id: number, generation: number, seen: Set<number>): Placed => {
      const pair: (number | null)[] = generation < input.up && !seen.has(id) ? (input.parents[id] ?? [null, null]) : [null, null];
      const inner = new Set(seen).add(id);
      const parents = pair
        .filter((p): p is number => p !== null && Boolean(input.people[p]))
        .map((p) => ({ id: p, ...measure(p, generation + 1, inner) }));
      const parentsWidth = parents.reduce((sum, p) => sum + p.width, 0) + Math.max(0, parents.length - 1) * GAP;
      const width = Math.max(BOX.width, parentsWidth);
      return {
        width,
        place(left, top) {
          if (parents.length === 0) return left + width / 2;
          let parentLeft = left + (width - parentsWidth) / 2;
          const centers = parents.map((parent) => {
            const center = parent.place(parentLeft, top - ROW);
            const person = input.people[parent.id];
            own.push({ x: center - BOX.width / 2, y: top - ROW, person, root: false, ...drawn(person) });
            parentLeft += parent.width + GAP;
            return center;
          });
          const childX = (Math.min(...centers) + Math.max(...centers)) / 2;
          const busY = top - (ROW - BOX.height) / 2;
          ownLines.push(`M${childX} ${top}V${busY}`);
          ownLines.push(`M${Math.min(childX, ...centers)} ${busY}H${Math.max(childX, ...centers)}`);
          for (const x of centers) ownLines.push(`M${x} ${busY}V${top - ROW + BOX.height}`);
          return childX;
        },
      };
    };
    const rootX = measure(input.root, 0, new Set()).place(0, 0);
    for (const box of own) boxes.push({ ...box, x: box.x - rootX });
    for (const line of ownLines) lines.push(shiftPath(line, -rootX));
  }

  // Descendants: a tidy layout, each subtree as wide as its widest row, laid
  // out from x = 0 and then shifted so the chosen person stands at x = 0 too.
  if (input.down > 0) {
    const own: ChartBox[] = [];
    const ownLines: string[] = [];
    const put = (id: number, x: number, y: number) => {
      const person = input.people[id];
      if (person) own.push({ x, y, person, root: id === input.root && y === 0, ...drawn(person) });
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
  // The nearest: the person, their first partner (beside them; later ones further right) and their parents.
  const rootBox = boxes.find((b) => b.root);
  const near = boxes.filter(
    (b) =>
      (b.y === 0 && (!rootBox || b.x <= rootBox.x + BOX.width + GAP)) ||
      (b.y === -ROW && (input.parents[input.root] ?? []).includes(b.person.id)),
  );
  const nearXs = near.flatMap((b) => [b.x, b.x + BOX.width]);
  return {
    geometry,
    focus: { x: (Math.min(...nearXs) + Math.max(...nearXs)) / 2, y: BOX.height / 2 },
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
