import type { MessageId } from "#app/i18n/catalog.ts";
import { lt } from "#app/i18n/catalogs/genealogy.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { parseGedcomDate, writeGedcomDate } from "./gedcom-date.ts";

// Dates as the administrator types them: GEDCOM's own syntax (ABT 1900,
// BET 1850 AND 1860, 5 MAR 1898...), or the everyday Lithuanian, English and
// ISO forms, turned into GEDCOM. The same rules as an import: what does not
// parse is refused.

/** A typed date that is not one: the message, with the forms it may take. */
export const DATE_FORMS_MESSAGE_ID = "genealogy.dateInput.unreadable" satisfies MessageId;
/** The forms a date may take, for the hint under a date field. */
export const DATE_FORMS_HINT_ID = "genealogy.dateInput.forms" satisfies MessageId;
/** The message in Lithuanian (for the code not yet moved to DATE_FORMS_MESSAGE_ID). */
export const DATE_FORMS_MESSAGE = lt[DATE_FORMS_MESSAGE_ID];

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

// The words of the everyday forms, in both languages: 'apie 1898' and 'about 1898' alike.
const ABOUT = "apie|about|circa|ca\\.?|c\\.";
const BEFORE = "prieš|pries|before";
const AFTER = "po|after";
const BETWEEN = /^(?:tarp|between) (.+) (?:ir|and) (.+)$/;
const FROM = /^(?:nuo|from) (.+?)(?: (?:iki|to|until) (.+))?$/;
const UNTIL = /^(?:iki|until|to) (.+)$/;

/** The English months' names, lower case ('january'…), as the English pages write them (Intl's). */
const ENGLISH_MONTHS = MONTHS.map((_, i) =>
  new Intl.DateTimeFormat("en", { month: "long", timeZone: "UTC" }).format(Date.UTC(2000, i, 1)).toLowerCase(),
);

/** The GEDCOM month of an English month's name or its start of three letters or more ('may', 'sept', 'september'), or null. */
function englishMonth(word: string): string | null {
  const i = ENGLISH_MONTHS.findIndex((name) => word.length >= 3 && name.startsWith(word));
  return i < 0 ? null : MONTHS[i];
}

function simple(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{3,4})$/.exec(t);
  if (m) return m[1];
  m = /^(\d{3,4})-(\d{1,2})$/.exec(t);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  m = /^(\d{3,4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31)
    return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  // As the English pages show a date: '3 May 1890', 'May 1890' (and 'May 3, 1890').
  m = /^(\d{1,2}) ([a-z]{3,9})\.? (\d{3,4})$/.exec(t) ?? /^([a-z]{3,9})\.? (\d{1,2}),? (\d{3,4})$/.exec(t);
  if (m) {
    const [day, word] = /^\d/.test(m[1]) ? [m[1], m[2]] : [m[2], m[1]];
    const month = englishMonth(word);
    if (month && Number(day) >= 1 && Number(day) <= 31) return `${Number(day)} ${month} ${m[3]}`;
  }
  m = /^([a-z]{3,9})\.? (\d{3,4})$/.exec(t);
  if (m && englishMonth(m[1])) return `${englishMonth(m[1])} ${m[2]}`;
  return null;
}

/** The GEDCOM form of a typed date, '' for an empty one, or null when it is not a date. */
export function dateInputToGedcom(input: string): string | null {
  const text = input.trim().replace(/\s+/g, " ");
  if (text === "") return "";
  const lower = text.toLocaleLowerCase("lt").replace(/\s*m\.$/, "");
  const plain = simple(lower);
  if (plain) return plain;
  let m = new RegExp(`^(${ABOUT}|${BEFORE}|${AFTER}) (.+)$`).exec(lower);
  if (m) {
    const date = simple(m[2]);
    const word = new RegExp(`^(?:${ABOUT})$`).test(m[1]) ? "ABT" : new RegExp(`^(?:${AFTER})$`).test(m[1]) ? "AFT" : "BEF";
    if (date) return `${word} ${date}`;
  }
  // "1930–1935" (or with a hyphen): some time in those years, as "tarp 1930 ir 1935".
  m = /^(\d{3,4}) ?[–—-] ?(\d{3,4})$/.exec(lower);
  if (m) return `BET ${m[1]} AND ${m[2]}`;
  m = BETWEEN.exec(lower);
  if (m && simple(m[1]) && simple(m[2])) return `BET ${simple(m[1])} AND ${simple(m[2])}`;
  m = FROM.exec(lower);
  if (m && simple(m[1]) && (!m[2] || simple(m[2]))) return `FROM ${simple(m[1])}${m[2] ? ` TO ${simple(m[2])}` : ""}`;
  m = UNTIL.exec(lower);
  if (m && simple(m[1])) return `TO ${simple(m[1])}`;
  // GEDCOM's own syntax: accepted when it parses (a phrase in parentheses too).
  const parsed = parseGedcomDate(text);
  if (parsed.kind === "phrase" && !/^\(.*\)$/.test(text)) return null;
  return writeGedcomDate(parsed, "5.5.1").value;
}

function simpleToInput(gedcom: string): string | null {
  let m = /^(\d{3,4})$/.exec(gedcom);
  if (m) return m[1];
  m = /^([A-Z]{3}) (\d{3,4})$/.exec(gedcom);
  if (m && MONTHS.includes(m[1])) return `${m[2]}-${String(MONTHS.indexOf(m[1]) + 1).padStart(2, "0")}`;
  m = /^(\d{1,2}) ([A-Z]{3}) (\d{3,4})$/.exec(gedcom);
  if (m && MONTHS.includes(m[2])) return `${m[3]}-${String(MONTHS.indexOf(m[2]) + 1).padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return null;
}

/** The words of the everyday forms the editor offers, by language. */
const INPUT_WORDS: Record<
  Locale,
  { ABT: string; AFT: string; BEF: string; between: string; and: string; from: string; to: string; until: string }
> = {
  lt: { ABT: "apie", AFT: "po", BEF: "prieš", between: "tarp", and: "ir", from: "nuo", to: "iki", until: "iki" },
  en: { ABT: "about", AFT: "after", BEF: "before", between: "between", and: "and", from: "from", to: "to", until: "until" },
};

/**
 * A stored GEDCOM date in the everyday form the editor offers ('1898-03-05',
 * 'apie 1898', 'tarp 1850 ir 1860'; in English 'about 1898', 'between 1850
 * and 1860'); what has no such form (other calendars, phrases) stays in GEDCOM
 * syntax, which the editor accepts too.
 */
export function gedcomToDateInput(gedcom: string, locale: Locale = "lt"): string {
  const words = INPUT_WORDS[locale];
  const text = gedcom.trim().toUpperCase();
  const plain = simpleToInput(text);
  if (plain) return plain;
  let m = /^(ABT|AFT|BEF) (.+)$/.exec(text);
  if (m && simpleToInput(m[2])) return `${words[m[1] as "ABT" | "AFT" | "BEF"]} ${simpleToInput(m[2])}`;
  m = /^BET (.+) AND (.+)$/.exec(text);
  if (m && simpleToInput(m[1]) && simpleToInput(m[2])) return `${words.between} ${simpleToInput(m[1])} ${words.and} ${simpleToInput(m[2])}`;
  m = /^FROM (.+?)(?: TO (.+))?$/.exec(text);
  if (m && simpleToInput(m[1]) && (!m[2] || simpleToInput(m[2])))
    return `${words.from} ${simpleToInput(m[1])}${m[2] ? ` ${words.to} ${simpleToInput(m[2])}` : ""}`;
  m = /^TO (.+)$/.exec(text);
  if (m && simpleToInput(m[1])) return `${words.until} ${simpleToInput(m[1])}`;
  return gedcom;
}
