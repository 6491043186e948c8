import { fitText } from "./text-fit.ts";
import type { ChartInput, PersonSummary } from "./tree-layout.ts";

// The ancestors' fan: the chosen person in a disc at the centre, each
// generation of ancestors a ring around it, father's side on the left and
// mother's on the right, over 240 degrees (open at the bottom). Every person's
// place is fixed by their line (a father's father is always at the far left),
// so a missing ancestor leaves their segment empty rather than moving others.
// Laid out on the server like the chart: segments, and names fitted to them.

/** Where each ring starts and ends (the disc is ring 0), in CSS px at the default zoom. */
export const FAN_RINGS = [0, 56, 124, 192, 272, 362, 462];
export const FAN_GENERATIONS = FAN_RINGS.length - 2;
const SPAN = (240 * Math.PI) / 180;
const START = -Math.PI / 2 - SPAN / 2;
/** Names (and years) at 14 px in every ring, the least a name is drawn at (issue 28: older eyes); a name too long is shortened, whole in its tooltip. */
const NAME_SIZE = 14;
/** Inner rings write names across the segment, outer ones along the radius, where there is more room. */
const RADIAL_FROM = 4;

export interface FanText {
  x: number;
  y: number;
  /** Rotation in degrees about (x, y). */
  angle: number;
  lines: string[];
  size: number;
}

export interface FanSegment {
  person: PersonSummary;
  generation: number;
  /** SVG path of the ring segment (the disc for the chosen person). */
  d: string;
  text: FanText;
  cut: boolean;
}

export interface FanLayout {
  segments: FanSegment[];
  /** The outer edge of the deepest generation drawn. */
  radius: number;
}

const point = (r: number, a: number) => `${round(r * Math.cos(a))} ${round(r * Math.sin(a))}`;
const round = (n: number) => Math.round(n * 10) / 10;

function segmentPath(inner: number, outer: number, from: number, to: number): string {
  const large = to - from > Math.PI ? 1 : 0;
  return `M${point(inner, from)}L${point(outer, from)}A${outer} ${outer} 0 ${large} 1 ${point(outer, to)}L${point(inner, to)}A${inner} ${inner} 0 ${large} 0 ${point(inner, from)}Z`;
}

function fit(person: PersonSummary, width: number, size: number, lines: number) {
  const name = fitText(person.name, width, size, 600, lines);
  return { lines: person.years ? [...name.lines, person.years] : name.lines, cut: name.cut };
}

export function layoutFan(input: ChartInput): FanLayout {
  const segments: FanSegment[] = [];
  const root = input.people[input.root];
  if (root) {
    const r = FAN_RINGS[1];
    const { lines, cut } = fit(root, 2 * r - 16, NAME_SIZE, 2);
    segments.push({
      person: root,
      generation: 0,
      d: `M${-r} 0A${r} ${r} 0 1 1 ${r} 0A${r} ${r} 0 1 1 ${-r} 0Z`,
      text: { x: 0, y: 0, angle: 0, lines, size: NAME_SIZE },
      cut,
    });
  }
  const place = (id: number, generation: number, slot: number) => {
    if (generation > FAN_GENERATIONS) return;
    const person = input.people[id];
    if (!person) return;
    if (generation > 0) {
      const inner = FAN_RINGS[generation];
      const outer = FAN_RINGS[generation + 1];
      const step = SPAN / 2 ** generation;
      const from = START + slot * step;
      const to = from + step;
      const middle = (from + to) / 2;
      const mid = (inner + outer) / 2;
      const size = NAME_SIZE;
      const radial = generation >= RADIAL_FROM;
      // Across: as wide as the segment's chord at its middle; along the radius: the ring's depth.
      const room = radial ? outer - inner - 10 : 2 * mid * Math.sin(step / 2) - 10;
      // Along the radius, the lines stack across the segment: as many as its width holds.
      const across = radial ? Math.max(1, Math.floor((mid * step - 4) / (size + 2)) - (person.years ? 1 : 0)) : 2;
      const { lines, cut } = fit(person, room, size, Math.min(across, 2));
      let angle = radial ? (middle * 180) / Math.PI : (middle * 180) / Math.PI + 90;
      // Text is never upside down: on the left half it turns the other way.
      if (radial && Math.cos(middle) < 0) angle += 180;
      if (!radial && Math.sin(middle) > 0) angle += 180;
      segments.push({
        person,
        generation,
        d: segmentPath(inner, outer, from, to),
        text: { x: round(mid * Math.cos(middle)), y: round(mid * Math.sin(middle)), angle: round(angle), lines, size },
        cut,
      });
    }
    const [father, mother] = input.parents[id] ?? [null, null];
    if (father !== null) place(father, generation + 1, slot * 2);
    if (mother !== null) place(mother, generation + 1, slot * 2 + 1);
  };
  place(input.root, 0, 0);
  // As large as the generations known: a shallow fan is not drawn inside an empty large one.
  const deepest = Math.max(0, ...segments.map((s) => s.generation));
  return { segments, radius: FAN_RINGS[deepest + 1] };
}
