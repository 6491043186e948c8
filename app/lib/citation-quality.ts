// GEDCOM's QUAY (certainty assessment) of a citation, in the words a person
// page shows (the genealogy catalog's). The standard's scale: 0 unreliable
// evidence or estimated data, 1 questionable reliability (interviews, census,
// oral genealogies), 2 secondary evidence (recorded some time after the
// event), 3 direct and primary evidence.

import type { MessageId } from "#app/i18n/catalog.ts";

export type CitationQuality = 0 | 1 | 2 | 3;

/** Each step of the scale: its message id. */
export const CITATION_QUALITY: Record<CitationQuality, MessageId> = {
  0: "genealogy.quality.unreliable",
  1: "genealogy.quality.questionable",
  2: "genealogy.quality.secondary",
  3: "genealogy.quality.primary",
};

/** A QUAY value as the scale's step; anything else (empty, '5', 'high') is no assessment. */
export function parseQuality(value: string | undefined): CitationQuality | null {
  const n = value?.trim();
  return n === "0" || n === "1" || n === "2" || n === "3" ? (Number(n) as CitationQuality) : null;
}
