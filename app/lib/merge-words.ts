import { EVENT_LABELS } from "./event-labels.ts";
import { formatGedcomDateLt, parseGedcomDate } from "./gedcom-date.ts";

// The import merge's differences in Lithuanian (issue 29): what a slot of a
// person or a family is called, and its values as a reader understands them.
// Shared by the administrator's preview and the command line.

/** A difference as the plan stores it (app/.server/genealogy/merge/plan.ts). */
export interface MergeDifference {
  subject: { kind: "person" | "family"; key: string; label: string };
  slot: string;
  base: string | null;
  file: string | null;
  site: string | null;
}

const PARTS: Record<string, string> = { date: "data", place: "vieta", value: "aprašymas", notes: "pastabos", sources: "šaltiniai" };
const RELATIONS: Record<string, string> = {
  birth: "tikras vaikas",
  adopted: "įvaikintas",
  foster: "globojamas",
  sealing: "vaikas",
  other: "vaikas",
};
const PART = " › ";

/** An event's name from its kind ('BIRT', 'EVEN Kraustymasis'). */
function eventName(kind: string): string {
  const [tag, ...type] = kind.split(" ");
  return type.length > 0 ? type.join(" ") : (EVENT_LABELS[tag] ?? tag);
}

/** What the slot is: 'Asmuo', 'Lytis', 'Gimimas: vieta', 'Vaikas: Rimas Jonaitis'. */
export function slotLabel(item: MergeDifference, nameOf: (id: number) => string = (id) => `#${id}`): string {
  const [what, rest] = splitOnce(item.slot);
  if (what === "person") return item.subject.kind === "person" ? "Asmuo" : "Šeima";
  if (what === "sex") return "Lytis";
  if (what === "name") return "Vardas ir pavardė";
  if (what === "name+") return "Kitas vardas";
  if (what === "note+") return "Pastaba";
  if (what === "source+") return "Šaltinis";
  if (what === "media+") return "Nuotrauka ar failas";
  if (what === "child") return `Vaikas: ${nameOf(Number(rest))}`;
  if (what === "event") {
    const [event, part] = rest!.split(PART);
    const kind = event.replace(/(#\d+|\+.*)$/, "");
    return part ? `${eventName(kind)}: ${PARTS[part] ?? part}` : eventName(kind);
  }
  return item.slot;
}

/** A slot's value in one version, as words ('nėra' where it is not there). */
export function slotValue(item: MergeDifference, value: string | null): string {
  if (value === null) return "nėra";
  const [what, rest] = splitOnce(item.slot);
  if (value === "•") return what === "name+" || what === "note+" || what === "source+" || what === "media+" ? rest! : "yra";
  if (what === "sex") return { M: "vyras", F: "moteris", X: "kita", U: "nenurodyta" }[value] ?? value;
  if (what === "child") return RELATIONS[value] ?? value;
  // A date as the site shows dates: '1951 m. birželio 12 d.', not GEDCOM's '12 JUN 1951'.
  if (what === "event" && rest!.endsWith(`${PART}date`)) return formatGedcomDateLt(parseGedcomDate(value)) || value;
  return value;
}

/** One line for a difference: 'Bronė Jonaitytė · Gimimas: vieta: buvo „Kaunas“, faile „Alytus“, svetainėje „Vilnius“'. */
export function describeDifference(item: MergeDifference, nameOf?: (id: number) => string): string {
  const quote = (value: string | null) => (value === null ? "nėra" : `„${slotValue(item, value)}“`);
  return `${item.subject.label} · ${slotLabel(item, nameOf)}: buvo ${quote(item.base)}, faile ${quote(item.file)}, svetainėje ${quote(item.site)}`;
}

function splitOnce(slot: string): [string, string | null] {
  const space = slot.indexOf(" ");
  return space < 0 ? [slot, null] : [slot.slice(0, space), slot.slice(space + 1)];
}
