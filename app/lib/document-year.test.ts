import { describe, expect, test } from "vitest";
import {
  documentYearSortKey,
  formatDocumentYear,
  parseDocumentYear,
  shownDocumentYear,
  YEAR_FORMS,
  YEAR_FORMS_MESSAGE,
} from "./document-year.ts";
import { siteT } from "#app/i18n/site.ts";

describe("document years", () => {
  test.each([
    ["1918", "1918"],
    [" 1918 ", "1918"],
    ["1920–1925", "1920–1925"],
    ["1920-1925", "1920–1925"],
    ["1920 - 1925", "1920–1925"],
    ["apie 1900", "apie 1900"],
    ["Apie  1900", "apie 1900"],
    ["prieš 1900", "prieš 1900"],
    ["pries 1900", "prieš 1900"],
    ["po 1900", "po 1900"],
    ["998", "998"],
    // An English page's editor types the English words: kept in the one Lithuanian form.
    ["about 1900", "apie 1900"],
    ["Before  1900", "prieš 1900"],
    ["after 1900", "po 1900"],
  ])("'%s' is accepted and written as '%s'", (typed, shown) => {
    const year = parseDocumentYear(typed);
    expect(year).not.toBeNull();
    expect(formatDocumentYear(year!)).toBe(shown);
  });

  test.each(["", "XX a.", "1920–1910", "1920–1920", "19", "12345", "apie", "1920 m.", "apie 1920–1925", "maždaug 1900", "1920/21"])(
    "'%s' is refused",
    (typed) => {
      expect(parseDocumentYear(typed)).toBeNull();
    },
  );

  test("years sort by their first year, qualified years sensibly around it", () => {
    const typed = ["1921", "po 1920", "1920–1925", "1918", "apie 1920", "prieš 1920", "1920", "1920–1922", "kažkada"];
    expect([...typed].sort((a, b) => documentYearSortKey(a) - documentYearSortKey(b))).toEqual([
      "1918",
      "prieš 1920",
      "apie 1920",
      "1920",
      "1920–1922",
      "1920–1925",
      "po 1920",
      "1921",
      "kažkada",
    ]);
  });
});

test("a document's year on an English page", () => {
  expect(shownDocumentYear("apie 1900", "en")).toBe("about 1900");
  expect(shownDocumentYear("prieš 1900", "en")).toBe("before 1900");
  expect(shownDocumentYear("po 1900", "en")).toBe("after 1900");
  expect(shownDocumentYear("1920-1925", "en")).toBe("1920–1925");
  expect(shownDocumentYear("apie 1900", "lt")).toBe("apie 1900");
  expect(shownDocumentYear("kažkada", "en")).toBe("kažkada");
});

test("a year in none of the forms is refused with the forms named, in each language", () => {
  expect(YEAR_FORMS_MESSAGE).toBe("Metai turi būti, pavyzdžiui, „1918“, „1920–1925“, „apie 1900“, „prieš 1900“ arba „po 1900“.");
  expect(siteT("lt")(YEAR_FORMS)).toBe(YEAR_FORMS_MESSAGE);
  expect(siteT("en")(YEAR_FORMS)).toBe("Write the year like “1918”, “1920–1925”, “about 1900”, “before 1900” or “after 1900”.");
  // Every form the English message names is one the field takes.
  for (const typed of ["1918", "1920–1925", "about 1900", "before 1900", "after 1900"]) expect(parseDocumentYear(typed)).not.toBeNull();
});
