import { sql } from "kysely";
import type { Database } from "#app/.server/platform/db/schema.ts";

// A person's id is their address on the site (/asmuo/<id>), so it must name
// the same person for as long as they are in the tree, across re-imports of
// the family's file, and never anyone else afterwards
// (docs/decisions/011-stable-person-ids.md):
//   - an import gives each person the id they had in the tree it may replace,
//     found by their GEDCOM UID (_UID or UID), else by their record's xref when
//     the names and sex agree, else (records without an xref) by their names
//     and sex when those are unique;
//   - everyone else gets a new id from a site-wide counter that only grows,
//     so an id once given is never given to another person.

const COUNTER = "genealogy_next_person_id";
const BLOCK = 1000;

/**
 * Takes `count` ids nobody has had, atomically (two imports or edits at once
 * get different ones), and returns the first. The counter starts past every
 * id any tree holds.
 */
export function reservePersonIds(db: Database, count: number): Promise<number> {
  return takeFromCounter(db, COUNTER, count, async () => {
    const { max } = await db
      .selectFrom("genealogyPeople")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    return Number(max ?? 0);
  });
}

/**
 * Takes `count` numbers from the counter stored under `key` in the settings,
 * atomically, and returns the first; a counter not there yet starts past
 * `highest()` (the largest number already in use). Numbers only grow: one
 * taken is never given again, even after its row is removed.
 */
export async function takeFromCounter(db: Database, key: string, count: number, highest: () => Promise<number>): Promise<number> {
  for (;;) {
    const taken = await sql<{ value: string }>`
      update settings set value = cast(cast(value as integer) + ${count} as text)
      where key = ${key} returning value`.execute(db);
    if (taken.rows[0]) return Number(taken.rows[0].value) - count;
    await db
      .insertInto("settings")
      .values({ key, value: String(Math.max(0, await highest()) + 1) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
  }
}

/** What identifies a person record across imports. */
export interface PersonIdentity {
  xref: string | null;
  uid: string | null;
  /** Every name, as nameSearchKey writes them. */
  searchKey: string;
  sex: string;
}

/** A GEDCOM UID as compared: without braces, dashes or case ('{1A2B-...}' and '1a2b...' are one). */
export function normalizeUid(value: string | undefined): string | null {
  const uid = value?.replace(/[{}\-\s]/g, "").toUpperCase();
  return uid ? uid : null;
}

function words(searchKey: string): Set<string> {
  return new Set(searchKey.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2));
}

/** The same person under the same xref: the sex does not contradict and a name word is shared. */
export function agrees(a: { searchKey: string; sex: string }, b: { searchKey: string; sex: string }): boolean {
  if (a.sex !== b.sex && a.sex !== "U" && b.sex !== "U") return false;
  const mine = words(a.searchKey);
  if (mine.size === 0) return true;
  for (const w of words(b.searchKey)) if (mine.has(w)) return true;
  return false;
}

function fallbackKey(p: { searchKey: string; sex: string }): string {
  return `${p.sex}:${p.searchKey.trim().replace(/\s+/g, " ")}`;
}

interface Known {
  id: number;
  searchKey: string;
  sex: string;
}

/** The people of the tree an import may replace, indexed the ways a new record may match them. */
export class PreviousPeople {
  readonly byUid = new Map<string, number>();
  readonly byXref = new Map<string, Known>();
  /** Records without an xref, by names and sex; -1 where two share them. */
  readonly byNames = new Map<string, number>();

  static async load(db: Database, treeId: number | null): Promise<PreviousPeople> {
    const index = new PreviousPeople();
    if (treeId === null) return index;
    let after: number | null = null;
    for (;;) {
      let query = db.selectFrom("genealogyPeople").select(["id", "xref", "uid", "searchKey", "sex"]).where("treeId", "=", treeId);
      if (after !== null) query = query.where("id", ">", after);
      const rows = await query.orderBy("id").limit(5000).execute();
      if (rows.length === 0) break;
      for (const r of rows) index.add(r);
      after = rows[rows.length - 1].id;
    }
    return index;
  }

  add(r: { id: number; xref: string | null; uid: string | null; searchKey: string; sex: string }): void {
    if (r.uid && !this.byUid.has(r.uid)) this.byUid.set(r.uid, r.id);
    // A person added on the site has no xref; an export writes them as @XI<id>@.
    const xref = (r.xref ?? `@XI${r.id}@`).toUpperCase();
    if (!this.byXref.has(xref)) this.byXref.set(xref, { id: r.id, searchKey: r.searchKey, sex: r.sex });
    if (!r.xref) {
      const key = fallbackKey(r);
      this.byNames.set(key, this.byNames.has(key) ? -1 : r.id);
    }
  }

  /** The id this record had before, if it names someone who was there. */
  match(p: PersonIdentity): number | null {
    if (p.uid) {
      const id = this.byUid.get(p.uid);
      if (id !== undefined) return id;
    }
    if (p.xref) {
      const known = this.byXref.get(p.xref.toUpperCase());
      return known && agrees(known, p) ? known.id : null;
    }
    const id = this.byNames.get(fallbackKey(p));
    return id === undefined || id < 0 ? null : id;
  }
}

/**
 * Person ids during one import. A record gets its final id when it is read;
 * a pointer to a person not read yet (a family before its members) gets a
 * temporary negative id, resolved to the final one once the person is read.
 */
export class PersonIds {
  readonly #previous: PreviousPeople;
  readonly #reserve: (count: number) => Promise<number>;
  #ids = new Map<string, number>();
  #used = new Set<number>();
  #temporary = new Map<number, { xref: string; line: number; final?: number }>();
  #nextTemporary = -1;
  #fresh = { next: 0, end: 0 };

  constructor(previous: PreviousPeople, reserve: (count: number) => Promise<number>) {
    this.#previous = previous;
    this.#reserve = reserve;
  }

  /**
   * Reserves the next block of fresh ids, for define to hand out. Apart from
   * define, so that define is synchronous: an import defines every person,
   * and an await for each cost more than the reservations, one in a thousand.
   */
  async reserveIds(): Promise<void> {
    const first = await this.#reserve(BLOCK);
    this.#fresh = { next: first, end: first + BLOCK };
  }

  /**
   * The id of a person record; a second record with the same xref is someone
   * else. Null, and nothing changed, when the person needs a fresh id and none
   * is left: reserveIds, then define again.
   */
  define(p: PersonIdentity): { id: number; duplicate: boolean } | null {
    const key = p.xref?.toUpperCase();
    const seen = key === undefined ? undefined : this.#ids.get(key);
    // A pointer read earlier holds a temporary (negative) id; a record read earlier, its final one.
    const duplicate = seen !== undefined && seen > 0;
    const matched = duplicate ? null : this.#previous.match(p);
    const reuse = matched !== null && !this.#used.has(matched);
    if (!reuse && this.#fresh.next === this.#fresh.end) return null;
    const id = reuse ? matched : this.#fresh.next++;
    this.#used.add(id);
    if (key !== undefined && !duplicate) {
      if (seen !== undefined) this.#temporary.get(seen)!.final = id;
      this.#ids.set(key, id);
    }
    return { id, duplicate };
  }

  /** The id a pointer names: final if the person was read, temporary if not yet. */
  reference(xref: string, line: number): number {
    const key = xref.toUpperCase();
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#nextTemporary--;
      this.#ids.set(key, id);
      this.#temporary.set(id, { xref: key, line });
    }
    return id;
  }

  /** The final id for an id handed out earlier (a temporary one whose person has been read since). */
  final(id: number): number {
    return id < 0 ? (this.#temporary.get(id)?.final ?? id) : id;
  }

  /** Temporary ids that became final ones: rows written with them need the final id. */
  resolved(): Map<number, number> {
    const out = new Map<number, number>();
    for (const [temporary, { final }] of this.#temporary) if (final !== undefined) out.set(temporary, final);
    return out;
  }

  /** Pointers to people the file never defines, with the line of the first. */
  missing(): { id: number; xref: string; line: number }[] {
    return [...this.#temporary].filter(([, t]) => t.final === undefined).map(([id, t]) => ({ id, xref: t.xref, line: t.line }));
  }

  get count(): number {
    return this.#used.size;
  }
}
