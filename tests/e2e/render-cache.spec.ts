import { createHash } from "node:crypto";
import fs from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { expect, request as http, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { dataUrl } from "./routes.ts";
import { holdScriptsUntilPainted } from "#app/.server/platform/low-priority-scripts.ts";
import { hydrated, logInAs, newestTree, toasts, useSite, watchConsole } from "./site.ts";
import { GEDCOM, send, siteForWrites, WRITES } from "./writes.ts";

// The render cache (server/render-cache.ts) as visitors and users meet it:
// after every write an editor or the administrator can make, a visitor's
// page is exactly what a fresh render gives; a signed-in user never gets a
// kept page; every response's scripts are allowed by its own policy (a nonce
// of its own, or for a kept page the hashes of its own scripts).

const site = useSite();
test.describe.configure({ mode: "serial" });

/** The visitors' pages the cache keeps, with people of the imported tree (1: a parent, 3: a child). */
const PAGES = [
  "/",
  "/istorija",
  "/medis",
  "/medis/pavardes",
  "/medis/vietos",
  "/medis/sia-diena",
  "/medis/statistika",
  "/asmuo/1",
  "/asmuo/3",
  "/galerija",
  // A photo's page (photo 2 stays when the gallery's write removes photo 1), and the story the writes make and publish.
  "/galerija/2",
  "/istorija/isibroveliu-pasakojimas",
  "/dokumentai",
  "/apie",
  "/sitemap.xml",
  "/robots.txt",
];
/** Some of them in English, each kept under its own address (issue 30). */
const ENGLISH = ["/en", "/en/medis", "/en/asmuo/3", "/en/galerija/2", "/en/istorija/isibroveliu-pasakojimas"];
const ADDRESSES = [...PAGES, ...ENGLISH, ...[...PAGES.filter((p) => !p.includes(".")), ...ENGLISH].map(dataUrl)];

let visitor: APIRequestContext;
/** Renders afresh: credentials (no session) bypass the cache, a crawler's name gets the whole page at once, as the cache renders it. */
let fresh: APIRequestContext;
let admin: APIRequestContext;
const passwords = {} as Record<"narys" | "redaktorius", string>;

test.beforeAll(async () => {
  // A tree (person 1), and one user of each role made with the operators' tool.
  Object.assign(passwords, await siteForWrites(site()));
  visitor = await http.newContext({ baseURL: site().url });
  fresh = await http.newContext({
    baseURL: site().url,
    extraHTTPHeaders: { Authorization: "Basic dGVzdGFzOjE=", "User-Agent": "Googlebot/2.1" },
  });
  admin = await signedIn(site().admin.username, site().admin.password);
});

test.afterAll(async () => {
  for (const c of [visitor, fresh, admin]) await c?.dispose();
});

async function signedIn(username: string, password: string): Promise<APIRequestContext> {
  const c = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const login = await c.post("/login", { form: { username, password }, maxRedirects: 0 });
  expect(login.status(), `${username} logs in`).toBe(302);
  return c;
}

const policyOf = (response: APIResponse) => response.headers()["content-security-policy"] ?? "";
/** A response without its nonces: what stays the same between two renders of the same content. */
const withoutNonces = (text: string) => text.replace(/ nonce="[^"]*"/g, "");

async function get(c: APIRequestContext, address: string): Promise<{ response: APIResponse; text: string }> {
  const response = await c.get(address, { maxRedirects: 0 });
  return { response, text: await response.text() };
}

/**
 * Visitors' requests until every page is kept: the second answer of each is
 * the kept one. The addresses side by side, as many visitors' would be (one
 * after another, the PostgreSQL run spent minutes waiting on its answers).
 */
async function fillCache(): Promise<void> {
  await Promise.all(
    ADDRESSES.map(async (address) => {
      const first = await get(visitor, address);
      const second = await get(visitor, address);
      if (first.response.status() !== 200) return;
      expect(second.response.headers()["etag"], `${address} is kept`).toBeTruthy();
      expect(second.response.headers()["etag"]).toBe(first.response.headers()["etag"]);
    }),
  );
}

/**
 * Every page as a visitor gets it is what a fresh render of it gives now (a
 * kept page's scripts held until its first paint, the one way it differs).
 */
async function expectCurrent(after: string): Promise<void> {
  await Promise.all(
    ADDRESSES.map(async (address) => {
      const kept = await get(visitor, address);
      const now = await get(fresh, address);
      expect(kept.response.status(), `${address} after ${after}`).toBe(now.response.status());
      expect(withoutNonces(kept.text), `${address} after ${after}`).toBe(holdScriptsUntilPainted(withoutNonces(now.text)));
    }),
  );
}

test("after every write of every editor, a visitor's next request shows the new content", async () => {
  test.setTimeout(300_000);
  const editor = await signedIn("redaktorius", passwords.redaktorius);
  // What each write shows on a page, where it shows something a visitor reads.
  const visible: Record<string, [string, string]> = {
    "/admin": ["/", "Įsibrovėliai"],
    "/admin/tekstai": ["/", "Įsibrovėlių šūkis"],
    "/admin/istorija": ["/istorija", "Įsibrovėlių istorija"],
    // (A draft first: visitors see the story once the next write publishes it.)
    "/admin/istorija/pasakojimai/:id": ["/istorija", "Įsibrovėlių pasakojimas"],
    "/admin/galerija/ikelti": ["/galerija", "Įsibrovėlio nuotrauka"],
    // (Photo 2: the gallery's write before it removes photo 1.)
    "/admin/galerija/:id/zmones": ["/galerija/2", "Įsibrovėlis"],
    // (An album without photos is not there for a visitor: it shows once photo 2 is in it.)
    "/admin/galerija/albumai/:id": ["/galerija", "Įsibrovėlių albumas"],
  };
  const writes = Object.entries(WRITES).filter(([pattern]) => pattern.startsWith("/admin"));
  expect(writes.length).toBeGreaterThanOrEqual(12);
  for (const [pattern, write] of writes) {
    await fillCache();
    const [address, text] = visible[pattern] ?? [];
    if (address) expect((await get(visitor, address)).text, `${text} before ${pattern}`).not.toContain(text);
    // An editor's write where an editor may make it, else the administrator's.
    const writer = [
      "/admin",
      "/admin/medis",
      "/admin/medis/importuoti",
      "/admin/medis/asmenys/:id",
      "/admin/nariai",
      "/admin/pranesimai",
      "/admin/pavyzdys",
    ].includes(pattern)
      ? admin
      : editor;
    const target = pattern === "/admin" ? "/admin?index" : pattern.replace(":id", pattern === "/admin/galerija/:id/zmones" ? "2" : "1");
    const response = await send(writer, target, write);
    expect(response.status(), `POST ${pattern}`).toBeLessThan(400);
    await expectCurrent(`POST ${pattern}`);
    if (address) expect((await get(visitor, address)).text, `${text} after ${pattern}`).toContain(text);
  }
  // A tree imported with a name changed, made the site's tree: person pages change.
  const renamed = Buffer.from(GEDCOM.toString("latin1").replaceAll("Heinrich", "Henrikas"), "latin1");
  expect((await send(admin, "/admin/medis/importuoti", { gedcom: renamed })).status()).toBeLessThan(400);
  const tree = { id: await newestTree(site()) };
  await fillCache();
  expect((await get(visitor, "/asmuo/3")).text).toContain("Heinrich Bach");
  const activated = await send(admin, "/admin/medis", { multipart: { intent: "activate", treeId: String(tree.id), acceptCutOff: "1" } });
  expect(activated.status(), "the imported tree is made current").toBeLessThan(400);
  await expectCurrent("making the imported tree current");
  expect((await get(visitor, "/asmuo/3")).text).toContain("Henrikas Bach");
  await editor.dispose();
});

test("a signed-in user never gets a kept page, nor another user's", async () => {
  await fillCache();
  const member = await signedIn("narys", passwords.narys);
  const editor = await signedIn("redaktorius", passwords.redaktorius);
  // Each role's own header: what tells one role's page from another's.
  const own: [APIRequestContext, string, string[]][] = [
    [admin, 'href="/admin"', ['href="/login"']],
    [editor, 'href="/admin"', ['href="/login"']],
    [member, 'href="/paskyra"', ['href="/login"', 'href="/admin"']],
    [visitor, 'href="/login"', ['href="/paskyra"', 'href="/admin"']],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [c, mine, others] of own) {
      for (const address of PAGES.filter((p) => !p.includes("."))) {
        const { response, text } = await get(c, address);
        const policy = policyOf(response);
        if (c === visitor) expect(policy, `${address}: a visitor's page is kept`).not.toContain("'nonce-");
        else {
          expect(policy, `${address}: rendered for its user`).toContain("'nonce-");
          expect(response.headers()["etag"], `${address}: not a kept page`).toBeUndefined();
        }
        expect(text, address).toContain(mine);
        for (const other of others) expect(text, `${address} shows ${other}`).not.toContain(other);
      }
    }
  }
  await member.dispose();
  await editor.dispose();
});

test("a visitor carrying another site's cookie, and a browser that logged out, get the kept pages", async () => {
  await fillCache();
  const stray = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Cookie: "_ga=GA1.2.345; _gid=GA1.2.678" } });
  // A member who logs out keeps the trusted device's cookie for a year. The
  // page after the logout says so (a message cookie): rendered for them, once.
  const member = await signedIn("narys", passwords.narys);
  expect((await member.post("/logout", { maxRedirects: 0 })).status()).toBe(302);
  const told = await get(member, "/");
  expect(told.response.headers()["etag"], "the page with the logout's message is not a kept one").toBeUndefined();
  const left = (await member.storageState()).cookies.map((c) => c.name);
  expect(left).toContain("irenginys");
  expect(left).not.toContain("sesija");
  expect(left).not.toContain("pranesimas");
  for (const c of [stray, member]) {
    for (const address of PAGES.filter((p) => !p.includes("."))) {
      const { response, text } = await get(c, address);
      const kept = await get(visitor, address);
      expect(response.headers()["etag"], `${address} is the kept page`).toBe(kept.response.headers()["etag"]);
      expect(policyOf(response), address).not.toContain("'nonce-");
      expect(text, address).toBe(kept.text);
      expect(text, address).toContain('href="/login"');
    }
  }
  await stray.dispose();
  await member.dispose();
});

test("each language's page is kept apart: a visitor gets the English page at its English address, the Lithuanian at its own", async () => {
  await fillCache();
  for (const [lt, en] of [
    ["/", "/en"],
    ["/medis", "/en/medis"],
    ["/asmuo/3", "/en/asmuo/3"],
  ]) {
    const kept = { lt: await get(visitor, lt), en: await get(visitor, en) };
    expect(kept.lt.response.headers()["etag"], `${lt} is kept`).toBeTruthy();
    expect(kept.en.response.headers()["etag"], `${en} is kept`).toBeTruthy();
    expect(kept.en.response.headers()["etag"]).not.toBe(kept.lt.response.headers()["etag"]);
    expect(kept.lt.text).toContain('<html lang="lt"');
    expect(kept.en.text).toContain('<html lang="en"');
    expect(kept.en.text).toContain("Skip to content");
  }
});

/** The inline scripts of a page (no src) and the nonces they carry. */
function inlineScripts(html: string): { body: string; nonce: string | null }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes))
    .map(([, attributes, body]) => ({ body, nonce: /\snonce="([^"]*)"/.exec(attributes)?.[1] ?? null }));
}

test("every response's scripts are allowed by its own policy: a nonce per response, or a kept page's hashes", async () => {
  // Rendered per request (the guestbook's form is the visitor's own; a session's page): a new nonce each time.
  const nonces = new Set<string>();
  for (const [c, address] of [
    [visitor, "/sveciai"],
    [visitor, "/sveciai"],
    [admin, "/"],
    [admin, "/"],
  ] as const) {
    const { response, text } = await get(c, address);
    const nonce = /'nonce-([^']+)'/.exec(policyOf(response))?.[1];
    expect(nonce, address).toBeTruthy();
    nonces.add(nonce!);
    const scripts = inlineScripts(text);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.nonce, `${address}: a script with this response's nonce`).toBe(nonce);
  }
  expect(nonces.size, "each response its own nonce").toBe(4);
  // Kept: no nonce at all, each script by its hash, and nothing else inline allowed.
  await get(visitor, "/galerija");
  const { response, text } = await get(visitor, "/galerija");
  const policy = policyOf(response);
  const scripts = inlineScripts(text);
  expect(scripts.length).toBeGreaterThan(0);
  const hashes = scripts.map((s) => `'sha256-${createHash("sha256").update(s.body).digest("base64")}'`);
  expect(policy).not.toContain("nonce");
  expect(text).not.toContain(" nonce=");
  const allowed = /script-src ([^;]*)/.exec(policy)?.[1].split(" ") ?? [];
  expect(allowed.sort()).toEqual(["'self'", ...new Set(hashes)].sort());
});

test("a kept page is answered with 304 when the client has it, and compressed once", async () => {
  const first = await get(visitor, "/dokumentai");
  const etag = first.response.headers()["etag"];
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  const again = await visitor.get("/dokumentai", { headers: { "If-None-Match": etag }, maxRedirects: 0 });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
  // Another address, another page: its own tag.
  expect((await visitor.get("/apie", { headers: { "If-None-Match": etag } })).status()).toBe(200);
  for (const encoding of ["br", "gzip"]) {
    const response = await visitor.get("/dokumentai", { headers: { "Accept-Encoding": encoding } });
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(response.headers()["vary"]).toContain("Accept-Encoding");
    expect(withoutNonces(await response.text())).toBe(withoutNonces(first.text));
  }
});

test("a kept page runs in the browser: its scripts pass the policy and the site navigates without reloading", async ({ page }) => {
  const errors = watchConsole(page);
  await get(visitor, "/");
  // The page's scripts start after its first paint: the kept HTML preloads none, the browser fetches them after.
  const html = (await get(visitor, "/")).text;
  expect(html).not.toContain("modulepreload");
  expect(html).toContain('<script type="text/x-after-first-paint">');
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${site().url}/`);
  await hydrated(page);
  expect(requested.filter((p) => p.endsWith(".js")).length, "the scripts were fetched").toBeGreaterThan(0);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation").getByRole("link", { name: "Galerija" }).first().click();
  await expect(page).toHaveURL(`${site().url}/galerija`);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors).toEqual([]);
  // Signed in, the same browser gets pages rendered for it, with the policy's nonce.
  await logInAs(page, site(), "narys", passwords.narys);
  await page.goto(`${site().url}/galerija`);
  await expect(page.getByRole("link", { name: "Paskyra" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("a visitor's page rendered for them (the guestbook, the login) also starts its scripts after its first paint, by its own nonce", async ({
  page,
}) => {
  for (const address of ["/sveciai", "/login"]) {
    const { response, text } = await get(visitor, address);
    const nonce = /'nonce-([^']+)'/.exec(policyOf(response))?.[1];
    expect(text, address).not.toContain("modulepreload");
    expect(text, address).toContain(`<script type="text/x-after-first-paint" nonce="${nonce}">`);
    expect(text, address).not.toContain('type="module" async');
  }
  const errors = watchConsole(page);
  await page.goto(`${site().url}/sveciai`);
  await hydrated(page);
  // The page's own script checks the form: an empty one is stopped in the browser, with no page load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(toasts(page).getByText("Užpildykite visus privalomus laukus.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(errors, "no script refused by the page's policy").toEqual([]);
});

/** A GET as bytes on the wire (no decoding), with these headers. */
function raw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    }).on("error", reject);
  });
}

test("a page rendered for its user is compressed as one stream, not inflated by a flush per chunk", async () => {
  const cookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  for (const address of ["/dokumentai", "/asmuo/1", "/"]) {
    const response = await raw(site().url + address, { Cookie: cookie, "Accept-Encoding": "gzip" });
    expect(response.status, address).toBe(200);
    expect(response.headers["content-encoding"], address).toBe("gzip");
    const html = gunzipSync(response.body);
    expect(html.toString("utf8"), address).toContain('href="/admin"');
    // One gzip of the whole page at the middleware's level, against what was sent: within a few per cent.
    const whole = gzipSync(html).length;
    expect(response.body.length, `${address}: ${response.body.length} bytes sent, ${whole} for the whole page at once`).toBeLessThan(
      whole * 1.05 + 64,
    );
  }
});

test("the browser's files are sent as the build compressed them, cached for a year", async () => {
  const html = (await get(visitor, "/")).text;
  // The stylesheet's link, and the scripts the page's (held) hydration module imports.
  const files = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  expect(files.length).toBeGreaterThan(2);
  const client = path.resolve(import.meta.dirname, "../../build/client");
  for (const file of files) {
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      const onDisk = path.join(client, file + suffix);
      if (!fs.existsSync(onDisk)) continue; // too small to be worth compressing
      const response = await raw(site().url + file, { "Accept-Encoding": `${encoding}, identity` });
      expect(response.status, file).toBe(200);
      expect(response.headers["content-encoding"], file).toBe(encoding);
      expect(response.headers["content-type"], file).toMatch(file.endsWith(".css") ? /^text\/css/ : /javascript/);
      expect(response.headers["cache-control"], file).toContain("immutable");
      expect(response.body.equals(fs.readFileSync(onDisk)), `${file} is its ${suffix} file`).toBe(true);
    }
    const plain = await raw(site().url + file, {});
    expect(plain.headers["content-encoding"], file).toBeUndefined();
    expect(plain.body.equals(fs.readFileSync(path.join(client, file))), `${file} as it is`).toBe(true);
  }
  // The entry script, the largest, was compressed.
  expect(files.some((file) => fs.existsSync(path.join(client, `${file}.br`)))).toBe(true);
});
