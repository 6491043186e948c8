import { sql } from "kysely";
import { formatDocumentYear, parseDocumentYear, YEAR_FORMS_MESSAGE } from "../lib/document-year.ts";
import { DOCUMENT_FIELD_MAX, documentKeys, SEARCH_FIELD_SEPARATOR, type DocumentQuery, type SortColumn } from "../lib/documents.ts";
import { collator, searchKey } from "../lib/lithuanian.ts";
import type { ScanRef } from "../lib/media.ts";
import { pageCount, pageOffset, type Page } from "../lib/paging.ts";
import { retryOnConflict, type Database, type MediaTable } from "./db.ts";
import type { Audience } from "./audience.ts";
import { deleteMediaRow, insertMedia, placeMediaFiles, removeMediaFiles, type MediaStore, type PreparedMedia } from "./media.ts";

export interface FamilyDocument {
  id: number;
  title: string;
  person: string;
  /** Text, as the spec says, in one of the forms lib/document-year.ts accepts. */
  year: string;
  type: string;
  scan: ScanRef | null;
  /** For the family only ("tik giminei"): members and above see it, visitors never. */
  membersOnly: boolean;
}

export type DocumentFields = Pick<FamilyDocument, "title" | "person" | "year" | "type" | "membersOnly">;

/**
 * How many documents a page of the public list shows: a screenful or two on
 * a phone (where each row is a card), and a page that costs about what the
 * five seeded documents cost (bench/lists.ts).
 */
export const DOCUMENTS_PAGE_SIZE = 25;

function baseQuery(db: Database) {
  return db
    .selectFrom("documents")
    .leftJoin("media", "media.id", "documents.scanMediaId")
    .select([
      "documents.id",
      "documents.title",
      "documents.person",
      "documents.year",
      "documents.type",
      "documents.membersOnly",
      "media.id as scanId",
      "media.kind as scanKind",
    ]);
}

export function toDocument({
  scanId,
  scanKind,
  membersOnly,
  ...doc
}: { scanId: string | null; scanKind: MediaTable["kind"] | null; membersOnly: number } & Omit<DocumentFields, "membersOnly"> & {
    id: number;
  }): FamilyDocument {
  // A scan is a picture or a PDF (prepareScan makes nothing else).
  return {
    ...doc,
    membersOnly: membersOnly === 1,
    scan: scanId && (scanKind === "image" || scanKind === "pdf") ? { id: scanId, kind: scanKind } : null,
  };
}

/** The documents the audience may see, as a query to narrow further (rows for toDocument). */
export function visibleDocuments(db: Database, audience: Audience) {
  return baseQuery(db).$if(!audience.members, (q) => q.where("documents.membersOnly", "=", 0));
}

/** Every document the audience may see, in the order they were added (the editor's list; a visitor's comes a page at a time). */
export async function listDocuments(db: Database, audience: Audience): Promise<FamilyDocument[]> {
  return (await visibleDocuments(db, audience).orderBy("documents.id").execute()).map(toDocument);
}

// Each column's order, as Intl.Collator('lt') would sort the fields (the keys
// are made so), ties by the order of adding; a year's ties by title. The
// other way round is the whole order reversed.
const ORDER = {
  pavadinimas: ["documents.sortTitle", "documents.id"],
  asmuo: ["documents.sortPerson", "documents.id"],
  metai: ["documents.sortYear", "documents.sortTitle", "documents.id"],
  tipas: ["documents.sortType", "documents.id"],
} as const satisfies Record<SortColumn, readonly string[]>;

/** The documents the audience may see that the query's type and text select (text: any field, case and diacritics aside). */
function selected(db: Database, audience: Audience, query: DocumentQuery) {
  const needle = searchKey(query.search);
  return visibleDocuments(db, audience)
    .$if(query.type !== "", (q) => q.where("documents.type", "=", query.type))
    .$if(needle !== "", (q) =>
      // A text that runs from one field into the next is found in none.
      needle.includes(SEARCH_FIELD_SEPARATOR)
        ? q.where(sql<boolean>`1 = 0`)
        : q.where(sql<boolean>`${sql.ref("documents.searchText")} like ${`%${needle.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`),
    );
}

/**
 * One page of the list as the query asks (filtered, sorted in the
 * Lithuanian alphabet), and how many documents the query finds: both
 * computed by the database, for what the audience may see.
 */
export async function documentsPage(db: Database, audience: Audience, query: DocumentQuery, page: number): Promise<Page<FamilyDocument>> {
  const direction = query.descending ? "desc" : "asc";
  let rows = selected(db, audience, query);
  for (const column of ORDER[query.sort]) rows = rows.orderBy(column, direction);
  const [{ n }, found] = await Promise.all([
    selected(db, audience, query)
      .clearSelect()
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    rows.limit(DOCUMENTS_PAGE_SIZE).offset(pageOffset(page, DOCUMENTS_PAGE_SIZE)).execute(),
  ]);
  const total = Number(n);
  return { items: found.map(toDocument), total, page, pages: pageCount(total, DOCUMENTS_PAGE_SIZE) };
}

/** How many documents the audience may see. */
export async function countDocuments(db: Database, audience: Audience): Promise<number> {
  const { n } = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll().as("n"))
    .$if(!audience.members, (q) => q.where("membersOnly", "=", 0))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The types of the documents the audience may see, in the Lithuanian alphabet (for the filter). */
export async function documentTypes(db: Database, audience: Audience): Promise<string[]> {
  const rows = await db
    .selectFrom("documents")
    .select("type")
    .distinct()
    .$if(!audience.members, (q) => q.where("membersOnly", "=", 0))
    .execute();
  return rows.map((r) => r.type).sort(collator.compare);
}

export async function findDocument(db: Database, id: number): Promise<FamilyDocument | null> {
  const row = await baseQuery(db).where("documents.id", "=", id).executeTakeFirst();
  return row ? toDocument(row) : null;
}

export type DocumentFormResult = { ok: true; fields: DocumentFields } | { ok: false; message: string };

/**
 * Reads the editor's fields: all four are required (the spec's disabled add
 * button, repeated here), and the year must be a year a reader understands.
 */
export function parseDocumentFields(form: FormData): DocumentFormResult {
  const text = (name: Exclude<keyof DocumentFields, "membersOnly">) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim().slice(0, DOCUMENT_FIELD_MAX[name]) : "";
  };
  const fields = {
    title: text("title"),
    person: text("person"),
    year: text("year"),
    type: text("type"),
    membersOnly: form.get("membersOnly") === "1",
  };
  if (!fields.title || !fields.person || !fields.year || !fields.type) {
    return { ok: false, message: "Užpildykite visus laukus: pavadinimą, asmenį, metus ir tipą." };
  }
  const year = parseDocumentYear(fields.year);
  if (!year) return { ok: false, message: YEAR_FORMS_MESSAGE };
  return { ok: true, fields: { ...fields, year: formatDocumentYear(year) } };
}

/** The row's columns for the fields, with the keys made from them. */
function columns({ membersOnly, ...fields }: DocumentFields) {
  return { ...fields, membersOnly: membersOnly ? 1 : 0, ...documentKeys(fields) };
}

/** Adds a document (id: the highest plus one), with its scan if one was prepared. */
export async function addDocument(db: Database, store: MediaStore, fields: DocumentFields, scan: PreparedMedia | null): Promise<number> {
  try {
    // For the family only: the scan's files go to members/ before any row names them.
    if (scan && fields.membersOnly) await placeMediaFiles(store, scan.record.id, true);
    return await retryOnConflict(() =>
      db.transaction().execute(async (tx) => {
        if (scan) await insertMedia(tx, scan.record);
        const { maxId } = await tx
          .selectFrom("documents")
          .select((eb) => eb.fn.max("id").as("maxId"))
          .executeTakeFirstOrThrow();
        const id = Number(maxId ?? 0) + 1;
        const at = new Date().toISOString();
        await tx
          .insertInto("documents")
          .values({ id, ...columns(fields), scanMediaId: scan?.record.id ?? null, createdAt: at, updatedAt: at })
          .execute();
        return id;
      }),
    );
  } catch (error) {
    await scan?.discard();
    throw error;
  }
}

/**
 * Saves a document's fields, and replaces or removes its scan. The old scan's
 * files go only after the new state is stored. False if there is no such document.
 */
export async function updateDocument(
  db: Database,
  store: MediaStore,
  id: number,
  fields: DocumentFields,
  scan: { replace: PreparedMedia } | { remove: true } | null,
): Promise<boolean> {
  let old: { id: string; originalExtension: string } | undefined;
  try {
    // What hides goes first (see placeMediaFiles): the files before the row when hiding, after it when showing.
    const before = await db.selectFrom("documents").select(["scanMediaId", "membersOnly"]).where("id", "=", id).executeTakeFirst();
    if (scan && "replace" in scan && fields.membersOnly) await placeMediaFiles(store, scan.replace.record.id, true);
    if (before?.scanMediaId && fields.membersOnly && before.membersOnly === 0) await placeMediaFiles(store, before.scanMediaId, true);
    const found = await db.transaction().execute(async (tx) => {
      const current = await tx.selectFrom("documents").select("scanMediaId").where("id", "=", id).executeTakeFirst();
      if (!current) return false;
      let scanMediaId = current.scanMediaId;
      if (scan && "replace" in scan) {
        await insertMedia(tx, scan.replace.record);
        scanMediaId = scan.replace.record.id;
      } else if (scan && "remove" in scan) {
        scanMediaId = null;
      }
      await tx
        .updateTable("documents")
        .set({ ...columns(fields), scanMediaId, updatedAt: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (current.scanMediaId && current.scanMediaId !== scanMediaId) old = (await deleteMediaRow(tx, current.scanMediaId)) ?? undefined;
      return true;
    });
    if (!found && scan && "replace" in scan) await scan.replace.discard();
    if (found && before?.scanMediaId && !fields.membersOnly && before.membersOnly === 1)
      await placeMediaFiles(store, before.scanMediaId, false);
    if (old) await removeMediaFiles(store, old);
    return found;
  } catch (error) {
    if (scan && "replace" in scan) await scan.replace.discard();
    throw error;
  }
}

/** Removes a document and its scan; false if there is no such document. */
export async function removeDocument(db: Database, store: MediaStore, id: number): Promise<boolean> {
  const scan = await db.transaction().execute(async (tx) => {
    const doc = await tx.selectFrom("documents").select("scanMediaId").where("id", "=", id).executeTakeFirst();
    if (!doc) return undefined;
    await tx.deleteFrom("documents").where("id", "=", id).execute();
    await tx.deleteFrom("genealogyPersonLinks").where("kind", "=", "document").where("itemId", "=", id).execute();
    return doc.scanMediaId ? deleteMediaRow(tx, doc.scanMediaId) : null;
  });
  if (scan === undefined) return false;
  if (scan) await removeMediaFiles(store, scan);
  return true;
}
