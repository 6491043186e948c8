// GEDCOM dates (5.5, 5.5.1, 5.5.5 and 7.0 grammar): parsed into a structure,
// given a sortable range of days (Julian day numbers), written back in either
// version's syntax, and shown in Lithuanian or English (formatGedcomDate).
import { MONTHS_GENITIVE } from "./lithuanian.ts";
import type { Locale } from "#app/i18n/locales.ts";

export type Calendar = "GREGORIAN" | "JULIAN" | "HEBREW" | "FRENCH_R" | "UNKNOWN";

export interface SimpleDate {
  calendar: Calendar;
  /** Negative for years before the common era (1 BCE is -1; there is no year 0). */
  year: number;
  /** 1-12, or 1-13 for the Hebrew and French Republican calendars. */
  month?: number;
  day?: number;
  /** The second part of an Old Style/New Style year, as written: '49' in '1748/49'. */
  dualYear?: string;
}

/** A GEDCOM 7 PHRASE may stand beside any date; 'interpreted' and 'phrase' always have one. */
export type GedcomDate =
  | { kind: "exact"; date: SimpleDate; phrase?: undefined }
  | { kind: "about" | "calculated" | "estimated"; date: SimpleDate; phrase?: string }
  | { kind: "before" | "after"; date: SimpleDate; phrase?: string }
  | { kind: "between"; from: SimpleDate; to: SimpleDate; phrase?: string }
  | { kind: "period"; from?: SimpleDate; to?: SimpleDate; phrase?: string }
  | { kind: "interpreted"; date: SimpleDate; phrase: string }
  | { kind: "phrase"; phrase: string };

const MONTHS: Record<Exclude<Calendar, "UNKNOWN">, string[]> = {
  GREGORIAN: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  JULIAN: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  HEBREW: ["TSH", "CSH", "KSL", "TVT", "SHV", "ADR", "ADS", "NSN", "IYR", "SVN", "TMZ", "AAV", "ELL"],
  FRENCH_R: ["VEND", "BRUM", "FRIM", "NIVO", "PLUV", "VENT", "GERM", "FLOR", "PRAI", "MESS", "THER", "FRUC", "COMP"],
};

const CALENDAR_WORDS: Record<string, Calendar> = {
  "@#DGREGORIAN@": "GREGORIAN",
  "@#DJULIAN@": "JULIAN",
  "@#DHEBREW@": "HEBREW",
  "@#DFRENCH R@": "FRENCH_R",
  "@#DROMAN@": "UNKNOWN",
  "@#DUNKNOWN@": "UNKNOWN",
  GREGORIAN: "GREGORIAN",
  JULIAN: "JULIAN",
  HEBREW: "HEBREW",
  FRENCH_R: "FRENCH_R",
};

// ---------------------------------------------------------------- parsing

/** A Gregorian date as nearly every file writes it: '5 MAR 1898', 'MAR 1898', '1898'. */
const PLAIN_DATE = /^(?:(\d{1,2}) )?(?:([A-Z]{3}) )?(\d{1,4})$/;

function parseSimple(text: string): SimpleDate | null {
  // The common case at once (an import reads hundreds of thousands); anything else, or anything wrong, the long way.
  const plain = PLAIN_DATE.exec(text);
  if (plain && (plain[2] !== undefined || plain[1] === undefined)) {
    const year = Number(plain[3]);
    const month = plain[2] === undefined ? 0 : MONTHS.GREGORIAN.indexOf(plain[2]) + 1;
    const day = plain[1] === undefined ? 0 : Number(plain[1]);
    if (year !== 0 && (plain[2] === undefined || month > 0) && (plain[1] === undefined || (day >= 1 && day <= 31))) {
      const date: SimpleDate = { calendar: "GREGORIAN", year };
      if (month) date.month = month;
      if (day) date.day = day;
      return date;
    }
  }
  let rest = text.trim().toUpperCase().replace(/\s+/g, " ");
  let calendar: Calendar = "GREGORIAN";
  const calendarMatch = /^(@#D[A-Z ]+@|GREGORIAN|JULIAN|HEBREW|FRENCH_R|_[A-Z0-9_]+)\s*/.exec(rest);
  if (calendarMatch) {
    calendar = CALENDAR_WORDS[calendarMatch[1]] ?? "UNKNOWN";
    rest = rest.slice(calendarMatch[0].length);
  }
  let bce = false;
  const epoch = /\s*(B\.C\.|BC|BCE)$/.exec(rest);
  if (epoch) {
    bce = true;
    rest = rest.slice(0, epoch.index);
  }
  const parts = rest.split(" ").filter(Boolean);
  if (parts.length === 0 || parts.length > 3) return null;
  const yearMatch = /^(\d{1,4})(?:\/(\d{1,4}))?$/.exec(parts[parts.length - 1]);
  if (!yearMatch) return null;
  const date: SimpleDate = { calendar, year: Number(yearMatch[1]) * (bce ? -1 : 1) };
  if (yearMatch[2]) date.dualYear = yearMatch[2];
  if (date.year === 0) return null;
  if (parts.length >= 2) {
    const months = calendar === "UNKNOWN" ? MONTHS.GREGORIAN : MONTHS[calendar];
    const month = months.indexOf(parts[parts.length - 2]) + 1;
    if (month === 0) return null;
    date.month = month;
  }
  if (parts.length === 3) {
    if (!/^\d{1,2}$/.test(parts[0])) return null;
    date.day = Number(parts[0]);
    if (date.day < 1 || date.day > 31) return null;
  }
  return date;
}

/** Parses a DATE value; `phrase` is a GEDCOM 7 PHRASE substructure, if any. Never fails: what does not parse is a phrase. */
export function parseGedcomDate(text: string, phrase?: string): GedcomDate {
  const value = text.trim();
  const asPhrase = (): GedcomDate => ({ kind: "phrase", phrase: phrase ?? value.replace(/^\((.*)\)$/s, "$1") });
  if (!value) return phrase ? { kind: "phrase", phrase } : { kind: "phrase", phrase: "" };
  // A value that starts with a digit is a date, or nothing: no qualifier, range or phrase starts so.
  const first = value.charCodeAt(0);
  if (first >= 48 && first <= 57) {
    const date = parseSimple(value);
    return date ? withPhrase({ kind: "exact", date }, phrase) : asPhrase();
  }
  if (/^\(.*\)$/s.test(value)) return { kind: "phrase", phrase: value.slice(1, -1) };
  const upper = value.toUpperCase();

  const interpreted = /^INT\s+(.*?)\s*\((.*)\)$/is.exec(value);
  if (interpreted) {
    const date = parseSimple(interpreted[1]);
    return date ? { kind: "interpreted", date, phrase: interpreted[2] } : asPhrase();
  }
  const between = /^BET\s+(.+?)\s+AND\s+(.+)$/i.exec(value);
  if (between) {
    const from = parseSimple(between[1]);
    const to = parseSimple(between[2]);
    return from && to ? withPhrase({ kind: "between", from, to }, phrase) : asPhrase();
  }
  const period = /^(?:FROM\s+(.+?))?\s*(?:TO\s+(.+))?$/i.exec(value);
  if (period && (upper.startsWith("FROM") || upper.startsWith("TO"))) {
    const from = period[1] ? parseSimple(period[1]) : undefined;
    const to = period[2] ? parseSimple(period[2]) : undefined;
    if (from === null || to === null || (!from && !to)) return asPhrase();
    return withPhrase({ kind: "period", ...(from ? { from } : {}), ...(to ? { to } : {}) }, phrase);
  }
  const qualified = /^(ABT|CAL|EST|BEF|AFT|INT)\s+(.+)$/i.exec(value);
  if (qualified) {
    const date = parseSimple(qualified[2]);
    if (!date) return asPhrase();
    const word = qualified[1].toUpperCase() as "ABT" | "CAL" | "EST" | "BEF" | "AFT" | "INT";
    // GEDCOM 7 writes INT's phrase as a PHRASE substructure.
    if (word === "INT") return { kind: "interpreted", date, phrase: phrase ?? "" };
    const kind = ({ ABT: "about", CAL: "calculated", EST: "estimated", BEF: "before", AFT: "after" } as const)[word];
    return withPhrase({ kind, date }, phrase);
  }
  const date = parseSimple(value);
  if (!date) return asPhrase();
  return withPhrase({ kind: "exact", date }, phrase);
}

/** A GEDCOM 7 PHRASE beside a date: an exact date with one is what 5.5.1 calls interpreted (INT). */
function withPhrase(date: GedcomDate, phrase: string | undefined): GedcomDate {
  if (!phrase) return date;
  // '1748/49' beside 1748 is how a 5.5.1 dual year travels in GEDCOM 7 (see writeGedcomDate).
  const dual = /^(\d{1,4})\/(\d{1,4})$/.exec(phrase.trim());
  if (dual) {
    const year = Number(dual[1]);
    let matched = false;
    const mark = (d: SimpleDate | undefined) => {
      if (d && Math.abs(d.year) === year && !d.dualYear) {
        matched = true;
        return { ...d, dualYear: dual[2] };
      }
      return d;
    };
    const marked =
      "date" in date
        ? { ...date, date: mark(date.date)! }
        : date.kind === "between"
          ? { ...date, from: mark(date.from)!, to: mark(date.to)! }
          : date.kind === "period"
            ? { ...date, from: mark(date.from), to: mark(date.to) }
            : date;
    if (matched) return marked as GedcomDate;
  }
  if (date.kind === "exact") return { kind: "interpreted", date: date.date, phrase };
  return { ...date, phrase } as GedcomDate;
}

// ---------------------------------------------------------------- day numbers

function floorDiv(a: number, b: number): number {
  return Math.floor(a / b);
}

/** Astronomical year: 1 BCE is 0, 2 BCE is -1. */
function astronomical(year: number): number {
  return year < 0 ? year + 1 : year;
}

function gregorianToJdn(y: number, m: number, d: number): number {
  const a = floorDiv(14 - m, 12);
  const yy = y + 4800 - a;
  const mm = m + 12 * a - 3;
  return d + floorDiv(153 * mm + 2, 5) + 365 * yy + floorDiv(yy, 4) - floorDiv(yy, 100) + floorDiv(yy, 400) - 32045;
}

function julianToJdn(y: number, m: number, d: number): number {
  const a = floorDiv(14 - m, 12);
  const yy = y + 4800 - a;
  const mm = m + 12 * a - 3;
  return d + floorDiv(153 * mm + 2, 5) + 365 * yy + floorDiv(yy, 4) - 32083;
}

function daysInSolarMonth(calendar: "GREGORIAN" | "JULIAN", y: number, m: number): number {
  if (m === 2) {
    const leap = calendar === "JULIAN" ? y % 4 === 0 : (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    return leap ? 29 : 28;
  }
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

// Hebrew calendar (arithmetic, after the well-known algorithm of the Fourmilab calendar converter).
const HEBREW_EPOCH = 347995.5;
function hebrewLeap(y: number): boolean {
  return (7 * y + 1) % 19 < 7;
}
function hebrewMonthsInYear(y: number): number {
  return hebrewLeap(y) ? 13 : 12;
}
function hebrewDelay1(y: number): number {
  const months = floorDiv(235 * y - 234, 19);
  const parts = 12084 + 13753 * months;
  let day = months * 29 + floorDiv(parts, 25920);
  if ((3 * (day + 1)) % 7 < 3) day++;
  return day;
}
function hebrewDelay2(y: number): number {
  const last = hebrewDelay1(y - 1);
  const present = hebrewDelay1(y);
  const next = hebrewDelay1(y + 1);
  return next - present === 356 ? 2 : present - last === 382 ? 1 : 0;
}
function hebrewYearDays(y: number): number {
  return hebrewNewYear(y + 1) - hebrewNewYear(y);
}
/** The (astronomical, .5) Julian date of 1 Tishri of year y. */
function hebrewNewYear(y: number): number {
  return HEBREW_EPOCH + hebrewDelay1(y) + hebrewDelay2(y) + 2;
}
/** Days in a month numbered as the converter does: 1 Nisan ... 7 Tishri ... 12 Adar, 13 Adar II. */
function hebrewMonthDays(y: number, m: number): number {
  if (m === 2 || m === 4 || m === 6 || m === 10 || m === 13) return 29;
  if (m === 12 && !hebrewLeap(y)) return 29;
  if (m === 8 && hebrewYearDays(y) % 10 !== 5) return 29;
  if (m === 9 && hebrewYearDays(y) % 10 === 3) return 29;
  return 30;
}
function hebrewToJdn(y: number, m: number, d: number): number {
  let jd = hebrewNewYear(y) + d - 1;
  if (m < 7) {
    for (let mon = 7; mon <= hebrewMonthsInYear(y); mon++) jd += hebrewMonthDays(y, mon);
    for (let mon = 1; mon < m; mon++) jd += hebrewMonthDays(y, mon);
  } else {
    for (let mon = 7; mon < m; mon++) jd += hebrewMonthDays(y, mon);
  }
  return Math.round(jd + 0.5);
}
/** GEDCOM's Hebrew months (TSH first) in the converter's numbering. */
const HEBREW_MONTH_NUMBER = [7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6];

// French Republican calendar: 1 Vendémiaire I = 22 September 1792. Years III,
// VII and XI were the leap ("sextile") years in use; later years follow Romme's rule.
const FRENCH_EPOCH = 2375840;
function frenchLeap(y: number): boolean {
  if (y <= 14) return y === 3 || y === 7 || y === 11;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}
function frenchToJdn(y: number, m: number, d: number): number {
  let days = 0;
  for (let year = 1; year < y; year++) days += frenchLeap(year) ? 366 : 365;
  return FRENCH_EPOCH + days + (m - 1) * 30 + (d - 1);
}

function lastDayOfMonth(date: SimpleDate, month: number): number {
  switch (date.calendar) {
    case "HEBREW":
      return hebrewMonthDays(date.year, HEBREW_MONTH_NUMBER[month - 1]);
    case "FRENCH_R":
      return month === 13 ? (frenchLeap(date.year) ? 6 : 5) : 30;
    case "JULIAN":
      return daysInSolarMonth("JULIAN", astronomical(date.year), month);
    default:
      return daysInSolarMonth("GREGORIAN", astronomical(date.year), month);
  }
}

function toJdn(date: SimpleDate, month: number, day: number): number {
  switch (date.calendar) {
    case "HEBREW":
      return hebrewToJdn(date.year, HEBREW_MONTH_NUMBER[month - 1], day);
    case "FRENCH_R":
      return frenchToJdn(date.year, month, day);
    case "JULIAN":
      return julianToJdn(astronomical(date.year), month, day);
    default:
      return gregorianToJdn(astronomical(date.year), month, day);
  }
}

/** The first and last day a simple date can mean, as Julian day numbers. */
export function dayRange(input: SimpleDate): [number, number] {
  // '1748/49': the year is 1749 by the New Style reckoning used for sorting.
  const date = input.dualYear ? { ...input, year: input.year + 1 } : input;
  if (date.month && date.day) {
    const day = toJdn(date, date.month, date.day);
    return [day, day];
  }
  if (date.month) return [toJdn(date, date.month, 1), toJdn(date, date.month, lastDayOfMonth(date, date.month))];
  if (date.calendar === "HEBREW") return [hebrewToJdn(date.year, 7, 1), hebrewToJdn(date.year + 1, 7, 1) - 1];
  if (date.calendar === "FRENCH_R") return [frenchToJdn(date.year, 1, 1), frenchToJdn(date.year + 1, 1, 1) - 1];
  return [toJdn(date, 1, 1), toJdn(date, 12, 31)];
}

/**
 * The days a date can mean, for sorting and comparing: [from, to], either
 * open (null) for 'before' and 'after', or null for a phrase.
 */
export function sortRange(date: GedcomDate): [number | null, number | null] | null {
  switch (date.kind) {
    case "exact":
    case "about":
    case "calculated":
    case "estimated":
    case "interpreted":
      return dayRange(date.date);
    case "before":
      return [null, dayRange(date.date)[0] - 1];
    case "after":
      return [dayRange(date.date)[1] + 1, null];
    case "between":
      return [dayRange(date.from)[0], dayRange(date.to)[1]];
    case "period":
      return [date.from ? dayRange(date.from)[0] : null, date.to ? dayRange(date.to)[1] : date.from ? dayRange(date.from)[1] : null];
    case "phrase":
      return null;
  }
}

/** How many years an approximate date (ABT, CAL, EST) may lie after the year it names. */
export const APPROXIMATE_DATE_SLACK_YEARS = 10;

/**
 * The last day on which the event of this date can have happened, as far as
 * the date proves it; null when it proves nothing. Used to decide that a
 * person lived long ago (docs/decisions/009-living-people-computed-per-request.md):
 * only a date whose every reading lies in the past proves age.
 *   exact, INT: its last day ('1900' → 31 December 1900)
 *   BET a AND b: the last day of b
 *   BEF a: the day before a
 *   AFT a: nothing (the event may be today)
 *   ABT, CAL, EST a: the last day of a, plus APPROXIMATE_DATE_SLACK_YEARS
 *   FROM a (TO b): the last day of a (the person was there when it began); TO b alone: b
 *   a phrase, or a calendar the file does not name: nothing
 */
export function provenBy(date: GedcomDate): number | null {
  const simple = (d: SimpleDate | undefined) => (d && d.calendar !== "UNKNOWN" ? d : undefined);
  const last = (d: SimpleDate | undefined) => (simple(d) ? dayRange(d!)[1] : null);
  switch (date.kind) {
    case "exact":
    case "interpreted":
      return last(date.date);
    case "between":
      return simple(date.from) ? last(date.to) : null;
    case "before":
      return simple(date.date) ? dayRange(date.date)[0] - 1 : null;
    case "after":
    case "phrase":
      return null;
    case "about":
    case "calculated":
    case "estimated": {
      const day = last(date.date);
      return day === null ? null : day + Math.ceil(APPROXIMATE_DATE_SLACK_YEARS * 365.2425);
    }
    case "period":
      return date.from ? last(date.from) : last(date.to);
  }
}

/** The Gregorian year of a Julian day number (for "born more than 110 years ago" and the like). */
export function jdnToGregorianYear(jdn: number): number {
  const a = jdn + 32044;
  const b = floorDiv(4 * a + 3, 146097);
  const c = a - floorDiv(146097 * b, 4);
  const d = floorDiv(4 * c + 3, 1461);
  const e = c - floorDiv(1461 * d, 4);
  const m = floorDiv(5 * e + 2, 153);
  return 100 * b + d - 4800 + floorDiv(m, 10);
}

// ---------------------------------------------------------------- writing GEDCOM

export type GedcomVersion = "5.5.1" | "7.0";

function writeSimple(date: SimpleDate, version: GedcomVersion): string {
  const parts: string[] = [];
  if (date.calendar !== "GREGORIAN") {
    if (version === "7.0") parts.push(date.calendar === "UNKNOWN" ? "_UNKNOWN" : date.calendar);
    else parts.push(date.calendar === "FRENCH_R" ? "@#DFRENCH R@" : date.calendar === "UNKNOWN" ? "@#DUNKNOWN@" : `@#D${date.calendar}@`);
  }
  if (date.day) parts.push(String(date.day));
  if (date.month) parts.push((date.calendar === "UNKNOWN" ? MONTHS.GREGORIAN : MONTHS[date.calendar])[date.month - 1]);
  const year = Math.abs(date.year);
  parts.push(date.dualYear && version === "5.5.1" ? `${year}/${date.dualYear}` : String(year));
  if (date.year < 0) parts.push(version === "7.0" ? "BCE" : "B.C.");
  return parts.join(" ");
}

/**
 * The DATE payload in the given version's syntax, and a PHRASE for GEDCOM 7
 * (which writes interpreted dates, dual years and free text as a PHRASE).
 */
export function writeGedcomDate(date: GedcomDate, version: GedcomVersion): { value: string; phrase?: string } {
  const simple = (d: SimpleDate) => writeSimple(d, version);
  // GEDCOM 7 has PHRASE for what its grammar cannot say: a dual year, or free text.
  const dual = (...ds: (SimpleDate | undefined)[]) => {
    if (version !== "7.0") return undefined;
    if (date.phrase) return date.phrase;
    const written = ds.find((d) => d?.dualYear);
    return written ? `${Math.abs(written.year)}/${written.dualYear}` : undefined;
  };
  switch (date.kind) {
    case "exact":
      return { value: simple(date.date), phrase: dual(date.date) };
    case "about":
      return { value: `ABT ${simple(date.date)}`, phrase: dual(date.date) };
    case "calculated":
      return { value: `CAL ${simple(date.date)}`, phrase: dual(date.date) };
    case "estimated":
      return { value: `EST ${simple(date.date)}`, phrase: dual(date.date) };
    case "before":
      return { value: `BEF ${simple(date.date)}`, phrase: dual(date.date) };
    case "after":
      return { value: `AFT ${simple(date.date)}`, phrase: dual(date.date) };
    case "between":
      return { value: `BET ${simple(date.from)} AND ${simple(date.to)}`, phrase: dual(date.from, date.to) };
    case "period":
      return {
        value: [date.from ? `FROM ${simple(date.from)}` : "", date.to ? `TO ${simple(date.to)}` : ""].filter(Boolean).join(" "),
        phrase: dual(date.from, date.to),
      };
    case "interpreted":
      return version === "7.0" ? { value: simple(date.date), phrase: date.phrase } : { value: `INT ${simple(date.date)} (${date.phrase})` };
    case "phrase":
      return version === "7.0" ? { value: "", phrase: date.phrase } : { value: `(${date.phrase})` };
  }
}

// ---------------------------------------------------------------- Lithuanian

const LT_HEBREW_MONTHS = [
  "tišrio",
  "chešvano",
  "kislevo",
  "teveto",
  "ševato",
  "adaro",
  "adaro II",
  "nisano",
  "ijaro",
  "sivano",
  "tamuzo",
  "avo",
  "elulo",
];
const LT_FRENCH_MONTHS = [
  "vandemjero",
  "briumero",
  "frimero",
  "nivozo",
  "pliuvjozo",
  "vantozo",
  "žerminalio",
  "florealio",
  "prerialio",
  "mesidoro",
  "termidoro",
  "fruktidoro",
  "papildomų dienų",
];
const LT_CALENDAR_NOTE: Partial<Record<Calendar, string>> = {
  JULIAN: "pagal Julijaus kalendorių",
  HEBREW: "pagal hebrajų kalendorių",
  FRENCH_R: "pagal Prancūzijos respublikos kalendorių",
};

/** '1850 m. kovo 5 d.', '1850 m. kovo mėn.', '1850 m.', '500 m. pr. Kr.', '1748/49 m.' */
function formatSimple(date: SimpleDate, { yearOnlySuffix = true } = {}): string {
  const year = `${Math.abs(date.year)}${date.dualYear ? `/${date.dualYear}` : ""}`;
  const era = date.year < 0 ? " pr. Kr." : "";
  const months = date.calendar === "HEBREW" ? LT_HEBREW_MONTHS : date.calendar === "FRENCH_R" ? LT_FRENCH_MONTHS : MONTHS_GENITIVE;
  let text: string;
  if (date.month && date.day) text = `${year} m.${era} ${months[date.month - 1]} ${date.day} d.`;
  else if (date.month) text = `${year} m.${era} ${months[date.month - 1]} mėn.`;
  else text = yearOnlySuffix ? `${year} m.${era}` : `${year}${era}`;
  const note = LT_CALENDAR_NOTE[date.calendar];
  return note ? `${text} (${note})` : text;
}

function yearOnly(date: SimpleDate | undefined): boolean {
  return Boolean(date && !date.month && date.year > 0 && date.calendar === "GREGORIAN");
}

/** The date as a Lithuanian reader expects it: 'apie 1850 m.', 'tarp 1850 ir 1860 m.', '1850 m. kovo 5 d.', 'prieš 1900 m.' */
export function formatGedcomDateLt(date: GedcomDate): string {
  const text = formatWithoutPhrase(date);
  return date.phrase && date.kind !== "interpreted" && date.kind !== "phrase" ? `${text} („${date.phrase}“)` : text;
}

function formatWithoutPhrase(date: GedcomDate): string {
  switch (date.kind) {
    case "exact":
      return formatSimple(date.date);
    case "about":
      return `apie ${formatSimple(date.date)}`;
    case "calculated":
      return `apskaičiuota ${formatSimple(date.date)}`;
    case "estimated":
      return `numanoma ${formatSimple(date.date)}`;
    case "before":
      return `prieš ${formatSimple(date.date)}`;
    case "after":
      return `po ${formatSimple(date.date)}`;
    case "between":
      return yearOnly(date.from) && yearOnly(date.to)
        ? `tarp ${date.from.year} ir ${formatSimple(date.to)}`
        : `tarp ${formatSimple(date.from)} ir ${formatSimple(date.to)}`;
    case "period":
      if (date.from && date.to) {
        return yearOnly(date.from) && yearOnly(date.to)
          ? `nuo ${date.from.year} iki ${formatSimple(date.to)}`
          : `nuo ${formatSimple(date.from)} iki ${formatSimple(date.to)}`;
      }
      return date.from ? `nuo ${formatSimple(date.from)}` : `iki ${formatSimple(date.to!)}`;
    case "interpreted":
      return `${formatSimple(date.date)} („${date.phrase}“)`;
    case "phrase":
      return date.phrase;
  }
}

// ---------------------------------------------------------------- English

/** The months as an English date names them ('5 March 1850'): Intl's names. */
const EN_MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(Date.UTC(2000, i, 1)),
);
const EN_HEBREW_MONTHS = [
  "Tishrei",
  "Heshvan",
  "Kislev",
  "Tevet",
  "Shevat",
  "Adar",
  "Adar II",
  "Nisan",
  "Iyar",
  "Sivan",
  "Tammuz",
  "Av",
  "Elul",
];
const EN_FRENCH_MONTHS = [
  "Vendémiaire",
  "Brumaire",
  "Frimaire",
  "Nivôse",
  "Pluviôse",
  "Ventôse",
  "Germinal",
  "Floréal",
  "Prairial",
  "Messidor",
  "Thermidor",
  "Fructidor",
  "the complementary days",
];
const EN_CALENDAR_NOTE: Partial<Record<Calendar, string>> = {
  JULIAN: "Julian calendar",
  HEBREW: "Hebrew calendar",
  FRENCH_R: "French Republican calendar",
};

/** '5 March 1850', 'March 1850', '1850', '500 BC', '1748/49' */
function formatSimpleEn(date: SimpleDate): string {
  const year = `${Math.abs(date.year)}${date.dualYear ? `/${date.dualYear}` : ""}${date.year < 0 ? " BC" : ""}`;
  const months = date.calendar === "HEBREW" ? EN_HEBREW_MONTHS : date.calendar === "FRENCH_R" ? EN_FRENCH_MONTHS : EN_MONTHS;
  let text: string;
  if (date.month && date.day) text = `${date.day} ${months[date.month - 1]} ${year}`;
  else if (date.month) text = `${months[date.month - 1]} ${year}`;
  else text = year;
  const note = EN_CALENDAR_NOTE[date.calendar];
  return note ? `${text} (${note})` : text;
}

/** The date as an English reader expects it: 'about 1850', 'between 1850 and 1860', '5 March 1850', 'before 1900'. */
export function formatGedcomDateEn(date: GedcomDate): string {
  const text = formatWithoutPhraseEn(date);
  return date.phrase && date.kind !== "interpreted" && date.kind !== "phrase" ? `${text} (“${date.phrase}”)` : text;
}

function formatWithoutPhraseEn(date: GedcomDate): string {
  switch (date.kind) {
    case "exact":
      return formatSimpleEn(date.date);
    case "about":
      return `about ${formatSimpleEn(date.date)}`;
    case "calculated":
      return `calculated ${formatSimpleEn(date.date)}`;
    case "estimated":
      return `estimated ${formatSimpleEn(date.date)}`;
    case "before":
      return `before ${formatSimpleEn(date.date)}`;
    case "after":
      return `after ${formatSimpleEn(date.date)}`;
    case "between":
      return `between ${formatSimpleEn(date.from)} and ${formatSimpleEn(date.to)}`;
    case "period":
      if (date.from && date.to) return `from ${formatSimpleEn(date.from)} to ${formatSimpleEn(date.to)}`;
      return date.from ? `from ${formatSimpleEn(date.from)}` : `until ${formatSimpleEn(date.to!)}`;
    case "interpreted":
      return `${formatSimpleEn(date.date)} (“${date.phrase}”)`;
    case "phrase":
      return date.phrase;
  }
}

/** The date in a language: the namer of each language builds it by its own grammar (decision 035). */
export function formatGedcomDate(date: GedcomDate, locale: Locale): string {
  return locale === "en" ? formatGedcomDateEn(date) : formatGedcomDateLt(date);
}

/** A day of the year as a date names it: 'lapkričio 23 d.', '23 November'. */
export function formatMonthDay(month: number, day: number, locale: Locale): string {
  return locale === "en" ? `${day} ${EN_MONTHS[month - 1]}` : `${MONTHS_GENITIVE[month - 1]} ${day} d.`;
}
