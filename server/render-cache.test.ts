import { describe, expect, test } from "vitest";
import { cacheKey, scriptHashes } from "./render-cache.ts";

const visitor = (originalUrl: string, headers: Record<string, string> = {}, method = "GET") => cacheKey({ method, headers, originalUrl });

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

  test("never a request that carries a session, a message to show or credentials, nor one that changes something", () => {
    expect(visitor("/", { cookie: "sesija=abc" })).toBeNull();
    expect(visitor("/", { cookie: "pranesimas=x" })).toBeNull();
    expect(visitor("/", { cookie: "_ga=GA1.2.3; sesija=abc" })).toBeNull();
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

  test("never a page not listed: the guestbook's form, the login, members' and editors' addresses, however spelt", () => {
    for (const url of [
      "/sveciai",
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
