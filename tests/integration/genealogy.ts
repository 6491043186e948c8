import { parseGedcomDate } from "#app/lib/gedcom-date.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

/** An identifier the export made up for a record that had none is no identifier. */
function given(xref: string | null): string | undefined {
  return xref && !/^@X[A-Z]\d+(_\d+)?@$/.test(xref) ? xref.toUpperCase() : undefined;
}

/**
 * What a tree says, independent of ids and of the GEDCOM version it came in:
 * people (by xref) with names, sex, notes and events (tag, type, value, the
 * parsed date, place), families with partners, children and events, and sources.
 * Two imports of the same family give equal snapshots.
 */
export async function treeSnapshot(db: Database, treeId: number) {
  const people = await db.selectFrom("genealogyPeople").selectAll().where("treeId", "=", treeId).execute();
  const families = await db.selectFrom("genealogyFamilies").selectAll().where("treeId", "=", treeId).execute();
  const children = await db.selectFrom("genealogyChildren").selectAll().where("treeId", "=", treeId).execute();
  const events = await db.selectFrom("genealogyEvents").selectAll().where("treeId", "=", treeId).orderBy("position").execute();
  const places = new Map(
    (await db.selectFrom("genealogyPlaces").selectAll().where("treeId", "=", treeId).execute()).map((p) => [p.id, p.name]),
  );
  const sources = await db.selectFrom("genealogySources").selectAll().where("treeId", "=", treeId).execute();
  const personXref = new Map(people.map((p) => [p.id, given(p.xref)]));
  const familyXref = new Map(families.map((f) => [f.id, given(f.xref)]));
  const eventsOf = (kind: string, id: number) =>
    events
      .filter((e) => e.ownerKind === kind && e.ownerId === id)
      .map((e) => ({
        tag: e.tag,
        type: e.type,
        value: e.value,
        date: e.date === null ? null : parseGedcomDate(e.date, e.datePhrase ?? undefined),
        place: e.placeId === null ? null : places.get(e.placeId),
        notes: JSON.parse(e.notes).map((n: { text?: string; ref?: string }) => n.text ?? n.ref),
      }));
  const byXref = <T extends { xref: string | undefined }>(list: T[]) => list.sort((a, b) => String(a.xref).localeCompare(String(b.xref)));
  return {
    people: byXref(
      people.map((p) => ({
        xref: given(p.xref),
        names: JSON.parse(p.names).map((n: { value: string; type?: string; given?: string; surname?: string }) => ({
          value: n.value,
          type: n.type?.toLowerCase(),
          given: n.given,
          surname: n.surname,
        })),
        givenNames: p.givenNames,
        surname: p.surname,
        birthSurname: p.birthSurname,
        sex: p.sex,
        notes: JSON.parse(p.notes).map((n: { text?: string; ref?: string }) => n.text ?? n.ref),
        events: eventsOf("person", p.id),
      })),
    ),
    families: byXref(
      families.map((f) => ({
        xref: given(f.xref),
        partners: [f.partner1Id, f.partner2Id].map((id) => (id === null ? null : personXref.get(id))),
        children: children
          .filter((c) => c.familyId === f.id)
          .sort((a, b) => a.position - b.position)
          .map((c) => ({ xref: personXref.get(c.personId), relation: c.relation })),
        events: eventsOf("family", f.id),
        notes: JSON.parse(f.notes).map((n: { text?: string; ref?: string }) => n.text ?? n.ref),
      })),
    ),
    childLinks: children.map((c) => `${familyXref.get(c.familyId)}>${personXref.get(c.personId)}:${c.relation}`).sort(),
    sources: byXref(sources.map((s) => ({ xref: given(s.xref), title: s.title, author: s.author, text: s.text }))),
  };
}
