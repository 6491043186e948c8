import { collationKey } from "./collation-key.ts";
import { documentYearOrder } from "./document-year.ts";
import { searchKey } from "./lithuanian.ts";

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

export const DOCUMENT_FIELD_MAX = { title: 200, person: 200, year: 20, type: 60 } as const;

/** The editor's labels of the four fields (the public list's column headers say the same). */
export const DOCUMENT_FIELD_LABELS = { title: "Pavadinimas", person: "Asmuo", year: "Metai", type: "Tipas" } as const;

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
