// A person page: names, events, notes, family, photos and documents, for one viewer.
import { parseGedcomDate, formatGedcomDateLt } from "../../lib/gedcom-date.ts";
import { EVENT_LABELS } from "../../lib/event-labels.ts";
import type { PersonSummary, Sex } from "../../lib/tree-layout.ts";
import type { Database } from "../db.ts";
import type { FamilyDocument } from "../documents.ts";
import { galleryItemsByIds, type GalleryItem } from "../gallery.ts";
import { personDocuments } from "./document-people.ts";
import { familiesAround, treeQueries } from "./family-graph.ts";
import type { Viewer } from "./living.ts";
import type { Note, PersonName } from "./model.ts";
import { summaries } from "./people.ts";

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
