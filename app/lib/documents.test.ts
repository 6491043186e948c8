import { expect, test } from "vitest";
import { applyDocumentQuery, documentQueryString, parseDocumentQuery, type DocumentRow } from "./documents.ts";

const docs: DocumentRow[] = [
  { id: 1, title: "Žemės aktas", person: "Jonas", year: "1925", type: "Žemės dokumentas" },
  { id: 2, title: "Laiškas iš Čikagos", person: "Petras", year: "1920–1925", type: "Laiškas" },
  { id: 3, title: "Atestatas", person: "Marija", year: "apie 1920", type: "Kita" },
  { id: 4, title: "Čekis", person: "Česlovas", year: "1918", type: "Kita" },
  { id: 5, title: "Cirkuliaras", person: "Zigmas", year: "po 1930", type: "Kita" },
];
const q = (s: string) => parseDocumentQuery(new URLSearchParams(s));
const titles = (rows: DocumentRow[]) => rows.map((r) => r.title);

test("by default the list is sorted by year, first year first", () => {
  expect(titles(applyDocumentQuery(docs, q("")))).toEqual(["Čekis", "Atestatas", "Laiškas iš Čikagos", "Žemės aktas", "Cirkuliaras"]);
});

test("text columns sort in the Lithuanian alphabet, either way", () => {
  expect(titles(applyDocumentQuery(docs, q("rikiuoti=pavadinimas")))).toEqual([
    "Atestatas",
    "Cirkuliaras",
    "Čekis",
    "Laiškas iš Čikagos",
    "Žemės aktas",
  ]);
  expect(titles(applyDocumentQuery(docs, q("rikiuoti=pavadinimas&tvarka=mazejanti")))[0]).toBe("Žemės aktas");
});

test("search ignores case and diacritics; type filters exactly", () => {
  expect(titles(applyDocumentQuery(docs, q("paieska=zemes")))).toEqual(["Žemės aktas"]);
  expect(titles(applyDocumentQuery(docs, q("paieska=CIKAGOS")))).toEqual(["Laiškas iš Čikagos"]);
  expect(titles(applyDocumentQuery(docs, q("paieska=ceslovas")))).toEqual(["Čekis"]);
  expect(titles(applyDocumentQuery(docs, q("tipas=Kita&rikiuoti=asmuo")))).toEqual(["Čekis", "Atestatas", "Cirkuliaras"]);
});

test("the query round-trips through the URL, defaults left out, unknown values ignored", () => {
  expect(documentQueryString(q("rikiuoti=metai"))).toBe("");
  expect(documentQueryString(q("rikiuoti=tipas&tvarka=mazejanti&tipas=Laiškas&paieska=zemes"))).toBe(
    "?rikiuoti=tipas&tvarka=mazejanti&tipas=Lai%C5%A1kas&paieska=zemes",
  );
  expect(q("rikiuoti=kazkas&tvarka=bet-kas")).toEqual({ sort: "metai", descending: false, type: "", search: "" });
});
