// GEDCOM's own privacy marks (RESN, issue 31): a person or one of their facts
// the family historian marked in their desktop program. As webtrees reads
// them, `privacy` keeps it from visitors (as the living are kept) and
// `confidential` from everyone but editors and the administrator (as the
// people the administrator keeps private are). The mark is the tree's: read
// from the file into a column of its own, shown and changed in the person
// editor, and written back on export. RESN's other item, `locked` (no edits
// in the desktop program), says nothing about who may see and stays among
// the line's substructures as the file had it.
import { isRestriction, type Restriction } from "#app/lib/restrictions.ts";
import type { RawNode } from "./gedcom/model.ts";
import type { Viewer } from "./living.ts";

/** The marks whose people and facts this viewer may not see: the one rule (SQL filters take it as a list). */
export function withheldRestrictions(viewer: Viewer): Restriction[] {
  if (viewer.seesPrivate) return [];
  return viewer.members ? ["confidential"] : ["privacy", "confidential"];
}

/** Whether the viewer may see a person or a fact with this mark (null: none). */
export function seesRestricted(viewer: Viewer, restriction: string | null | undefined): boolean {
  return !restriction || !(withheldRestrictions(viewer) as string[]).includes(restriction);
}

/** Whether the family's members see it: what a member may be shown and propose a correction of. */
export function membersSee(restriction: string | null | undefined): boolean {
  return restriction !== "confidential";
}

/** The stronger of two marks (a person the administrator keeps private is `confidential` whatever the file says). */
export function strongest(a: Restriction | null, b: Restriction | null): Restriction | null {
  if (a === "confidential" || b === "confidential") return "confidential";
  return a ?? b;
}

/** A RESN payload's items ('confidential, locked' → ['CONFIDENTIAL', 'LOCKED']), as 5.5.1 and 7.0 spell them alike. */
function items(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
}

/**
 * Takes the mark out of a record's or a fact's substructures: the restriction
 * the RESN lines name (the strongest, when a file wrote two), and the
 * substructures without it. A RESN that also says LOCKED (or something
 * unknown) stays, with those items only; one that names no restriction stays
 * as it was.
 */
export function takeRestriction(nodes: RawNode[]): { restriction: Restriction | null; rest: RawNode[] } {
  let restriction: Restriction | null = null;
  const rest: RawNode[] = [];
  for (const node of nodes) {
    if (node.t !== "RESN" || node.c?.length) {
      rest.push(node);
      continue;
    }
    const named = items(node.v);
    const found = named.includes("CONFIDENTIAL") ? "confidential" : named.includes("PRIVACY") ? "privacy" : null;
    if (!found) {
      rest.push(node);
      continue;
    }
    restriction = strongest(restriction, found);
    const others = named.filter((item) => item !== "CONFIDENTIAL" && item !== "PRIVACY");
    if (others.length) rest.push({ ...node, v: others.join(", ") });
  }
  return { restriction, rest };
}

/**
 * Puts the mark back among the substructures for export: into the RESN line
 * that kept the other items ('CONFIDENTIAL, LOCKED'), or as a RESN of its own
 * first. Spelled as the version family of the text it joins (lower case in
 * 5.x, upper case in 7.0; a 7.0 export of a 5.x tree converts it with the rest).
 */
export function withRestriction(nodes: RawNode[], restriction: string | null, upperCase: boolean): RawNode[] {
  if (!isRestriction(restriction)) return nodes;
  const spell = (item: string) => (upperCase ? item.toUpperCase() : item.toLowerCase());
  const kept = nodes.findIndex((n) => n.t === "RESN" && !n.c?.length);
  if (kept === -1) return [{ t: "RESN", v: spell(restriction) }, ...nodes];
  const merged = [restriction, ...items(nodes[kept].v)].map(spell).join(", ");
  return nodes.map((n, i) => (i === kept ? { ...n, v: merged } : n));
}
