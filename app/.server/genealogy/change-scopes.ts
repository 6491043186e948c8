import { scope, type Scope } from "#app/.server/changes/changes.ts";

// What an edit of a person or a family may touch, for the change history
// (app/.server/changes/changes.ts): the rows read before and after the edit. A person
// reaches their own events, citations and media links, the families they are
// a partner or a child in (with those families' children and events), the
// gallery and document links, and the "private" mark.

/** The families the person is a partner or a child in. */
function familiesOf(treeId: number, personId: number) {
  return (eb: any) =>
    eb.or([
      eb("partner1Id", "=", personId),
      eb("partner2Id", "=", personId),
      eb("id", "in", eb.selectFrom("genealogyChildren").select("familyId").where("treeId", "=", treeId).where("personId", "=", personId)),
    ]);
}

function familyIdsOf(treeId: number, personId: number) {
  return (eb: any) => eb.selectFrom("genealogyFamilies").select("id").where("treeId", "=", treeId).where(familiesOf(treeId, personId));
}

function eventIdsOf(treeId: number, ownerKind: "person" | "family", ownerIds: (eb: any) => unknown) {
  return (eb: any) =>
    eb
      .selectFrom("genealogyEvents")
      .select("id")
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "in", ownerIds(eb));
}

/** Rows owned by a person or family or by their events: citations and media links. */
function ownedBy(
  table: "genealogyCitations" | "genealogyMediaLinks",
  treeId: number,
  kind: "person" | "family",
  ids: (eb: any) => unknown,
): Scope {
  return scope(table, (q) =>
    q
      .where("treeId", "=", treeId)
      .where((eb: any) =>
        eb.or([
          eb.and([eb("ownerKind", "=", kind), eb("ownerId", "in", ids(eb))]),
          eb.and([eb("ownerKind", "=", "event"), eb("ownerId", "in", eventIdsOf(treeId, kind, ids)(eb))]),
        ]),
      ),
  );
}

export function personScopes(treeId: number, personId: number): Scope[] {
  const selfIds = () => [personId];
  const families = familyIdsOf(treeId, personId);
  return [
    scope("genealogyPeople", (q) => q.where("treeId", "=", treeId).where("id", "=", personId)),
    scope("genealogyEvents", (q) => q.where("treeId", "=", treeId).where("ownerKind", "=", "person").where("ownerId", "=", personId)),
    ownedBy("genealogyCitations", treeId, "person", selfIds),
    ownedBy("genealogyMediaLinks", treeId, "person", selfIds),
    scope("genealogyFamilies", (q) => q.where("treeId", "=", treeId).where(familiesOf(treeId, personId))),
    scope("genealogyChildren", (q) => q.where("treeId", "=", treeId).where("familyId", "in", families)),
    scope("genealogyEvents", (q) => q.where("treeId", "=", treeId).where("ownerKind", "=", "family").where("ownerId", "in", families)),
    ownedBy("genealogyCitations", treeId, "family", families),
    ownedBy("genealogyMediaLinks", treeId, "family", families),
    // The places of their events: a place typed for the first time is a new row (see placeStillUsed in changes.ts).
    scope("genealogyPlaces", (q) =>
      q.where("treeId", "=", treeId).where("id", "in", (eb: any) =>
        eb
          .selectFrom("genealogyEvents")
          .select("placeId")
          .where("treeId", "=", treeId)
          .where("placeId", "is not", null)
          .where((e: any) =>
            e.or([
              e.and([e("ownerKind", "=", "person"), e("ownerId", "=", personId)]),
              e.and([e("ownerKind", "=", "family"), e("ownerId", "in", families(e))]),
            ]),
          ),
      ),
    ),
    scope("photoPeople", (q) => q.where("treeId", "=", treeId).where("personId", "=", personId)),
    scope("documentPeople", (q) => q.where("treeId", "=", treeId).where("personId", "=", personId)),
    scope("privatePeople", (q) => q.where("personId", "=", personId)),
  ];
}

/** Several people at once (a relation between them). */
export function peopleScopes(treeId: number, ids: (number | null | undefined)[]): Scope[] {
  return [...new Set(ids.filter((id): id is number => typeof id === "number"))].flatMap((id) => personScopes(treeId, id));
}

/** A family and everything hanging off it. */
export function familyScopes(treeId: number, familyId: number): Scope[] {
  const ids = () => [familyId];
  return [
    scope("genealogyFamilies", (q) => q.where("treeId", "=", treeId).where("id", "=", familyId)),
    scope("genealogyChildren", (q) => q.where("treeId", "=", treeId).where("familyId", "=", familyId)),
    scope("genealogyEvents", (q) => q.where("treeId", "=", treeId).where("ownerKind", "=", "family").where("ownerId", "=", familyId)),
    ownedBy("genealogyCitations", treeId, "family", ids),
    ownedBy("genealogyMediaLinks", treeId, "family", ids),
  ];
}
