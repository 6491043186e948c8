import { documentYearSortKey } from "./document-year.ts";
import { collator, searchKey } from "./lithuanian.ts";

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

export interface DocumentRow {
  id: number;
  title: string;
  person: string;
  year: string;
  type: string;
}

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

/** The list as the query asks: filtered by type and text, sorted in Lithuanian order. */
export function applyDocumentQuery<T extends DocumentRow>(documents: T[], query: DocumentQuery): T[] {
  const needle = searchKey(query.search);
  const field = SORT_COLUMNS[query.sort];
  const compare =
    field === "year"
      ? (a: T, b: T) => documentYearSortKey(a.year) - documentYearSortKey(b.year) || collator.compare(a.title, b.title)
      : (a: T, b: T) => collator.compare(a[field], b[field]) || a.id - b.id;
  const sorted = documents
    .filter((doc) => !query.type || doc.type === query.type)
    .filter((doc) => !needle || [doc.title, doc.person, doc.year, doc.type].some((text) => searchKey(text).includes(needle)))
    .sort(compare);
  return query.descending ? sorted.reverse() : sorted;
}
