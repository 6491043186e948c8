import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PAGE_PARAM } from "#app/lib/paging.ts";
import type { KeptRender } from "#app/.server/platform/context.ts";
import { CACHED_PAGE_PARENTS, CACHED_PAGES, cacheAddress, RenderCache, scriptHashes, type CacheViewer } from "./render-cache.ts";

const visitor = (originalUrl: string, headers: Record<string, string> = {}, method = "GET") =>
  cacheAddress({ method, headers, originalUrl });

describe("which requests a kept page may answer", () => {
  test("a visitor's GET or HEAD of a listed public page, its data request and its queries", () => {
    for (const url of [
      "/",
      "/istorija",
      "/medis",
      "/asmuo/12",
      "/galerija?puslapis=2",
      "/dokumentai",
      "/apie",
      "/sitemap.xml",
      "/sitemap/2",
      "/robots.txt",
    ]) {
      expect(visitor(url), url).toBe(url);
    }
    expect(visitor("/_root.data")).toBe("/_root.data");
    expect(visitor("/asmuo/12.data?_routes=routes%2Fpublic%2Fperson")).toBe("/asmuo/12.data?_routes=routes%2Fpublic%2Fperson");
    expect(visitor("/Galerija")).toBe("/Galerija");
    expect(visitor("/apie", {}, "HEAD")).toBe("/apie");
  });

  test("a session's too: its page is kept for its audience (the session is read before the key is made)", () => {
    expect(visitor("/", { cookie: "sesija=abc" })).toBe("/");
    expect(visitor("/medis", { cookie: "_ga=GA1.2.3; sesija=abc" })).toBe("/medis");
  });

  test("never a request that carries a message to show or credentials, nor one that changes something", () => {
    expect(visitor("/", { cookie: "pranesimas=x" })).toBeNull();
    expect(visitor("/", { cookie: "sesija=abc; pranesimas=x" })).toBeNull();
    expect(visitor("/medis", { cookie: "irenginys=n.s;pranesimas=x" })).toBeNull();
    expect(visitor("/", { authorization: "Basic eDp5" })).toBeNull();
    expect(visitor("/", {}, "POST")).toBeNull();
    expect(visitor("/", { cookie: "_ga=1" }, "POST")).toBeNull();
  });

  test("other cookies decide nothing: another site's, the trusted device's a logged-out browser keeps, an emptied session", () => {
    expect(visitor("/", { cookie: "_ga=GA1.2.3" })).toBe("/");
    expect(visitor("/medis", { cookie: "irenginys=abc.def" })).toBe("/medis");
    expect(visitor("/asmuo/12", { cookie: "sesija=; irenginys=abc.def; _gid=x" })).toBe("/asmuo/12");
    // Names that only contain or resemble the site's own are not theirs.
    expect(visitor("/", { cookie: "mano_sesija=abc; pranesimas2=x" })).toBe("/");
    expect(visitor("/", { cookie: "" })).toBe("/");
  });

  test("never a page not listed: the login, members' and editors' addresses, however spelt", () => {
    for (const url of [
      "/login",
      "/paskyra",
      "/admin",
      "/Admin/Galerija",
      "/%61dmin",
      "/medis/gedcom",
      "/medis/gedcom/nariams",
      "/medis/paieska?q=a",
      "/asmuo/",
      "/asmuo/1/x",
      "/nera-tokio",
      "/%E0%A4%A",
    ]) {
      expect(visitor(url), url).toBeNull();
    }
  });
});

test("a kept page's inline scripts are allowed by their SHA-256, scripts with a source by 'self'", () => {
  const html = '<script src="/assets/a.js"></script><script>a()</script><script type="module">b()</script><script>a()</script>';
  // echo -n 'a()' | openssl dgst -sha256 -binary | base64
  expect(scriptHashes(html)).toEqual([
    "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
    "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
  ]);
});

describe("a kept page's address has only the parameters its page reads", () => {
  test("another parameter makes no page of its own; a parameter twice counts once, as the route reads it", () => {
    expect(visitor("/medis?v=1&asmuo=3&utm_source=x&asmuo=4")).toBe("/medis?asmuo=3");
    expect(visitor("/?v=8000")).toBe("/");
    expect(visitor("/en?fbclid=abc")).toBe("/en");
    expect(visitor("/asmuo/12?x=1")).toBe("/asmuo/12");
    expect(visitor("/galerija?albumas=2&puslapis=3&rodinys=x")).toBe("/galerija?albumas=2&puslapis=3");
    expect(visitor("/dokumentai?tvarka=mazejanti&rikiuoti=pavadinimas")).toBe("/dokumentai?tvarka=mazejanti&rikiuoti=pavadinimas");
    // A data request keeps the routes it asks for.
    expect(visitor("/asmuo/12.data?_routes=routes%2Fpublic%2Fperson&v=2")).toBe("/asmuo/12.data?_routes=routes%2Fpublic%2Fperson");
    expect(visitor("/medis/pavardes?pavarde=Bachas%20Jonas")).toBe("/medis/pavardes?pavarde=Bachas+Jonas");
  });

  // The routes of the cached pages and the files that read their queries for them.
  const SOURCES: Record<string, string[]> = {
    "/": ["routes/public/home.tsx"],
    "/istorija": ["routes/public/history.tsx"],
    "/medis": ["routes/public/tree.tsx"],
    "/giminyste": ["routes/public/relationship.tsx"],
    "/medis/pavardes": ["routes/public/surnames.tsx"],
    "/medis/vietos": ["routes/public/places.tsx"],
    "/medis/sia-diena": ["routes/public/on-this-day.tsx"],
    "/medis/statistika": ["routes/public/tree-statistics.tsx"],
    "/galerija": ["routes/public/gallery.tsx", "lib/gallery.ts"],
    "/dokumentai": ["routes/public/documents.tsx", "lib/documents.ts"],
    "/apie": ["routes/public/about.tsx"],
    "/sveciai": ["routes/public/guestbook.tsx"],
    "/sitemap.xml": ["routes/public/sitemap.ts"],
    "/robots.txt": ["routes/public/robots.ts"],
    "/asmuo/": ["routes/public/person.tsx"],
    "/istorija/": ["routes/public/story.tsx"],
    "/galerija/": ["routes/public/photo.tsx"],
    "/sitemap/": ["routes/public/sitemap.ts"],
  };

  /** The query parameters a file reads: params.get("x"), get(CONSTANT) of a constant of the file, a page number. */
  function parametersRead(file: string): string[] {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, "../app", file), "utf8");
    const constants = Object.fromEntries([...source.matchAll(/const ([A-Z_]+) = "([^"]+)"/g)].map((m) => [m[1], m[2]]));
    const read = [
      ...[...source.matchAll(/\.get\("([^"]+)"\)/g)].map((m) => m[1]),
      ...[...source.matchAll(/\.get\(([A-Z_]+)\)/g)].map((m) => constants[m[1]] ?? m[1]),
      ...(/requestedPage\(/.test(source) ? [PAGE_PARAM] : []),
      // The relationship page's own reader: given("a").
      ...[...source.matchAll(/given\("([^"]+)"\)/g)].map((m) => m[1]),
    ];
    return [...new Set(read)].sort();
  }

  test("each cached page lists exactly what its route reads", () => {
    expect(Object.keys(SOURCES).sort()).toEqual([...Object.keys(CACHED_PAGES), ...CACHED_PAGE_PARENTS].sort());
    for (const [page, files] of Object.entries(SOURCES)) {
      const read = [...new Set(files.flatMap(parametersRead))].sort();
      // (The sitemap's part is a path parameter, not a query's.)
      const listed = [...(CACHED_PAGES[page] ?? [])].sort();
      expect(read, page).toEqual(listed);
    }
  });
});

describe("a page is kept for the audience it was rendered for, and found by that audience only", () => {
  const cache = () =>
    new RenderCache({
      maxBytes: 1_000_000,
      policy: () => "",
      securityHeaders: [],
      tag: () => Promise.resolve("t"),
      viewer: () => Promise.resolve(null),
    });
  const page = (text: string) => new Response(text, { headers: { "Content-Type": "text/html" } });
  const ona: CacheViewer = { role: "narys", personId: 7, until: Infinity };
  const jonas: CacheViewer = { role: "narys", personId: 8, until: Infinity };
  const tadas: CacheViewer = { role: "narys", personId: null, until: Infinity };
  const editor: CacheViewer = { role: "redaktorius", personId: null, until: Infinity };
  const read = (role: KeptRender["role"], more: Partial<KeptRender> = {}): KeptRender => ({ role, personal: false, ...more });
  const body = (found: { body: Buffer } | null) => found?.body.toString() ?? null;

  test("each audience its own page; a member's never a visitor's or an editor's", async () => {
    const c = cache();
    await c.take({ address: "/", viewer: null, tag: "t" }, page("lankytojo"), read(null));
    await c.take({ address: "/", viewer: ona, tag: "t" }, page("nario"), read("narys"));
    expect(body(c.find("/", null, "t"))).toBe("lankytojo");
    // Every member gets the members' page, whoever made it kept: it names nobody.
    expect(body(c.find("/", jonas, "t"))).toBe("nario");
    expect(body(c.find("/", tadas, "t"))).toBe("nario");
    expect(c.find("/", editor, "t")).toBeNull();
    // Another tag (the site changed, the date moved): nothing.
    expect(c.find("/", ona, "u")).toBeNull();
  });

  test("a member's page is private to their browser; a visitor's is not", async () => {
    const c = cache();
    const mine = await c.take({ address: "/", viewer: ona, tag: "t" }, page("nario"), read("narys"));
    const theirs = await c.take({ address: "/", viewer: null, tag: "t" }, page("lankytojo"), read(null));
    expect(Object.fromEntries(mine.headers)["Cache-Control"]).toBe("private, no-cache");
    expect(Object.fromEntries(theirs.headers)["Cache-Control"]).toBe("no-cache");
  });

  test("not kept when rendered for another role than the session's, or when it read the account itself", async () => {
    const c = cache();
    // The role changed between the lookup and the render.
    await c.take({ address: "/", viewer: ona, tag: "t" }, page("redaktoriaus"), read("redaktorius"));
    await c.take({ address: "/", viewer: null, tag: "t" }, page("nario"), read("narys"));
    await c.take({ address: "/istorija", viewer: ona, tag: "t" }, page("Ona"), read("narys", { personal: true }));
    expect(c.find("/", ona, "t")).toBeNull();
    expect(c.find("/", null, "t")).toBeNull();
    expect(c.find("/istorija", ona, "t")).toBeNull();
    expect(c.find("/istorija", jonas, "t")).toBeNull();
  });

  test("a page that read the viewer's own person is kept for that person only", async () => {
    const c = cache();
    await c.take({ address: "/medis", viewer: ona, tag: "t" }, page("Onos medis"), read("narys", { person: 7 }));
    expect(body(c.find("/medis", ona, "t"))).toBe("Onos medis");
    expect(c.find("/medis", jonas, "t")).toBeNull();
    expect(c.find("/medis", tadas, "t")).toBeNull();
    expect(c.find("/medis", null, "t")).toBeNull();
    await c.take({ address: "/medis", viewer: tadas, tag: "t" }, page("bendras medis"), read("narys", { person: null }));
    expect(body(c.find("/medis", tadas, "t"))).toBe("bendras medis");
    expect(body(c.find("/medis", ona, "t"))).toBe("Onos medis");
    // Read for another person than the session's (the account was tied to someone else meanwhile): not kept.
    await c.take({ address: "/medis", viewer: jonas, tag: "t" }, page("Onos medis"), read("narys", { person: 7 }));
    expect(c.find("/medis", jonas, "t")).toBeNull();
  });
});
