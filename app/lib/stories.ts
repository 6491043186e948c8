import { searchKey } from "./lithuanian.ts";
import type { T } from "#app/i18n/intl.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { lt as HISTORY_WORDS } from "#app/i18n/catalogs/history.ts";

// Stories of the family's history (issue 19): the fields' limits and labels,
// and the readable address a title gives. Shared by the server and the editor.

export const STORY_LIMITS = {
  title: 200,
  lead: 1000,
  body: 100_000,
  era: 100,
  places: 300,
} as const;

/** The fields' names, as messages (the editor's labels, the form's errors). */
export const STORY_FIELD_MESSAGES = {
  title: "history.story.field.title",
  lead: "history.story.field.lead",
  body: "history.story.field.body",
  era: "history.story.field.era",
  yearFrom: "history.story.field.yearFrom",
  yearTo: "history.story.field.yearTo",
  places: "history.story.field.places",
  coverPhotoId: "history.story.field.coverPhotoId",
} as const satisfies Record<string, MessageId>;
export type StoryField = keyof typeof STORY_FIELD_MESSAGES;

/** The fields' names in Lithuanian (the catalog's): for what does not say STORY_FIELD_MESSAGES yet. */
export const STORY_FIELD_LABELS = Object.fromEntries(
  (Object.keys(STORY_FIELD_MESSAGES) as StoryField[]).map((field) => [field, HISTORY_WORDS[STORY_FIELD_MESSAGES[field]]]),
) as Record<StoryField, string>;

/** The years a story may be about. */
export const STORY_YEARS: [number, number] = [1000, 2100];

/** How many stories a page of /istorija lists. */
export const STORIES_PAGE_SIZE = 20;

const SLUG_MAX = 80;
/** A title without letters or digits ("?!") still gives an address. */
export const SLUG_FALLBACK = "pasakojimas";

/**
 * A title as an address: lower case, the Lithuanian letters without their
 * marks ("Emigracija į Čikagą" → "emigracija-i-cikaga"), words joined by
 * hyphens, at most 80 characters, cut between words.
 */
export function slugOf(title: string): string {
  const words = searchKey(title)
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, SLUG_MAX) || SLUG_FALLBACK;
}

/** "1920–1940", "from 1920" ("nuo 1920"), "until 1940" ("iki 1940") or "1930" (both the same), in t's language; '' when neither is known. */
export function yearSpan(t: T, from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? String(from) : `${from}–${to}`;
  if (from !== null) return t("history.story.yearsFrom", { year: String(from) });
  if (to !== null) return t("history.story.yearsTo", { year: String(to) });
  return "";
}
