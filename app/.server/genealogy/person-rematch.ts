import { sql } from "kysely";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { agrees, reservePersonIds } from "./person-ids.ts";

// After an import, a second look at who is who (decision 011, amended for
// issue 29). While a file is read, a record takes the id of the person with
// its UID, else of the one with its xref when their names agree. A file that
// went through another program is often renumbered: its @I5@ is someone else,
// and a relative of the same surname "agrees" with them. Here each person of
// the new tree is matched again by what they are: the sex, every name, the
// dates of birth and death. Where that is unique on both sides it decides;
// a UID match always stands; an xref match stands unless the person it gave
// the id to is plainly someone else. Ids are then moved in one pass.

interface Known {
  id: number;
  uid: string | null;
  xref: string | null;
  sex: string;
  searchKey: string;
  fingerprint: string;
}

async function people(db: Database, treeId: number): Promise<Known[]> {
  const [rows, dates] = await Promise.all([
    db.selectFrom("genealogyPeople").select(["id", "uid", "xref", "sex", "searchKey"]).where("treeId", "=", treeId).execute(),
    db
      .selectFrom("genealogyEvents")
      .select(["ownerId", "tag", "date"])
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", "person")
      .where("tag", "in", ["BIRT", "DEAT"])
      .orderBy("position", "desc")
      .execute(),
  ]);
  // The first birth and death of each (read last to first, so the first stays).
  const born = new Map<number, string>();
  const died = new Map<number, string>();
  for (const d of dates) (d.tag === "BIRT" ? born : died).set(d.ownerId, (d.date ?? "").replace(/\s+/g, " ").trim().toUpperCase());
  return rows.map((r) => ({
    ...r,
    xref: r.xref?.toUpperCase() ?? null,
    fingerprint: [r.sex, r.searchKey.split(/\s+/).filter(Boolean).sort().join(" "), born.get(r.id) ?? "", died.get(r.id) ?? ""].join("|"),
  }));
}

/** Each fingerprint's one person; fingerprints two people share are left out. */
function unique(list: Known[]): Map<string, Known> {
  const out = new Map<string, Known | null>();
  for (const p of list) out.set(p.fingerprint, out.has(p.fingerprint) ? null : p);
  return new Map([...out].filter((entry): entry is [string, Known] => entry[1] !== null));
}

/**
 * Gives the people of a freshly imported tree the ids of the people they are
 * in the tree it was matched against, where the first reading got it wrong.
 * `byXref`: also by xref, for two trees read from files (the import read the
 * fresh one's xrefs against another tree). Returns how many people's ids moved.
 */
export async function rematchPeople(db: Database, treeId: number, previousTreeId: number, { byXref = false } = {}): Promise<number> {
  const [fresh, previous] = await Promise.all([people(db, treeId), people(db, previousTreeId)]);
  const before = new Map(previous.map((p) => [p.id, p]));
  const freshByPrint = unique(fresh);
  const previousByPrint = unique(previous);
  const target = new Map<number, number>();
  const claimed = new Set<number>();
  // 1. A UID match, and a person whose fingerprint names the same previous person, stand.
  for (const p of fresh) {
    const was = before.get(p.id);
    if (was && ((p.uid && p.uid === was.uid) || p.fingerprint === was.fingerprint)) {
      target.set(p.id, p.id);
      claimed.add(p.id);
    }
  }
  // 2. A fingerprint unique on both sides names the person.
  for (const [print, p] of freshByPrint) {
    if (target.has(p.id)) continue;
    const was = previousByPrint.get(print);
    if (was && !claimed.has(was.id)) {
      target.set(p.id, was.id);
      claimed.add(was.id);
    }
  }
  // 3. Where two files are compared (a waiting import and its base), the same xref when the names agree.
  if (byXref) {
    const previousByXref = new Map(previous.filter((p) => p.xref).map((p) => [p.xref!, p]));
    for (const p of fresh) {
      const was = p.xref ? previousByXref.get(p.xref) : undefined;
      if (!target.has(p.id) && was && !claimed.has(was.id) && agrees(was, p)) {
        target.set(p.id, was.id);
        claimed.add(was.id);
      }
    }
  }
  // 4. The rest keep the id they were read with, unless it went to someone else above; then a new one.
  const homeless = fresh.filter((p) => !target.has(p.id) && claimed.has(p.id));
  for (const p of fresh) if (!target.has(p.id) && !claimed.has(p.id)) target.set(p.id, p.id);
  let next = homeless.length > 0 ? await reservePersonIds(db, homeless.length) : 0;
  for (const p of homeless) target.set(p.id, next++);

  const moves = [...target].filter(([from, to]) => from !== to);
  if (moves.length > 0) await movePeople(db, treeId, moves);
  return moves.length;
}

/** The person columns of a tree's tables (an owner id is a person's only where its kind says so). */
const PERSON_COLUMNS: { table: string; column: string; where?: string }[] = [
  { table: "genealogy_people", column: "id" },
  { table: "genealogy_families", column: "partner1_id" },
  { table: "genealogy_families", column: "partner2_id" },
  { table: "genealogy_children", column: "person_id" },
  { table: "genealogy_events", column: "owner_id", where: "owner_kind = 'person'" },
  { table: "genealogy_citations", column: "owner_id", where: "owner_kind = 'person'" },
  { table: "genealogy_media_links", column: "owner_id", where: "owner_kind = 'person'" },
];

/**
 * Moves people to new ids in every table of the tree, in one transaction:
 * first to the negative of the new id, then to the id itself, so that no two
 * rows ever hold one id on the way (ids are positive everywhere else).
 */
async function movePeople(db: Database, treeId: number, moves: [number, number][]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < moves.length; i += 500) {
      const chunk = moves.slice(i, i + 500);
      const cases = (column: string) =>
        sql.join(
          chunk.map(([from, to]) => sql`when ${sql.ref(column)} = ${from} then ${-to}`),
          sql` `,
        );
      for (const { table, column, where } of PERSON_COLUMNS) {
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = case ${cases(column)} else ${sql.ref(column)} end
          where tree_id = ${treeId} and ${sql.ref(column)} in (${sql.join(chunk.map(([from]) => from))})${where ? sql.raw(` and ${where}`) : sql``}`.execute(
          tx,
        );
      }
    }
    for (const { table, column, where } of PERSON_COLUMNS) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = -${sql.ref(column)}
        where tree_id = ${treeId} and ${sql.ref(column)} < 0${where ? sql.raw(` and ${where}`) : sql``}`.execute(tx);
    }
  });
}
