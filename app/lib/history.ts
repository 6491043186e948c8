// The family history text: six fields, as the spec names them. Shared by the
// public page, the editor and its live preview.

import { lt as HISTORY_WORDS } from "#app/i18n/catalogs/history.ts";
import type { MessageId } from "#app/i18n/catalog.ts";

export const HISTORY_FIELDS = ["title", "intro", "paragraph1", "periodTitle", "periodText", "periodText2"] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];
export type HistoryContent = Record<HistoryField, string>;

/** The fields' names, as messages (the editor's labels, the form's errors, a version's differences). */
export const HISTORY_FIELD_MESSAGES = {
  title: "history.field.title",
  intro: "history.field.intro",
  paragraph1: "history.field.paragraph1",
  periodTitle: "history.field.periodTitle",
  periodText: "history.field.periodText",
  periodText2: "history.field.periodText2",
} as const satisfies Record<HistoryField, MessageId>;

/** The fields' names in Lithuanian (the catalog's): for what does not say HISTORY_FIELD_MESSAGES yet. */
export const HISTORY_FIELD_LABELS = Object.fromEntries(
  HISTORY_FIELDS.map((field) => [field, HISTORY_WORDS[HISTORY_FIELD_MESSAGES[field]]]),
) as Record<HistoryField, string>;

/** Titles are one line; the other fields are free text with paragraphs. */
export const HISTORY_FIELD_MAX_LENGTH: Record<HistoryField, number> = {
  title: 200,
  intro: 5000,
  paragraph1: 20000,
  periodTitle: 200,
  periodText: 20000,
  periodText2: 20000,
};
