import type { Database } from "#app/.server/platform/db/schema.ts";
import { nameColumns, type Note, type PersonName } from "#app/.server/genealogy/gedcom/model.ts";
import { canon, loadTreeFacts, nameText, type EventFact, type FamilyFacts, type TreeFacts } from "./facts.ts";
import { alignEvents, HERE, PART, planMerge, PRESENT, type MergeItem, type MergePlan } from "./plan.ts";

// Writing a merge (issue 29, decision 034). The new file's tree is the
// merged tree's start: it holds everything the historian's program wrote,
// modelled or not. Into it go the site's changes the plan keeps, and each
// conflict the administrator gave to the site; the site's tree itself is
// never written, so until the merged tree is published nothing the family
// sees has changed, and afterwards the site's tree stays as the backup it
// replaced.

export type Choice = "site" | "file";

export interface MergeTrees {
  /** The file imported last time, read again. */
  base: number;
  /** The new file: becomes the merged tree. */
  file: number;
  /** The site's tree as the family has changed it. */
  site: number;
}

/** Conflicts the administrator has not decided: the merge writes nothing. */
export class UndecidedConflicts extends Error {
  readonly conflicts: MergeItem[];
  constructor(conflicts: MergeItem[]) {
    super(`${conflicts.length} conflicts not decided`);
    this.conflicts = conflicts;
  }
}

/**
 * Writes the site's side of a plan into the file's tree: the changes the site
 * made alone, and each conflict `choose` gives to the site. Everything in one
 * transaction; the plan is made again inside it, from the trees as they are.
 * Returns the plan it wrote.
 */
export async function writeMerge(db: Database, trees: MergeTrees, choose: (item: MergeItem) => Choice | null): Promise<MergePlan> {
  return db.transaction().execute(async (tx) => {
    const [base, file, site] = await Promise.all([trees.base, trees.file, trees.site].map((id) => loadTreeFacts(tx, id)));
    const plan = planMerge(base, file, site);
    // A conflict nobody decided (a new one, from an edit on the site since the preview) stops the merge before it writes.
    const undecided = plan.conflicts.filter((item) => choose(item) === null);
    if (undecided.length > 0) throw new UndecidedConflicts(undecided);
    const writer = await MergeWriter.open(tx, trees, { base, file, site });
    const taken = [...plan.keptFromSite, ...plan.conflicts.filter((item) => choose(item) === "site")];
    const bySubject = new Map<string, MergeItem[]>();
    for (const item of taken) {
      const key = `${item.subject.kind} ${item.subject.key}`;
      bySubject.set(key, [...(bySubject.get(key) ?? []), item]);
    }
    // People first, so that a family's partners and children are there when it is written.
    const ordered = [...bySubject.values()].sort((a, b) =>
      a[0].subject.kind === b[0].subject.kind ? 0 : a[0].subject.kind === "person" ? -1 : 1,
    );
    for (const items of ordered) await writer.subject(items);
    return plan;
  });
}

interface Ids {
  events: number;
  families: number;
  places: number;
  citations: number;
  sources: number;
  media: number;
}

class MergeWriter {
  readonly #db: Database;
  readonly #trees: MergeTrees;
  readonly #facts: { base: TreeFacts; file: TreeFacts; site: TreeFacts };
  readonly #next: Ids;
  /** Who is in the merged tree as it is being written: a family names only them. */
  readonly #people: Set<number>;

  private constructor(db: Database, trees: MergeTrees, facts: { base: TreeFacts; file: TreeFacts; site: TreeFacts }, next: Ids) {
    this.#db = db;
    this.#trees = trees;
    this.#facts = facts;
    this.#next = next;
    this.#people = new Set(facts.file.people.keys());
  }

  /** The merged tree is nobody else's until published, so its next ids are counted here, inside the transaction. */
  static async open(db: Database, trees: MergeTrees, facts: { base: TreeFacts; file: TreeFacts; site: TreeFacts }): Promise<MergeWriter> {
    const max = async (
      table: "genealogyEvents" | "genealogyFamilies" | "genealogyPlaces" | "genealogyCitations" | "genealogySources" | "genealogyMedia",
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.max("id").as("max"))
            .where("treeId", "=", trees.file)
            .executeTakeFirstOrThrow()
        ).max ?? 0,
      ) + 1;
    const next: Ids = {
      events: await max("genealogyEvents"),
      families: await max("genealogyFamilies"),
      places: await max("genealogyPlaces"),
      citations: await max("genealogyCitations"),
      sources: await max("genealogySources"),
      media: await max("genealogyMedia"),
    };
    return new MergeWriter(db, trees, facts, next);
  }

  async subject(items: MergeItem[]): Promise<void> {
    const { kind, key } = items[0].subject;
    const whole = items.find((item) => item.slot === PRESENT);
    if (kind === "person") {
      const id = Number(key);
      if (whole) return whole.site === HERE ? this.#copyPerson(id) : this.#removePerson(id);
      return this.#personSlots(id, items);
    }
    if (whole) return whole.site === HERE ? this.#copyFamily(key) : this.#removeFamily(key);
    return this.#familySlots(key, items);
  }

  // People.

  async #copyPerson(id: number): Promise<void> {
    const tree = this.#trees;
    const row = await this.#db
      .selectFrom("genealogyPeople")
      .selectAll()
      .where("treeId", "=", tree.site)
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // The file's xrefs are the file's: the person is written out as @XI<id>@ (decision 011).
    await this.#db
      .insertInto("genealogyPeople")
      .values({ ...row, treeId: tree.file, xref: null, famsExtra: "{}" })
      .execute();
    this.#people.add(id);
    await this.#copyOwned("person", id, id);
    for (const event of this.#facts.site.people.get(id)?.events ?? []) await this.#copyEvent(event.id, "person", id);
  }

  async #removePerson(id: number): Promise<void> {
    const tree = this.#trees.file;
    for (const event of this.#facts.file.people.get(id)?.events ?? []) await this.#removeEvent(event.id);
    await this.#removeOwned("person", id);
    await this.#db.deleteFrom("genealogyChildren").where("treeId", "=", tree).where("personId", "=", id).execute();
    await this.#db
      .updateTable("genealogyFamilies")
      .set({ partner1Id: null, partner1Role: null })
      .where("treeId", "=", tree)
      .where("partner1Id", "=", id)
      .execute();
    await this.#db
      .updateTable("genealogyFamilies")
      .set({ partner2Id: null, partner2Role: null })
      .where("treeId", "=", tree)
      .where("partner2Id", "=", id)
      .execute();
    await this.#db.deleteFrom("genealogyPeople").where("treeId", "=", tree).where("id", "=", id).execute();
    this.#people.delete(id);
  }

  async #personSlots(id: number, items: MergeItem[]): Promise<void> {
    const site = this.#facts.site.people.get(id)!;
    const file = this.#facts.file.people.get(id)!;
    const rows = await this.#db
      .selectFrom("genealogyPeople")
      .select(["treeId", "sex", "names", "notes", "restriction"])
      .where("id", "=", id)
      .where("treeId", "in", [this.#trees.site, this.#trees.file])
      .execute();
    const siteRow = rows.find((r) => r.treeId === this.#trees.site)!;
    const fileRow = rows.find((r) => r.treeId === this.#trees.file)!;
    const set: { sex?: string; notes?: string; restriction?: string | null } = {};
    let names = JSON.parse(fileRow.names) as PersonName[];
    const siteNames = JSON.parse(siteRow.names) as PersonName[];
    let notes = JSON.parse(fileRow.notes) as Note[];
    const siteNotes = JSON.parse(siteRow.notes) as Note[];
    for (const item of items) {
      const [slot, value] = splitSlot(item.slot);
      if (slot === "sex") set.sex = siteRow.sex;
      else if (slot === "restriction") set.restriction = siteRow.restriction;
      else if (slot === "name") names = [siteNames[0], ...names.slice(1)];
      else if (slot === "name+")
        names =
          item.site === HERE
            ? [...names, siteNames.slice(1).find((n) => nameText(n) === value)!]
            : names.filter((n, i) => i === 0 || nameText(n) !== value);
      else if (slot === "note+")
        notes =
          item.site === HERE
            ? [...notes, siteNotes.find((n) => canon(n.text) === value) ?? { text: value! }]
            : notes.filter((n) => n.ref || canon(n.text) !== value);
      else if (slot !== "event") throw new Error(`merge: the site cannot have changed '${item.slot}'`);
    }
    if (items.some((item) => item.slot.startsWith("name"))) Object.assign(set, { names: JSON.stringify(names), ...nameColumns(names) });
    if (items.some((item) => item.slot.startsWith("note+"))) set.notes = JSON.stringify(notes);
    if (Object.keys(set).length > 0)
      await this.#db.updateTable("genealogyPeople").set(set).where("treeId", "=", this.#trees.file).where("id", "=", id).execute();
    await this.#eventSlots(items, "person", id, this.#facts.base.people.get(id)?.events ?? [], file.events, site.events);
  }

  // Families.

  #familyId(facts: TreeFacts, key: string): number | null {
    return facts.families.get(key)?.ids[0] ?? null;
  }

  async #copyFamily(key: string): Promise<void> {
    const tree = this.#trees;
    const sourceId = this.#familyId(this.#facts.site, key)!;
    const row = await this.#db
      .selectFrom("genealogyFamilies")
      .selectAll()
      .where("treeId", "=", tree.site)
      .where("id", "=", sourceId)
      .executeTakeFirstOrThrow();
    const present = (id: number | null) => id !== null && this.#people.has(id);
    const id = this.#next.families++;
    await this.#db
      .insertInto("genealogyFamilies")
      .values({
        ...row,
        treeId: tree.file,
        id,
        xref: null,
        partner1Id: present(row.partner1Id) ? row.partner1Id : null,
        partner2Id: present(row.partner2Id) ? row.partner2Id : null,
      })
      .execute();
    const family = this.#facts.site.families.get(key)!;
    for (const [child, relation] of family.children) if (present(child)) await this.#setChild(id, child, relation);
    for (const event of family.events) await this.#copyEvent(event.id, "family", id);
    await this.#copyOwned("family", sourceId, id);
  }

  async #removeFamily(key: string): Promise<void> {
    const tree = this.#trees.file;
    const family = this.#facts.file.families.get(key)!;
    for (const id of family.ids) {
      for (const event of family.events) await this.#removeEvent(event.id);
      await this.#removeOwned("family", id);
      await this.#db.deleteFrom("genealogyChildren").where("treeId", "=", tree).where("familyId", "=", id).execute();
      await this.#db.deleteFrom("genealogyFamilies").where("treeId", "=", tree).where("id", "=", id).execute();
    }
  }

  async #familySlots(key: string, items: MergeItem[]): Promise<void> {
    const id = this.#familyId(this.#facts.file, key)!;
    const family: FamilyFacts = this.#facts.file.families.get(key)!;
    const siteFamily = this.#facts.site.families.get(key)!;
    for (const item of items) {
      const [slot, value] = splitSlot(item.slot);
      if (slot === "child") {
        const child = Number(value);
        if (item.site === null)
          await this.#db
            .deleteFrom("genealogyChildren")
            .where("treeId", "=", this.#trees.file)
            .where("familyId", "in", family.ids)
            .where("personId", "=", child)
            .execute();
        else await this.#setChild(id, child, item.site);
      } else if (slot === "note+") {
        const row = await this.#db
          .selectFrom("genealogyFamilies")
          .select("notes")
          .where("treeId", "=", this.#trees.file)
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        const notes = JSON.parse(row.notes) as Note[];
        const next = item.site === HERE ? [...notes, { text: value! }] : notes.filter((n) => canon(n.text) !== value);
        await this.#db
          .updateTable("genealogyFamilies")
          .set({ notes: JSON.stringify(next) })
          .where("treeId", "=", this.#trees.file)
          .where("id", "=", id)
          .execute();
      } else if (slot !== "event") throw new Error(`merge: the site cannot have changed '${item.slot}'`);
    }
    await this.#eventSlots(items, "family", id, this.#facts.base.families.get(key)?.events ?? [], family.events, siteFamily.events);
  }

  async #setChild(familyId: number, personId: number, relation: string): Promise<void> {
    const tree = this.#trees.file;
    const existing = await this.#db
      .selectFrom("genealogyChildren")
      .select("personId")
      .where("treeId", "=", tree)
      .where("familyId", "=", familyId)
      .where("personId", "=", personId)
      .executeTakeFirst();
    if (existing) {
      await this.#db
        .updateTable("genealogyChildren")
        .set({ relation })
        .where("treeId", "=", tree)
        .where("familyId", "=", familyId)
        .where("personId", "=", personId)
        .execute();
      return;
    }
    const { max } = await this.#db
      .selectFrom("genealogyChildren")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("treeId", "=", tree)
      .where("familyId", "=", familyId)
      .executeTakeFirstOrThrow();
    await this.#db
      .insertInto("genealogyChildren")
      .values({ treeId: tree, familyId, personId, relation, position: Number(max ?? -1) + 1, extra: "[]", familyExtra: "[]" })
      .execute();
  }

  // Events.

  async #eventSlots(
    items: MergeItem[],
    ownerKind: "person" | "family",
    ownerId: number,
    base: EventFact[],
    file: EventFact[],
    site: EventFact[],
  ): Promise<void> {
    const inFile = alignEvents(base, file);
    const onSite = alignEvents(base, site);
    const events = new Map<string, MergeItem[]>();
    for (const item of items) {
      const [slot, value] = splitSlot(item.slot);
      if (slot !== "event") continue;
      const event = value!.split(PART)[0];
      events.set(event, [...(events.get(event) ?? []), item]);
    }
    for (const [slot, parts] of events) {
      const existence = parts.find((item) => item.slot === `event ${slot}`);
      const siteEvent = onSite.get(slot);
      const fileEvent = inFile.get(slot);
      if (existence) {
        if (existence.site === HERE) await this.#copyEvent(siteEvent!.id, ownerKind, ownerId);
        else if (fileEvent) await this.#removeEvent(fileEvent.id);
        continue;
      }
      await this.#copyEventParts(
        siteEvent!.id,
        fileEvent!.id,
        parts.map((item) => item.slot.split(PART)[1]),
      );
    }
  }

  async #copyEvent(siteEventId: number, ownerKind: "person" | "family", ownerId: number): Promise<void> {
    const tree = this.#trees;
    const row = await this.#db
      .selectFrom("genealogyEvents")
      .selectAll()
      .where("treeId", "=", tree.site)
      .where("id", "=", siteEventId)
      .executeTakeFirstOrThrow();
    const { max } = await this.#db
      .selectFrom("genealogyEvents")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("treeId", "=", tree.file)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "=", ownerId)
      .executeTakeFirstOrThrow();
    const id = this.#next.events++;
    await this.#db
      .insertInto("genealogyEvents")
      .values({
        ...row,
        treeId: tree.file,
        id,
        ownerKind,
        ownerId,
        placeId: await this.#place(row.placeId),
        position: Number(max ?? -1) + 1,
      })
      .execute();
    await this.#copyOwned("event", siteEventId, id);
  }

  async #copyEventParts(siteEventId: number, fileEventId: number, parts: string[]): Promise<void> {
    const row = await this.#db
      .selectFrom("genealogyEvents")
      .selectAll()
      .where("treeId", "=", this.#trees.site)
      .where("id", "=", siteEventId)
      .executeTakeFirstOrThrow();
    const set: Record<string, unknown> = {};
    for (const part of parts) {
      if (part === "date") Object.assign(set, { date: row.date, datePhrase: row.datePhrase, dateFrom: row.dateFrom, dateTo: row.dateTo });
      else if (part === "place") Object.assign(set, { placeId: await this.#place(row.placeId), placeExtra: row.placeExtra });
      else if (part === "value") set.value = row.value;
      else if (part === "notes") set.notes = row.notes;
      else if (part === "restriction") set.restriction = row.restriction;
      else if (part === "sources") {
        await this.#removeOwned("event", fileEventId);
        await this.#copyOwned("event", siteEventId, fileEventId);
      }
    }
    if (Object.keys(set).length > 0)
      await this.#db.updateTable("genealogyEvents").set(set).where("treeId", "=", this.#trees.file).where("id", "=", fileEventId).execute();
  }

  async #removeEvent(fileEventId: number): Promise<void> {
    await this.#removeOwned("event", fileEventId);
    await this.#db.deleteFrom("genealogyEvents").where("treeId", "=", this.#trees.file).where("id", "=", fileEventId).execute();
  }

  /** The merged tree's place of the same name as a site's place, made when it has none. */
  async #place(sitePlaceId: number | null): Promise<number | null> {
    if (sitePlaceId === null) return null;
    const place = await this.#db
      .selectFrom("genealogyPlaces")
      .selectAll()
      .where("treeId", "=", this.#trees.site)
      .where("id", "=", sitePlaceId)
      .executeTakeFirstOrThrow();
    const same = await this.#db
      .selectFrom("genealogyPlaces")
      .select("id")
      .where("treeId", "=", this.#trees.file)
      .where("name", "=", place.name)
      .executeTakeFirst();
    if (same) return same.id;
    const id = this.#next.places++;
    await this.#db
      .insertInto("genealogyPlaces")
      .values({ ...place, treeId: this.#trees.file, id })
      .execute();
    return id;
  }

  // What hangs on a person, a family or an event: citations (with their sources) and media links (with their media).

  async #copyOwned(ownerKind: "person" | "family" | "event", siteOwnerId: number, fileOwnerId: number): Promise<void> {
    const tree = this.#trees;
    const citations = await this.#db
      .selectFrom("genealogyCitations")
      .selectAll()
      .where("treeId", "=", tree.site)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "=", siteOwnerId)
      .execute();
    for (const citation of citations) {
      await this.#db
        .insertInto("genealogyCitations")
        .values({
          ...citation,
          treeId: tree.file,
          id: this.#next.citations++,
          ownerId: fileOwnerId,
          sourceId: await this.#source(citation.sourceId),
        })
        .execute();
    }
    const links = await this.#db
      .selectFrom("genealogyMediaLinks")
      .selectAll()
      .where("treeId", "=", tree.site)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "=", siteOwnerId)
      .execute();
    for (const link of links)
      await this.#db
        .insertInto("genealogyMediaLinks")
        .values({ ...link, treeId: tree.file, ownerId: fileOwnerId, mediaId: await this.#media(link.mediaId) })
        .execute();
  }

  async #removeOwned(ownerKind: "person" | "family" | "event", fileOwnerId: number): Promise<void> {
    const tree = this.#trees.file;
    await this.#db
      .deleteFrom("genealogyCitations")
      .where("treeId", "=", tree)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "=", fileOwnerId)
      .execute();
    await this.#db
      .deleteFrom("genealogyMediaLinks")
      .where("treeId", "=", tree)
      .where("ownerKind", "=", ownerKind)
      .where("ownerId", "=", fileOwnerId)
      .execute();
  }

  /** The merged tree's source with the same title and author as the site's, copied over when it has none. */
  async #source(siteSourceId: number | null): Promise<number | null> {
    if (siteSourceId === null) return null;
    const source = await this.#db
      .selectFrom("genealogySources")
      .selectAll()
      .where("treeId", "=", this.#trees.site)
      .where("id", "=", siteSourceId)
      .executeTakeFirstOrThrow();
    let query = this.#db.selectFrom("genealogySources").select("id").where("treeId", "=", this.#trees.file);
    query = source.title === null ? query.where("title", "is", null) : query.where("title", "=", source.title);
    query = source.author === null ? query.where("author", "is", null) : query.where("author", "=", source.author);
    const same = await query.executeTakeFirst();
    if (same) return same.id;
    const id = this.#next.sources++;
    await this.#db
      .insertInto("genealogySources")
      .values({ ...source, treeId: this.#trees.file, id, xref: null })
      .execute();
    return id;
  }

  /** The merged tree's media record for the same file (or title) as the site's, copied over when it has none. */
  async #media(siteMediaId: number): Promise<number> {
    const media = await this.#db
      .selectFrom("genealogyMedia")
      .selectAll()
      .where("treeId", "=", this.#trees.site)
      .where("id", "=", siteMediaId)
      .executeTakeFirstOrThrow();
    let query = this.#db.selectFrom("genealogyMedia").select("id").where("treeId", "=", this.#trees.file);
    query =
      media.file === null ? query.where("file", "is", null).where("title", "=", media.title ?? "") : query.where("file", "=", media.file);
    const same = await query.executeTakeFirst();
    if (same) return same.id;
    const id = this.#next.media++;
    await this.#db
      .insertInto("genealogyMedia")
      .values({ ...media, treeId: this.#trees.file, id, xref: null })
      .execute();
    return id;
  }
}

/** 'name+ Jonas /Jonaitis/' → ['name+', 'Jonas /Jonaitis/']; 'sex' → ['sex', null]; 'event BIRT#0 date' → ['event', 'BIRT#0 date']. */
function splitSlot(slot: string): [string, string | null] {
  const space = slot.indexOf(" ");
  return space < 0 ? [slot, null] : [slot.slice(0, space), slot.slice(space + 1)];
}
