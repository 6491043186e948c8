import type { Database } from "../db.ts";

// Who counts as living, so that living relatives' details stay private.
// A person is living unless they have a death, burial or cremation record,
// or any event of theirs is more than `years` (110) years old. Where their own
// records give no date, close relatives decide, as webtrees does: a parent
// with an event more than years + 45 ago, a partner more than years + 10 ago,
// or a child more than years - 15 ago.

export const DEFAULT_LIVING_YEARS = 110;
const DAYS_PER_YEAR = 365.2425;
const DEATH_TAGS = ["DEAT", "BURI", "CREM"];

function jdnToday(): number {
  return Math.floor(Date.now() / 86_400_000) + 2440588;
}

/** The ids of the tree's people who count as living. */
export async function livingPeople(db: Database, treeId: number, years = DEFAULT_LIVING_YEARS): Promise<Set<number>> {
  const people = (await db.selectFrom("genealogyPeople").select("id").where("treeId", "=", treeId).execute()).map((p) => p.id);
  const dead = new Set<number>();
  const earliest = new Map<number, number>();
  const events = await db
    .selectFrom("genealogyEvents")
    .select(["ownerId", "tag", "dateFrom", "dateTo"])
    .where("treeId", "=", treeId)
    .where("ownerKind", "=", "person")
    .execute();
  for (const e of events) {
    if (DEATH_TAGS.includes(e.tag)) dead.add(e.ownerId);
    const day = e.dateFrom ?? e.dateTo;
    if (day !== null && day < (earliest.get(e.ownerId) ?? Infinity)) earliest.set(e.ownerId, day);
  }
  const today = jdnToday();
  const olderThan = (id: number, y: number) => (earliest.get(id) ?? Infinity) < today - y * DAYS_PER_YEAR;

  const families = await db
    .selectFrom("genealogyFamilies")
    .select(["id", "partner1Id", "partner2Id"])
    .where("treeId", "=", treeId)
    .execute();
  const children = await db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).execute();
  const partnersOf = new Map<number, number[]>();
  const familyPartners = new Map<number, number[]>();
  for (const f of families) {
    const ids = [f.partner1Id, f.partner2Id].filter((x): x is number => x !== null);
    familyPartners.set(f.id, ids);
    for (const id of ids) partnersOf.set(id, [...(partnersOf.get(id) ?? []), ...ids.filter((o) => o !== id)]);
  }
  const parentsOf = new Map<number, number[]>();
  const childrenOf = new Map<number, number[]>();
  for (const c of children) {
    for (const parent of familyPartners.get(c.familyId) ?? []) {
      parentsOf.set(c.personId, [...(parentsOf.get(c.personId) ?? []), parent]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), c.personId]);
    }
  }

  const living = new Set<number>();
  for (const id of people) {
    if (dead.has(id) || olderThan(id, years)) continue;
    if (!earliest.has(id)) {
      if ((parentsOf.get(id) ?? []).some((p) => olderThan(p, years + 45))) continue;
      if ((partnersOf.get(id) ?? []).some((p) => olderThan(p, years + 10))) continue;
      if ((childrenOf.get(id) ?? []).some((c) => olderThan(c, years - 15))) continue;
    }
    living.add(id);
  }
  return living;
}
