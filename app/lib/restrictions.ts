// GEDCOM's own privacy marks (RESN) as the site names them: who may not see a
// person or a fact (the rules are app/.server/genealogy/restrictions.ts).

/** `privacy`: not visitors; `confidential`: only editors and the administrator. */
export const RESTRICTIONS = ["privacy", "confidential"] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export function isRestriction(value: unknown): value is Restriction {
  return typeof value === "string" && (RESTRICTIONS as readonly string[]).includes(value);
}
