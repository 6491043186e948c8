import { parseGedcomDate, formatGedcomDateLt, provenBy, sortRange, type GedcomDate } from "../../lib/gedcom-date.ts";
import { EVENT_LABELS } from "../../lib/event-labels.ts";
import type { ChartInput, PersonSummary, Sex } from "../../lib/tree-layout.ts";
import { PAGE_ROWS, readInPages, yieldToEventLoop, type Database } from "../db.ts";
import type { FamilyDocument } from "../documents.ts";
import { galleryItemsByIds, type GalleryItem } from "../gallery.ts";
import { personDocuments } from "./document-people.ts";
import type { Audience } from "../audience.ts";
import type { Note, PersonName } from "./model.ts";

export { documentPeople } from "./document-people.ts";
export { searchPeople } from "./search.ts";

// Reading people for the public pages and the administrator. Every function
// that returns people takes the viewer and has already replaced whom they may
// not see with 'Gyvas asmuo' (or 'Privatus asmuo'): nothing more about them
// leaves the server. A visitor does not see the living; a member sees them,
// but not the people the administrator keeps private; editors and the
// administrator see everyone.

export const LIVING_LABEL = "Gyvas asmuo";
export const PRIVATE_LABEL = "Privatus asmuo";
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

/** Everyone in full: the administration's view. */
export function editorViewer(livingYears: number): Viewer {
  return { members: true, seesPrivate: true, livingYears };
}

/** The people of these ids the administrator keeps private. */
export async function privateAmong(db: Database, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for await (const part of chunks([...new Set(ids)])) {
    const rows = await treeQueries.privatePeople(db, part).execute();
    for (const row of rows) found.add(row.personId);
  }
  return found;
}

/** Of these people, those the viewer may not see in full: the private (to all but editors) and the living (to visitors). */
export async function hiddenAmong(db: Database, treeId: number, ids: number[], viewer: Viewer): Promise<Set<number>> {
  if (viewer.seesPrivate || ids.length === 0) return new Set();
  const hidden = await privateAmong(db, ids);
  if (!viewer.members) for (const id of await livingAmong(db, treeId, ids, viewer.livingYears)) hidden.add(id);
  return hidden;
}

/** Marks a person private (hidden from members too) or not. */
export async function setPrivate(db: Database, personId: number, isPrivate: boolean): Promise<void> {
  if (!isPrivate) {
    await db.deleteFrom("privatePeople").where("personId", "=", personId).execute();
    return;
  }
  await db
    .insertInto("privatePeople")
    .values({ personId, markedAt: new Date().toISOString() })
    .onConflict((oc) => oc.column("personId").doNothing())
    .execute();
}

export async function livingYearsSetting(db: Database): Promise<number> {
  const row = await treeQueries.livingYears(db).executeTakeFirst();
  const years = Number(row?.value);
  return Number.isFinite(years) && years > 0 ? years : DEFAULT_LIVING_YEARS;
}

export async function setLivingYears(db: Database, years: number): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key: "living_years", value: String(years) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(years) }))
    .execute();
}

export interface FamilyRow {
  id: number;
  partner1Id: number | null;
  partner2Id: number | null;
}
export interface ChildLink {
  familyId: number;
  personId: number;
}

// Ids go to the database in chunks, below every driver's limit on parameters;
// between chunks other requests get their turn (the whole tree may be asked for).
const CHUNK = 500;
async function* chunks(ids: number[]): AsyncGenerator<number[]> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    if (i > 0) await yieldToEventLoop();
    yield ids.slice(i, i + CHUNK);
  }
}

/**
 * The queries that read people and the family graph, each built here once:
 * the functions below run them, and tests/integration/query-plans.test.ts
 * compiles these same builders to check, on a tree of 100,000 people, that
 * each reads through an index, never the whole table. `ids` are one chunk.
 */
export const treeQueries = {
  /** The families these people are children in, as child links. */
  childLinksOfPeople: (db: Database, treeId: number, ids: number[]) =>
    db
      .selectFrom("genealogyChildren")
      .select(["familyId", "personId"])
      .where("treeId", "=", treeId)
      .where("personId", "in", ids)
      .orderBy("position"),
  /** The children of these families, as child links. */
  childLinksOfFamilies: (db: Database, treeId: number, familyIds: number[]) =>
    db
      .selectFrom("genealogyChildren")
      .select(["familyId", "personId"])
      .where("treeId", "=", treeId)
      .where("familyId", "in", familyIds)
      .orderBy("position"),
  familiesByIds: (db: Database, treeId: number, familyIds: number[]) =>
    db
      .selectFrom("genealogyFamilies")
      .select(["id", "partner1Id", "partner2Id"])
      .where("treeId", "=", treeId)
      .where("id", "in", familyIds)
      .orderBy("position"),
  /**
   * The families these people are partners in. A union of one query per
   * partner column, each through that column's index: with
   * `partner1 in (…) or partner2 in (…)`, PostgreSQL read every family of the
   * tree once a chunk had a few hundred ids (3 ms rather than 10 at 100,000 people).
   */
  familiesOfPartners: (db: Database, treeId: number, ids: number[]) =>
    db
      .selectFrom("genealogyFamilies")
      .select(["id", "partner1Id", "partner2Id", "position"])
      .where("treeId", "=", treeId)
      .where("partner1Id", "in", ids)
      .union(
        db
          .selectFrom("genealogyFamilies")
          .select(["id", "partner1Id", "partner2Id", "position"])
          .where("treeId", "=", treeId)
          .where("partner2Id", "in", ids),
      )
      .orderBy("position"),
  /** The events the living rule and the years shown read. */
  lifeEvents: (db: Database, treeId: number, ids: number[]) =>
    db
      .selectFrom("genealogyEvents")
      .select(["ownerId", "tag", "date", "datePhrase", "position"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "in", ids)
      .orderBy("position"),
  /** What a person's summary shows of them. */
  peopleByIds: (db: Database, treeId: number, ids: number[]) =>
    db
      .selectFrom("genealogyPeople")
      .select(["id", "givenNames", "surname", "birthSurname", "sex"])
      .where("treeId", "=", treeId)
      .where("id", "in", ids),
  /** The living rule's number of years, a site setting. */
  livingYears: (db: Database) => db.selectFrom("settings").select("value").where("key", "=", "living_years"),
  privatePeople: (db: Database, ids: number[]) => db.selectFrom("privatePeople").select("personId").where("personId", "in", ids),
  /** A page of the tree's person ids, after `after`. */
  personIdsAfter: (db: Database, treeId: number, after: number | null) =>
    db
      .selectFrom("genealogyPeople")
      .select("id")
      .where("treeId", "=", treeId)
      .$if(after !== null, (q) => q.where("id", ">", after!))
      .orderBy("id")
      .limit(PAGE_ROWS),
  /** The first people in the file's order. */
  firstPeople: (db: Database, treeId: number, limit: number) =>
    db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).orderBy("position").limit(limit),
  person: (db: Database, treeId: number, id: number) =>
    db.selectFrom("genealogyPeople").selectAll().where("treeId", "=", treeId).where("id", "=", id),
  personExists: (db: Database, treeId: number, id: number) =>
    db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).where("id", "=", id),
  /** How many people the tree has: the count the import stores and every edit keeps (editing.ts), not a count of a whole tree per page. */
  peopleCount: (db: Database, treeId: number) => db.selectFrom("genealogyTrees").select("people").where("id", "=", treeId),
  /** A person page's events, or their families' (selectAll). */
  ownerEvents: (db: Database, treeId: number, kind: "person" | "family", ownerIds: number[]) =>
    db
      .selectFrom("genealogyEvents")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ownerIds)
      .orderBy("position"),
  places: (db: Database, treeId: number, placeIds: number[]) =>
    db.selectFrom("genealogyPlaces").select(["id", "name"]).where("treeId", "=", treeId).where("id", "in", placeIds),
  /** Shared notes (NOTE records) by the xrefs a page's notes point to. */
  noteRecords: (db: Database, treeId: number, refs: string[]) =>
    db
      .selectFrom("genealogyRecords")
      .select(["xref", "value"])
      .where("treeId", "=", treeId)
      .where("tag", "in", ["NOTE", "SNOTE"])
      .where("xref", "in", refs),
  /** The gallery photos and documents linked to a person. */
  personLinks: (db: Database, treeId: number, id: number) =>
    db.selectFrom("genealogyPersonLinks").select(["kind", "itemId"]).where("treeId", "=", treeId).where("personId", "=", id),
  /** The pictures a GEDZIP archive brought for a person. */
  personPictures: (db: Database, treeId: number, id: number) =>
    db
      .selectFrom("genealogyMediaLinks")
      .innerJoin("genealogyMedia", (j) =>
        j.onRef("genealogyMedia.treeId", "=", "genealogyMediaLinks.treeId").onRef("genealogyMedia.id", "=", "genealogyMediaLinks.mediaId"),
      )
      .innerJoin("media", "media.id", "genealogyMedia.mediaId")
      .select(["media.id as mediaId", "genealogyMedia.title", "media.displayWidth", "media.displayHeight", "media.kind"])
      .where("genealogyMediaLinks.treeId", "=", treeId)
      .where("genealogyMediaLinks.ownerKind", "=", "person")
      .where("genealogyMediaLinks.ownerId", "=", id),
};

/** The families these people are children in: each child link, and those families. */
async function familiesAsChild(db: Database, treeId: number, ids: number[]): Promise<{ links: ChildLink[]; families: FamilyRow[] }> {
  const links: ChildLink[] = [];
  for await (const chunk of chunks(ids)) links.push(...(await treeQueries.childLinksOfPeople(db, treeId, chunk).execute()));
  const families: FamilyRow[] = [];
  for await (const chunk of chunks([...new Set(links.map((l) => l.familyId))])) {
    families.push(...(await treeQueries.familiesByIds(db, treeId, chunk).execute()));
  }
  return { links, families };
}

/** The families these people are partners in (in the file's order), with each one's children (in order). */
export async function familiesAsPartner(
  db: Database,
  treeId: number,
  ids: number[],
): Promise<{ families: FamilyRow[]; children: ChildLink[] }> {
  const families: FamilyRow[] = [];
  for await (const chunk of chunks(ids)) {
    for (const { id, partner1Id, partner2Id } of await treeQueries.familiesOfPartners(db, treeId, chunk).execute()) {
      families.push({ id, partner1Id, partner2Id });
    }
  }
  return {
    families,
    children: await childrenOf(
      db,
      treeId,
      families.map((f) => f.id),
    ),
  };
}

/** The children of these families, each family's in order. */
async function childrenOf(db: Database, treeId: number, familyIds: number[]): Promise<ChildLink[]> {
  const children: ChildLink[] = [];
  for await (const chunk of chunks([...new Set(familyIds)])) {
    children.push(...(await treeQueries.childLinksOfFamilies(db, treeId, chunk).execute()));
  }
  return children;
}

interface Relatives {
  parents: Map<number, number[]>;
  partners: Map<number, number[]>;
  children: Map<number, number[]>;
}

/** Parents, partners and children of the given people, in a few queries. */
async function relativesOf(db: Database, treeId: number, ids: number[]): Promise<Relatives> {
  const result: Relatives = { parents: new Map(), partners: new Map(), children: new Map() };
  if (ids.length === 0) return result;
  const wanted = new Set(ids);
  const push = (map: Map<number, number[]>, key: number, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
  const own = await familiesAsPartner(db, treeId, ids);
  for (const f of own.families) {
    const pair = [f.partner1Id, f.partner2Id];
    for (const p of pair) if (p !== null && wanted.has(p)) for (const q of pair) if (q !== null && q !== p) push(result.partners, p, q);
  }
  const byId = new Map(own.families.map((f) => [f.id, f]));
  for (const k of own.children) {
    const f = byId.get(k.familyId)!;
    for (const p of [f.partner1Id, f.partner2Id]) if (p !== null && wanted.has(p)) push(result.children, p, k.personId);
  }
  const asChild = await familiesAsChild(db, treeId, ids);
  const parentFamilies = new Map(asChild.families.map((f) => [f.id, f]));
  for (const c of asChild.links) {
    const f = parentFamilies.get(c.familyId);
    for (const p of [f?.partner1Id, f?.partner2Id]) if (p !== null && p !== undefined) push(result.parents, c.personId, p);
  }
  return result;
}

interface LifeFacts {
  dead: boolean;
  /** Whether any of the person's events has a date that names a time (not only a phrase). */
  dated: boolean;
  /** The earliest day by which one of their events had certainly happened (see provenBy). */
  proven: number | null;
  birth: GedcomDate | null;
  death: GedcomDate | null;
}

async function lifeFacts(db: Database, treeId: number, ids: number[]): Promise<Map<number, LifeFacts>> {
  const facts = new Map<number, LifeFacts>();
  for (const id of ids) facts.set(id, { dead: false, dated: false, proven: null, birth: null, death: null });
  for await (const chunk of chunks(ids)) {
    const events = await treeQueries.lifeEvents(db, treeId, chunk).execute();
    for (const e of events) {
      const f = facts.get(e.ownerId)!;
      if (DEATH_TAGS.has(e.tag)) f.dead = true;
      if (!e.date?.trim()) continue;
      const date = parseGedcomDate(e.date, e.datePhrase ?? undefined);
      if (DEATH_TAGS.has(e.tag) && !f.death) f.death = date;
      if (BIRTH_TAGS.includes(e.tag) && !f.birth) f.birth = date;
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
async function judgeLiving(
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

function yearOf(date: GedcomDate | null): number | null {
  if (!date) return null;
  const simple =
    "date" in date ? date.date : date.kind === "between" ? date.from : date.kind === "period" ? (date.from ?? date.to) : undefined;
  return simple ? simple.year : null;
}

/** '1898–1961', 'g. 1898', 'm. 1961', or ''. */
export function lifeYears(birth: GedcomDate | null, death: GedcomDate | null): string {
  const b = yearOf(birth);
  const d = yearOf(death);
  if (b && d) return `${b}–${d}`;
  if (b) return `g. ${b}`;
  if (d) return `m. ${d}`;
  return "";
}

export function fullName(p: { givenNames: string; surname: string; birthSurname: string | null }): string {
  const name = [p.givenNames, p.surname].filter(Boolean).join(" ") || "Nežinomas asmuo";
  return p.birthSurname && p.birthSurname !== p.surname ? `${name} (${p.birthSurname})` : name;
}

/** People as the chart and lists show them: one the viewer may not see as 'Gyvas asmuo' (or 'Privatus asmuo'), nothing more. */
export async function summaries(db: Database, treeId: number, ids: number[], viewer: Viewer): Promise<Record<number, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows: { id: number; givenNames: string; surname: string; birthSurname: string | null; sex: string }[] = [];
  for (let i = 0; i < unique.length; i += CHUNK)
    rows.push(...(await treeQueries.peopleByIds(db, treeId, unique.slice(i, i + CHUNK)).execute()));
  const [{ living, facts }, privateOnes] = await Promise.all([
    judgeLiving(db, treeId, unique, viewer.livingYears),
    privateAmong(db, unique),
  ]);
  const out: Record<number, PersonSummary> = {};
  for (const row of rows) {
    const isLiving = living.has(row.id);
    const isPrivate = privateOnes.has(row.id);
    if ((isPrivate && !viewer.seesPrivate) || (isLiving && !viewer.members)) {
      out[row.id] = { id: row.id, name: isLiving ? LIVING_LABEL : PRIVATE_LABEL, years: "", sex: "U", living: isLiving, hidden: true };
      continue;
    }
    const f = facts.get(row.id)!;
    out[row.id] = {
      id: row.id,
      name: fullName(row),
      years: lifeYears(f.birth, f.death),
      sex: (row.sex as Sex) ?? "U",
      living: isLiving,
      hidden: false,
      ...(isPrivate ? { private: true } : {}),
    };
  }
  return out;
}

/** People's full names, for the administrator (the living and the private included). */
export async function personNames(db: Database, treeId: number, ids: number[]): Promise<Record<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows: { id: number; givenNames: string; surname: string; birthSurname: string | null }[] = [];
  for await (const chunk of chunks(unique)) rows.push(...(await treeQueries.peopleByIds(db, treeId, chunk).execute()));
  return Object.fromEntries(rows.map((row) => [row.id, fullName(row)]));
}

/** The first people of the tree, in the file's order (the administrator's list before a search). */
export async function firstPeople(db: Database, treeId: number, viewer: Viewer, limit: number): Promise<PersonSummary[]> {
  const ids = (await treeQueries.firstPeople(db, treeId, limit).execute()).map((r) => r.id);
  const people = await summaries(db, treeId, ids, viewer);
  return ids.map((id) => people[id]).filter(Boolean);
}

/** How many people the tree has (the home page's and the administrator's count). */
export async function peopleCount(db: Database, treeId: number): Promise<number> {
  return (await treeQueries.peopleCount(db, treeId).executeTakeFirst())?.people ?? 0;
}

export async function firstPersonId(db: Database, treeId: number): Promise<number | null> {
  const row = await treeQueries.firstPeople(db, treeId, 1).executeTakeFirst();
  return row?.id ?? null;
}

export async function personExists(db: Database, treeId: number, id: number): Promise<boolean> {
  return (await treeQueries.personExists(db, treeId, id).executeTakeFirst()) !== undefined;
}

export type ChartMode = "abu" | "proteviai" | "palikuonys";
export const CHART_DEPTH: Record<ChartMode, { up: number; down: number }> = {
  abu: { up: 3, down: 2 },
  proteviai: { up: 4, down: 0 },
  palikuonys: { up: 0, down: 3 },
};

/**
 * The people near the chosen one, generation by generation, a few queries per
 * generation: the chart never reads more than it draws.
 */
export async function neighbourhood(db: Database, treeId: number, root: number, mode: ChartMode, viewer: Viewer): Promise<ChartInput> {
  const { up, down } = CHART_DEPTH[mode];
  const parents: ChartInput["parents"] = {};
  const families: ChartInput["families"] = {};
  const ids = new Set<number>([root]);

  let generation = [root];
  for (let g = 0; g < up && generation.length; g++) {
    const { links, families: fams } = await familiesAsChild(db, treeId, generation);
    const next: number[] = [];
    for (const person of generation) {
      // The first family a person is a child of is the one drawn.
      const link = links.find((l) => l.personId === person);
      const fam = link ? fams.find((f) => f.id === link.familyId) : undefined;
      if (!fam) continue;
      parents[person] = [fam.partner1Id, fam.partner2Id];
      for (const p of [fam.partner1Id, fam.partner2Id]) {
        if (p !== null && !ids.has(p)) {
          ids.add(p);
          next.push(p);
        }
      }
    }
    generation = next;
  }

  generation = [root];
  for (let g = 0; g < down && generation.length; g++) {
    const { families: fams, children: kids } = await familiesAsPartner(db, treeId, generation);
    const next: number[] = [];
    for (const person of generation) {
      families[person] = fams
        .filter((f) => f.partner1Id === person || f.partner2Id === person)
        .map((f) => {
          const partner = f.partner1Id === person ? f.partner2Id : f.partner1Id;
          if (partner !== null) ids.add(partner);
          const children = kids.filter((k) => k.familyId === f.id).map((k) => k.personId);
          for (const c of children) {
            if (!ids.has(c)) next.push(c);
            ids.add(c);
          }
          return { partner, children };
        });
    }
    generation = next;
  }
  return { root, people: await summaries(db, treeId, [...ids], viewer), parents, families, up, down };
}

/** The chosen person's ancestors and descendants as nested lists (the chart without JavaScript). */
export interface LineageNode {
  person: PersonSummary;
  children: LineageNode[];
}

export function ancestorList(chart: ChartInput, id = chart.root, depth = 0): LineageNode[] {
  if (depth >= chart.up) return [];
  return (chart.parents[id] ?? [])
    .filter((p): p is number => p !== null && Boolean(chart.people[p]))
    .map((p) => ({ person: chart.people[p], children: ancestorList(chart, p, depth + 1) }));
}

export function descendantList(chart: ChartInput, id = chart.root, depth = 0): LineageNode[] {
  if (depth >= chart.down) return [];
  return (chart.families[id] ?? [])
    .flatMap((f) => f.children)
    .filter((c) => Boolean(chart.people[c]))
    .map((c) => ({ person: chart.people[c], children: descendantList(chart, c, depth + 1) }));
}

export interface PersonEvent {
  tag: string;
  label: string;
  value: string | null;
  date: string | null;
  place: string | null;
  notes: string[];
}

export interface PersonDetail {
  summary: PersonSummary;
  names: { value: string; type: string | null }[];
  sex: Sex;
  events: PersonEvent[];
  notes: string[];
  parents: PersonSummary[];
  siblings: PersonSummary[];
  partners: { partner: PersonSummary | null; events: PersonEvent[]; children: PersonSummary[] }[];
  gallery: GalleryItem[];
  documents: FamilyDocument[];
  /** Pictures that came with the GEDCOM file (GEDZIP), by their title. */
  pictures: { mediaId: string; title: string; width: number; height: number }[];
}

/** 'Brookline, , Norfolk County' as 'Brookline, Norfolk County': GEDCOM keeps a slot for every jurisdiction, filled or not. */
function placeLabel(name: string | undefined): string | null {
  const parts = (name ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

function noteTexts(json: string, records: Map<string, string>): string[] {
  return (JSON.parse(json) as Note[]).map((n) => (n.ref ? (records.get(n.ref.toUpperCase()) ?? "") : (n.text ?? ""))).filter(Boolean);
}

export interface FamiliesAround {
  /** Families the person is a child of. */
  parentFamilies: FamilyRow[];
  /** Families the person is a partner in, in their order. */
  ownFamilies: FamilyRow[];
  /** The children of all those families, in order. */
  children: ChildLink[];
}

/** One person's families, as a child and as a partner, with their children. */
export async function familiesAround(db: Database, treeId: number, id: number): Promise<FamiliesAround> {
  const asChild = await familiesAsChild(db, treeId, [id]);
  const own = await familiesAsPartner(db, treeId, [id]);
  const siblings = await childrenOf(
    db,
    treeId,
    asChild.families.map((f) => f.id),
  );
  return { parentFamilies: asChild.families, ownFamilies: own.families, children: [...siblings, ...own.children] };
}

/** A person page's content; null when there is no such person. A living person, to a visitor, is a name and nothing else. */
export async function personDetail(db: Database, treeId: number, id: number, viewer: Viewer): Promise<PersonDetail | null> {
  const person = await treeQueries.person(db, treeId, id).executeTakeFirst();
  if (!person) return null;
  const around = await familiesAround(db, treeId, id);
  const parentIds = [...new Set(around.parentFamilies.flatMap((f) => [f.partner1Id, f.partner2Id]).filter((p): p is number => p !== null))];
  const parentFamilyIds = around.parentFamilies.map((f) => f.id);
  const siblings = [
    ...new Set(around.children.filter((c) => parentFamilyIds.includes(c.familyId) && c.personId !== id).map((c) => c.personId)),
  ];
  const families = around.ownFamilies;
  const familyChildren = around.children.filter((c) => families.some((f) => f.id === c.familyId));
  const partnerIds = families.map((f) => (f.partner1Id === id ? f.partner2Id : f.partner1Id)).filter((p): p is number => p !== null);
  const people = await summaries(
    db,
    treeId,
    [id, ...parentIds, ...siblings, ...partnerIds, ...familyChildren.map((c) => c.personId)],
    viewer,
  );
  const summary = people[id];
  const hidden = summary.hidden;

  // Shared notes (NOTE records) are read as the page's notes point to them, not all at once.
  const records = new Map<string, string>();
  const loadNotes = async (jsons: string[]) => {
    const refs = [...new Set(jsons.flatMap((j) => (JSON.parse(j) as Note[]).flatMap((n) => (n.ref ? [n.ref] : []))))];
    if (refs.length === 0) return;
    const rows = await treeQueries.noteRecords(db, treeId, refs).execute();
    for (const r of rows) records.set((r.xref ?? "").toUpperCase(), r.value ?? "");
  };
  const places = async (placeIds: number[]) =>
    new Map(placeIds.length ? (await treeQueries.places(db, treeId, placeIds).execute()).map((p) => [p.id, p.name]) : []);
  const eventsOf = async (kind: "person" | "family", ownerIds: number[]) => {
    if (ownerIds.length === 0) return new Map<number, PersonEvent[]>();
    const rows = await treeQueries.ownerEvents(db, treeId, kind, ownerIds).execute();
    // Dated events in date order, then the undated ones as the file lists them.
    rows.sort(
      (a, b) =>
        (a.dateFrom === null ? 1 : 0) - (b.dateFrom === null ? 1 : 0) || (a.dateFrom ?? 0) - (b.dateFrom ?? 0) || a.position - b.position,
    );
    const placeNames = await places(rows.map((r) => r.placeId).filter((p): p is number => p !== null));
    await loadNotes(rows.map((r) => r.notes));
    const map = new Map<number, PersonEvent[]>();
    for (const e of rows) {
      const event: PersonEvent = {
        tag: e.tag,
        label: e.type ?? EVENT_LABELS[e.tag] ?? e.tag,
        value: e.value,
        date: e.date ? formatGedcomDateLt(parseGedcomDate(e.date, e.datePhrase ?? undefined)) : null,
        place: e.placeId !== null ? placeLabel(placeNames.get(e.placeId)) : null,
        notes: noteTexts(e.notes, records),
      };
      map.set(e.ownerId, [...(map.get(e.ownerId) ?? []), event]);
    }
    return map;
  };

  const links = hidden ? [] : await treeQueries.personLinks(db, treeId, id).execute();
  const galleryIds = links.filter((l) => l.kind === "gallery").map((l) => l.itemId);
  // Documents linked to the person, and those whose person field names them: read by their name, not the whole list.
  const documents = hidden ? [] : await personDocuments(db, treeId, id, viewer);
  const gallery = galleryIds.length ? await galleryItemsByIds(db, viewer, galleryIds) : [];
  const pictures = hidden ? [] : await treeQueries.personPictures(db, treeId, id).execute();

  if (!hidden) await loadNotes([person.notes]);
  const personEvents = hidden ? new Map<number, PersonEvent[]>() : await eventsOf("person", [id]);
  const familyEvents = hidden
    ? new Map<number, PersonEvent[]>()
    : await eventsOf(
        "family",
        families.map((f) => f.id),
      );
  return {
    summary,
    names: hidden
      ? []
      : (JSON.parse(person.names) as PersonName[]).map((n) => ({
          value: n.value.replaceAll("/", "").replace(/\s+/g, " ").trim(),
          type: n.type ?? null,
        })),
    sex: hidden ? "U" : ((person.sex as Sex) ?? "U"),
    events: personEvents.get(id) ?? [],
    notes: hidden ? [] : noteTexts(person.notes, records),
    parents: parentIds.map((p) => people[p]).filter(Boolean),
    siblings: siblings.map((s) => people[s]).filter(Boolean),
    partners: families.map((f) => {
      const partner = f.partner1Id === id ? f.partner2Id : f.partner1Id;
      // A family with a partner the viewer may not see keeps its dates to itself.
      const privateFamily = hidden || (partner !== null && people[partner]?.hidden === true);
      return {
        partner: partner !== null ? (people[partner] ?? null) : null,
        events: privateFamily ? [] : (familyEvents.get(f.id) ?? []),
        children: familyChildren
          .filter((c) => c.familyId === f.id)
          .map((c) => people[c.personId])
          .filter(Boolean),
      };
    }),
    gallery,
    documents,
    pictures: pictures
      .filter((p) => p.kind === "image")
      .map((p) => ({ mediaId: p.mediaId, title: p.title ?? "", width: p.displayWidth ?? 0, height: p.displayHeight ?? 0 })),
  };
}
