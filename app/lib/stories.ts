import { searchKey } from "./lithuanian.ts";

// Stories of the family's history (issue 19): the fields' limits and labels,
// and the readable address a title gives. Shared by the server and the editor.

export const STORY_LIMITS = {
  title: 200,
  lead: 1000,
  body: 100_000,
  era: 100,
  places: 300,
} as const;

export const STORY_FIELD_LABELS = {
  title: "Pavadinimas",
  lead: "Įvadas",
  body: "Tekstas",
  era: "Laikotarpis",
  yearFrom: "Nuo metų",
  yearTo: "Iki metų",
  places: "Vietos",
  coverPhotoId: "Viršelio nuotrauka",
} as const;
export type StoryField = keyof typeof STORY_FIELD_LABELS;

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

/** "1920–1940", "nuo 1920", "iki 1940" or "1930" (both the same); '' when neither is known. */
export function yearSpan(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? String(from) : `${from}–${to}`;
  if (from !== null) return `nuo ${from}`;
  if (to !== null) return `iki ${to}`;
  return "";
}
