import { adminT } from "#app/i18n/admin.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { T } from "#app/i18n/intl.ts";
import { eventLabel } from "./event-labels.ts";
import { formatGedcomDate, parseGedcomDate } from "./gedcom-date.ts";
import { isRestriction } from "./restrictions.ts";

// The import merge's differences in words (issue 29): what a slot of a person
// or a family is called, and its values as a reader understands them, in the
// reader's language (`t`). Shared by the administrator's preview, the
// historian's list and the command line (which says them in Lithuanian).
// Names and the file's values are never translated.

/** A difference as the plan stores it (app/.server/genealogy/merge/plan.ts). */
export interface MergeDifference {
  subject: {
    kind: "person" | "family";
    key: string;
    label: string;
    /** A family's partners' names ('?' for one unknown); a plan stored before they were kept has only the label. */
    partners?: [string, string];
  };
  slot: string;
  base: string | null;
  file: string | null;
  site: string | null;
}

const PARTS: Record<string, MessageId> = {
  date: "adminTree.merge.part.date",
  place: "adminTree.merge.part.place",
  value: "adminTree.merge.part.value",
  notes: "adminTree.merge.part.notes",
  sources: "adminTree.merge.part.sources",
  restriction: "adminTree.merge.part.restriction",
};
const RELATIONS: Record<string, MessageId> = {
  birth: "adminTree.merge.relation.birth",
  adopted: "adminTree.merge.relation.adopted",
  foster: "adminTree.merge.relation.foster",
  sealing: "adminTree.merge.relation.child",
  other: "adminTree.merge.relation.child",
};
const SEXES: Record<string, MessageId> = {
  M: "adminTree.merge.sex.male",
  F: "adminTree.merge.sex.female",
  X: "adminTree.merge.sex.other",
  U: "adminTree.merge.sex.unknown",
};
const PART = " › ";

/** An event's name from its kind ('BIRT', 'EVEN Kraustymasis': a type the file gave is its own words). */
function eventName(t: T, kind: string): string {
  const [tag, ...type] = kind.split(" ");
  return type.length > 0 ? type.join(" ") : t.say(eventLabel(tag));
}

/** Whom a difference is about: a person's name, or a family's partners ('Jonas Jonaitis ir Ona Jonaitienė'). */
export function subjectLabel(t: T, subject: MergeDifference["subject"]): string {
  if (subject.kind !== "family" || !subject.partners) return subject.label;
  const [first, second] = subject.partners;
  return t("adminTree.merge.couple", { first, second });
}

/** What the slot is: 'Asmuo', 'Lytis', 'Gimimas: vieta', 'Vaikas: Rimas Jonaitis'. */
export function slotLabel(t: T, item: MergeDifference, nameOf: (id: number) => string = (id) => `#${id}`): string {
  const [what, rest] = splitOnce(item.slot);
  if (what === "person") return t(item.subject.kind === "person" ? "adminTree.merge.slot.person" : "adminTree.merge.slot.family");
  if (what === "sex") return t("genealogy.sex.label");
  if (what === "restriction") return t("adminTree.person.restriction.label");
  if (what === "name") return t("adminTree.merge.slot.name");
  if (what === "name+") return t("adminTree.merge.slot.otherName");
  if (what === "note+") return t("adminTree.merge.slot.note");
  if (what === "source+") return t("adminTree.merge.slot.source");
  if (what === "media+") return t("adminTree.merge.slot.media");
  if (what === "child") return t("adminTree.merge.slot.child", { name: nameOf(Number(rest)) });
  if (what === "event") {
    const [event, part] = rest!.split(PART);
    const kind = event.replace(/(#\d+|\+.*)$/, "");
    if (!part) return eventName(t, kind);
    return t("adminTree.merge.slot.eventPart", { event: eventName(t, kind), part: PARTS[part] ? t(PARTS[part]) : part });
  }
  return item.slot;
}

/** A slot's value in one version, as words ('nėra' where it is not there). */
export function slotValue(t: T, item: MergeDifference, value: string | null): string {
  if (value === null) return t("adminTree.merge.value.none");
  const [what, rest] = splitOnce(item.slot);
  if (value === "•")
    return what === "name+" || what === "note+" || what === "source+" || what === "media+" ? rest! : t("adminTree.merge.value.here");
  if (what === "sex") return SEXES[value] ? t(SEXES[value]) : value;
  if (what === "restriction" && isRestriction(value)) return t(`adminTree.person.restriction.${value}`);
  if (what === "event" && rest!.endsWith(`${PART}restriction`) && isRestriction(value)) return t(`adminTree.event.restriction.${value}`);
  if (what === "child") return RELATIONS[value] ? t(RELATIONS[value]) : value;
  // A date as the site shows dates: '1951 m. birželio 12 d.' ('June 12, 1951'), not GEDCOM's '12 JUN 1951'.
  if (what === "event" && rest!.endsWith(`${PART}date`)) return formatGedcomDate(parseGedcomDate(value), t.locale) || value;
  return value;
}

/**
 * One line for a difference: 'Bronė Jonaitytė · Gimimas: vieta: buvo „Kaunas“, faile „Alytus“, svetainėje „Vilnius“'.
 * In Lithuanian unless told: the command line's words (decision 035).
 */
export function describeDifference(item: MergeDifference, nameOf?: (id: number) => string, t: T = adminT("lt")): string {
  const quote = (value: string | null) =>
    value === null ? t("adminTree.merge.value.none") : t("adminTree.quoted", { text: slotValue(t, item, value) });
  return t("adminTree.merge.describe", {
    subject: subjectLabel(t, item.subject),
    slot: slotLabel(t, item, nameOf),
    base: quote(item.base),
    file: quote(item.file),
    site: quote(item.site),
  });
}

function splitOnce(slot: string): [string, string | null] {
  const space = slot.indexOf(" ");
  return space < 0 ? [slot, null] : [slot.slice(0, space), slot.slice(space + 1)];
}

/**
 * The differences a reader needs: a fact's own line ("Profesija: yra") left
 * out where its parts are listed ("Profesija: aprašymas: … → Kalvis").
 */
export function readableDifferences<D extends MergeDifference>(items: D[]): D[] {
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
export function siteChangeLine(t: T, item: MergeDifference, names: Record<number, string>): string {
  return t("adminTree.siteChanges.line", {
    slot: slotLabel(t, item, (id) => names[id] ?? t("adminTree.merge.goneChild")),
    before: slotValue(t, item, item.base),
    after: slotValue(t, item, item.site),
  });
}

/** Who changed it, when, and who proposed it ('' when the history does not say). */
export function siteChangeWho(t: T, change: SiteChangeWords): string {
  if (!change.by || !change.at) return "";
  const at = t.dateTime(change.at);
  return change.proposedBy
    ? t("adminTree.siteChanges.whoProposed", { by: change.by, at, proposer: change.proposedBy })
    : t("adminTree.siteChanges.who", { by: change.by, at });
}

/** The whole list as plain text, for the family historian, in the reader's language. */
export function siteChangesText(t: T, found: { file: string; changes: SiteChangeWords[]; names: Record<number, string> }): string {
  const lines = [t("adminTree.siteChanges.textTitle", { file: found.file }), ""];
  if (found.changes.length === 0) lines.push(t("adminTree.siteChanges.none"));
  for (const change of found.changes) {
    lines.push(subjectLabel(t, change.subject));
    for (const item of readableDifferences(change.items)) lines.push(`  ${siteChangeLine(t, item, found.names)}`);
    if (siteChangeWho(t, change)) lines.push(`  ${siteChangeWho(t, change)}`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}
