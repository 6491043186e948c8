import { expect, test } from "vitest";
import { pageNumbers } from "#app/components/pager.tsx";
import { siteT } from "#app/i18n/site.ts";
import { assertPageExists, BAD_PAGE_MESSAGE, pageCount, pageHref, pageTitle, parsePageNumber, requestedPage } from "./paging.ts";

const asked = (query: string) => parsePageNumber(new URLSearchParams(query));

test("a page number is a positive whole number; none given is the first page", () => {
  expect(asked("")).toBe(1);
  expect(asked("puslapis=7")).toBe(7);
  for (const bad of ["0", "-1", "1.5", "1e18", "abc", "", "99999999999", "%c0"]) expect(asked(`puslapis=${bad}`), bad).toBeNull();
});

test("a bad number is the 400 every list gives; a page past the end, 404; page 1 of an empty list exists", () => {
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return null;
  };
  const bad = thrown(() => requestedPage(new Request("http://x/dokumentai?puslapis=x")));
  // (What a loader throws: react-router's data(), which the root's error boundary shows.)
  expect(siteT("lt")(BAD_PAGE_MESSAGE)).toBe("Netinkamas puslapio numeris");
  expect(bad).toMatchObject({ data: BAD_PAGE_MESSAGE, init: { status: 400 } });
  const past = thrown(() => assertPageExists({ page: 3, pages: 2 }));
  expect(past).toMatchObject({ init: { status: 404 } });
  expect(thrown(() => assertPageExists({ page: 1, pages: pageCount(0, 25) }))).toBeNull();
});

test("another page's address keeps the list's other parameters; page 1 has no number", () => {
  expect(pageHref("/dokumentai", "?rikiuoti=asmuo&puslapis=3", 4)).toBe("/dokumentai?rikiuoti=asmuo&puslapis=4");
  expect(pageHref("/dokumentai", "?puslapis=3&rikiuoti=asmuo", 1)).toBe("/dokumentai?rikiuoti=asmuo");
  expect(pageHref("/galerija", "", 1)).toBe("/galerija");
  expect(pageTitle(siteT("lt"), "Galerija", 1)).toBe("Galerija");
  expect(pageTitle(siteT("lt"), "Galerija", 2)).toBe("Galerija – 2 puslapis");
  expect(pageTitle(siteT("en"), "Gallery", 2)).toBe("Gallery – page 2");
});

test("the pager shows the first, the last and the current page's neighbours", () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  expect(pageNumbers(6, 20)).toEqual([1, null, 5, 6, 7, null, 20]);
  expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageNumbers(20, 20)).toEqual([1, null, 19, 20]);
});
