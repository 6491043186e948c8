// The family graph: who is whose parent, partner and child, read a chunk of
// ids at a time. Every query of the tree's tables is built once, here.
import { PAGE_ROWS, yieldToEventLoop } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

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
export const CHUNK = 500;
export async function* chunks(ids: number[]): AsyncGenerator<number[]> {
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
      .select(["ownerId", "tag", "date", "datePhrase", "position", "restriction"])
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
  /** Those of these people with a GEDCOM RESN mark (restrictions.ts). */
  restrictedPeople: (db: Database, treeId: number, ids: number[]) =>
    db
      .selectFrom("genealogyPeople")
      .select(["id", "restriction"])
      .where("treeId", "=", treeId)
      .where("id", "in", ids)
      .where("restriction", "is not", null),
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
  /** The gallery photos a person is in, with the rectangle marked on each (all null: none marked). */
  personPhotos: (db: Database, treeId: number, id: number) =>
    db
      .selectFrom("photoPeople")
      .select(["galleryItemId", "boxLeft", "boxTop", "boxWidth", "boxHeight", "portrait"])
      .where("treeId", "=", treeId)
      .where("personId", "=", id)
      .orderBy("galleryItemId"),
  /**
   * Who of this tree is in which gallery photo with a picture, with their
   * rectangle, of the photos the audience may see (members: all): the chart's
   * portraits and the export's photo records narrow it further.
   */
  taggedPictures: (db: Database, treeId: number, members: boolean) =>
    db
      .selectFrom("photoPeople")
      .innerJoin("galleryItems", "galleryItems.id", "photoPeople.galleryItemId")
      .innerJoin("media", "media.id", "galleryItems.mediaId")
      .select([
        "photoPeople.personId",
        "photoPeople.boxLeft",
        "photoPeople.boxTop",
        "photoPeople.boxWidth",
        "photoPeople.boxHeight",
        "media.id as mediaId",
        "media.displayWidth",
        "media.displayHeight",
      ])
      .where("photoPeople.treeId", "=", treeId)
      .where("photoPeople.personId", "is not", null)
      .$if(!members, (q) => q.where("galleryItems.membersOnly", "=", 0)),
  /** The documents linked to a person. */
  personDocumentLinks: (db: Database, treeId: number, id: number) =>
    db.selectFrom("documentPeople").select("documentId").where("treeId", "=", treeId).where("personId", "=", id),
  /** The pictures a GEDZIP archive brought for a person. */
  personPictures: (db: Database, treeId: number, id: number) =>
    db
      .selectFrom("genealogyMediaLinks")
      .innerJoin("genealogyMedia", (j) =>
        j.onRef("genealogyMedia.treeId", "=", "genealogyMediaLinks.treeId").onRef("genealogyMedia.id", "=", "genealogyMediaLinks.mediaId"),
      )
      .innerJoin("media", "media.id", "genealogyMedia.mediaId")
      .select([
        "media.id as mediaId",
        "genealogyMedia.title",
        "media.displayWidth",
        "media.displayHeight",
        "media.kind",
        // _PRIM Y, the portrait, is written under the link or in the record (person-page.ts).
        "genealogyMediaLinks.extra as linkExtra",
        "genealogyMedia.extra as recordExtra",
      ])
      .where("genealogyMediaLinks.treeId", "=", treeId)
      .where("genealogyMediaLinks.ownerKind", "=", "person")
      .where("genealogyMediaLinks.ownerId", "=", id)
      .orderBy("genealogyMediaLinks.position"),
  /** The citations on these people, families or events (citations.ts). */
  citations: (db: Database, treeId: number, kind: "person" | "family" | "event", ownerIds: number[]) =>
    db
      .selectFrom("genealogyCitations")
      .select(["ownerId", "sourceId", "text", "page", "extra", "position"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ownerIds)
      .orderBy("position"),
  /** Sources (SOUR records) by id. */
  sourcesByIds: (db: Database, treeId: number, ids: number[]) =>
    db.selectFrom("genealogySources").selectAll().where("treeId", "=", treeId).where("id", "in", ids),
  /** Sources by the xrefs a name's citations point to. */
  sourcesByXrefs: (db: Database, treeId: number, xrefs: string[]) =>
    db.selectFrom("genealogySources").selectAll().where("treeId", "=", treeId).where("xref", "in", xrefs),
  /** Media records by xref, with the file a GEDZIP archive brought for them (a citation's or a source's scan). */
  mediaByXrefs: (db: Database, treeId: number, xrefs: string[]) =>
    db
      .selectFrom("genealogyMedia")
      .innerJoin("media", "media.id", "genealogyMedia.mediaId")
      .select([
        "genealogyMedia.xref",
        "genealogyMedia.title",
        "media.id as mediaId",
        "media.kind",
        "media.displayWidth",
        "media.displayHeight",
      ])
      .where("genealogyMedia.treeId", "=", treeId)
      .where("genealogyMedia.xref", "in", xrefs),
  /** Files a GEDZIP archive brought, by the path the GEDCOM writes (an OBJE embedded in a citation). */
  filesByPaths: (db: Database, treeId: number, paths: string[]) =>
    db
      .selectFrom("genealogyFiles")
      .innerJoin("media", "media.id", "genealogyFiles.mediaId")
      .select(["genealogyFiles.path", "media.id as mediaId", "media.kind", "media.displayWidth", "media.displayHeight"])
      .where("genealogyFiles.treeId", "=", treeId)
      .where("genealogyFiles.path", "in", paths),
};

/** The families these people are children in: each child link, and those families. */
export async function familiesAsChild(db: Database, treeId: number, ids: number[]): Promise<{ links: ChildLink[]; families: FamilyRow[] }> {
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
export async function childrenOf(db: Database, treeId: number, familyIds: number[]): Promise<ChildLink[]> {
  const children: ChildLink[] = [];
  for await (const chunk of chunks([...new Set(familyIds)])) {
    children.push(...(await treeQueries.childLinksOfFamilies(db, treeId, chunk).execute()));
  }
  return children;
}

export interface Relatives {
  parents: Map<number, number[]>;
  partners: Map<number, number[]>;
  children: Map<number, number[]>;
}

/** Parents, partners and children of the given people, in a few queries. */
export async function relativesOf(db: Database, treeId: number, ids: number[]): Promise<Relatives> {
  const result: Relatives = { parents: new Map(), partners: new Map(), children: new Map() };
  if (ids.length === 0) return result;
  const wanted = new Set(ids);
  const push = (map: Map<number, number[]>, key: number, value: number) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const own = ids.length > WHOLE_TREE_PEOPLE ? await wholeTreeFamilies(db, treeId) : await familiesAsPartner(db, treeId, ids);
  for (const f of own.families) {
    const pair = [f.partner1Id, f.partner2Id];
    for (const p of pair) if (p !== null && wanted.has(p)) for (const q of pair) if (q !== null && q !== p) push(result.partners, p, q);
  }
  const byId = new Map(own.families.map((f) => [f.id, f]));
  for (const k of own.children) {
    const f = byId.get(k.familyId)!;
    for (const p of [f.partner1Id, f.partner2Id]) if (p !== null && wanted.has(p)) push(result.children, p, k.personId);
  }
  const asChild =
    ids.length > WHOLE_TREE_PEOPLE
      ? { links: own.children.filter((k) => wanted.has(k.personId)), families: own.families }
      : await familiesAsChild(db, treeId, ids);
  const parentFamilies = new Map(asChild.families.map((f) => [f.id, f]));
  for (const c of asChild.links) {
    const f = parentFamilies.get(c.familyId);
    for (const p of [f?.partner1Id, f?.partner2Id]) if (p !== null && p !== undefined) push(result.parents, c.personId, p);
  }
  return result;
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

/**
 * Past this many people to look up, all the tree's families and child links
 * are read at once: the published list judges every person of the tree, and
 * two reads of whole tables beat hundreds of chunks (at 100,000 people 0.5 s
 * rather than 1.1 s; decision 046). living.ts reads marks and events the same way.
 */
export const WHOLE_TREE_PEOPLE = 5000;

/** Every family of the tree (in the file's order) with every child link (in order): relativesOf's reads past WHOLE_TREE_PEOPLE. */
async function wholeTreeFamilies(db: Database, treeId: number): Promise<{ families: FamilyRow[]; children: ChildLink[] }> {
  const [families, children] = await Promise.all([
    db
      .selectFrom("genealogyFamilies")
      .select(["id", "partner1Id", "partner2Id"])
      .where("treeId", "=", treeId)
      .orderBy("position")
      .execute(),
    db.selectFrom("genealogyChildren").select(["familyId", "personId"]).where("treeId", "=", treeId).orderBy("position").execute(),
  ]);
  return { families, children };
}

/** Past this many families to look up, all the tree's are read at once (the places index reads most of a tree's). */
const WHOLE_TREE_FAMILIES = 5000;

/** The partners of these families (those known), by family id. */
export async function partnersOfFamilies(db: Database, treeId: number, familyIds: number[]): Promise<Map<number, number[]>> {
  const partners = new Map<number, number[]>();
  const wanted = [...new Set(familyIds)];
  const add = (f: FamilyRow) =>
    partners.set(
      f.id,
      [f.partner1Id, f.partner2Id].filter((p): p is number => p !== null),
    );
  if (wanted.length > WHOLE_TREE_FAMILIES) {
    // One read of them all beats hundreds of chunks.
    const all = await db.selectFrom("genealogyFamilies").select(["id", "partner1Id", "partner2Id"]).where("treeId", "=", treeId).execute();
    for (const f of all) add(f);
    return partners;
  }
  for await (const chunk of chunks(wanted)) for (const f of await treeQueries.familiesByIds(db, treeId, chunk).execute()) add(f);
  return partners;
}
