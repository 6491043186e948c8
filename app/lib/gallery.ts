import { dayRange, jdnToGregorianYear, parseGedcomDate, sortRange } from "./gedcom-date.ts";
import { parseId } from "./numbers.ts";

/** Field limits of a gallery item, checked in the browser and again on the server. */
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
/** The longest place of a photo ("Kaunas, Laisvės alėja"). */
export const GALLERY_PLACE_MAX = 200;

/** Field limits of an album. */
export const ALBUM_TITLE_MAX = 200;
export const ALBUM_DESCRIPTION_MAX = 2000;

/** How many files one bulk upload takes (the administrator sends more in another batch). */
export const BULK_UPLOAD_MAX_FILES = 200;

/**
 * A photo's title from its file's name, for a bulk upload: without the
 * extension, separators as spaces, the first letter capital
 * ("vestuves_1923-Alytus.jpg" → "Vestuves 1923 Alytus"). The administrator
 * edits it afterwards; a name with nothing left gives "Nuotrauka".
 */
export function titleFromFileName(name: string): string {
  const words = name
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .replace(/[_\s.-]+/g, " ")
    .trim()
    .slice(0, GALLERY_TITLE_MAX);
  return words ? words.charAt(0).toLocaleUpperCase("lt") + words.slice(1) : "Nuotrauka";
}

/** The first day a photo's GEDCOM date can mean (a Julian day number); null when it says none. */
export function photoDateFrom(gedcom: string): number | null {
  if (!gedcom) return null;
  return sortRange(parseGedcomDate(gedcom))?.[0] ?? null;
}

/** The decade a day falls in, as its first year (1930 for 1936). */
export function decadeOf(jdn: number): number {
  return Math.floor(jdnToGregorianYear(jdn) / 10) * 10;
}

/** The days of a decade: [its first day, the first day of the next]. */
export function decadeDays(decade: number): [number, number] {
  return [dayRange({ calendar: "GREGORIAN", year: decade })[0], dayRange({ calendar: "GREGORIAN", year: decade + 10 })[0]];
}

/** How the visitor browses the gallery: its own order or by date, a decade, the photos someone is in, an album. */
export interface GalleryBrowse {
  byDate: boolean;
  decade: number | null;
  personId: number | null;
  albumId: number | null;
}

/**
 * The gallery's browsing from its address (?tvarka=data&desimtmetis=1930&asmuo=12&albumas=3);
 * what is not one of these is left out, as if not asked.
 */
export function parseGalleryBrowse(params: URLSearchParams): GalleryBrowse {
  const decade = Number(params.get("desimtmetis"));
  return {
    byDate: params.get("tvarka") === "data",
    decade: params.get("desimtmetis") && Number.isInteger(decade) && decade % 10 === 0 && decade > 0 && decade < 3000 ? decade : null,
    // (A number no id column can hold is nobody: asked of PostgreSQL it would be an error.)
    personId: parseId(params.get("asmuo")),
    albumId: parseId(params.get("albumas")),
  };
}
