// A document's year is text, as the spec has it, but only in forms a reader
// understands and a list can sort: a year, a range, or a year with 'apie'
// (about), 'prieš' (before) or 'po' (after). An English page's editor may
// type the English words ('about 1900'); the year is kept in the one
// Lithuanian form, and each page shows it in its own language.

import type { MessageId } from "#app/i18n/catalog.ts";
import { lt as GALLERY_WORDS } from "#app/i18n/catalogs/gallery.ts";

/** What the year field says when it is none of these forms. */
export const YEAR_FORMS = "gallery.documents.year.forms" satisfies MessageId;
/** The same in Lithuanian (the catalog's): for what does not say YEAR_FORMS yet. */
export const YEAR_FORMS_MESSAGE = GALLERY_WORDS[YEAR_FORMS];

export type DocumentYear =
  { kind: "exact"; year: number } | { kind: "range"; from: number; to: number } | { kind: "about" | "before" | "after"; year: number };

const QUALIFIERS = {
  apie: "about",
  prieš: "before",
  pries: "before",
  po: "after",
  about: "about",
  before: "before",
  after: "after",
} as const;
const YEAR = "(\\d{3,4})";

/** Parses a year as typed; null when it is none of the accepted forms. */
export function parseDocumentYear(text: string): DocumentYear | null {
  const value = text.trim().replace(/\s+/g, " ").toLocaleLowerCase("lt");
  let m = new RegExp(`^${YEAR}$`).exec(value);
  if (m) return { kind: "exact", year: Number(m[1]) };
  m = new RegExp(`^${YEAR} ?[-–—] ?${YEAR}$`).exec(value);
  if (m) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    return from < to ? { kind: "range", from, to } : null;
  }
  m = new RegExp(`^(${Object.keys(QUALIFIERS).join("|")}) ${YEAR}$`).exec(value);
  if (m) return { kind: QUALIFIERS[m[1] as keyof typeof QUALIFIERS], year: Number(m[2]) };
  return null;
}

/** The year written the one way the site shows it: '1920–1925', 'apie 1900'. */
export function formatDocumentYear(year: DocumentYear): string {
  switch (year.kind) {
    case "exact":
      return String(year.year);
    case "range":
      return `${year.from}–${year.to}`;
    case "about":
      return `apie ${year.year}`;
    case "before":
      return `prieš ${year.year}`;
    case "after":
      return `po ${year.year}`;
  }
}

// Within one first year: before it, about it, exactly it, a range starting
// at it, after it.
const RANK = { before: 0, about: 1, exact: 2, range: 3, after: 4 } as const;

/**
 * A number that sorts years by their first year: 'prieš 1920' < 'apie 1920' <
 * '1920' < '1920–1925' < 'po 1920' < '1921'. Text that is not a year sorts last.
 */
export function documentYearSortKey(text: string): number {
  const year = parseDocumentYear(text);
  if (!year) return Number.MAX_SAFE_INTEGER;
  const first = year.kind === "range" ? year.from : year.year;
  const span = year.kind === "range" ? Math.min(year.to - year.from, 999) / 1000 : 0;
  return first * 10 + RANK[year.kind] + span;
}

/** The largest value a database's integer column holds: where text that is not a year sorts. */
const NOT_A_YEAR = 2_147_483_647;

/**
 * documentYearSortKey as a whole number, for a database column: the same
 * order ('prieš 1920' < 'apie 1920' < '1920' < '1920–1925' < 'po 1920').
 */
export function documentYearOrder(text: string): number {
  const key = documentYearSortKey(text);
  return key === Number.MAX_SAFE_INTEGER ? NOT_A_YEAR : Math.round(key * 1000);
}

const ENGLISH_QUALIFIERS = { about: "about", before: "before", after: "after" } as const;

/**
 * A document's year as a page in `locale` shows it: the stored text, with its
 * word in the page's language ('apie 1900' is 'about 1900' in English); text
 * that is not a year is shown as it was typed.
 */
export function shownDocumentYear(text: string, locale: "lt" | "en"): string {
  const year = locale === "en" ? parseDocumentYear(text) : null;
  if (!year) return text;
  if (year.kind === "exact" || year.kind === "range") return formatDocumentYear(year);
  return `${ENGLISH_QUALIFIERS[year.kind]} ${year.year}`;
}
