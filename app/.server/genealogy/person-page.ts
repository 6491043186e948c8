// A person page: names, the timeline of their life, notes, family, sources,
// portrait, photos and documents, for one viewer.
import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { requestLanguage } from "#app/.server/platform/request-language.ts";
import { eventLabel } from "#app/lib/event-labels.ts";
import type { Message } from "#app/i18n/intl.ts";
import { placeLabel } from "#app/lib/places.ts";
import { compareTimed, familyEventLabel, lifespan, withinLife, type Relation } from "#app/lib/timeline.ts";
import type { PersonSummary, Sex } from "#app/lib/tree-layout.ts";
import { citedSources, type CitedFact, type SourceView } from "./citations.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { FamilyDocument } from "#app/.server/documents/documents.ts";
import { galleryItemsByIds, type GalleryItem } from "#app/.server/gallery/gallery.ts";
import { boxOf, type PhotoBox } from "#app/lib/photo-people.ts";
import { personDocuments } from "#app/.server/documents/people.ts";
import { familiesAround, treeQueries } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import type { Note, PersonName, RawNode } from "#app/.server/genealogy/gedcom/model.ts";
import { summaries } from "./people.ts";
import { seesRestricted } from "./restrictions.ts";
import { isRestriction, type Restriction } from "#app/lib/restrictions.ts";

/**
 * What an event is called: a message id (the event's kind, 'Gimimas'), a
 * message with values (a relative's, 'Gimė sūnus'), or the family's own word
 * (an event's TYPE, shown as it is). The page says it with t.say.
 */
export type EventLabel = Message | string;

export interface PersonEvent {
  tag: string;
  label: EventLabel;
  value: string | null;
  date: string | null;
  place: string | null;
  notes: string[];
  /** The footnote numbers of the sources that support it (PersonDetail.sources). */
  sources: number[];
  /** GEDCOM's mark on the fact, for those who see it anyway (restrictions.ts): the page says whom it is kept from. */
  restriction?: Restriction;
}

/** An event of the person's life: their own, or a relative's within it (a child born, a parent died). */
export interface TimelineEntry extends PersonEvent {
  /** Whose event it is: the person's own, the couple's (a marriage), or a relative's (a child born, a parent died). */
  about: "self" | "couple" | "relative";
  /** The relative the event is about (for a couple's, the partner); null for the person's own events. */
  relative: PersonSummary | null;
}

export interface PersonDetail {
  summary: PersonSummary;
  names: { value: string; type: string | null }[];
  sex: Sex;
  /** Their own events and their family's, in date order. */
  timeline: TimelineEntry[];
  notes: string[];
  parents: PersonSummary[];
  siblings: PersonSummary[];
  partners: { partner: PersonSummary | null; events: PersonEvent[]; children: PersonSummary[] }[];
  /** The gallery photos they are in, each with the rectangle marked around them (null: none marked). */
  gallery: (GalleryItem & { face: PhotoBox | null })[];
  documents: FamilyDocument[];
  /** Pictures that came with the GEDCOM file (GEDZIP), by their title. */
  pictures: { mediaId: string; title: string; width: number; height: number }[];
  /** The picture of their page and of a shared link; `face`: the rectangle of it chosen as their portrait (shown cropped). */
  portrait: { mediaId: string; width: number; height: number; face?: PhotoBox | null } | null;
  /** The sources cited for the person, their names and events, numbered as the page's footnotes. */
  sources: SourceView[];
}

/** Whether a GEDCOM media link or record marks its picture as the person's primary one (_PRIM Y). */
function isPrimary(extra: string): boolean {
  const nodes = JSON.parse(extra) as RawNode[];
  // Programs write it under the link, in the record, or under the record's FILE.
  return [...nodes, ...nodes.filter((n) => n.t === "FILE").flatMap((n) => n.c ?? [])].some(
    (n) => n.t === "_PRIM" && n.v?.trim().toUpperCase() === "Y",
  );
}

/** 'Brookline, , Norfolk County' as 'Brookline, Norfolk County': GEDCOM keeps a slot for every jurisdiction, filled or not. */
function noteTexts(json: string, records: Map<string, string>): string[] {
  return (JSON.parse(json) as Note[]).map((n) => (n.ref ? (records.get(n.ref.toUpperCase()) ?? "") : (n.text ?? ""))).filter(Boolean);
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
    if (ownerIds.length === 0) return new Map<number, ReadEvent[]>();
    // A fact marked for others (RESN, restrictions.ts) is not on the page at all.
    const rows = (await treeQueries.ownerEvents(db, treeId, kind, ownerIds).execute()).filter((e) => seesRestricted(viewer, e.restriction));
    // Dated events in date order, then the undated ones as the file lists them.
    rows.sort(
      (a, b) =>
        (a.dateFrom === null ? 1 : 0) - (b.dateFrom === null ? 1 : 0) || (a.dateFrom ?? 0) - (b.dateFrom ?? 0) || a.position - b.position,
    );
    const placeNames = await places(rows.map((r) => r.placeId).filter((p): p is number => p !== null));
    await loadNotes(rows.map((r) => r.notes));
    const map = new Map<number, ReadEvent[]>();
    for (const e of rows) {
      const event: ReadEvent = {
        tag: e.tag,
        label: e.type ?? eventLabel(e.tag),
        value: e.value,
        date: e.date ? formatGedcomDate(parseGedcomDate(e.date, e.datePhrase ?? undefined), requestLanguage()) : null,
        place: e.placeId !== null ? placeLabel(placeNames.get(e.placeId)) : null,
        notes: noteTexts(e.notes, records),
        sources: [],
        ...(isRestriction(e.restriction) ? { restriction: e.restriction } : {}),
        id: e.id,
        dateFrom: e.dateFrom,
        dateTo: e.dateTo,
        order: e.position,
      };
      map.set(e.ownerId, [...(map.get(e.ownerId) ?? []), event]);
    }
    return map;
  };

  const inPhotos = hidden ? [] : await treeQueries.personPhotos(db, treeId, id).execute();
  const galleryIds = [...new Set(inPhotos.map((row) => row.galleryItemId))];
  // Documents linked to the person, and those whose person field names them: read by their name, not the whole list.
  const documents = hidden ? [] : await personDocuments(db, treeId, id, viewer);
  const gallery = (galleryIds.length ? await galleryItemsByIds(db, viewer, galleryIds) : []).map((item) => ({
    ...item,
    face: inPhotos.map(boxOf).find((box, i) => box !== null && inPhotos[i].galleryItemId === item.id) ?? null,
  }));
  const pictures = hidden ? [] : await treeQueries.personPictures(db, treeId, id).execute();

  if (!hidden) await loadNotes([person.notes]);
  const personEvents = hidden ? new Map<number, ReadEvent[]>() : await eventsOf("person", [id]);
  // A family with a partner the viewer may not see keeps its dates to itself.
  const partnerOf = (f: (typeof families)[number]) => (f.partner1Id === id ? f.partner2Id : f.partner1Id);
  const openFamilies = hidden ? [] : families.filter((f) => partnerOf(f) === null || people[partnerOf(f)!]?.hidden !== true);
  const familyEvents = await eventsOf(
    "family",
    openFamilies.map((f) => f.id),
  );
  const names = hidden ? [] : (JSON.parse(person.names) as PersonName[]);

  // The timeline: the person's own events, their families' (a marriage), and
  // their relatives' births and deaths within their life. A relative the
  // viewer may not see in full adds nothing.
  const own = personEvents.get(id) ?? [];
  const life = lifespan(own);
  const relatives: { id: number; relation: Relation; married: boolean }[] = [
    ...parentIds.map((p) => ({ id: p, relation: "parent" as const, married: false })),
    ...siblings.map((p) => ({ id: p, relation: "sibling" as const, married: false })),
    ...openFamilies.flatMap((f) => {
      const partner = partnerOf(f);
      const married = (familyEvents.get(f.id) ?? []).some((e) => e.tag === "MARR");
      return partner === null ? [] : [{ id: partner, relation: "partner" as const, married }];
    }),
    ...familyChildren
      .filter((c) => families.some((f) => f.id === c.familyId))
      .map((c) => ({ id: c.personId, relation: "child" as const, married: false })),
  ].filter((r) => !hidden && people[r.id] && !people[r.id].hidden);
  const relativeEvents = await eventsOf("person", [...new Set(relatives.map((r) => r.id))]);
  const timeline: (TimelineEntry & { dateFrom: number | null; order: number; factKey: string | null })[] = [
    ...own.map((e) => ({
      ...publicEvent(e),
      about: "self" as const,
      relative: null,
      dateFrom: e.dateFrom,
      order: e.order,
      factKey: `e${e.id}`,
    })),
    ...openFamilies.flatMap((f, i) =>
      (familyEvents.get(f.id) ?? []).map((e) => ({
        ...publicEvent(e),
        about: "couple" as const,
        relative: partnerOf(f) !== null ? people[partnerOf(f)!] : null,
        dateFrom: e.dateFrom,
        order: 1000 * (i + 1) + e.order,
        factKey: `e${e.id}`,
      })),
    ),
    ...relatives.flatMap((r, i) =>
      (relativeEvents.get(r.id) ?? []).flatMap((e) => {
        const label = familyEventLabel(r.relation, people[r.id].sex, e.tag, r.married);
        if (label === null || !withinLife(life, e.dateFrom, e.dateTo)) return [];
        return [
          {
            ...publicEvent(e),
            label,
            notes: [],
            about: "relative" as const,
            relative: people[r.id],
            dateFrom: e.dateFrom,
            order: 100_000 * (i + 1) + e.order,
            factKey: null,
          },
        ];
      }),
    ),
  ].sort(compareTimed);

  // Sources, numbered in the order the page shows the facts they support.
  const { sources, footnotes } = hidden
    ? { sources: [], footnotes: {} as Record<string, number[]> }
    : await citedSources(db, treeId, [
        ...timeline.flatMap((e): CitedFact[] =>
          e.factKey && typeof e.label === "string"
            ? [{ key: e.factKey, label: e.label, owner: { kind: "event", id: Number(e.factKey.slice(1)) } }]
            : [],
        ),
        { key: "names", label: "tree.sources.name", raw: names.flatMap((n) => n.extra ?? []) },
        { key: "person", label: "tree.sources.person", owner: { kind: "person", id } },
        ...openFamilies.map((f): CitedFact => ({ key: `f${f.id}`, label: "tree.sources.family", owner: { kind: "family", id: f.id } })),
      ]);
  const cited = <T extends PersonEvent>(e: T, key: string | null): T => ({ ...e, sources: key ? (footnotes[key] ?? []) : [] });

  const portraitPicture =
    pictures.find((p) => p.kind === "image" && (isPrimary(p.linkExtra) || isPrimary(p.recordExtra))) ??
    pictures.find((p) => p.kind === "image");
  const galleryImage = gallery.find((g) => g.image)?.image;
  // A rectangle chosen as their portrait comes first (its photo as the visitor may see it).
  const chosen = inPhotos.find((row) => row.portrait === 1 && boxOf(row));
  const chosenPhoto = chosen ? gallery.find((g) => g.id === chosen.galleryItemId && g.image)?.image : undefined;
  return {
    summary,
    names: names.map((n) => ({
      value: n.value.replaceAll("/", "").replace(/\s+/g, " ").trim(),
      type: n.type ?? null,
    })),
    sex: hidden ? "U" : ((person.sex as Sex) ?? "U"),
    timeline: timeline.map(({ dateFrom: _from, order: _order, factKey, ...e }) => cited(e, factKey)),
    notes: hidden ? [] : noteTexts(person.notes, records),
    parents: parentIds.map((p) => people[p]).filter(Boolean),
    siblings: siblings.map((s) => people[s]).filter(Boolean),
    partners: families.map((f) => {
      const partner = partnerOf(f);
      return {
        partner: partner !== null ? (people[partner] ?? null) : null,
        events: (familyEvents.get(f.id) ?? []).map((e) => cited(publicEvent(e), `e${e.id}`)),
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
    portrait: hidden
      ? null
      : chosen && chosenPhoto
        ? { mediaId: chosenPhoto.id, width: chosenPhoto.width, height: chosenPhoto.height, face: boxOf(chosen) }
        : portraitPicture
          ? { mediaId: portraitPicture.mediaId, width: portraitPicture.displayWidth ?? 0, height: portraitPicture.displayHeight ?? 0 }
          : galleryImage
            ? { mediaId: galleryImage.id, width: galleryImage.width, height: galleryImage.height }
            : null,
    sources,
  };
}

/** An event as read, with what only the page's assembly needs. */
interface ReadEvent extends PersonEvent {
  id: number;
  dateFrom: number | null;
  dateTo: number | null;
  order: number;
}

/** What the route receives of an event. */
function publicEvent(e: ReadEvent): PersonEvent {
  return {
    tag: e.tag,
    label: e.label,
    value: e.value,
    date: e.date,
    place: e.place,
    notes: e.notes,
    sources: e.sources,
    ...(e.restriction ? { restriction: e.restriction } : {}),
  };
}
