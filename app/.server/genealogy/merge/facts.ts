import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Note, PersonName } from "#app/.server/genealogy/gedcom/model.ts";

// A tree as the import merge compares it (issue 29, decision 034): what it
// says, not how its file wrote it. Record identifiers, record and line order,
// CONC/CONT splitting and whatever a program adds of its own (_UID, CHAN, RIN)
// leave no trace here, so the same family passed through another program
// reads the same. People are known by their ids (the site's addresses, which
// an import keeps, person-ids.ts); families by their partners; everything
// else by what it holds.

/** A fact of a person or a family: its kind and what it says, each part as one line of text. */
export interface EventFact {
  /** Its row (not compared: the same fact has another id in each tree). */
  id: number;
  /** The GEDCOM tag, and the TYPE for EVEN/FACT/IDNO ('BIRT', 'EVEN Kraustymasis'). */
  kind: string;
  date: string;
  place: string;
  value: string;
  notes: string;
  sources: string;
  /** GEDCOM's mark on the fact ('privacy', 'confidential'; restrictions.ts), or ''. */
  restriction: string;
}

export const EVENT_PARTS = ["date", "place", "value", "notes", "sources", "restriction"] as const;
export type EventPart = (typeof EVENT_PARTS)[number];

export interface PersonFacts {
  id: number;
  /** The name as lists show it ('Jonas Jonaitis'). */
  label: string;
  sex: string;
  /** GEDCOM's mark on the person ('privacy', 'confidential'; restrictions.ts), or ''. */
  restriction: string;
  /** The first NAME, as written with its parts. */
  name: string;
  /** The other names (birth, married, aliases), each as written with its parts. */
  otherNames: string[];
  notes: string[];
  events: EventFact[];
  /** Sources cited for the person as a whole: the source's title and author, and the page. */
  sources: string[];
  /** Pictures and files linked to the person: the file as named, else the title. */
  media: string[];
}

export interface FamilyFacts {
  /** Its partners' ids ('12+40'; '12+?' with one unknown). */
  key: string;
  /** Its rows (not compared): one, or more where a program wrote one couple twice. */
  ids: number[];
  partners: [number | null, number | null];
  /** Each child's id and relation (birth, adopted...). */
  children: Map<number, string>;
  events: EventFact[];
  notes: string[];
}

export interface TreeFacts {
  people: Map<number, PersonFacts>;
  families: Map<string, FamilyFacts>;
}

/** One line of text: runs of white space as one space, none at the ends (CONC/CONT and wrapping leave no trace). */
export function canon(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** A family's key: its partners' ids in order, an unknown partner as '?'. */
export function familyKey(partners: [number | null, number | null]): string {
  const [a, b] = partners.map((p) => (p === null ? "?" : String(p)));
  return a === "?" || (b !== "?" && Number(b) < Number(a)) ? `${b}+${a}` : `${a}+${b}`;
}

/** A name as compared: as written, with its parts. */
export function nameText(name: PersonName): string {
  const parts = [
    canon(name.value),
    ...(["type", "prefix", "nickname", "surnamePrefix", "suffix"] as const).flatMap((part) =>
      name[part] ? [`${part}: ${canon(name[part])}`] : [],
    ),
  ];
  return parts.join(" · ");
}

function sorted(values: string[]): string[] {
  return values.filter(Boolean).sort();
}

/** Loads a tree's facts: people, families, their events with places, notes (shared ones read through), sources and media. */
export async function loadTreeFacts(db: Database, treeId: number): Promise<TreeFacts> {
  const [people, families, children, events, places, records, sources, citations, media, mediaLinks] = await Promise.all([
    db
      .selectFrom("genealogyPeople")
      .select(["id", "givenNames", "surname", "sex", "names", "notes", "restriction"])
      .where("treeId", "=", treeId)
      .execute(),
    db.selectFrom("genealogyFamilies").select(["id", "partner1Id", "partner2Id", "notes"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyChildren").select(["familyId", "personId", "relation"]).where("treeId", "=", treeId).execute(),
    db
      .selectFrom("genealogyEvents")
      .select(["id", "ownerKind", "ownerId", "tag", "type", "value", "date", "datePhrase", "placeId", "notes", "restriction"])
      .where("treeId", "=", treeId)
      .orderBy("position")
      .execute(),
    db.selectFrom("genealogyPlaces").select(["id", "name"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyRecords").select(["xref", "value"]).where("treeId", "=", treeId).where("tag", "=", "NOTE").execute(),
    db.selectFrom("genealogySources").select(["id", "title", "author"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyCitations").select(["ownerKind", "ownerId", "sourceId", "page", "text"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyMedia").select(["id", "file", "title"]).where("treeId", "=", treeId).execute(),
    db.selectFrom("genealogyMediaLinks").select(["mediaId", "ownerKind", "ownerId"]).where("treeId", "=", treeId).execute(),
  ]);

  const placeNames = new Map(places.map((p) => [p.id, canon(p.name)]));
  // The reader has folded CONT and CONC into each value already.
  const sharedNotes = new Map(records.filter((r) => r.xref).map((r) => [r.xref!.toUpperCase(), canon(r.value)]));
  const noteTexts = (json: string) =>
    sorted((JSON.parse(json) as Note[]).map((n) => canon(n.ref ? (sharedNotes.get(n.ref.toUpperCase()) ?? "") : n.text)));
  const sourceNames = new Map(sources.map((s) => [s.id, [canon(s.title), canon(s.author)].filter(Boolean).join(", ")]));
  const cited = new Map<string, string[]>();
  for (const c of citations) {
    const text = [c.sourceId === null ? "" : (sourceNames.get(c.sourceId) ?? ""), canon(c.page), canon(c.text)].filter(Boolean).join(" · ");
    const key = `${c.ownerKind}:${c.ownerId}`;
    cited.set(key, [...(cited.get(key) ?? []), text]);
  }
  const mediaNames = new Map(media.map((m) => [m.id, canon(m.file) || canon(m.title)]));
  const linked = new Map<string, string[]>();
  for (const l of mediaLinks) {
    const key = `${l.ownerKind}:${l.ownerId}`;
    linked.set(key, [...(linked.get(key) ?? []), mediaNames.get(l.mediaId) ?? ""]);
  }
  const eventsOf = new Map<string, EventFact[]>();
  for (const e of events) {
    const key = `${e.ownerKind}:${e.ownerId}`;
    const fact: EventFact = {
      id: e.id,
      kind: canon([e.tag, e.type].filter(Boolean).join(" ")),
      date: canon([e.date, e.datePhrase ? `(${e.datePhrase})` : null].filter(Boolean).join(" ")).toUpperCase(),
      place: e.placeId === null ? "" : (placeNames.get(e.placeId) ?? ""),
      value: canon(e.value),
      notes: noteTexts(e.notes).join(" | "),
      sources: sorted([...(cited.get(`event:${e.id}`) ?? []), ...(linked.get(`event:${e.id}`) ?? []).map((m) => `OBJE ${m}`)]).join(" | "),
      restriction: e.restriction ?? "",
    };
    eventsOf.set(key, [...(eventsOf.get(key) ?? []), fact]);
  }

  const facts: TreeFacts = { people: new Map(), families: new Map() };
  for (const p of people) {
    const names = JSON.parse(p.names) as PersonName[];
    facts.people.set(p.id, {
      id: p.id,
      label: canon(`${p.givenNames} ${p.surname}`),
      sex: p.sex,
      restriction: p.restriction ?? "",
      name: names[0] ? nameText(names[0]) : "",
      otherNames: sorted(names.slice(1).map(nameText)),
      notes: noteTexts(p.notes),
      events: eventsOf.get(`person:${p.id}`) ?? [],
      sources: sorted(cited.get(`person:${p.id}`) ?? []),
      media: sorted(linked.get(`person:${p.id}`) ?? []),
    });
  }
  const childrenOf = new Map<number, Map<number, string>>();
  for (const c of children) {
    const own = childrenOf.get(c.familyId) ?? new Map<number, string>();
    own.set(c.personId, c.relation);
    childrenOf.set(c.familyId, own);
  }
  for (const f of families) {
    const partners: [number | null, number | null] = [f.partner1Id, f.partner2Id];
    const family: FamilyFacts = {
      key: familyKey(partners),
      ids: [f.id],
      partners,
      children: childrenOf.get(f.id) ?? new Map(),
      events: eventsOf.get(`family:${f.id}`) ?? [],
      notes: noteTexts(f.notes),
    };
    // Two records of one couple (a program may split them) are one family here: their children and facts together.
    const same = facts.families.get(family.key);
    if (same) {
      same.ids.push(f.id);
      for (const [child, relation] of family.children) same.children.set(child, relation);
      same.events.push(...family.events);
      same.notes = sorted([...same.notes, ...family.notes]);
    } else facts.families.set(family.key, family);
  }
  return facts;
}
