// Lithuanian formatting shared by server and browser. Dates are shown in the
// family's time zone, so the server's render and the browser's agree.

const TIME_ZONE = "Europe/Vilnius";

const dateFormat = new Intl.DateTimeFormat("lt", { year: "numeric", month: "long", day: "numeric", timeZone: TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("lt", { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE });
const pluralRules = new Intl.PluralRules("lt");
// Made once: a new Intl.DateTimeFormat per call was 2.4 % of a busy server's time (every page's footer asks for the year).
const yearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: TIME_ZONE });

/** '2026 m. lapkričio 21 d.' */
export function formatDate(iso: string | Date): string {
  return dateFormat.format(new Date(iso));
}

/** '2026 m. lapkričio 21 d. 14:05' */
export function formatDateTime(iso: string | Date): string {
  return dateTimeFormat.format(new Date(iso));
}

/** The year in the family's time zone. */
export function currentYear(at: Date = new Date()): number {
  return Number(yearFormat.format(at));
}

/**
 * A count with its noun in the right form: plural(1, ['nuotrauka', 'nuotraukos', 'nuotraukų'])
 * gives '1 nuotrauka'; 2 gives '2 nuotraukos'; 10 gives '10 nuotraukų'.
 */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const form = pluralRules.select(count);
  return `${count} ${form === "one" ? one : form === "few" ? few : many}`;
}

/** Sorting in Lithuanian alphabetical order (a ą b c č ...). */
export const collator = new Intl.Collator("lt");

/** Lower case without diacritics, for search: 'Žemės' and 'zemes' both give 'zemes'. */
export function searchKey(text: string): string {
  // Plain ASCII has no diacritics to take off (a large import computes this for every person).
  if (/^\p{ASCII}*$/u.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("lt");
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

/** The date in the family's time zone: { year: 2026, month: 11, day: 23 }. */
export function familyDate(at: Date = new Date()): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(dayFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** The months as a date names them ("lapkričio 23 d."). */
export const MONTHS_GENITIVE = [
  "sausio",
  "vasario",
  "kovo",
  "balandžio",
  "gegužės",
  "birželio",
  "liepos",
  "rugpjūčio",
  "rugsėjo",
  "spalio",
  "lapkričio",
  "gruodžio",
];

/** 'lapkričio 23 d.' */
export function monthDayName(month: number, day: number): string {
  return `${MONTHS_GENITIVE[month - 1]} ${day} d.`;
}
