// The family history text: six fields, as the spec names them. Shared by the
// public page, the editor and its live preview.

export const HISTORY_FIELDS = ["title", "intro", "paragraph1", "periodTitle", "periodText", "periodText2"] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];
export type HistoryContent = Record<HistoryField, string>;

export const HISTORY_FIELD_LABELS: Record<HistoryField, string> = {
  title: "Pavadinimas",
  intro: "Įžanga",
  paragraph1: "Pagrindinis tekstas",
  periodTitle: "Laikotarpio pavadinimas",
  periodText: "Laikotarpio aprašymas",
  periodText2: "Laikotarpio aprašymo tęsinys",
};

/** Titles are one line; the other fields are free text with paragraphs. */
export const HISTORY_FIELD_MAX_LENGTH: Record<HistoryField, number> = {
  title: 200,
  intro: 5000,
  paragraph1: 20000,
  periodTitle: 200,
  periodText: 20000,
  periodText2: 20000,
};
