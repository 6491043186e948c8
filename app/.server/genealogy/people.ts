import { parseGedcomDate, formatGedcomDateLt, type GedcomDate } from "../../lib/gedcom-date.ts";
import { searchKey } from "../../lib/lithuanian.ts";
import type { ChartInput, PersonSummary, Sex } from "../../lib/tree-layout.ts";
import type { Database } from "../db.ts";
/** The living rule's default number of years. */
const DEFAULT_LIVING_YEARS = 110;
import type { Note, PersonName } from "./model.ts";

// Reading people for the public pages and the administrator. Every function
// that returns people to a visitor has already replaced a living person with
// 'Gyvas asmuo': nothing more about them leaves the server.

export const LIVING_LABEL = "Gyvas asmuo";
const DEATH_TAGS = new Set(["DEAT", "BURI", "CREM"]);
const BIRTH_TAGS = ["BIRT", "CHR", "BAPM"];
const DAYS_PER_YEAR = 365.2425;

export interface Viewer {
  /** The administrator sees everything. */
  admin: boolean;
  /** The living rule's number of years (a site setting). */
  livingYears: number;
}

export async function livingYearsSetting(db: Database): Promise<number> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", "living_years").executeTakeFirst();
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

interface Relatives {
  parents: Map<number, number[]>;
  partners: Map<number, number[]>;
  children: Map<number, number[]>;
}

/** Parents, partners and children of the given people, in a few queries. */
async function relativesOf(db: Database, treeId: number, ids: number[]): Promise<Relatives> {
  const result: Relatives = { parents: new Map(), partners: new Map(), children: new Map() };
  if (ids.length === 0) return result;
  const push = (map: Map<number, number[]>, key: number, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const ownFamilies = await db
      .selectFrom("genealogyFamilies")
      .select(["id", "partner1Id", "partner2Id"])
      .where("treeId", "=", treeId)
      .where((eb) => eb.or([eb("partner1Id", "in", chunk), eb("partner2Id", "in", chunk)]))
      .execute();
    for (const f of ownFamilies) {
      const pair = [f.partner1Id, f.partner2Id];
      for (const p of pair) if (p !== null && chunk.includes(p)) for (const q of pair) if (q !== null && q !== p) push(result.partners, p, q);
    }
    const familyIds = ownFamilies.map((f) => f.id);
    if (familyIds.length) {
      const kids = await db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).where("familyId", "in", familyIds).execute();
      for (const k of kids) {
        const f = ownFamilies.find((x) => x.id === k.familyId)!;
        for (const p of [f.partner1Id, f.partner2Id]) if (p !== null && chunk.includes(p)) push(result.children, p, k.personId);
      }
    }
    const asChild = await db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).where("personId", "in", chunk).execute();
    const parentFamilies = asChild.length
      ? await db
          .selectFrom("genealogyFamilies")
          .select(["id", "partner1Id", "partner2Id"])
          .where("treeId", "=", treeId)
          .where(
            "id",
            "in",
            asChild.map((c) => c.familyId),
          )
          .execute()
      : [];
    for (const c of asChild) {
      const f = parentFamilies.find((x) => x.id === c.familyId);
      for (const p of [f?.partner1Id, f?.partner2Id]) if (p !== null && p !== undefined) push(result.parents, c.personId, p);
    }
  }
  return result;
}

interface LifeFacts {
  dead: boolean;
  earliest: number | null;
  birth: GedcomDate | null;
  death: GedcomDate | null;
}

async function lifeFacts(db: Database, treeId: number, ids: number[]): Promise<Map<number, LifeFacts>> {
  const facts = new Map<number, LifeFacts>();
  for (const id of ids) facts.set(id, { dead: false, earliest: null, birth: null, death: null });
  for (let i = 0; i < ids.length; i += 500) {
    const events = await db
      .selectFrom("genealogyEvents")
      .select(["ownerId", "tag", "date", "datePhrase", "dateFrom", "dateTo", "position"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "in", ids.slice(i, i + 500))
      .orderBy("position")
      .execute();
    for (const e of events) {
      const f = facts.get(e.ownerId)!;
      if (DEATH_TAGS.has(e.tag)) {
        f.dead = true;
        if (!f.death && e.date) f.death = parseGedcomDate(e.date, e.datePhrase ?? undefined);
      }
      if (BIRTH_TAGS.includes(e.tag) && !f.birth && e.date) f.birth = parseGedcomDate(e.date, e.datePhrase ?? undefined);
      const day = e.dateFrom ?? e.dateTo;
      if (day !== null && (f.earliest === null || day < f.earliest)) f.earliest = day;
    }
  }
  return facts;
}

function today(): number {
  return Math.floor(Date.now() / 86_400_000) + 2440588;
}

/**
 * Which of these people count as living (see living.ts for the rule): their
 * own records first, then their parents', partners' and children's dates.
 */
export async function livingAmong(db: Database, treeId: number, ids: number[], years: number): Promise<Set<number>> {
  const relatives = await relativesOf(db, treeId, ids);
  const everyone = [...new Set([...ids, ...[relatives.parents, relatives.partners, relatives.children].flatMap((m) => [...m.values()].flat())])];
  const facts = await lifeFacts(db, treeId, everyone);
  const olderThan = (id: number, y: number) => {
    const earliest = facts.get(id)?.earliest;
    return earliest !== null && earliest !== undefined && earliest < today() - y * DAYS_PER_YEAR;
  };
  const living = new Set<number>();
  for (const id of ids) {
    const own = facts.get(id)!;
    if (own.dead || olderThan(id, years)) continue;
    if (own.earliest === null) {
      if ((relatives.parents.get(id) ?? []).some((p) => olderThan(p, years + 45))) continue;
      if ((relatives.partners.get(id) ?? []).some((p) => olderThan(p, years + 10))) continue;
      if ((relatives.children.get(id) ?? []).some((c) => olderThan(c, years - 15))) continue;
    }
    living.add(id);
  }
  return living;
}

function yearOf(date: GedcomDate | null): number | null {
  if (!date) return null;
  const simple = "date" in date ? date.date : date.kind === "between" ? date.from : date.kind === "period" ? (date.from ?? date.to) : undefined;
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

/** People as the chart and lists show them, a living one as 'Gyvas asmuo' unless the viewer is the administrator. */
export async function summaries(db: Database, treeId: number, ids: number[], viewer: Viewer): Promise<Record<number, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows: { id: number; givenNames: string; surname: string; birthSurname: string | null; sex: string }[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom("genealogyPeople")
        .select(["id", "givenNames", "surname", "birthSurname", "sex"])
        .where("treeId", "=", treeId)
        .where("id", "in", unique.slice(i, i + 500))
        .execute()),
    );
  }
  const living = await livingAmong(db, treeId, unique, viewer.livingYears);
  const facts = await lifeFacts(db, treeId, unique);
  const out: Record<number, PersonSummary> = {};
  for (const row of rows) {
    const isLiving = living.has(row.id);
    if (isLiving && !viewer.admin) {
      out[row.id] = { id: row.id, name: LIVING_LABEL, years: "", sex: "U", living: true };
      continue;
    }
    const f = facts.get(row.id)!;
    out[row.id] = { id: row.id, name: fullName(row), years: lifeYears(f.birth, f.death), sex: (row.sex as Sex) ?? "U", living: isLiving };
  }
  return out;
}

export async function firstPersonId(db: Database, treeId: number): Promise<number | null> {
  const row = await db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).orderBy("position").limit(1).executeTakeFirst();
  return row?.id ?? null;
}

export async function personExists(db: Database, treeId: number, id: number): Promise<boolean> {
  return (await db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).where("id", "=", id).executeTakeFirst()) !== undefined;
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
    const links = await db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).where("personId", "in", generation).execute();
    const fams = links.length
      ? await db
          .selectFrom("genealogyFamilies")
          .select(["id", "partner1Id", "partner2Id"])
          .where("treeId", "=", treeId)
          .where(
            "id",
            "in",
            links.map((l) => l.familyId),
          )
          .execute()
      : [];
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
    const fams = await db
      .selectFrom("genealogyFamilies")
      .select(["id", "partner1Id", "partner2Id", "position"])
      .where("treeId", "=", treeId)
      .where((eb) => eb.or([eb("partner1Id", "in", generation), eb("partner2Id", "in", generation)]))
      .orderBy("position")
      .execute();
    const kids = fams.length
      ? await db
          .selectFrom("genealogyChildren")
          .select(["familyId", "personId", "position"])
          .where("treeId", "=", treeId)
          .where(
            "familyId",
            "in",
            fams.map((f) => f.id),
          )
          .orderBy("position")
          .execute()
      : [];
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

/** People whose names match (case and diacritics ignored); visitors never find a living person. */
export async function searchPeople(db: Database, treeId: number, query: string, viewer: Viewer, limit = 20): Promise<PersonSummary[]> {
  const key = searchKey(query.trim());
  if (key.length < 2) return [];
  const words = key.split(/\s+/).filter(Boolean);
  let q = db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId);
  for (const word of words) q = q.where("searchKey", "like", `%${word.replace(/[%_\\]/g, "")}%`);
  const ids = (await q.orderBy("searchKey").limit(limit * 3).execute()).map((r) => r.id);
  const people = await summaries(db, treeId, ids, viewer);
  return ids
    .map((id) => people[id])
    .filter((p) => p && (viewer.admin || !p.living))
    .slice(0, limit);
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
  gallery: { id: number; title: string; description: string; image: { id: string; width: number; height: number } | null }[];
  documents: { id: number; title: string; year: string; type: string; scan: { id: string; kind: "image" | "pdf" } | null }[];
  /** Pictures that came with the GEDCOM file (GEDZIP), by their title. */
  pictures: { mediaId: string; title: string; width: number; height: number }[];
}

export const EVENT_LABELS: Record<string, string> = {
  BIRT: "Gimimas",
  CHR: "Krikštas",
  BAPM: "Krikštas",
  DEAT: "Mirtis",
  BURI: "Palaidojimas",
  CREM: "Kremavimas",
  MARR: "Santuoka",
  DIV: "Skyrybos",
  ENGA: "Sužadėtuvės",
  RESI: "Gyvenamoji vieta",
  OCCU: "Profesija",
  EDUC: "Išsilavinimas",
  EMIG: "Emigracija",
  IMMI: "Imigracija",
  NATU: "Pilietybė",
  CENS: "Gyventojų surašymas",
  CONF: "Sutvirtinimas",
  FCOM: "Pirmoji komunija",
  GRAD: "Mokslų baigimas",
  RETI: "Išėjimas į pensiją",
  RELI: "Religija",
  NATI: "Tautybė",
  TITL: "Titulas",
  ADOP: "Įvaikinimas",
  PROB: "Testamento patvirtinimas",
  WILL: "Testamentas",
  EVEN: "Įvykis",
  FACT: "Faktas",
};

function noteTexts(json: string, records: Map<string, string>): string[] {
  return (JSON.parse(json) as Note[]).map((n) => (n.ref ? (records.get(n.ref.toUpperCase()) ?? "") : (n.text ?? ""))).filter(Boolean);
}

/** A person page's content; null when there is no such person. A living person, to a visitor, is a name and nothing else. */
export async function personDetail(db: Database, treeId: number, id: number, viewer: Viewer): Promise<PersonDetail | null> {
  const person = await db.selectFrom("genealogyPeople").selectAll().where("treeId", "=", treeId).where("id", "=", id).executeTakeFirst();
  if (!person) return null;
  const relatives = await relativesOf(db, treeId, [id]);
  const parentIds = relatives.parents.get(id) ?? [];
  const parentFamilies = await db
    .selectFrom("genealogyChildren")
    .select("familyId")
    .where("treeId", "=", treeId)
    .where("personId", "=", id)
    .execute();
  const siblings = parentFamilies.length
    ? (
        await db
          .selectFrom("genealogyChildren")
          .select("personId")
          .where("treeId", "=", treeId)
          .where(
            "familyId",
            "in",
            parentFamilies.map((f) => f.familyId),
          )
          .where("personId", "!=", id)
          .orderBy("position")
          .execute()
      ).map((s) => s.personId)
    : [];
  const families = await db
    .selectFrom("genealogyFamilies")
    .select(["id", "partner1Id", "partner2Id"])
    .where("treeId", "=", treeId)
    .where((eb) => eb.or([eb("partner1Id", "=", id), eb("partner2Id", "=", id)]))
    .orderBy("position")
    .execute();
  const familyChildren = families.length
    ? await db
        .selectFrom("genealogyChildren")
        .select(["familyId", "personId"])
        .where("treeId", "=", treeId)
        .where(
          "familyId",
          "in",
          families.map((f) => f.id),
        )
        .orderBy("position")
        .execute()
    : [];
  const partnerIds = families.map((f) => (f.partner1Id === id ? f.partner2Id : f.partner1Id)).filter((p): p is number => p !== null);
  const people = await summaries(db, treeId, [id, ...parentIds, ...siblings, ...partnerIds, ...familyChildren.map((c) => c.personId)], viewer);
  const summary = people[id];
  const hidden = summary.living && !viewer.admin;

  const records = new Map(
    (await db.selectFrom("genealogyRecords").select(["xref", "value", "children"]).where("treeId", "=", treeId).where("tag", "in", ["NOTE", "SNOTE"]).execute()).map((r) => [
      (r.xref ?? "").toUpperCase(),
      r.value ?? "",
    ]),
  );
  const places = async (placeIds: number[]) =>
    new Map(
      placeIds.length
        ? (await db.selectFrom("genealogyPlaces").select(["id", "name"]).where("treeId", "=", treeId).where("id", "in", placeIds).execute()).map((p) => [p.id, p.name])
        : [],
    );
  const eventsOf = async (kind: "person" | "family", ownerIds: number[]) => {
    if (ownerIds.length === 0) return new Map<number, PersonEvent[]>();
    const rows = await db
      .selectFrom("genealogyEvents")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ownerIds)
      .orderBy("dateFrom")
      .orderBy("position")
      .execute();
    const placeNames = await places(rows.map((r) => r.placeId).filter((p): p is number => p !== null));
    const map = new Map<number, PersonEvent[]>();
    for (const e of rows) {
      const event: PersonEvent = {
        tag: e.tag,
        label: e.type ?? EVENT_LABELS[e.tag] ?? e.tag,
        value: e.value,
        date: e.date ? formatGedcomDateLt(parseGedcomDate(e.date, e.datePhrase ?? undefined)) : null,
        place: e.placeId !== null ? (placeNames.get(e.placeId) ?? null) : null,
        notes: noteTexts(e.notes, records),
      };
      map.set(e.ownerId, [...(map.get(e.ownerId) ?? []), event]);
    }
    return map;
  };

  const links = hidden
    ? []
    : await db.selectFrom("genealogyPersonLinks").select(["kind", "itemId"]).where("treeId", "=", treeId).where("personId", "=", id).execute();
  const galleryIds = links.filter((l) => l.kind === "gallery").map((l) => l.itemId);
  const documentIds = links.filter((l) => l.kind === "document").map((l) => l.itemId);
  const gallery = galleryIds.length
    ? (
        await db
          .selectFrom("galleryItems")
          .leftJoin("media", "media.id", "galleryItems.mediaId")
          .select(["galleryItems.id", "galleryItems.title", "galleryItems.description", "media.id as mediaId", "media.displayWidth", "media.displayHeight"])
          .where("galleryItems.id", "in", galleryIds)
          .orderBy("galleryItems.position")
          .execute()
      ).map(({ mediaId, displayWidth, displayHeight, ...g }) => ({
        ...g,
        image: mediaId ? { id: mediaId, width: displayWidth ?? 0, height: displayHeight ?? 0 } : null,
      }))
    : [];
  const documents = documentIds.length
    ? (
        await db
          .selectFrom("documents")
          .leftJoin("media", "media.id", "documents.scanMediaId")
          .select(["documents.id", "documents.title", "documents.year", "documents.type", "media.id as scanId", "media.kind as scanKind"])
          .where("documents.id", "in", documentIds)
          .orderBy("documents.id")
          .execute()
      ).map(({ scanId, scanKind, ...d }) => ({ ...d, scan: scanId && scanKind ? { id: scanId, kind: scanKind } : null }))
    : [];
  const pictures = hidden
    ? []
    : await db
        .selectFrom("genealogyMediaLinks")
        .innerJoin("genealogyMedia", (j) =>
          j.onRef("genealogyMedia.treeId", "=", "genealogyMediaLinks.treeId").onRef("genealogyMedia.id", "=", "genealogyMediaLinks.mediaId"),
        )
        .innerJoin("media", "media.id", "genealogyMedia.mediaId")
        .select(["media.id as mediaId", "genealogyMedia.title", "media.displayWidth", "media.displayHeight", "media.kind"])
        .where("genealogyMediaLinks.treeId", "=", treeId)
        .where("genealogyMediaLinks.ownerKind", "=", "person")
        .where("genealogyMediaLinks.ownerId", "=", id)
        .execute();

  const personEvents = hidden ? new Map<number, PersonEvent[]>() : await eventsOf("person", [id]);
  const familyEvents = hidden ? new Map<number, PersonEvent[]>() : await eventsOf("family", families.map((f) => f.id));
  return {
    summary,
    names: hidden ? [] : (JSON.parse(person.names) as PersonName[]).map((n) => ({ value: n.value.replaceAll("/", "").replace(/\s+/g, " ").trim(), type: n.type ?? null })),
    sex: hidden ? "U" : ((person.sex as Sex) ?? "U"),
    events: personEvents.get(id) ?? [],
    notes: hidden ? [] : noteTexts(person.notes, records),
    parents: parentIds.map((p) => people[p]).filter(Boolean),
    siblings: siblings.map((s) => people[s]).filter(Boolean),
    partners: families.map((f) => {
      const partner = f.partner1Id === id ? f.partner2Id : f.partner1Id;
      // A family with a living partner keeps its dates to itself.
      const privateFamily = !viewer.admin && (hidden || (partner !== null && people[partner]?.living));
      return {
        partner: partner !== null ? (people[partner] ?? null) : null,
        events: privateFamily ? [] : (familyEvents.get(f.id) ?? []),
        children: familyChildren.filter((c) => c.familyId === f.id).map((c) => people[c.personId]).filter(Boolean),
      };
    }),
    gallery,
    documents,
    pictures: pictures
      .filter((p) => p.kind === "image")
      .map((p) => ({ mediaId: p.mediaId, title: p.title ?? "", width: p.displayWidth ?? 0, height: p.displayHeight ?? 0 })),
  };
}
