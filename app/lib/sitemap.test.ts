import { expect, test } from "vitest";
import { sitemapDocument } from "./sitemap.ts";

const paths = ["/", "/istorija", "/asmuo/7", "/asmuo/9", "/asmuo/12"];
const at = (i: number) => paths[i];
const locs = (xml: string | null) => [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

test("up to the limit, one list of addresses", () => {
  const xml = sitemapDocument("https://seima.lt", paths.length, at, null, 5);
  expect(xml).toContain("<urlset");
  expect(locs(xml)).toEqual(paths.map((p) => `https://seima.lt${p}`));
  expect(sitemapDocument("https://seima.lt", paths.length, at, 1, 5)).toBeNull();
});

test("past the limit, an index of parts, each within the limit, together every address once", () => {
  const index = sitemapDocument("https://seima.lt", paths.length, at, null, 2);
  expect(index).toContain("<sitemapindex");
  expect(locs(index)).toEqual(["https://seima.lt/sitemap/1.xml", "https://seima.lt/sitemap/2.xml", "https://seima.lt/sitemap/3.xml"]);
  const parts = [1, 2, 3].map((n) => locs(sitemapDocument("https://seima.lt", paths.length, at, n, 2)));
  expect(parts.map((p) => p.length)).toEqual([2, 2, 1]);
  expect(parts.flat()).toEqual(paths.map((p) => `https://seima.lt${p}`));
  expect(sitemapDocument("https://seima.lt", paths.length, at, 4, 2)).toBeNull();
});

test("addresses are escaped for XML", () => {
  expect(locs(sitemapDocument("https://a.lt", 1, () => "/x?a=1&b=2", null))).toEqual(["https://a.lt/x?a=1&#38;b=2"]);
});
