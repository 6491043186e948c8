import { EVENT_LABELS } from "./event-labels.ts";
import { formatGedcomDateLt, parseGedcomDate } from "./gedcom-date.ts";
import { formatDateTime } from "./lithuanian.ts";

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

/**
 * The differences a reader needs: a fact's own line ("Profesija: yra") left
 * out where its parts are listed ("Profesija: aprašymas: … → Kalvis").
 */
export function readableDifferences<T extends MergeDifference>(items: T[]): T[] {
  const withParts = new Set(
    items
      .filter((item) => item.slot.startsWith("event ") && item.slot.includes(PART))
      .map((item) => `${item.subject.kind} ${item.subject.key} ${item.slot.split(PART)[0]}`),
  );
  return items.filter(
    (item) =>
      !(
        item.slot.startsWith("event ") &&
        !item.slot.includes(PART) &&
        withParts.has(`${item.subject.kind} ${item.subject.key} ${item.slot}`)
      ),
  );
}

/** What the family changed on the site about one person or family (merge/prepare.ts's siteChanges). */
export interface SiteChangeWords {
  subject: MergeDifference["subject"];
  items: MergeDifference[];
  by: string | null;
  at: string | null;
  proposedBy: string | null;
}

/** One change as a line: 'Gimimas: vieta: „Kaunas“ → „Vilnius“'. */
export function siteChangeLine(item: MergeDifference, names: Record<number, string>): string {
  return `${slotLabel(item, (id) => names[id] ?? "asmuo, kurio nebėra")}: „${slotValue(item, item.base)}“ → „${slotValue(item, item.site)}“`;
}

/** Who changed it, when, and who proposed it ('' when the history does not say). */
export function siteChangeWho(change: SiteChangeWords): string {
  if (!change.by || !change.at) return "";
  return `Keitė ${change.by}, ${formatDateTime(change.at)}${change.proposedBy ? ` (pasiūlė ${change.proposedBy})` : ""}.`;
}

/** The whole list as plain text, for the family historian. */
export function siteChangesText(found: { file: string; changes: SiteChangeWords[]; names: Record<number, string> }): string {
  const lines = [`Svetainėje padaryti pakeitimai, kurių nėra faile „${found.file}“`, ""];
  if (found.changes.length === 0) lines.push("Pakeitimų nėra: svetainės medis toks pat kaip failas.");
  for (const change of found.changes) {
    lines.push(change.subject.label);
    for (const item of readableDifferences(change.items)) lines.push(`  ${siteChangeLine(item, found.names)}`);
    if (siteChangeWho(change)) lines.push(`  ${siteChangeWho(change)}`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
