import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MEMBERS, VISITORS, type Audience } from "#app/.server/accounts/audience.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import {
  addDocument,
  countDocuments,
  documentsPage,
  documentTypes,
  DOCUMENTS_PAGE_SIZE,
  listDocuments,
} from "#app/.server/documents/documents.ts";
import { countGalleryItems, galleryPage, GALLERY_PAGE_SIZE, galleryPhotos, listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { createPerson, saveEvent, setPersonLinks } from "#app/.server/genealogy/editing.ts";
import { documentPeople } from "#app/.server/documents/people.ts";
import { hiddenAmong, setRestriction, type Viewer } from "#app/.server/genealogy/living.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import { searchPeoplePage, SEARCH_PAGE_SIZE, SEARCH_RESULTS_MAX } from "#app/.server/genealogy/search.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { GUESTBOOK_PAGE_SIZE, listApprovedEntries } from "#app/.server/guestbook/guestbook.ts";
import { documentYearSortKey } from "#app/lib/document-year.ts";
import { parseDocumentQuery, SORT_COLUMNS, type DocumentQuery } from "#app/lib/documents.ts";
import { collator, searchKey } from "#app/lib/lithuanian.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Every list a visitor opens comes from the database a page at a time:
// pages that do not overlap, in the list's order, with totals counted after
// what the audience may not see is left out. Runs on SQLite and PostgreSQL.

const YEAR = new Date().getUTCFullYear();
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const member: Viewer = { members: true, seesPrivate: false, livingYears: 110 };
const editor: Viewer = { members: true, seesPrivate: true, livingYears: 110 };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

/** Every page of a list, one after another, until the last (which the first says). */
async function allPages<T>(read: (page: number) => Promise<{ items: T[]; pages: number; total: number }>) {
  const first = await read(1);
  const pages = [first.items];
  for (let page = 2; page <= first.pages; page++) pages.push((await read(page)).items);
  return { pages, total: first.total, past: (await read(first.pages + 1)).items };
}

/** The order the list had when it was sorted in JavaScript (Intl.Collator('lt')), before it was the database's. */
function sortedAsBefore<T extends { id: number; title: string; person: string; year: string; type: string }>(
  docs: T[],
  query: DocumentQuery,
): T[] {
  const needle = searchKey(query.search);
  const field = SORT_COLUMNS[query.sort];
  const compare =
    field === "year"
      ? (a: T, b: T) => documentYearSortKey(a.year) - documentYearSortKey(b.year) || collator.compare(a.title, b.title)
      : (a: T, b: T) => collator.compare(a[field], b[field]) || a.id - b.id;
  const sorted = [...docs]
    .sort((a, b) => a.id - b.id)
    .filter((doc) => !query.type || doc.type === query.type)
    .filter((doc) => !needle || [doc.title, doc.person, doc.year, doc.type].some((text) => searchKey(text).includes(needle)))
    .sort(compare);
  return query.descending ? sorted.reverse() : sorted;
}

describe("the documents list", () => {
  const WORDS = ["Žemės", "Čikagos", "Cirkuliaras", "Ąžuolas", "Atestatas", "laiškas", "LAIŠKAS", "Yra", "Ir", "įrašas", "Šeima", "Saulė", "10", "9", "„Aušra“", "Ėglė", "Eglė", "Vilnius", "Kaunas", "Alytus"]; // prettier-ignore
  const PEOPLE = ["Jonas Jonaitis", "Ona Jonaitienė", "Česlovas Čekis", "Zigmas Žukas", "Ąžuolas Šimkus", "jonas jonaitis", "Petras"];
  const YEARS = ["1925", "1920–1925", "apie 1920", "1918", "po 1930", "prieš 1920", "1920", "1898", "1949–1965"];
  const TYPES = ["Laiškas", "Kita", "Žemės dokumentas", "Gimimo liudijimas", "Čekis"];

  beforeAll(async () => {
    // 131 documents besides the seeded five, every tenth for the family only; titles that tie at every level but the id.
    for (let i = 0; i < 131; i++) {
      const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}${i % 13 === 0 ? "" : ` ${i % 4}`}`;
      const fields = { title, person: PEOPLE[i % PEOPLE.length], year: YEARS[i % YEARS.length], type: TYPES[(i * 3) % TYPES.length] };
      await addDocument(t.db, t.media, { ...fields, membersOnly: i % 10 === 3 }, null);
    }
  });

  const QUERIES = [
    "",
    "tvarka=mazejanti",
    "rikiuoti=pavadinimas",
    "rikiuoti=pavadinimas&tvarka=mazejanti",
    "rikiuoti=asmuo",
    "rikiuoti=asmuo&tvarka=mazejanti",
    "rikiuoti=tipas",
    "rikiuoti=tipas&tvarka=mazejanti",
    "tipas=Laiškas",
    "paieska=zemes",
    "paieska=JONAS&rikiuoti=pavadinimas&tvarka=mazejanti",
    "paieska=ceslovas",
    "paieska=%25",
    "paieska=a_",
    "paieska=niekas-tokio",
  ];

  for (const [name, audience] of [
    ["a visitor", VISITORS],
    ["a member", MEMBERS],
  ] as [string, Audience][]) {
    test(`pages for ${name}: disjoint, in the Lithuanian order the JavaScript sort had, with the totals`, async () => {
      const everything = await listDocuments(t.db, audience);
      expect(everything.some((d) => d.membersOnly)).toBe(audience.members);
      for (const text of QUERIES) {
        const query = parseDocumentQuery(new URLSearchParams(text));
        const { pages, total, past } = await allPages((page) => documentsPage(t.db, audience, query, page));
        const expected = sortedAsBefore(everything, query);
        expect(
          pages.flat().map((d) => d.id),
          text,
        ).toEqual(expected.map((d) => d.id));
        expect(total, text).toBe(expected.length);
        expect(pages.slice(0, -1).every((p) => p.length === DOCUMENTS_PAGE_SIZE)).toBe(true);
        expect(new Set(pages.flat().map((d) => d.id)).size).toBe(expected.length);
        expect(past).toEqual([]);
      }
      expect(await countDocuments(t.db, audience)).toBe(everything.length);
      expect(await documentTypes(t.db, audience)).toEqual([...new Set(everything.map((d) => d.type))].sort(collator.compare));
    });
  }

  test("the Lithuanian alphabet: c before č before d, s before š, ž last; a page of the list as a visitor sees it", async () => {
    const { pages } = await allPages((page) =>
      documentsPage(t.db, VISITORS, parseDocumentQuery(new URLSearchParams("rikiuoti=pavadinimas")), page),
    );
    const firsts = [...new Set(pages.flat().map((d) => d.title.split(" ")[0]))];
    const at = (word: string) => firsts.indexOf(word);
    expect(at("Cirkuliaras")).toBeGreaterThan(-1);
    expect(at("Cirkuliaras")).toBeLessThan(at("Čikagos"));
    expect(at("Čikagos")).toBeLessThan(at("Eglė"));
    expect(at("Saulė")).toBeLessThan(at("Šeima"));
    expect(at("Šeima")).toBeLessThan(at("Vilnius"));
    expect(firsts.at(-1)).toBe("Žemės");
    const page = await documentsPage(t.db, VISITORS, parseDocumentQuery(new URLSearchParams("")), 2);
    expect(page.items).toHaveLength(DOCUMENTS_PAGE_SIZE);
    expect(page.items.some((d) => d.membersOnly)).toBe(false);
  });
});

describe("the gallery", () => {
  beforeAll(async () => {
    const { maxPosition } = await t.db
      .selectFrom("galleryItems")
      .select((eb) => eb.fn.max("position").as("maxPosition"))
      .executeTakeFirstOrThrow();
    // Placeholders (no picture), added as the editor's rows are; the order is the position, not the id.
    const rows = Array.from({ length: 57 }, (_, i) => ({
      id: 100 + i,
      title: `Nuotrauka ${i}`,
      description: "Aprašymas",
      mediaId: null,
      position: Number(maxPosition) + 57 - i,
      createdAt: new Date().toISOString(),
      membersOnly: i % 5 === 0 ? 1 : 0,
    }));
    await t.db.insertInto("galleryItems").values(rows).execute();
  });

  for (const [name, audience] of [
    ["a visitor", VISITORS],
    ["a member", MEMBERS],
  ] as [string, Audience][]) {
    test(`pages for ${name}: disjoint, in display order, with the total`, async () => {
      const everything = await listGalleryItems(t.db, audience);
      const { pages, total, past } = await allPages((page) => galleryPage(t.db, audience, page));
      expect(pages.flat().map((i) => i.id)).toEqual(everything.map((i) => i.id));
      expect(total).toBe(everything.length);
      expect(pages[0]).toHaveLength(GALLERY_PAGE_SIZE);
      expect(pages.flat().some((i) => i.membersOnly)).toBe(audience.members);
      expect(past).toEqual([]);
      expect(await countGalleryItems(t.db, audience, { withImage: true })).toBe(everything.filter((i) => i.image).length);
    });
  }

  test("the home page's newest photos and the history's first ones come from the database, not the whole list", async () => {
    const everything = (await listGalleryItems(t.db, VISITORS)).filter((i) => i.image);
    expect((await galleryPhotos(t.db, VISITORS, { limit: 3 })).map((i) => i.id)).toEqual(everything.slice(0, 3).map((i) => i.id));
    expect((await galleryPhotos(t.db, VISITORS, { limit: 4, newest: true })).map((i) => i.id)).toEqual(
      everything
        .map((i) => i.id)
        .sort((a, b) => b - a)
        .slice(0, 4),
    );
  });
});

describe("the guestbook", () => {
  test("approved entries only, newest first, pages that do not overlap", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();
    await t.db
      .insertInto("guestbookEntries")
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          name: `Svečias ${i}`,
          message: "Sveiki!",
          createdAt: at(i),
          status: i % 4 === 0 ? ("pending" as const) : ("approved" as const),
          clientHash: null,
        })),
      )
      .execute();
    const approved = await t.db.selectFrom("guestbookEntries").select("id").where("status", "=", "approved").execute();
    const { pages, total, past } = await allPages(async (page) => {
      const { entries, ...rest } = await listApprovedEntries(t.db, page);
      return { items: entries, ...rest };
    });
    expect(total).toBe(approved.length);
    expect(pages[0]).toHaveLength(GUESTBOOK_PAGE_SIZE);
    const all = pages.flat();
    expect(new Set(all.map((e) => e.id)).size).toBe(approved.length);
    expect(all.map((e) => e.createdAt)).toEqual(
      all
        .map((e) => e.createdAt)
        .toSorted()
        .reverse(),
    );
    expect(all.some((e) => e.name === "Svečias 0")).toBe(false);
    expect(past).toEqual([]);
  });
});

describe("people and documents", () => {
  let treeId: number;
  const ids: Record<string, number> = {};
  const person = async (
    key: string,
    givenNames: string,
    surname: string,
    { born, died, birthSurname = "" }: { born?: number; died?: number; birthSurname?: string } = {},
  ) => {
    ids[key] = await createPerson(t.db, { givenNames, surname, birthSurname, sex: "U", note: "" });
    treeId ??= (await currentTreeId(t.db))!;
    const event = (tag: string, year: number) =>
      saveEvent(t.db, treeId, ids[key], { eventId: null, tag, date: String(year), place: "", value: "" });
    if (born) await event("BIRT", born);
    if (died) await event("DEAT", died);
  };

  beforeAll(async () => {
    await person("senasis", "Šarūnas", "Senasis", { born: 1880, died: 1950 });
    await person("gyvas", "Šarūnas", "Žemaitis", { born: YEAR - 30 });
    await person("ona", "Ona", "Jonaitienė", { born: 1890, died: 1970, birthSurname: "Petraitytė" });
    await person("vardinis1", "Petras", "Dvynys", { born: 1850, died: 1900 });
    await person("vardinis2", "Petras", "Dvynys", { born: 1851, died: 1901 });
    await person("privatus", "Kazys", "Slaptas", { born: 1860, died: 1930 });
    await person("dvivardis", "Jonas Petras", "Kalnas", { born: 1870, died: 1940 });
    await setRestriction(t.db, treeId, ids.privatus, "confidential");
    // Many namesakes for the search: dead ones and living ones, interleaved by name.
    for (let i = 0; i < 140; i++) {
      await person(
        `paieska${i}`,
        `Vardenis${String(i).padStart(3, "0")}`,
        "Paieškaitis",
        i % 3 === 0 ? { born: YEAR - 20 } : { born: 1800 + i, died: 1870 + i },
      );
    }
  });

  test("a search pages through the people the viewer may find, counted after the living and the private are left out", async () => {
    const everyone = 140;
    const living = Array.from({ length: everyone }, (_, i) => i).filter((i) => i % 3 === 0).length;
    const asMember = await allPages((page) => searchPeoplePage(t.db, treeId, "paieskaitis", member, page));
    expect(asMember.total).toBe(everyone);
    expect(asMember.pages.flat()).toHaveLength(everyone);
    expect(asMember.pages[0]).toHaveLength(SEARCH_PAGE_SIZE);
    const names = asMember.pages.flat().map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(asMember.past).toEqual([]);

    const asVisitor = await allPages((page) => searchPeoplePage(t.db, treeId, "paieskaitis", visitor, page));
    expect(asVisitor.total).toBe(Math.min(everyone - living, SEARCH_RESULTS_MAX));
    const seen = asVisitor.pages.flat();
    expect(seen).toHaveLength(asVisitor.total);
    expect(seen.every((p) => !p.hidden && !p.living)).toBe(true);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect((await searchPeoplePage(t.db, treeId, "paieskaitis", visitor)).more).toBe(everyone - living > SEARCH_RESULTS_MAX);

    // The private: found by editors only.
    expect((await searchPeoplePage(t.db, treeId, "slaptas", member)).total).toBe(0);
    expect((await searchPeoplePage(t.db, treeId, "slaptas", editor)).items.map((p) => p.id)).toEqual([ids.privatus]);
    expect((await searchPeoplePage(t.db, treeId, "zemaitis", visitor)).total).toBe(0);
    expect((await searchPeoplePage(t.db, treeId, "zemaitis", member)).total).toBe(1);
  });

  /** documentPeople as it was before it read a page's names in one query: the reference for "the same result". */
  async function documentPeopleBefore(db: Database, docs: { id: number; person: string }[], viewer: Viewer): Promise<Map<number, number>> {
    const nameKeys = (p: { givenNames: string; surname: string; birthSurname: string | null }) =>
      [p.surname, p.birthSurname]
        .filter((x): x is string => Boolean(x))
        .flatMap((surname) => [`${p.givenNames} ${surname}`, `${surname} ${p.givenNames}`])
        .map((n) => searchKey(n.replace(/\s+/g, " ").trim()));
    const found = new Map<number, number>();
    if (docs.length === 0) return found;
    const links = await db
      .selectFrom("documentPeople")
      .select(["documentId as itemId", "personId"])
      .where("treeId", "=", treeId)
      .orderBy("personId")
      .execute();
    const hiddenLinked = await hiddenAmong(db, treeId, [...new Set(links.map((l) => l.personId))], viewer);
    const linked = new Set(links.map((l) => l.itemId));
    for (const link of links) if (!found.has(link.itemId) && !hiddenLinked.has(link.personId)) found.set(link.itemId, link.personId);
    const byKey = new Map<string, number | null>();
    for (const doc of docs) {
      if (linked.has(doc.id)) continue;
      const words = doc.person.trim().split(/\s+/).filter(Boolean);
      if (words.length < 2) continue;
      const key = searchKey(words.join(" "));
      if (!byKey.has(key)) {
        const forms = (text: string) => {
          const capitalised = text
            .toLocaleLowerCase("lt")
            .replace(/(^|\s|-)(\p{L})/gu, (_, before: string, letter: string) => before + letter.toLocaleUpperCase("lt"));
          return [...new Set([text, capitalised, text.toLocaleUpperCase("lt")])];
        };
        const splits = [
          { given: words.slice(0, -1).join(" "), surname: words[words.length - 1] },
          { given: words.slice(1).join(" "), surname: words[0] },
        ];
        const rows = await db
          .selectFrom("genealogyPeople")
          .select(["id", "givenNames", "surname", "birthSurname"])
          .where((eb) =>
            eb.or(
              splits.flatMap(({ given, surname }) => [
                eb.and([eb("treeId", "=", treeId), eb("surname", "in", forms(surname)), eb("givenNames", "in", forms(given))]),
                eb.and([eb("treeId", "=", treeId), eb("birthSurname", "in", forms(surname)), eb("givenNames", "in", forms(given))]),
              ]),
            ),
          )
          .limit(10)
          .execute();
        const matches = [...new Set(rows.filter((r) => nameKeys(r).includes(key)).map((r) => r.id))];
        byKey.set(key, matches.length === 1 ? matches[0] : null);
      }
      const id = byKey.get(key);
      if (id != null) found.set(doc.id, id);
    }
    const hidden = await hiddenAmong(db, treeId, [...new Set(found.values())], viewer);
    for (const [doc, p] of found) if (hidden.has(p)) found.delete(doc);
    return found;
  }

  /** The same database, counting the statements sent through it. */
  function counted(db: Database): { db: Database; statements: () => number } {
    let n = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        n++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { db: db.withPlugin(plugin), statements: () => n };
  }

  test("documentPeople: the person links of before, in a fixed number of queries however many rows", async () => {
    const fields = [
      "Šarūnas Senasis", // the person
      "senasis šarūnas", // reversed, in small letters
      "ŠARŪNAS SENASIS", // in capitals
      "Šarūnas Žemaitis", // living: for members only
      "Ona Petraitytė", // by the birth surname
      "Jonaitienė Ona",
      "Petras Dvynys", // two people of that name: neither
      "Kazys Slaptas", // private: for editors only
      "Jonas Petras Kalnas", // two given names
      "Kalnas Jonas Petras",
      "Jonas Kalnas", // not the whole name
      "Petras", // one word
      "Kazys Nežinomas",
      "Jonaičių šeima", // linked below
    ];
    const created: number[] = [];
    for (let i = 0; i < 60; i++) {
      created.push(
        await addDocument(
          t.db,
          t.media,
          { title: `Dokumentas ${i}`, person: fields[i % fields.length], year: "1900", type: "Kita", membersOnly: false },
          null,
        ),
      );
    }
    const linkedTo = (i: number) => created.filter((_, j) => j % fields.length === i);
    // Linked to a living and (after, in id order) a dead person: a visitor is pointed at the dead one.
    await setPersonLinks(t.db, treeId, ids.gyvas, [], [created[12]]);
    await setPersonLinks(t.db, treeId, ids.ona, [], [...linkedTo(13), created[12]]);

    const docs = await t.db.selectFrom("documents").select(["id", "person"]).orderBy("id").execute();
    for (const viewer of [visitor, member, editor]) {
      const now = await documentPeople(t.db, treeId, docs, viewer);
      expect(now).toEqual(await documentPeopleBefore(t.db, docs, viewer));
      expect(now.get(created[0])).toBe(ids.senasis);
      expect(now.get(created[3])).toBe(viewer.members ? ids.gyvas : undefined);
      expect(now.get(created[4])).toBe(ids.ona);
      expect(now.get(created[6])).toBeUndefined();
      expect(now.get(created[7])).toBe(viewer.seesPrivate ? ids.privatus : undefined);
      expect(now.get(created[9])).toBe(ids.dvivardis);
      expect(now.get(created[13])).toBe(ids.ona);
      expect(now.get(created[12])).toBe(viewer.members ? ids.gyvas : ids.ona);
    }
    // A field written without the diacritics the name has is not found by the lookup (as typed,
    // capitalised, in capitals), whatever else the page holds. (Before, it was found when a document
    // that wrote the name with them came earlier in the whole list: the lookup was remembered by the
    // name without diacritics.)
    const plain = await addDocument(
      t.db,
      t.media,
      { title: "Be raidžių", person: "Sarunas Senasis", year: "1900", type: "Kita", membersOnly: false },
      null,
    );
    expect((await documentPeople(t.db, treeId, [{ id: plain, person: "Sarunas Senasis" }, ...docs], editor)).get(plain)).toBeUndefined();

    const few = counted(t.db);
    await documentPeople(few.db, treeId, docs.slice(-5), visitor);
    const many = counted(t.db);
    await documentPeople(many.db, treeId, docs, visitor);
    const before = counted(t.db);
    await documentPeopleBefore(before.db, docs, visitor);
    expect(many.statements()).toBeLessThanOrEqual(8);
    expect(many.statements()).toBeLessThanOrEqual(few.statements() + 2);
    expect(before.statements()).toBeGreaterThan(many.statements() + 5);

    // A person's page lists the documents linked to them and those that name them, as it did when it read the whole list.
    const visible = (await listDocuments(t.db, VISITORS)).filter((d) => d.id !== plain);
    const pointedBefore = await documentPeopleBefore(t.db, visible, visitor);
    for (const key of ["senasis", "ona", "dvivardis", "gyvas"]) {
      const links = await t.db.selectFrom("documentPeople").select("documentId as itemId").where("personId", "=", ids[key]).execute();
      const expected = visible.filter((d) => pointedBefore.get(d.id) === ids[key] || links.some((l) => l.itemId === d.id));
      const shown = (await personDetail(t.db, treeId, ids[key], visitor))?.documents.map((d) => d.id);
      expect(shown, key).toEqual(key === "gyvas" ? [] : expected.map((d) => d.id));
    }
    expect((await personDetail(t.db, treeId, ids.senasis, visitor))?.documents.map((d) => d.person)).toEqual(
      expect.arrayContaining(["Šarūnas Senasis", "senasis šarūnas", "ŠARŪNAS SENASIS"]),
    );
  });
});
