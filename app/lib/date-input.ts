import { parseGedcomDate, writeGedcomDate } from "./gedcom-date.ts";

// Dates as the administrator types them: GEDCOM's own syntax (ABT 1900,
// BET 1850 AND 1860, 5 MAR 1898...), or the everyday Lithuanian and ISO forms,
// turned into GEDCOM. The same rules as an import: what does not parse is refused.

export const DATE_FORMS_MESSAGE =
  "Data neatpažinta. Rašykite, pvz.: 1898, 1898-03-05, 1898-03, apie 1898, prieš 1898, po 1898, tarp 1850 ir 1860, 1850–1860, nuo 1850 iki 1860 arba GEDCOM forma (5 MAR 1898, ABT 1898).";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

function simple(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{3,4})$/.exec(t);
  if (m) return m[1];
  m = /^(\d{3,4})-(\d{1,2})$/.exec(t);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  m = /^(\d{3,4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31)
    return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  return null;
}

/** The GEDCOM form of a typed date, '' for an empty one, or null when it is not a date. */
export function dateInputToGedcom(input: string): string | null {
  const text = input.trim().replace(/\s+/g, " ");
  if (text === "") return "";
  const lower = text.toLocaleLowerCase("lt").replace(/\s*m\.$/, "");
  const plain = simple(lower);
  if (plain) return plain;
  let m = /^(apie|prieš|pries|po) (.+)$/.exec(lower);
  if (m) {
    const date = simple(m[2]);
    if (date) return `${m[1] === "apie" ? "ABT" : m[1] === "po" ? "AFT" : "BEF"} ${date}`;
  }
  // "1930–1935" (or with a hyphen): some time in those years, as "tarp 1930 ir 1935".
  m = /^(\d{3,4}) ?[–—-] ?(\d{3,4})$/.exec(lower);
  if (m) return `BET ${m[1]} AND ${m[2]}`;
  m = /^tarp (.+) ir (.+)$/.exec(lower);
  if (m && simple(m[1]) && simple(m[2])) return `BET ${simple(m[1])} AND ${simple(m[2])}`;
  m = /^nuo (.+?)(?: iki (.+))?$/.exec(lower);
  if (m && simple(m[1]) && (!m[2] || simple(m[2]))) return `FROM ${simple(m[1])}${m[2] ? ` TO ${simple(m[2])}` : ""}`;
  m = /^iki (.+)$/.exec(lower);
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

/**
 * A stored GEDCOM date in the everyday form the editor offers ('1898-03-05',
 * 'apie 1898', 'tarp 1850 ir 1860'); what has no such form (other calendars,
 * phrases) stays in GEDCOM syntax, which the editor accepts too.
 */
export function gedcomToDateInput(gedcom: string): string {
  const text = gedcom.trim().toUpperCase();
  const plain = simpleToInput(text);
  if (plain) return plain;
  let m = /^(ABT|AFT|BEF) (.+)$/.exec(text);
  if (m && simpleToInput(m[2])) return `${{ ABT: "apie", AFT: "po", BEF: "prieš" }[m[1]]} ${simpleToInput(m[2])}`;
  m = /^BET (.+) AND (.+)$/.exec(text);
  if (m && simpleToInput(m[1]) && simpleToInput(m[2])) return `tarp ${simpleToInput(m[1])} ir ${simpleToInput(m[2])}`;
  m = /^FROM (.+?)(?: TO (.+))?$/.exec(text);
  if (m && simpleToInput(m[1]) && (!m[2] || simpleToInput(m[2])))
    return `nuo ${simpleToInput(m[1])}${m[2] ? ` iki ${simpleToInput(m[2])}` : ""}`;
  m = /^TO (.+)$/.exec(text);
  if (m && simpleToInput(m[1])) return `iki ${simpleToInput(m[1])}`;
  return gedcom;
}
