import { expect, test } from "vitest";
import { sitemapDocument } from "./sitemap.ts";

const paths = ["/", "/istorija", "/asmuo/7", "/asmuo/9", "/asmuo/12"];
const at = (i: number) => paths[i];
const locs = (xml: string | null) => [...(xml ?? "").matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
/** Every page in both languages, Lithuanian first. */
const both = (list: string[]) => list.flatMap((p) => [`https://seima.lt${p}`, `https://seima.lt${p === "/" ? "/en" : `/en${p}`}`]);

test("up to the limit, one list of addresses, each page in both languages", () => {
  const xml = sitemapDocument("https://seima.lt", paths.length, at, null, 10);
  expect(xml).toContain("<urlset");
  expect(locs(xml)).toEqual(both(paths));
  expect(sitemapDocument("https://seima.lt", paths.length, at, 1, 10)).toBeNull();
});

test("each address names its page in every language as an alternate", () => {
  const xml = sitemapDocument("https://seima.lt", 1, () => "/medis", null) ?? "";
  const entries = xml.match(/<url>.*?<\/url>/g) ?? [];
  expect(entries).toHaveLength(2);
  for (const entry of entries) {
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="lt" href="https://seima.lt/medis"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://seima.lt/en/medis"/>');
  }
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
});

test("past the limit, an index of parts, each within the limit, together every address once", () => {
  const index = sitemapDocument("https://seima.lt", paths.length, at, null, 4);
  expect(index).toContain("<sitemapindex");
  expect(locs(index)).toEqual(["https://seima.lt/sitemap/1.xml", "https://seima.lt/sitemap/2.xml", "https://seima.lt/sitemap/3.xml"]);
  const parts = [1, 2, 3].map((n) => locs(sitemapDocument("https://seima.lt", paths.length, at, n, 4)));
  expect(parts.map((p) => p.length)).toEqual([4, 4, 2]);
  expect(parts.flat()).toEqual(both(paths));
  expect(sitemapDocument("https://seima.lt", paths.length, at, 4, 4)).toBeNull();
});

test("addresses are escaped for XML", () => {
  expect(locs(sitemapDocument("https://a.lt", 1, () => "/x?a=1&b=2", null))).toEqual([
    "https://a.lt/x?a=1&#38;b=2",
    "https://a.lt/en/x?a=1&#38;b=2",
  ]);
});
