// The places index: every place the tree's events happened at, with how many
// events the viewer may see there, in Lithuanian alphabetical order; and one
// place's events (who, what, when), a page at a time. An event counts and is
// listed only when the viewer may see its people in full (shown.ts): a
// person's event, that person; a family's (a marriage), both partners. A place
// where nothing the viewer may see happened is not in their index at all.
import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { requestLanguage } from "#app/.server/platform/request-language.ts";
import { eventLabel } from "#app/lib/event-labels.ts";
import { placeLabel } from "#app/lib/places.ts";
import { collator } from "#app/lib/lithuanian.ts";
import { pageOf, type Page } from "#app/lib/paging.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";
import { readInPages } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { partnersOfFamilies } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import { summaries } from "./people.ts";
import { shownPeople, type Shown } from "./shown.ts";
import { seesRestricted } from "./restrictions.ts";

export const PLACE_PAGE_SIZE = 50;

export interface PlaceCount {
  id: number;
  name: string;
  events: number;
}

export interface PlaceEvent {
  id: number;
  /** A message id ('Gimimas', 'Santuoka'…), or the family's own word for an EVEN or FACT (the page says it with t.say). */
  what: string;
  /** The date as the person page writes it (in the language of the request), or ''. */
  when: string;
  /** The person, or a family's partners. */
  people: PersonSummary[];
}

interface EventOwner {
  ownerKind: "person" | "family";
  ownerId: number;
  restriction: string | null;
}

/** Whether the viewer may see an event: its person, or every partner of its family, and the fact's own mark (restrictions.ts). */
function eventShown(e: EventOwner, viewer: Viewer, shown: Shown, partners: Map<number, number[]>): boolean {
  if (!seesRestricted(viewer, e.restriction)) return false;
  if (e.ownerKind === "person") return shown.sees(e.ownerId);
  return (partners.get(e.ownerId) ?? []).every((p) => shown.sees(p));
}

/** Every place with the number of events there the viewer may see, in Lithuanian alphabetical order. */
/** What the places index reads of a tree, whoever looks: the indexes' builder reads it once for the three audiences. */
export interface PlaceReads {
  events: (EventOwner & { id: number; placeId: number | null })[];
  places: { id: number; name: string }[];
  /** The partners of the families whose events have a place. */
  partners: Map<number, number[]>;
}

export async function placeReads(db: Database, treeId: number): Promise<PlaceReads> {
  const [events, places] = await Promise.all([
    readInPages((after) =>
      db
        .selectFrom("genealogyEvents")
        .select(["id", "ownerKind", "ownerId", "placeId", "restriction"])
        .where("treeId", "=", treeId)
        .where("placeId", "is not", null)
        .$if(after !== null, (q) => q.where("id", ">", after!))
        .orderBy("id")
        .limit(5000)
        .execute(),
    ),
    db.selectFrom("genealogyPlaces").select(["id", "name"]).where("treeId", "=", treeId).execute(),
  ]);
  const partners = await partnersOfFamilies(
    db,
    treeId,
    events.filter((e) => e.ownerKind === "family").map((e) => e.ownerId),
  );
  return { events, places, partners };
}

export async function placeCounts(
  db: Database,
  treeId: number,
  viewer: Viewer,
  /** Whom the viewer sees, when the caller knows already (the indexes' builder). */
  whom?: Shown,
  /** The tree as read, when the caller has read it already (the indexes' builder, once for every audience). */
  read?: PlaceReads,
): Promise<PlaceCount[]> {
  const [{ events, places, partners }, shown] = await Promise.all([read ?? placeReads(db, treeId), whom ?? shownPeople(db, viewer)]);
  const counts = new Map<number, number>();
  for (const e of events) if (eventShown(e, viewer, shown, partners)) counts.set(e.placeId!, (counts.get(e.placeId!) ?? 0) + 1);
  return places
    .filter((p) => counts.has(p.id) && p.name.trim())
    .map((p) => ({ id: p.id, name: placeLabel(p.name) ?? p.name, events: counts.get(p.id)! }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** Every event at a place (through its index, migration 0031). */
export function placeEventsQuery(db: Database, treeId: number, placeId: number) {
  return db
    .selectFrom("genealogyEvents")
    .select(["id", "ownerKind", "ownerId", "tag", "type", "date", "datePhrase", "dateFrom", "position", "restriction"])
    .where("treeId", "=", treeId)
    .where("placeId", "=", placeId);
}

/**
 * One place and a page of its events the viewer may see, oldest first (those
 * without a date last); null when there is no such place or the viewer may see
 * nothing that happened there (the same 404 as for a place that does not exist).
 */
export async function placeEvents(
  db: Database,
  treeId: number,
  placeId: number,
  viewer: Viewer,
  page = 1,
  size = PLACE_PAGE_SIZE,
): Promise<{ name: string; events: Page<PlaceEvent> } | null> {
  const place = await db
    .selectFrom("genealogyPlaces")
    .select(["id", "name"])
    .where("treeId", "=", treeId)
    .where("id", "=", placeId)
    .executeTakeFirst();
  if (!place) return null;
  const [events, shown] = await Promise.all([placeEventsQuery(db, treeId, placeId).execute(), shownPeople(db, viewer)]);
  const partners = await partnersOfFamilies(
    db,
    treeId,
    events.filter((e) => e.ownerKind === "family").map((e) => e.ownerId),
  );
  const visible = events
    .filter((e) => eventShown(e, viewer, shown, partners))
    .sort((a, b) => (a.dateFrom ?? Infinity) - (b.dateFrom ?? Infinity) || a.position - b.position || a.id - b.id);
  if (visible.length === 0) return null;
  const onPage = pageOf(visible, page, size);
  const slice = onPage.items;
  const ownersOf = (e: EventOwner) => (e.ownerKind === "person" ? [e.ownerId] : (partners.get(e.ownerId) ?? []));
  const people = await summaries(db, treeId, slice.flatMap(ownersOf), viewer);
  const items = slice.map((e) => ({
    id: e.id,
    what: (e.tag === "EVEN" || e.tag === "FACT") && e.type ? e.type : eventLabel(e.tag),
    when: e.date?.trim() ? formatGedcomDate(parseGedcomDate(e.date, e.datePhrase ?? undefined), requestLanguage()) : "",
    people: ownersOf(e)
      .map((id) => people[id])
      .filter((p): p is PersonSummary => p !== undefined && !p.hidden),
  }));
  return { name: placeLabel(place.name) ?? place.name, events: { ...onPage, items } };
}
