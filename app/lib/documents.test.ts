import { expect, test } from "vitest";
import { documentKeys, documentQueryString, parseDocumentQuery, personNameKey } from "./documents.ts";

// How the list sorts, filters and searches is the database's work now
// (app/.server/documents/documents.ts documentsPage): tests/integration/lists.test.ts.
const q = (s: string) => parseDocumentQuery(new URLSearchParams(s));

test("the query round-trips through the URL, defaults left out, unknown values ignored", () => {
  expect(documentQueryString(q("rikiuoti=metai"))).toBe("");
  expect(documentQueryString(q("rikiuoti=tipas&tvarka=mazejanti&tipas=Laiškas&paieska=zemes"))).toBe(
    "?rikiuoti=tipas&tvarka=mazejanti&tipas=Lai%C5%A1kas&paieska=zemes",
  );
  expect(q("rikiuoti=kazkas&tvarka=bet-kas")).toEqual({ sort: "metai", descending: false, type: "", search: "" });
});

test("a document's keys: the year as a number in the list's order, the fields searchable without diacritics", () => {
  const year = (text: string) => documentKeys({ title: "", person: "", year: text, type: "" }).sortYear;
  const years = ["1921", "po 1920", "1920–1925", "1920", "apie 1920", "prieš 1920", "XIX a."];
  expect([...years].sort((a, b) => year(a) - year(b))).toEqual([
    "prieš 1920",
    "apie 1920",
    "1920",
    "1920–1925",
    "po 1920",
    "1921",
    "XIX a.",
  ]);
  expect(Number.isSafeInteger(year("XIX a.")) && year("XIX a.") <= 2_147_483_647).toBe(true);
  const keys = documentKeys({ title: "Žemės aktas", person: "  Jonas   JONAITIS ", year: "1925", type: "Kita" });
  expect(keys.searchText).toBe("zemes aktas\n  jonas   jonaitis \n1925\nkita");
  expect(keys.personKey).toBe("jonas jonaitis");
  expect(personNameKey("Šarūnas\tSenasis")).toBe("sarunas senasis");
});
