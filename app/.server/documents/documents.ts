import { sql } from "kysely";
import { formatDocumentYear, parseDocumentYear, YEAR_FORMS } from "#app/lib/document-year.ts";
import { z } from "zod";
import {
  DOCUMENT_FIELD_MAX,
  DOCUMENT_FIELD_MESSAGES,
  documentKeys,
  SEARCH_FIELD_SEPARATOR,
  type DocumentQuery,
  type SortColumn,
} from "#app/lib/documents.ts";
import { collator, searchKey } from "#app/lib/lithuanian.ts";
import type { ScanRef } from "#app/lib/media.ts";
import { pageCount, pageOffset, type Page } from "#app/lib/paging.ts";
import { retryOnConflict } from "#app/.server/platform/db/writes.ts";
import { checkbox, textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import type { Database, MediaTable } from "#app/.server/platform/db/schema.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { record, scope, type Actor, type ChangeSubject, type Scope } from "#app/.server/changes/changes.ts";
import { type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { insertMedia, placeItemMedia, placeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";

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

const documentText = (field: keyof typeof DOCUMENT_FIELD_MAX) =>
  textField(DOCUMENT_FIELD_MESSAGES[field], { max: DOCUMENT_FIELD_MAX[field] });

/**
 * The editor's form (/admin/dokumentai, the intents "add" and "update"): all
 * four fields are required (the spec's disabled add button, repeated here),
 * and the year must be a year a reader understands, written one way; an
 * edited document's scan may be removed. The messages are said in the
 * language of the request.
 */
export const DOCUMENT_FORM = z.object({
  title: documentText("title"),
  person: documentText("person"),
  year: documentText("year")
    .check((ctx) => {
      if (ctx.value !== "" && ctx.value.length <= DOCUMENT_FIELD_MAX.year && !parseDocumentYear(ctx.value))
        ctx.issues.push({ code: "custom", message: requestT()(YEAR_FORMS), input: ctx.value });
    })
    .transform((typed) => {
      const year = parseDocumentYear(typed);
      return year ? formatDocumentYear(year) : typed;
    }),
  type: documentText("type"),
  membersOnly: checkbox(),
  removeScan: checkbox(),
}) satisfies z.ZodType<DocumentFields & { removeScan: boolean }>;

/** The row's columns for the fields, with the keys made from them. */
function columns({ membersOnly, ...fields }: DocumentFields) {
  return { ...fields, membersOnly: membersOnly ? 1 : 0, ...documentKeys(fields) };
}

// The change history (issue 17, decision 022): every add, edit and removal
// is recorded with the document's row and who it is linked to in the tree.
// A scan's media row and files are not part of a change: the editor never
// deletes them (a replaced or removed scan is kept out of sight), so that an
// undo finds them.

/** A document's rows, for the change history. */
export function documentScopes(id: number): Scope[] {
  return [
    scope("documents", (q) => q.where("id", "=", id)),
    scope("documentPeople", (q) => q.where("documentId", "=", id)),
    scope("photoDocuments", (q) => q.where("documentId", "=", id)),
  ];
}

/** Adds a document (id: the highest plus one), with its scan if one was prepared; recorded under `by`. */
export async function addDocument(
  db: Database,
  store: MediaStore,
  fields: DocumentFields,
  scan: PreparedMedia | null,
  by: Actor | null = null,
): Promise<number> {
  try {
    // For the family only: the scan's files go to members/ before any row names them.
    if (scan && fields.membersOnly) await placeMediaFiles(store, scan.record.id, true);
    const recorded = (write: (tx: Database) => Promise<number>) =>
      record(
        db,
        {
          actor: by,
          subject: (id: number) => ({
            kind: "document",
            id,
            summary: { id: "changes.summary.document.added", values: { title: fields.title } },
          }),
          scopes: [],
          created: (id: number) => documentScopes(id),
        },
        write,
      ).then((r) => r.result);
    return await retryOnConflict(() =>
      recorded(async (tx) => {
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
 * Saves a document's fields, and replaces or removes its scan; recorded under
 * `by`. The old scan is kept (its row and files, out of sight once the new
 * state is stored) for the change history's undo. False if there is no such
 * document.
 */
export async function updateDocument(
  db: Database,
  store: MediaStore,
  id: number,
  fields: DocumentFields,
  scan: { replace: PreparedMedia } | { remove: true } | null,
  by: Actor | null = null,
): Promise<boolean> {
  let found: boolean;
  // What hides goes first (see placeMediaFiles): the files before the row when hiding, after it when showing.
  const before = await db.selectFrom("documents").select(["scanMediaId", "membersOnly"]).where("id", "=", id).executeTakeFirst();
  try {
    if (scan && "replace" in scan && fields.membersOnly) await placeMediaFiles(store, scan.replace.record.id, true);
    if (before?.scanMediaId && fields.membersOnly && before.membersOnly === 0) await placeMediaFiles(store, before.scanMediaId, true);
    const subject: ChangeSubject = {
      kind: "document",
      id,
      summary: { id: "changes.summary.document.changed", values: { title: fields.title } },
    };
    ({ result: found } = await record(db, { actor: by, subject, scopes: documentScopes(id) }, async (tx) => {
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
      return true;
    }));
    if (!found && scan && "replace" in scan) await scan.replace.discard();
  } catch (error) {
    if (scan && "replace" in scan) await scan.replace.discard();
    // The old scan back where the rows say (hidden above, the write failed).
    if (before?.scanMediaId) await placeItemMedia(db, store, [before.scanMediaId]);
    throw error;
  }
  // The old scan where the rows now say: shown again, or (replaced, removed) kept out of sight.
  if (found && before?.scanMediaId) await placeItemMedia(db, store, [before.scanMediaId]);
  return found;
}

/**
 * Removes a document; false if there is no such document. Its scan is kept
 * (the row and the files, out of a visitor's sight) so that undoing the
 * removal in the change history brings the document back whole (decision 022).
 */
export async function removeDocument(db: Database, store: MediaStore, id: number, by: Actor | null = null): Promise<boolean> {
  const doc = await db.selectFrom("documents").select(["scanMediaId", "title"]).where("id", "=", id).executeTakeFirst();
  if (!doc) return false;
  // What hides goes first: the files, then the rows.
  if (doc.scanMediaId) await placeMediaFiles(store, doc.scanMediaId, true);
  try {
    const subject: ChangeSubject = {
      kind: "document",
      id,
      summary: { id: "changes.summary.document.removed", values: { title: doc.title } },
    };
    const { result } = await record(db, { actor: by, subject, scopes: documentScopes(id) }, async (tx) => {
      // Its people in document_people go with it (a cascading foreign key); the change keeps them for an undo.
      const removed = await tx.deleteFrom("documents").where("id", "=", id).executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    });
    return result;
  } finally {
    // Where the rows now say (kept out of sight, or shown again when the write failed).
    await placeItemMedia(db, store, [doc.scanMediaId]);
  }
}
