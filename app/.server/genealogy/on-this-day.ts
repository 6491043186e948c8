// "Šią dieną": the births, deaths and marriages that fell on a day of the
// year, of people who have died. Never anyone the living rule counts as
// living, whoever asks (a member sees the living elsewhere, but an anniversary
// list is about the family's past), and never anyone the viewer may not see in
// full; a marriage only when both partners qualify. Only dates written to the
// day count ('5 MAR 1898', not 'ABT 5 MAR 1898' nor 'MAR 1898'). Dates in the
// Julian calendar ('@#DJULIAN@ 5 MAR 1750') fall on the Gregorian day they
// were, as their day numbers say.
import { sql } from "kysely";
import { parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { pageOf, type Page } from "#app/lib/paging.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { partnersOfFamilies } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import { monthDayExpression } from "./day-of-year.ts";
import { summaries } from "./people.ts";
import { seesRestricted } from "./restrictions.ts";

export const ANNIVERSARY_PAGE_SIZE = 50;
const TAGS = ["BIRT", "DEAT", "MARR"] as const;

export interface Anniversary {
  eventId: number;
  /** A birth, a death or a marriage (the page words it: the tree catalog's 'tree.anniversary.*'). */
  tag: (typeof TAGS)[number];
  year: number;
  people: PersonSummary[];
}

/** The births, deaths and marriages dated to a single day that fell on this day of the year (through the index of migration 0031). */
export function dayEvents(db: Database, treeId: number, month: number, day: number) {
  return db
    .selectFrom("genealogyEvents")
    .select(["id", "ownerKind", "ownerId", "tag", "date", "datePhrase", "dateFrom", "restriction"])
    .where("treeId", "=", treeId)
    .where("tag", "in", [...TAGS])
    .where("dateFrom", ">=", 0)
    .whereRef("dateFrom", "=", "dateTo")
    .where(sql<number>`${sql.raw(monthDayExpression("date_from"))}`, "=", month * 100 + day);
}

/** Every anniversary of the day (month 1-12, day 1-31) the viewer may see, oldest first, a page at a time. */
export async function anniversaries(
  db: Database,
  treeId: number,
  month: number,
  day: number,
  viewer: Viewer,
  page = 1,
  size = ANNIVERSARY_PAGE_SIZE,
): Promise<Page<Anniversary>> {
  const rows = await dayEvents(db, treeId, month, day).execute();
  // Written to the day, no 'about' and no range: the day number alone cannot tell.
  const exact = rows.filter((e) => {
    if (!seesRestricted(viewer, e.restriction)) return false;
    const date = parseGedcomDate(e.date ?? "", e.datePhrase ?? undefined);
    return (date.kind === "exact" || date.kind === "interpreted") && date.date.day !== undefined;
  });
  const partners = await partnersOfFamilies(
    db,
    treeId,
    exact.filter((e) => e.ownerKind === "family").map((e) => e.ownerId),
  );
  const ownersOf = (e: (typeof exact)[number]) => (e.ownerKind === "person" ? [e.ownerId] : (partners.get(e.ownerId) ?? []));
  const people = await summaries(db, treeId, exact.flatMap(ownersOf), viewer);
  const qualifies = (id: number) => people[id] !== undefined && !people[id].hidden && !people[id].living;
  const all = exact
    .filter((e) => ownersOf(e).length > 0 && ownersOf(e).every(qualifies))
    .map((e) => ({
      eventId: e.id,
      tag: e.tag as (typeof TAGS)[number],
      year: ((date) => ("date" in date && date.date ? date.date.year : 0))(parseGedcomDate(e.date ?? "", e.datePhrase ?? undefined)),
      people: ownersOf(e).map((id) => people[id]),
    }))
    .sort((a, b) => a.year - b.year || a.eventId - b.eventId);
  return pageOf(all, page, size);
}

/** 'MM-DD' as a day of the year (29 February included); null when it is not one. */
export function parseMonthDay(text: string): { month: number; day: number } | null {
  const m = /^(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  // 2024 is a leap year: every day of the year exists in it.
  const date = new Date(Date.UTC(2024, month - 1, day));
  return month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { month, day } : null;
}

/** The day before or after, round the year (through 29 February). */
export function otherDay(month: number, day: number, step: 1 | -1): { month: number; day: number } {
  const date = new Date(Date.UTC(2024, month - 1, day + step));
  return { month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function monthDayParam({ month, day }: { month: number; day: number }): string {
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
