import { randomUUID } from "node:crypto";
import { EDITABLE_EVENT_IDS } from "#app/lib/event-labels.ts";
import { dateInputToGedcom } from "#app/lib/date-input.ts";
import { parseGedcomDate, sortRange } from "#app/lib/gedcom-date.ts";
import { EVENT_FIELDS, type PersonNotFound, type Sex, type TreeRefusal } from "#app/lib/person-fields.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";
import { inTransaction, retryOnConflict } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { listDocuments } from "#app/.server/documents/documents.ts";
import { linkPeopleToGalleryItem, listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { nameSearchKey, type Note, type PersonName } from "#app/.server/genealogy/gedcom/model.ts";
import { normalizeUid, reservePersonIds, takeFromCounter } from "./person-ids.ts";
import { DEFAULT_LIVING_YEARS, editorViewer, type Viewer } from "./living.ts";
import type { Restriction } from "#app/lib/restrictions.ts";
import { familiesAround, familiesAsPartner, treeQueries } from "./family-graph.ts";
import { summaries } from "./people.ts";
import { searchPeople } from "./search.ts";
import { currentTreeId, MADE_ON_SITE } from "./trees.ts";
import { recountTree } from "./tree-counts.ts";

// The administrator's changes to the current tree: people, their basic facts
// and events, and the links between them. The structures an import kept
// (other names' details, extra substructures) stay as they are.

export interface PersonFields {
  givenNames: string;
  surname: string;
  birthSurname: string;
  sex: Sex;
  note: string;
}

/** An edit done (the id it made or changed) or refused, with the reason and, when one of two people was the cause, which. */
export type EditResult = { ok: true; id: number } | { ok: false; refused: TreeRefusal; which?: "first" | "second" };

/** The current tree; one is started (and made current) when the site has none yet. */
export async function editableTree(db: Database): Promise<number> {
  const current = await currentTreeId(db);
  if (current !== null) return current;
  const tree = await db
    .insertInto("genealogyTrees")
    .values({
      status: "ready",
      sourceName: MADE_ON_SITE,
      gedcomVersion: "5.5.1",
      charset: "utf-8",
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("settings")
    .values({ key: "genealogy_current_tree", value: String(tree.id) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(tree.id) }))
    .execute();
  return tree.id;
}

/** The names as GEDCOM keeps them: the main one, and the birth surname as a NAME of type birth. */
function namesFor(fields: PersonFields, previous: PersonName[]): PersonName[] {
  const primary: PersonName = {
    ...previous[0],
    value: `${fields.givenNames} /${fields.surname}/`.trim(),
    given: fields.givenNames || undefined,
    surname: fields.surname || undefined,
  };
  const others = previous.slice(1).filter((n) => !/^(birth|maiden)$/i.test(n.type ?? ""));
  const birth =
    fields.birthSurname && fields.birthSurname !== fields.surname
      ? [
          {
            value: `${fields.givenNames} /${fields.birthSurname}/`.trim(),
            type: "birth",
            given: fields.givenNames || undefined,
            surname: fields.birthSurname,
          },
        ]
      : [];
  return [primary, ...birth, ...others];
}

/**
 * A new id in a tree for a family, an event or a place (people have ids of
 * their own, see person-ids.ts): from a counter of the tree that only grows,
 * so that an id removed (by an edit or an undo) is never given to another row.
 * The change history tells rows apart by their ids: a family 4 that was
 * another family before would tangle the undo of either.
 */
function nextId(db: Database, table: "genealogyFamilies" | "genealogyEvents" | "genealogyPlaces", treeId: number) {
  return takeFromCounter(db, `genealogy_next_${COUNTER_NAMES[table]}_${treeId}`, 1, async () => {
    const { max } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max("id").as("max"))
      .where("treeId", "=", treeId)
      .executeTakeFirstOrThrow();
    return Number(max ?? 0);
  });
}
const COUNTER_NAMES = { genealogyFamilies: "family_id", genealogyEvents: "event_id", genealogyPlaces: "place_id" } as const;

export async function createPerson(db: Database, fields: PersonFields): Promise<number> {
  const treeId = await editableTree(db);
  const id = await reservePersonIds(db, 1);
  const { max } = await db
    .selectFrom("genealogyPeople")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("treeId", "=", treeId)
    .executeTakeFirstOrThrow();
  const names = namesFor(fields, []);
  await db
    .insertInto("genealogyPeople")
    .values({
      treeId,
      id,
      xref: null,
      // A person made on the site carries a UID of its own in every export, so the family
      // historian's program knows them the next time (issue 29); kept as person-ids.ts compares UIDs.
      uid: normalizeUid(randomUUID()),
      givenNames: fields.givenNames,
      surname: fields.surname,
      birthSurname: fields.birthSurname || null,
      sex: fields.sex,
      names: JSON.stringify(names),
      notes: JSON.stringify(fields.note ? [{ text: fields.note }] : []),
      extra: "[]",
      searchKey: nameSearchKey(names),
      position: Number(max ?? -1) + 1,
    })
    .execute();
  await recountTree(db, treeId);
  return id;
}

export async function updatePerson(db: Database, treeId: number, id: number, fields: PersonFields): Promise<boolean> {
  const row = await db
    .selectFrom("genealogyPeople")
    .select(["names", "notes"])
    .where("treeId", "=", treeId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return false;
  const names = namesFor(fields, JSON.parse(row.names) as PersonName[]);
  // Shared notes (pointers) stay; the text notes become the one text typed.
  const pointers = (JSON.parse(row.notes) as Note[]).filter((n) => n.ref);
  await db
    .updateTable("genealogyPeople")
    .set({
      givenNames: fields.givenNames,
      surname: fields.surname,
      birthSurname: fields.birthSurname || null,
      sex: fields.sex,
      names: JSON.stringify(names),
      notes: JSON.stringify([...(fields.note ? [{ text: fields.note }] : []), ...pointers]),
      searchKey: nameSearchKey(names),
    })
    .where("treeId", "=", treeId)
    .where("id", "=", id)
    .execute();
  return true;
}

/** "Jonas Jonaitis" (or "#12" for a person with no name), for the change history's summaries. */
export async function personLabel(db: Database, treeId: number, id: number): Promise<string> {
  const row = await db
    .selectFrom("genealogyPeople")
    .select(["givenNames", "surname"])
    .where("treeId", "=", treeId)
    .where("id", "=", id)
    .executeTakeFirst();
  return [row?.givenNames, row?.surname].filter(Boolean).join(" ") || `#${id}`;
}

/** The text of a person's own notes, for the editor. */
export function editableNote(notesJson: string): string {
  return (JSON.parse(notesJson) as Note[])
    .filter((n) => !n.ref)
    .map((n) => n.text ?? "")
    .join("\n\n");
}

async function placeId(db: Database, treeId: number, name: string): Promise<number | null> {
  if (!name) return null;
  const existing = await db
    .selectFrom("genealogyPlaces")
    .select("id")
    .where("treeId", "=", treeId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (existing) return existing.id;
  return retryOnConflict(async () => {
    const id = await nextId(db, "genealogyPlaces", treeId);
    await db
      .insertInto("genealogyPlaces")
      .values({ treeId, id, name, parts: JSON.stringify(name.split(",").map((p) => p.trim())) })
      .execute();
    return id;
  });
}

/** Adds an event to a person, or changes one; the date follows the import's rules. */
export async function saveEvent(
  db: Database,
  treeId: number,
  personId: number,
  input: {
    eventId: number | null;
    tag: string;
    date: string;
    place: string;
    value: string;
    /** GEDCOM's mark on the fact (restrictions.ts): null for none; absent (a member's proposal) leaves it as it is. */
    restriction?: Restriction | null;
  },
): Promise<EditResult> {
  if (!(input.tag in EDITABLE_EVENT_IDS) && input.eventId === null) return { ok: false, refused: "unknownEventKind" };
  // A date, even a phrase in parentheses, is a short text: a longer one is not stored.
  const gedcomDate = input.date.length > EVENT_FIELDS.date.max ? null : dateInputToGedcom(input.date);
  if (gedcomDate === null) return { ok: false, refused: "unreadableDate" };
  const range = gedcomDate ? sortRange(parseGedcomDate(gedcomDate)) : null;
  // The place and the description as the caller's form read them (within EVENT_FIELDS' limits).
  const place = await placeId(db, treeId, input.place.trim());
  const values = {
    date: gedcomDate || null,
    datePhrase: null,
    dateFrom: range?.[0] ?? null,
    dateTo: range?.[1] ?? null,
    placeId: place,
    value: input.value.trim() || null,
    ...(input.restriction !== undefined ? { restriction: input.restriction } : {}),
  };
  if (input.eventId !== null) {
    const result = await db
      .updateTable("genealogyEvents")
      .set(values)
      .where("treeId", "=", treeId)
      .where("id", "=", input.eventId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "=", personId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0 ? { ok: true, id: input.eventId } : { ok: false, refused: "noSuchEvent" };
  }
  const id = await retryOnConflict(async () => {
    const id = await nextId(db, "genealogyEvents", treeId);
    const { max } = await db
      .selectFrom("genealogyEvents")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "=", personId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("genealogyEvents")
      .values({
        treeId,
        id,
        ownerKind: "person",
        ownerId: personId,
        tag: input.tag,
        type: null,
        ...values,
        placeExtra: null,
        notes: "[]",
        extra: "[]",
        position: Number(max ?? -1) + 1,
      })
      .execute();
    return id;
  });
  return { ok: true, id };
}

export async function removeEvent(db: Database, treeId: number, personId: number, eventId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("genealogyEvents")
    .where("treeId", "=", treeId)
    .where("id", "=", eventId)
    .where("ownerKind", "=", "person")
    .where("ownerId", "=", personId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  for (const table of ["genealogyCitations", "genealogyMediaLinks"] as const) {
    await db.deleteFrom(table).where("treeId", "=", treeId).where("ownerKind", "=", "event").where("ownerId", "=", eventId).execute();
  }
  return true;
}

/** Removes a person: their events, links and place in families (a family left empty goes too). */
export async function removePerson(db: Database, treeId: number, id: number): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const { parentFamilies, ownFamilies } = await familiesAround(tx, treeId, id);
    const found = await tx.deleteFrom("genealogyPeople").where("treeId", "=", treeId).where("id", "=", id).executeTakeFirst();
    if (Number(found.numDeletedRows) === 0) return false;
    await removeOwned(tx, treeId, "person", [id]);
    // Their places in photos and documents go with them (photo_people, document_people: cascading foreign keys).
    await tx.deleteFrom("genealogyChildren").where("treeId", "=", treeId).where("personId", "=", id).execute();
    await tx
      .updateTable("genealogyFamilies")
      .set({ partner1Id: null, partner1Role: null })
      .where("treeId", "=", treeId)
      .where("partner1Id", "=", id)
      .execute();
    await tx
      .updateTable("genealogyFamilies")
      .set({ partner2Id: null, partner2Role: null })
      .where("treeId", "=", treeId)
      .where("partner2Id", "=", id)
      .execute();
    await removeEmptyFamilies(
      tx,
      treeId,
      [...parentFamilies, ...ownFamilies].map((f) => f.id),
    );
    await recountTree(tx, treeId);
    return true;
  });
}

/** What hangs off people or families that go: their events (with their citations and media links), citations and media links. */
async function removeOwned(db: Database, treeId: number, kind: "person" | "family", ids: number[]): Promise<void> {
  const events = (
    await db
      .selectFrom("genealogyEvents")
      .select("id")
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ids)
      .execute()
  ).map((e) => e.id);
  for (const table of ["genealogyCitations", "genealogyMediaLinks"] as const) {
    if (events.length)
      await db.deleteFrom(table).where("treeId", "=", treeId).where("ownerKind", "=", "event").where("ownerId", "in", events).execute();
    await db.deleteFrom(table).where("treeId", "=", treeId).where("ownerKind", "=", kind).where("ownerId", "in", ids).execute();
  }
  await db.deleteFrom("genealogyEvents").where("treeId", "=", treeId).where("ownerKind", "=", kind).where("ownerId", "in", ids).execute();
}

/** Families with neither partners nor children describe nobody: they go, with their events. */
/**
 * Removes those of these families left with no partner and no child. Only the
 * families the edit touched: another family empty by an undo stays until an
 * edit of its own (a cleanup of the whole tree here would remove rows the
 * edit's change does not record).
 */
async function removeEmptyFamilies(db: Database, treeId: number, familyIds: number[]): Promise<void> {
  if (familyIds.length === 0) return;
  const empty = (
    await db
      .selectFrom("genealogyFamilies")
      .select("id")
      .where("treeId", "=", treeId)
      .where("id", "in", familyIds)
      .where("partner1Id", "is", null)
      .where("partner2Id", "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("genealogyChildren")
              .select("personId")
              .where("genealogyChildren.treeId", "=", treeId)
              .whereRef("genealogyChildren.familyId", "=", "genealogyFamilies.id"),
          ),
        ),
      )
      .execute()
  ).map((f) => f.id);
  if (empty.length === 0) return;
  await removeOwned(db, treeId, "family", empty);
  await db.deleteFrom("genealogyFamilies").where("treeId", "=", treeId).where("id", "in", empty).execute();
}

/** Whether `candidate` is among the person's descendants (who cannot also be their parent). */
async function isDescendant(db: Database, treeId: number, person: number, candidate: number): Promise<boolean> {
  const seen = new Set<number>([person]);
  let generation = [person];
  while (generation.length) {
    const children = (await familiesAsPartner(db, treeId, generation)).children.map((c) => c.personId);
    if (children.includes(candidate)) return true;
    generation = children.filter((c) => !seen.has(c));
    for (const c of generation) seen.add(c);
  }
  return false;
}

function role(sex: string | undefined, fallback: "HUSB" | "WIFE"): "HUSB" | "WIFE" {
  return sex === "M" ? "HUSB" : sex === "F" ? "WIFE" : fallback;
}

/** The family of these two partners (in either order), made if there is none. */
async function familyOf(db: Database, treeId: number, a: number | null, b: number | null): Promise<number> {
  const existing = await db
    .selectFrom("genealogyFamilies")
    .select(["id", "partner1Id", "partner2Id"])
    .where("treeId", "=", treeId)
    .where((eb) =>
      eb.or([
        eb.and([eb("partner1Id", a === null ? "is" : "=", a), eb("partner2Id", b === null ? "is" : "=", b)]),
        eb.and([eb("partner1Id", b === null ? "is" : "=", b), eb("partner2Id", a === null ? "is" : "=", a)]),
      ]),
    )
    .executeTakeFirst();
  if (existing) return existing.id;
  const sexes = new Map(
    (
      await db
        .selectFrom("genealogyPeople")
        .select(["id", "sex"])
        .where("treeId", "=", treeId)
        .where("id", "in", [a ?? -1, b ?? -1])
        .execute()
    ).map((p) => [p.id, p.sex]),
  );
  const id = await retryOnConflict(async () => {
    const id = await nextId(db, "genealogyFamilies", treeId);
    const { max } = await db
      .selectFrom("genealogyFamilies")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("treeId", "=", treeId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("genealogyFamilies")
      .values({
        treeId,
        id,
        xref: null,
        partner1Id: a,
        partner1Role: a === null ? null : role(sexes.get(a), "HUSB"),
        partner2Id: b,
        partner2Role: b === null ? null : role(sexes.get(b), "WIFE"),
        notes: "[]",
        extra: "[]",
        position: Number(max ?? -1) + 1,
      })
      .execute();
    return id;
  });
  await recountTree(db, treeId);
  return id;
}

/** Makes the two people (either may be unknown) the person's parents. */
export async function setParents(
  db: Database,
  treeId: number,
  childId: number,
  first: number | null,
  second: number | null,
): Promise<EditResult> {
  if (first === childId) return { ok: false, refused: "ownParent", which: "first" };
  if (second === childId) return { ok: false, refused: "ownParent", which: "second" };
  if (first === null && second === null) return { ok: false, refused: "noParent", which: "first" };
  for (const [which, parent] of [
    ["first", first],
    ["second", second],
  ] as const) {
    if (parent !== null && (await isDescendant(db, treeId, childId, parent))) return { ok: false, refused: "descendantAsParent", which };
  }
  const familyId = await familyOf(db, treeId, first, second);
  const already = await db
    .selectFrom("genealogyChildren")
    .select("personId")
    .where("treeId", "=", treeId)
    .where("familyId", "=", familyId)
    .where("personId", "=", childId)
    .executeTakeFirst();
  if (!already) {
    const { max } = await db
      .selectFrom("genealogyChildren")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("treeId", "=", treeId)
      .where("familyId", "=", familyId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("genealogyChildren")
      .values({ treeId, familyId, personId: childId, relation: "birth", position: Number(max ?? -1) + 1, extra: "[]" })
      .execute();
  }
  return { ok: true, id: familyId };
}

export async function addPartner(db: Database, treeId: number, personId: number, partnerId: number): Promise<EditResult> {
  if (personId === partnerId) return { ok: false, refused: "ownPartner" };
  return { ok: true, id: await familyOf(db, treeId, personId, partnerId) };
}

/** Adds a child to one of the person's families (with no partner: a family of the person alone). */
export async function addChild(
  db: Database,
  treeId: number,
  personId: number,
  partnerId: number | null,
  childId: number,
): Promise<EditResult> {
  if (childId === personId || childId === partnerId) return { ok: false, refused: "ownChild" };
  return setParents(db, treeId, childId, personId, partnerId);
}

export async function removeChildLink(db: Database, treeId: number, familyId: number, personId: number): Promise<void> {
  await db
    .deleteFrom("genealogyChildren")
    .where("treeId", "=", treeId)
    .where("familyId", "=", familyId)
    .where("personId", "=", personId)
    .execute();
  await removeEmptyFamilies(db, treeId, [familyId]);
  await recountTree(db, treeId);
}

export async function removePartnerLink(db: Database, treeId: number, familyId: number, personId: number): Promise<void> {
  await db
    .updateTable("genealogyFamilies")
    .set({ partner1Id: null, partner1Role: null })
    .where("treeId", "=", treeId)
    .where("id", "=", familyId)
    .where("partner1Id", "=", personId)
    .execute();
  await db
    .updateTable("genealogyFamilies")
    .set({ partner2Id: null, partner2Role: null })
    .where("treeId", "=", treeId)
    .where("id", "=", familyId)
    .where("partner2Id", "=", personId)
    .execute();
  await removeEmptyFamilies(db, treeId, [familyId]);
  await recountTree(db, treeId);
}

/**
 * Sets which gallery photos a person is in and which documents are about
 * them (the person editor's lists). A photo they stay in keeps the rectangle
 * marked on it; one they are added to gets them without one.
 */
export async function setPersonLinks(
  db: Database,
  treeId: number,
  personId: number,
  gallery: number[],
  documents: number[],
): Promise<void> {
  // Only items that exist, each once, whatever the form sent.
  const existing = async (table: "galleryItems" | "documents", ids: number[]) =>
    ids.length
      ? (
          await db
            .selectFrom(table)
            .select("id")
            .where("id", "in", [...new Set(ids)])
            .execute()
        ).map((r) => r.id)
      : [];
  const photos = await existing("galleryItems", gallery);
  const docs = await existing("documents", documents);
  await inTransaction(db, async (tx) => {
    await tx
      .deleteFrom("photoPeople")
      .where("treeId", "=", treeId)
      .where("personId", "=", personId)
      .$if(photos.length > 0, (q) => q.where("galleryItemId", "not in", photos))
      .execute();
    for (const itemId of photos) await linkPeopleToGalleryItem(tx, treeId, itemId, [personId]);
    await tx.deleteFrom("documentPeople").where("treeId", "=", treeId).where("personId", "=", personId).execute();
    if (docs.length)
      await tx
        .insertInto("documentPeople")
        .values(docs.map((documentId) => ({ treeId, personId, documentId })))
        .execute();
  });
}

/**
 * A person named in a form: '#12', '12', "Vardas Pavardė #12" or a name that
 * matches exactly one person, among those `viewer` sees (the editors see
 * everyone; a member's photo names only those the members see).
 */
export async function resolvePerson(
  db: Database,
  treeId: number,
  typed: string,
  viewer: Viewer = editorViewer(DEFAULT_LIVING_YEARS),
): Promise<{ id: number } | { notFound: PersonNotFound } | null> {
  const text = typed.trim();
  if (!text) return null;
  const byId = /(?:^|#)(\d{1,10})$/.exec(text);
  if (byId) {
    const id = Number(byId[1]);
    const person = (await summaries(db, treeId, [id], viewer))[id];
    return person && !person.hidden ? { id } : { notFound: { reason: "noSuchNumber", id } };
  }
  // The tree page's search, as the viewer sees it.
  const matches = await searchPeople(db, treeId, text, viewer, 6);
  if (matches.length === 1) return { id: matches[0].id };
  if (matches.length === 0) return { notFound: { reason: "noMatch", typed: text } };
  return { notFound: { reason: "severalMatch", typed: text, matches: matches.map(({ id, name }) => ({ id, name })) } };
}

/** A person's own events with their places' names, in order (of one kind when `tag` is given): what the editor and a member's proposal start from. */
export function personEvents(db: Database, treeId: number, personId: number, tag?: string) {
  return db
    .selectFrom("genealogyEvents")
    .leftJoin("genealogyPlaces", (j) =>
      j.onRef("genealogyPlaces.treeId", "=", "genealogyEvents.treeId").onRef("genealogyPlaces.id", "=", "genealogyEvents.placeId"),
    )
    .select([
      "genealogyEvents.id",
      "genealogyEvents.tag",
      "genealogyEvents.date",
      "genealogyEvents.value",
      "genealogyEvents.restriction",
      "genealogyPlaces.name as place",
    ])
    .where("genealogyEvents.treeId", "=", treeId)
    .where("genealogyEvents.ownerKind", "=", "person")
    .where("genealogyEvents.ownerId", "=", personId)
    .$if(tag !== undefined, (q) => q.where("genealogyEvents.tag", "=", tag!))
    .orderBy("genealogyEvents.position")
    .execute();
}

/** Everything the administrator's person editor shows; null when there is no such person. */
export async function personForEditing(db: Database, treeId: number, id: number, viewer: Viewer) {
  const person = await db.selectFrom("genealogyPeople").selectAll().where("treeId", "=", treeId).where("id", "=", id).executeTakeFirst();
  if (!person) return null;
  const events = await personEvents(db, treeId, id);
  const { parentFamilies, ownFamilies, children } = await familiesAround(db, treeId, id);
  const ids = [...parentFamilies, ...ownFamilies].flatMap((f) => [f.partner1Id, f.partner2Id]).filter((x): x is number => x !== null);
  const people = await summaries(db, treeId, [id, ...ids, ...children.map((c) => c.personId)], viewer);
  const who = (p: number | null): PersonSummary[] => (p !== null && people[p] ? [people[p]] : []);
  const [photos, docs] = await Promise.all([
    treeQueries.personPhotos(db, treeId, id).execute(),
    treeQueries.personDocumentLinks(db, treeId, id).execute(),
  ]);
  const linked = (kind: "gallery" | "document", itemId: number) =>
    kind === "gallery" ? photos.some((l) => l.galleryItemId === itemId) : docs.some((l) => l.documentId === itemId);
  return {
    person: {
      id,
      givenNames: person.givenNames,
      surname: person.surname,
      birthSurname: person.birthSurname,
      sex: person.sex,
      note: editableNote(person.notes),
    },
    summary: people[id],
    events,
    parents: parentFamilies.map((f) => ({ familyId: f.id, parents: [...who(f.partner1Id), ...who(f.partner2Id)] })),
    families: ownFamilies.map((f) => {
      const partner = f.partner1Id === id ? f.partner2Id : f.partner1Id;
      return {
        familyId: f.id,
        partner: who(partner)[0] ?? null,
        children: children.filter((c) => c.familyId === f.id).flatMap((c) => who(c.personId)),
      };
    }),
    gallery: (await listGalleryItems(db, MEMBERS)).map((g) => ({ id: g.id, title: g.title, linked: linked("gallery", g.id) })),
    documents: (await listDocuments(db, MEMBERS)).map((d) => ({
      id: d.id,
      title: `${d.title} (${d.year})`,
      linked: linked("document", d.id),
    })),
  };
}
