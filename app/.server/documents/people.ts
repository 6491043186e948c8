import { personNameKey } from "#app/lib/documents.ts";
import { searchKey } from "#app/lib/lithuanian.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { toDocument, visibleDocuments, type FamilyDocument } from "./documents.ts";
import { hiddenAmong, type Viewer } from "#app/.server/genealogy/living.ts";

// Which person of the tree a document is about: the one the administrator
// linked it to, or else the one person whose name its person field is. Read
// for a whole page of documents in a fixed number of queries, however many
// rows the page has (the people's names for all of them in one query).

/** The most documents a person's page lists. */
export const PERSON_PAGE_DOCUMENTS = 100;

/** Documents (and name lookups) per query: each lookup sends a dozen names, well below every driver's limit on parameters. */
const CHUNK = 100;

/** The ways a document's person field may name someone: 'Jonas Jonaitis', 'Jonaitis Jonas', with a birth surname too. */
function nameKeys(p: { givenNames: string; surname: string; birthSurname: string | null }): string[] {
  const surnames = [p.surname, p.birthSurname].filter((x): x is string => Boolean(x));
  return surnames.flatMap((surname) => [`${p.givenNames} ${surname}`, `${surname} ${p.givenNames}`]).map(personNameKey);
}

/** A word of the field as the names are looked up (indexed): as typed, capitalised, in capitals. */
function forms(text: string): string[] {
  const capitalised = text
    .toLocaleLowerCase("lt")
    .replace(/(^|\s|-)(\p{L})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase("lt"));
  return [...new Set([text, capitalised, text.toLocaleUpperCase("lt")])];
}

interface NameLookup {
  /** The whole name, case and diacritics aside: what a candidate's name has to be. */
  key: string;
  /** Given names then surname, and surname then given names, each in its looked-up forms. */
  splits: { given: string[]; surname: string[] }[];
}

function lookupOf(words: string[]): NameLookup {
  return {
    key: searchKey(words.join(" ")),
    splits: [
      { given: forms(words.slice(0, -1).join(" ")), surname: forms(words[words.length - 1]) },
      { given: forms(words.slice(1).join(" ")), surname: forms(words[0]) },
    ],
  };
}

type Candidate = { id: number; givenNames: string; surname: string; birthSurname: string | null };

/** The people who may be the ones these person fields name: one query for up to CHUNK fields. */
async function candidatesFor(db: Database, treeId: number, lookups: NameLookup[]): Promise<Candidate[]> {
  const rows: Candidate[] = [];
  for (let i = 0; i < lookups.length; i += CHUNK) {
    const part = lookups.slice(i, i + CHUNK).flatMap((l) => l.splits);
    const surnames = [...new Set(part.flatMap((s) => s.surname))];
    const given = [...new Set(part.flatMap((s) => s.given))];
    rows.push(
      ...(await db
        .selectFrom("genealogyPeople")
        .select(["id", "givenNames", "surname", "birthSurname"])
        // The tree in every branch: SQLite then reads each branch from its index.
        .where((eb) =>
          eb.or([
            eb.and([eb("treeId", "=", treeId), eb("surname", "in", surnames), eb("givenNames", "in", given)]),
            eb.and([eb("treeId", "=", treeId), eb("birthSurname", "in", surnames), eb("givenNames", "in", given)]),
          ]),
        )
        .execute()),
    );
  }
  return rows;
}

/**
 * The person each document is about: the one the administrator linked it to
 * (of several, the first the viewer may see), or else the one person whose
 * name its person field is: at least two words, found as typed, capitalised
 * or in capitals, given names and surname (or birth surname) in either order,
 * the whole name then fitting case and diacritics aside. A visitor is never
 * pointed at a living person.
 */
export async function documentPeople(
  db: Database,
  treeId: number,
  docs: { id: number; person: string }[],
  viewer: Viewer,
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (docs.length === 0) return found;
  const ids = [...new Set(docs.map((d) => d.id))];
  const links: { itemId: number; personId: number }[] = [];
  for (let i = 0; i < ids.length; i += CHUNK * 5) {
    links.push(
      ...(await db
        .selectFrom("documentPeople")
        .select(["documentId as itemId", "personId"])
        .where("treeId", "=", treeId)
        .where("documentId", "in", ids.slice(i, i + CHUNK * 5))
        .execute()),
    );
  }
  links.sort((a, b) => a.personId - b.personId);
  const linked = new Set(links.map((l) => l.itemId));

  // Each differently written field is looked up once.
  const lookups = new Map<string, NameLookup>();
  for (const doc of docs) {
    const words = doc.person.trim().split(/\s+/).filter(Boolean);
    if (linked.has(doc.id) || words.length < 2) continue;
    const text = words.join(" ");
    if (!lookups.has(text)) lookups.set(text, lookupOf(words));
  }
  const candidates = await candidatesFor(db, treeId, [...lookups.values()]);
  const named = new Map<string, number>();
  for (const [text, { key, splits }] of lookups) {
    const fits = candidates.filter((r) =>
      splits.some(
        (s) =>
          (s.surname.includes(r.surname) || (r.birthSurname !== null && s.surname.includes(r.birthSurname))) &&
          s.given.includes(r.givenNames),
      ),
    );
    const matches = [...new Set(fits.filter((r) => nameKeys(r).includes(key)).map((r) => r.id))];
    if (matches.length === 1) named.set(text, matches[0]);
  }

  const hidden = await hiddenAmong(db, treeId, [...new Set([...links.map((l) => l.personId), ...named.values()])], viewer);
  // A document linked to several people points at the first one the viewer may see.
  for (const link of links) if (!found.has(link.itemId) && !hidden.has(link.personId)) found.set(link.itemId, link.personId);
  for (const doc of docs) {
    if (linked.has(doc.id)) continue;
    const person = named.get(doc.person.trim().split(/\s+/).filter(Boolean).join(" "));
    if (person !== undefined && !hidden.has(person)) found.set(doc.id, person);
  }
  return found;
}

/**
 * The documents a person's page lists, in the order they were added: those
 * linked to them, and those whose person field names them (documentPeople's
 * rule). Read by the person's name keys, never the whole list; at most
 * PERSON_PAGE_DOCUMENTS.
 */
export async function personDocuments(db: Database, treeId: number, personId: number, viewer: Viewer): Promise<FamilyDocument[]> {
  const person = await db
    .selectFrom("genealogyPeople")
    .select(["givenNames", "surname", "birthSurname"])
    .where("treeId", "=", treeId)
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return [];
  const documentLinks = () => db.selectFrom("documentPeople").select("documentId").where("treeId", "=", treeId);
  const [linked, maybeNamed] = await Promise.all([
    visibleDocuments(db, viewer)
      .where("documents.id", "in", documentLinks().where("personId", "=", personId))
      .orderBy("documents.id")
      .limit(PERSON_PAGE_DOCUMENTS)
      .execute(),
    visibleDocuments(db, viewer)
      .where("documents.personKey", "in", nameKeys(person))
      .where("documents.id", "not in", documentLinks())
      .orderBy("documents.id")
      .limit(PERSON_PAGE_DOCUMENTS)
      .execute(),
  ]);
  const candidates = maybeNamed.map(toDocument);
  const pointed = await documentPeople(db, treeId, candidates, viewer);
  return [...linked.map(toDocument), ...candidates.filter((d) => pointed.get(d.id) === personId)]
    .sort((a, b) => a.id - b.id)
    .slice(0, PERSON_PAGE_DOCUMENTS);
}
