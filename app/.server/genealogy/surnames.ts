// The surnames index: every surname the tree's people bear, with how many
// people bear it, in Lithuanian alphabetical order; and the people of one
// surname, a page at a time. A person counts under each surname they had: the
// one they are known by, their birth (maiden) surname, and the surnames of
// their other GEDCOM names (married names, TYPE married; aka). Only people the
// viewer may see in full count or are listed (shown.ts): a visitor never
// learns that a living person bears a name, not even as a count.
//
// Gendered forms (Kalvaitis, Kalvaitienė, Kalvaitytė) are listed as the
// separate surnames they are written as: joining them would need the rules of
// Lithuanian surname endings (-is/-ienė/-ytė, -as/-ienė/-aitė, -us/-uvienė/-ūtė
// …), which do not always hold (Dainė, Kalvė), and a wrong join would put
// strangers under one name. Case is ignored (GEDCOM files often write
// KALVAITIS): one entry per surname whatever its case, shown as most of its
// bearers write it.
import { collator } from "#app/lib/lithuanian.ts";
import { pageOf, type Page } from "#app/lib/paging.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";
import { readInPages } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Viewer } from "./living.ts";
import { splitNameValue, type PersonName } from "#app/.server/genealogy/gedcom/model.ts";
import { fullName, summaries } from "./people.ts";
import { shownPeople, type Shown } from "./shown.ts";
import { surnameBearersOf } from "./prepared-indexes.ts";

export const SURNAME_PAGE_SIZE = 50;

export interface SurnameCount {
  surname: string;
  people: number;
}

export interface NameRow {
  id: number;
  givenNames: string;
  surname: string;
  birthSurname: string | null;
  names: string;
}

/** How a surname is compared: case aside, spaces tidied. */
export function surnameKey(surname: string): string {
  return surname.trim().replace(/\s+/g, " ").toLocaleLowerCase("lt");
}

/** Tidies and keys surnames, each distinct spelling once (a tree of 100,000 people has a few thousand). */
export function surnameReader(): (row: Omit<NameRow, "id">) => { surname: string; key: string }[] {
  const known = new Map<string, { surname: string; key: string } | null>();
  const read = (raw: string) => {
    let found = known.get(raw);
    if (found === undefined) {
      const surname = raw.trim().replace(/\s+/g, " ");
      // Placeholders for an unknown surname ('-----', '?') have no letter: they are no one's surname.
      found = /\p{L}/u.test(surname) ? { surname, key: surnameKey(surname) } : null;
      known.set(raw, found);
    }
    return found;
  };
  return (row) => {
    const all = [row.surname, row.birthSurname ?? ""];
    // Most people have one name: the JSON is parsed only when it holds more.
    if (row.names.indexOf('"value"') !== row.names.lastIndexOf('"value"')) {
      for (const name of JSON.parse(row.names) as PersonName[]) all.push(name.surname ?? splitNameValue(name.value).surname);
    }
    const out: { surname: string; key: string }[] = [];
    for (const raw of all) {
      const found = read(raw);
      if (found && !out.some((o) => o.key === found.key)) out.push(found);
    }
    return out;
  };
}

/** Every surname a person had, as written (the known one, the birth one, those of their other names). */
export function surnamesOf(row: Omit<NameRow, "id">): string[] {
  return surnameReader()(row).map((s) => s.surname);
}

/** The surnames of these people (those the viewer may see), each with how many bore it, in Lithuanian alphabetical order. */
export function countSurnames(rows: NameRow[], sees: (id: number) => boolean): SurnameCount[] {
  const surnamesOfRow = surnameReader();
  const counts = new Map<string, { people: number; spellings: Map<string, number> }>();
  for (const row of rows) {
    if (!sees(row.id)) continue;
    for (const { surname, key } of surnamesOfRow(row)) {
      let entry = counts.get(key);
      if (!entry) counts.set(key, (entry = { people: 0, spellings: new Map() }));
      entry.people++;
      entry.spellings.set(surname, (entry.spellings.get(surname) ?? 0) + 1);
    }
  }
  const list = [...counts.values()].map(({ people, spellings }) => ({
    // The spelling most bearers have; of equal ones, the first in the alphabet.
    surname: [...spellings].sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))[0][0],
    people,
  }));
  return list.sort((a, b) => collator.compare(a.surname, b.surname));
}

/** Every person's names (given, surname, birth surname, their other names), read a page at a time: the indexes' reading of the whole tree. */
export async function everyName(db: Database, treeId: number): Promise<NameRow[]> {
  return readInPages((after) =>
    db
      .selectFrom("genealogyPeople")
      .select(["id", "givenNames", "surname", "birthSurname", "names"])
      .where("treeId", "=", treeId)
      .$if(after !== null, (q) => q.where("id", ">", after!))
      .orderBy("id")
      .limit(5000)
      .execute(),
  );
}

/** Every surname with the number of people (whom the viewer may see) who bore it, in Lithuanian alphabetical order. */
export async function surnameCounts(
  db: Database,
  treeId: number,
  viewer: Viewer,
  /** Whom the viewer sees, when the caller knows already (the indexes' builder). */
  whom?: Shown,
  /** Every name of the tree, when the caller has read them already (the indexes' builder, once for every index). */
  names?: NameRow[],
): Promise<SurnameCount[]> {
  const [rows, shown] = await Promise.all([names ?? everyName(db, treeId), whom ?? shownPeople(db, viewer)]);
  return countSurnames(rows, shown.sees);
}

/**
 * A surname's bearers: their ids, and the spelling each bore it in (an index
 * into `spellings`, left out when there is one): numbers, since a common
 * surname has thousands of bearers and every process parses the list.
 */
export interface Bearers {
  ids: number[];
  spellings: string[];
  of?: number[];
}

/**
 * Every surname's bearers (whoever looks: the page filters by its viewer),
 * keyed by surnameKey, in Lithuanian order of their names: one of the
 * indexes built in the background (prepared-indexes.ts), since a common
 * surname has thousands of bearers to find and sort.
 */
export async function surnameBearers(db: Database, treeId: number, names?: NameRow[]): Promise<Record<string, Bearers>> {
  const rows = names ?? (await everyName(db, treeId));
  const surnamesOfRow = surnameReader();
  const byKey = new Map<string, { id: number; name: string; spelling: string }[]>();
  for (const row of rows) {
    const name = fullName(row);
    for (const { surname, key } of surnamesOfRow(row)) {
      let list = byKey.get(key);
      if (!list) byKey.set(key, (list = []));
      list.push({ id: row.id, name, spelling: surname });
    }
  }
  const out: Record<string, Bearers> = {};
  for (const [key, list] of byKey) {
    list.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
    const spellings = [...new Set(list.map((b) => b.spelling))];
    out[key] = {
      ids: list.map((b) => b.id),
      spellings,
      ...(spellings.length > 1 ? { of: list.map((b) => spellings.indexOf(b.spelling)) } : {}),
    };
  }
  return out;
}

/** One page of the people who bore a surname (case aside), in Lithuanian order of their names; total 0 when none the viewer may see did. */
export async function surnamePeople(
  db: Database,
  treeId: number,
  surname: string,
  viewer: Viewer,
  page = 1,
  size = SURNAME_PAGE_SIZE,
): Promise<{ surname: string; people: Page<PersonSummary> }> {
  const key = surnameKey(surname);
  const [all, shown] = await Promise.all([surnameBearersOf(db, treeId, key), shownPeople(db, viewer)]);
  const spellings = new Map<string, number>();
  const bearers: number[] = [];
  all.ids.forEach((id, i) => {
    if (!shown.sees(id)) return;
    bearers.push(id);
    const spelling = all.spellings[all.of?.[i] ?? 0];
    spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
  });
  const shownSurname = [...spellings].sort((a, b) => b[1] - a[1] || collator.compare(a[0], b[0]))[0]?.[0] ?? surname.trim();
  // Only the page's people are summarised (their years read).
  const onPage = pageOf(bearers, page, size);
  const found = await summaries(db, treeId, onPage.items, viewer);
  const items = onPage.items.map((id) => found[id]).filter((p) => p && !p.hidden);
  return { surname: shownSurname, people: { ...onPage, items } };
}
