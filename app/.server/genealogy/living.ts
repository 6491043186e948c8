// The living rule and the administrator's private people: who a viewer may
// see in full. Every function that returns people takes the viewer and has
// already replaced whom they may not see with 'Gyvas asmuo' (or 'Privatus
// asmuo'): nothing more about them leaves the server. A visitor does not see
// the living; a member sees them, but not the people the administrator keeps
// private; editors and the administrator see everyone.
import { parseGedcomDate, provenBy, sortRange, type GedcomDate } from "#app/lib/gedcom-date.ts";
import { z } from "zod";
import type { MessageId } from "#app/i18n/catalog.ts";
import { readInPages } from "#app/.server/platform/db/writes.ts";
import { wholeNumberField } from "#app/.server/platform/form.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { chunks, relativesOf, treeQueries, WHOLE_TREE_PEOPLE } from "./family-graph.ts";
import { isRestriction, type Restriction } from "#app/lib/restrictions.ts";
import { seesRestricted } from "./restrictions.ts";

/** What a person the viewer may not see is called instead of their name. */
export const LIVING_LABEL = "genealogy.person.living" satisfies MessageId;
export const PRIVATE_LABEL = "genealogy.person.private" satisfies MessageId;
/** The living rule's default number of years. */
export const DEFAULT_LIVING_YEARS = 110;
/** The numbers of years the administrator may choose. */
export const LIVING_YEARS_RANGE: [number, number] = [50, 150];
const DEATH_TAGS = new Set(["DEAT", "BURI", "CREM"]);
const BIRTH_TAGS = ["BIRT", "CHR", "BAPM"];
const DAYS_PER_YEAR = 365.2425;

export interface Viewer extends Audience {
  /** (Audience.members) Members and above see the living in full, and what is for the family only. */
  /** Editors and the administrator: also the people kept private. */
  seesPrivate: boolean;
  /** The living rule's number of years (a site setting). */
  livingYears: number;
}

/** A member's view: the living in full, the private people not at all. */
export function memberViewer(livingYears: number): Viewer {
  return { members: true, seesPrivate: false, livingYears };
}

/** Everyone in full: the administration's view. */
export function editorViewer(livingYears: number): Viewer {
  return { members: true, seesPrivate: true, livingYears };
}

/**
 * The marks of these people that keep them from someone (restrictions.ts):
 * GEDCOM's RESN as the tree holds it, and `confidential` for the people the
 * administrator marked private before the mark was one with RESN (the table
 * privatePeople, still honoured).
 */
export async function restrictionsAmong(db: Database, treeId: number, ids: number[]): Promise<Map<number, Restriction>> {
  const found = new Map<number, Restriction>();
  if (ids.length > WHOLE_TREE_PEOPLE) {
    // The marked are few: read them all (one read of the tree) and keep those asked for.
    const wanted = new Set(ids);
    const [marked, kept] = await Promise.all([
      db
        .selectFrom("genealogyPeople")
        .select(["id", "restriction"])
        .where("treeId", "=", treeId)
        .where("restriction", "is not", null)
        .execute(),
      db.selectFrom("privatePeople").select("personId").execute(),
    ]);
    for (const row of marked) if (wanted.has(row.id) && isRestriction(row.restriction)) found.set(row.id, row.restriction);
    for (const row of kept) if (wanted.has(row.personId)) found.set(row.personId, "confidential");
    return found;
  }
  for await (const part of chunks([...new Set(ids)])) {
    const [marked, kept] = await Promise.all([
      treeQueries.restrictedPeople(db, treeId, part).execute(),
      treeQueries.privatePeople(db, part).execute(),
    ]);
    for (const row of marked) if (isRestriction(row.restriction)) found.set(row.id, row.restriction);
    for (const row of kept) found.set(row.personId, "confidential");
  }
  return found;
}

/** The people of these ids kept from members: the private and the confidential. */
export async function privateAmong(db: Database, treeId: number, ids: number[]): Promise<Set<number>> {
  const marks = await restrictionsAmong(db, treeId, ids);
  return new Set([...marks].filter(([, mark]) => mark === "confidential").map(([id]) => id));
}

/** Of these people, those the viewer may not see in full: the marked (restrictions.ts) and the living (to visitors). */
export async function hiddenAmong(db: Database, treeId: number, ids: number[], viewer: Viewer): Promise<Set<number>> {
  if (viewer.seesPrivate || ids.length === 0) return new Set();
  const marks = await restrictionsAmong(db, treeId, ids);
  const hidden = new Set([...marks].filter(([, mark]) => !seesRestricted(viewer, mark)).map(([id]) => id));
  if (!viewer.members) for (const id of await livingAmong(db, treeId, ids, viewer.livingYears)) hidden.add(id);
  return hidden;
}

/** Sets a person's mark (null: the living rule alone); the administrator's older private mark gives way to it. */
export async function setRestriction(db: Database, treeId: number, personId: number, restriction: Restriction | null): Promise<void> {
  await db.updateTable("genealogyPeople").set({ restriction }).where("treeId", "=", treeId).where("id", "=", personId).execute();
  await db.deleteFrom("privatePeople").where("personId", "=", personId).execute();
}

export async function livingYearsSetting(db: Database): Promise<number> {
  const row = await treeQueries.livingYears(db).executeTakeFirst();
  const years = Number(row?.value);
  return Number.isFinite(years) && years > 0 ? years : DEFAULT_LIVING_YEARS;
}

/** The administrator's form of the living rule (/admin/medis, the intent "privacy"): the number of years. */
export const LIVING_YEARS_FORM = z.object({
  livingYears: wholeNumberField("genealogy.livingYears.label", {
    min: LIVING_YEARS_RANGE[0],
    max: LIVING_YEARS_RANGE[1],
    // The message names the range (50 to 150) in its words.
    message: "genealogy.livingYears.range",
  }),
});

export async function setLivingYears(db: Database, years: number): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: "living_years", value: String(years) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(years) }))
    .execute();
}

/** A dated birth or death, with the fact's mark (a viewer who may not see the fact does not see its year either). */
export interface LifeDate {
  date: GedcomDate;
  restriction: string | null;
}

export interface LifeFacts {
  dead: boolean;
  /** Whether any of the person's events has a date that names a time (not only a phrase). */
  dated: boolean;
  /** The earliest day by which one of their events had certainly happened (see provenBy). */
  proven: number | null;
  /** Their dated births (and christenings, baptisms) and deaths, in the file's order. */
  births: LifeDate[];
  deaths: LifeDate[];
}

/** The birth and death a viewer may see: the first of each whose fact is not marked for others. */
export function lifeDates(facts: LifeFacts, viewer: Viewer): { birth: GedcomDate | null; death: GedcomDate | null } {
  const first = (dates: LifeDate[]) => dates.find((d) => seesRestricted(viewer, d.restriction))?.date ?? null;
  return { birth: first(facts.births), death: first(facts.deaths) };
}

/** The events of these people, a chunk at a time; past WHOLE_TREE_PEOPLE every person's of the tree in one read (as relativesOf reads the families). */
async function* lifeEventsOf(db: Database, treeId: number, ids: number[]) {
  if (ids.length > WHOLE_TREE_PEOPLE) {
    yield await db
      .selectFrom("genealogyEvents")
      .select(["ownerId", "tag", "date", "datePhrase", "position", "restriction"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .orderBy("position")
      .execute();
    return;
  }
  for await (const chunk of chunks(ids)) yield await treeQueries.lifeEvents(db, treeId, chunk).execute();
}

async function lifeFacts(db: Database, treeId: number, ids: number[]): Promise<Map<number, LifeFacts>> {
  const facts = new Map<number, LifeFacts>();
  for (const id of ids) facts.set(id, { dead: false, dated: false, proven: null, births: [], deaths: [] });
  for await (const events of lifeEventsOf(db, treeId, ids)) {
    for (const e of events) {
      // A whole tree's read holds people not asked for.
      const f = facts.get(e.ownerId);
      if (!f) continue;
      if (DEATH_TAGS.has(e.tag)) f.dead = true;
      if (!e.date?.trim()) continue;
      const date = parseGedcomDate(e.date, e.datePhrase ?? undefined);
      if (DEATH_TAGS.has(e.tag)) f.deaths.push({ date, restriction: e.restriction });
      if (BIRTH_TAGS.includes(e.tag)) f.births.push({ date, restriction: e.restriction });
      if (sortRange(date) !== null) f.dated = true;
      const day = provenBy(date);
      if (day !== null && (f.proven === null || day < f.proven)) f.proven = day;
    }
  }
  return facts;
}

function today(): number {
  return Math.floor(Date.now() / 86_400_000) + 2440588;
}

/**
 * Which of these people count as living, so that living relatives' details
 * stay private. A person is living unless they have a death, burial or
 * cremation record, or any event of theirs is more than `years` (110 by
 * default, a site setting) years old. Where their own records give no date,
 * close relatives decide, as webtrees does: a parent with an event more than
 * years + 45 ago, a partner more than years + 10 ago, or a child more than
 * years - 15 ago.
 */
export async function livingAmong(db: Database, treeId: number, ids: number[], years: number): Promise<Set<number>> {
  return (await judgeLiving(db, treeId, ids, years)).living;
}

/** livingAmong, with the life facts it read (summaries show the years from them). */
export async function judgeLiving(
  db: Database,
  treeId: number,
  ids: number[],
  years: number,
): Promise<{ living: Set<number>; facts: Map<number, LifeFacts> }> {
  const relatives = await relativesOf(db, treeId, ids);
  const everyone = [
    ...new Set([...ids, ...[relatives.parents, relatives.partners, relatives.children].flatMap((m) => [...m.values()].flat())]),
  ];
  const facts = await lifeFacts(db, treeId, everyone);
  // Old enough only when an event had certainly happened that long ago: a
  // birth 'BET 1900 AND 2000' or 'AFT 1910' proves nothing of the kind.
  const olderThan = (id: number, y: number) => {
    const proven = facts.get(id)?.proven;
    return proven !== null && proven !== undefined && proven < today() - y * DAYS_PER_YEAR;
  };
  const living = new Set<number>();
  for (const id of ids) {
    const own = facts.get(id)!;
    if (own.dead || olderThan(id, years)) continue;
    if (!own.dated) {
      if ((relatives.parents.get(id) ?? []).some((p) => olderThan(p, years + 45))) continue;
      if ((relatives.partners.get(id) ?? []).some((p) => olderThan(p, years + 10))) continue;
      if ((relatives.children.get(id) ?? []).some((c) => olderThan(c, years - 15))) continue;
    }
    living.add(id);
  }
  return { living, facts };
}

/** Every person's id in a tree, in order, read a page at a time. */
async function everyPersonId(db: Database, treeId: number): Promise<number[]> {
  const rows = await readInPages((after) => treeQueries.personIdsAfter(db, treeId, after).execute());
  return rows.map((p) => p.id);
}

/** The ids of the whole tree's people the viewer may not see in full. */
export async function withheldPeople(db: Database, treeId: number, viewer: Viewer): Promise<Set<number>> {
  return hiddenAmong(db, treeId, await everyPersonId(db, treeId), viewer);
}

/** The ids of the tree's people a visitor may see in full (neither living nor private), in order. */
export async function publicPersonIds(db: Database, treeId: number, years: number): Promise<number[]> {
  const ids = await everyPersonId(db, treeId);
  const hidden = await hiddenAmong(db, treeId, ids, { members: false, seesPrivate: false, livingYears: years });
  return ids.filter((id) => !hidden.has(id));
}
