import { collationKey } from "./collation-key.ts";
import { documentYearOrder } from "./document-year.ts";
import { searchKey } from "./lithuanian.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { T } from "#app/i18n/intl.ts";
import { lt as GALLERY_WORDS } from "#app/i18n/catalogs/gallery.ts";

// The documents list as a visitor narrows it: sorted by a column, filtered by
// type, searched by text. All of it lives in the URL (?rikiuoti=metai&tvarka=mazejanti
// &tipas=Laiškas&paieska=zemes), so it works as plain links and a GET form, and a
// view can be shared.

export const DOCUMENT_TYPES = [
  "Gimimo liudijimas",
  "Santuokos liudijimas",
  "Mirties liudijimas",
  "Laiškas",
  "Žemės dokumentas",
  "Nuotrauka",
  "Kita",
];

/** The types the editor chooses from, in English on an English page (a type typed otherwise is shown as typed). */
const DOCUMENT_TYPE_WORDS: Record<string, MessageId> = {
  "Gimimo liudijimas": "gallery.documents.type.birth",
  "Santuokos liudijimas": "gallery.documents.type.marriage",
  "Mirties liudijimas": "gallery.documents.type.death",
  Laiškas: "gallery.documents.type.letter",
  "Žemės dokumentas": "gallery.documents.type.land",
  Nuotrauka: "gallery.documents.type.photo",
  Kita: "gallery.documents.type.other",
};

/** A document's type as the page says it. */
export function documentTypeName(t: T, type: string): string {
  const id = DOCUMENT_TYPE_WORDS[type];
  return id ? t(id) : type;
}

export const DOCUMENT_FIELD_MAX = { title: 200, person: 200, year: 20, type: 60 } as const;

/** The names of the four fields, as messages: the public list's column headers, the editor's labels, the form's errors. */
export const DOCUMENT_FIELD_MESSAGES = {
  title: "gallery.documents.column.title",
  person: "gallery.documents.column.person",
  year: "gallery.documents.column.year",
  type: "gallery.documents.column.type",
} as const satisfies Record<keyof typeof DOCUMENT_FIELD_MAX, MessageId>;

/** The fields' names in Lithuanian (the catalog's): for what does not say DOCUMENT_FIELD_MESSAGES yet. */
export const DOCUMENT_FIELD_LABELS = {
  title: GALLERY_WORDS[DOCUMENT_FIELD_MESSAGES.title],
  person: GALLERY_WORDS[DOCUMENT_FIELD_MESSAGES.person],
  year: GALLERY_WORDS[DOCUMENT_FIELD_MESSAGES.year],
  type: GALLERY_WORDS[DOCUMENT_FIELD_MESSAGES.type],
};

export const SORT_COLUMNS = { pavadinimas: "title", asmuo: "person", metai: "year", tipas: "type" } as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

export interface DocumentQuery {
  sort: SortColumn;
  descending: boolean;
  type: string;
  search: string;
}

export const DEFAULT_QUERY: DocumentQuery = { sort: "metai", descending: false, type: "", search: "" };

export function parseDocumentQuery(params: URLSearchParams): DocumentQuery {
  const sort = params.get("rikiuoti") ?? "";
  return {
    sort: sort in SORT_COLUMNS ? (sort as SortColumn) : DEFAULT_QUERY.sort,
    descending: params.get("tvarka") === "mazejanti",
    type: (params.get("tipas") ?? "").trim(),
    search: (params.get("paieska") ?? "").trim().slice(0, 100),
  };
}

/** The URL's query string for a view of the list (defaults left out). */
export function documentQueryString(query: DocumentQuery): string {
  const params = new URLSearchParams();
  if (query.sort !== DEFAULT_QUERY.sort) params.set("rikiuoti", query.sort);
  if (query.descending) params.set("tvarka", "mazejanti");
  if (query.type) params.set("tipas", query.type);
  if (query.search) params.set("paieska", query.search);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The form of a person field that is compared with people's names: case, diacritics and extra spaces aside. */
export function personNameKey(person: string): string {
  return searchKey(person.trim().split(/\s+/).filter(Boolean).join(" "));
}

/** What the search looks in, each field as searchKey has it; one field never runs into the next. */
export const SEARCH_FIELD_SEPARATOR = "\n";

/**
 * The columns a document is sorted and searched by, made from its fields
 * whenever they are stored, so that the database sorts, filters and pages the
 * list: the text columns in the Lithuanian alphabet (collationKey), the year
 * by its first year (documentYearOrder).
 */
export function documentKeys(doc: { title: string; person: string; year: string; type: string }) {
  return {
    sortTitle: collationKey(doc.title),
    sortPerson: collationKey(doc.person),
    sortType: collationKey(doc.type),
    sortYear: documentYearOrder(doc.year),
    searchText: [doc.title, doc.person, doc.year, doc.type].map(searchKey).join(SEARCH_FIELD_SEPARATOR),
    personKey: personNameKey(doc.person),
  };
}
