import { createHash } from "node:crypto";
import fs from "node:fs";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { expect, request as http, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { dataUrl } from "./routes.ts";
import { holdScriptsUntilPainted } from "#app/.server/platform/low-priority-scripts.ts";
import { MIN_FILL_SECONDS } from "#app/.server/guestbook/guestbook.ts";
import { addUser, hydrated, logInAs, newestTree, toasts, useSite, watchConsole } from "./site.ts";
import { GEDCOM, send, siteForWrites, WRITES } from "./writes.ts";

// The render cache (server/render-cache.ts) as visitors and users meet it:
// after every write an editor or the administrator can make, a visitor's and
// a member's page is exactly what a fresh render gives; each audience gets
// the page kept for it and never another's; a session that ended is a
// visitor's at once; every response's scripts are allowed by its own policy
// (a nonce of its own, or for a kept page the hashes of its own scripts).

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
/** A member: the members' kept pages follow every write too. */
let member: APIRequestContext;
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
  member = await signedIn("narys", passwords.narys);
});

test.afterAll(async () => {
  for (const c of [visitor, fresh, admin, member]) await c?.dispose();
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

async function get(
  c: APIRequestContext,
  address: string,
  headers?: Record<string, string>,
): Promise<{ response: APIResponse; text: string }> {
  const response = await c.get(address, { maxRedirects: 0, headers });
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
 * kept page's scripts held until its first paint, the one way it differs);
 * likewise a member's pages (kept the first time one is asked, then asked again).
 */
async function expectCurrent(after: string): Promise<void> {
  await Promise.all(
    ADDRESSES.map(async (address) => {
      const kept = await get(visitor, address);
      const now = await get(fresh, address);
      expect(kept.response.status(), `${address} after ${after}`).toBe(now.response.status());
      expect(withoutNonces(kept.text), `${address} after ${after}`).toBe(holdScriptsUntilPainted(withoutNonces(now.text)));
      // A member's Lithuanian pages (their English and data requests are kept by the same key, with the language and data as for a visitor).
      if (!PAGES.includes(address)) return;
      await get(member, address);
      const members = await get(member, address);
      const membersNow = await get(member, address, { Authorization: "Basic dGVzdGFzOjE=" });
      expect(members.response.status(), `${address} after ${after}, a member's`).toBe(membersNow.response.status());
      expect(withoutNonces(members.text), `${address} after ${after}, a member's`).toBe(withoutNonces(membersNow.text));
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

test("each audience gets the page kept for it, never another's: a member's is a member's, an editor's an editor's", async () => {
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
  // In turn, each audience's pages kept before the next asks: a page kept for one would reach the next.
  const etags = new Map<string, Set<string>>();
  for (let round = 0; round < 2; round++) {
    for (const [c, mine, others] of own) {
      for (const address of PAGES.filter((p) => !p.includes("."))) {
        const { response, text } = await get(c, address);
        const etag = response.headers()["etag"];
        // (A page that is not there, a 404, is not kept: rendered each time.)
        if (round === 1 && response.status() === 200) {
          expect(etag, `${address} (${mine}): the second time, a kept page`).toBeTruthy();
          expect(policyOf(response), `${address}: a kept page's scripts by hash`).not.toContain("'nonce-");
          expect(response.headers()["cache-control"], address).toBe(c === visitor ? "no-cache" : "private, no-cache");
          etags.set(address, (etags.get(address) ?? new Set()).add(etag));
          // What is kept for the role is what a fresh render for this user gives now.
          const now = await get(c, address, { Authorization: "Basic dGVzdGFzOjE=" });
          expect(policyOf(now.response), `${address}: credentials get a fresh render`).toContain("'nonce-");
          expect(withoutNonces(text), address).toBe(
            c === visitor ? holdScriptsUntilPainted(withoutNonces(now.text)) : withoutNonces(now.text),
          );
        }
        expect(text, address).toContain(mine);
        for (const other of others) expect(text, `${address} shows ${other}`).not.toContain(other);
      }
    }
  }
  // A page per audience (the administrator's and an editor's may be the same bytes: both see all, both get the same header).
  for (const [address, tags] of etags)
    expect(tags.size, `${address}: a visitor's, a member's and an editor's pages`).toBeGreaterThanOrEqual(3);
  await member.dispose();
  await editor.dispose();
});

test("a member's tree opens at their own person: kept for that person, another member gets theirs", async () => {
  const second = addUser(site(), "narys2", "narys");
  const [ona, jonas] = [await signedIn("narys", passwords.narys), await signedIn("narys2", second)];
  const rootOf = (text: string) => /name="asmuo" value="(\d+)"/.exec(text)?.[1];
  // Jonas's account tied to person 3 (the child), as the administrator ties it on the members' page.
  const jonasId = (await site().db().selectFrom("users").select("id").where("username", "=", "narys2").executeTakeFirstOrThrow()).id;
  await site().db().updateTable("users").set({ personId: 3 }).where("id", "=", jonasId).execute();
  for (let round = 0; round < 2; round++) {
    const [a, b, v] = [await get(ona, "/medis"), await get(jonas, "/medis"), await get(visitor, "/medis")];
    expect(rootOf(b.text), "Jonas's tree opens at his person").toBe("3");
    expect(rootOf(a.text), "Ona's at the site's").toBe(rootOf(v.text));
    expect(rootOf(a.text)).not.toBe("3");
    if (round === 1) for (const r of [a, b, v]) expect(r.response.headers()["etag"], "kept").toBeTruthy();
  }
  // Tied to nobody again: his next request is rendered anew (a commit), and opens where Ona's does.
  await site().db().updateTable("users").set({ personId: null }).where("id", "=", jonasId).execute();
  expect(rootOf((await get(jonas, "/medis")).text)).toBe(rootOf((await get(ona, "/medis")).text));
  await ona.dispose();
  await jonas.dispose();
});

test("a session ended elsewhere gets a visitor's page at its next request: logged out everywhere, the account disabled", async () => {
  const member = await signedIn("narys", passwords.narys);
  const other = await signedIn("narys", passwords.narys);
  for (let i = 0; i < 2; i++) expect((await get(member, "/istorija")).text).toContain('href="/paskyra"');
  // "Atsijungti visur" from the other browser, as the account page does it: every session of the user ends.
  const ended = await site()
    .db()
    .deleteFrom("sessions")
    .where("userId", "=", await userId("narys"))
    .executeTakeFirst();
  expect(Number(ended.numDeletedRows)).toBeGreaterThanOrEqual(2);
  for (const c of [member, other]) {
    const { text } = await get(c, "/istorija");
    expect(text).toContain('href="/login"');
    expect(text).not.toContain('href="/paskyra"');
  }
  // The administrator disables an editor's account: the editor's next page is a visitor's.
  const editor = await signedIn("redaktorius", passwords.redaktorius);
  for (let i = 0; i < 2; i++) expect((await get(editor, "/galerija")).text).toContain('href="/admin"');
  await site()
    .db()
    .updateTable("users")
    .set({ disabledAt: new Date().toISOString() })
    .where("id", "=", await userId("redaktorius"))
    .execute();
  expect((await get(editor, "/galerija")).text).toContain('href="/login"');
  await site()
    .db()
    .updateTable("users")
    .set({ disabledAt: null })
    .where("id", "=", await userId("redaktorius"))
    .execute();
  for (const c of [member, other, editor]) await c.dispose();
});

async function userId(username: string): Promise<number> {
  return (await site().db().selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
}

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

test("a parameter the page does not read makes no page of its own: the page kept for the address without it answers", async ({ page }) => {
  for (const [address, plain] of [
    ["/apie?v=123", "/apie"],
    ["/medis?asmuo=3&utm_source=laiskas&asmuo=1", "/medis?asmuo=3"],
    ["/galerija?fbclid=xyz", "/galerija"],
  ]) {
    const kept = await get(visitor, plain);
    const asked = await get(visitor, address);
    expect(asked.response.headers()["etag"], address).toBe(kept.response.headers()["etag"]);
    expect(asked.text, address).toBe(kept.text);
    // Rendered for the address it is kept under: nothing of the other parameters is in it.
    expect(asked.text, address).not.toMatch(/v=123|utm_source|fbclid/);
  }
  // In the browser, such an address runs as the page does: no error, and the site navigates.
  const errors = watchConsole(page);
  await page.goto(`${site().url}/galerija?fbclid=xyz`);
  await hydrated(page);
  await page.getByRole("navigation").getByRole("link", { name: "Dokumentai" }).first().click();
  await expect(page).toHaveURL(`${site().url}/dokumentai`);
  expect(errors).toEqual([]);
});

test("every response's scripts are allowed by its own policy: a nonce per response, or a kept page's hashes", async () => {
  // Rendered per request (the login's form; an account's own page): a new nonce each time.
  const nonces = new Set<string>();
  for (const [c, address] of [
    [visitor, "/login"],
    [visitor, "/login"],
    [admin, "/paskyra"],
    [admin, "/paskyra"],
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
  // Signed in, the same browser gets the members' pages, whose scripts pass their policy too.
  await logInAs(page, site(), "narys", passwords.narys);
  await page.goto(`${site().url}/galerija`);
  await expect(page.getByRole("link", { name: "Paskyra" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("a visitor's page rendered for them (the login) also starts its scripts after its first paint, by its own nonce", async () => {
  const { response, text } = await get(visitor, "/login");
  const nonce = /'nonce-([^']+)'/.exec(policyOf(response))?.[1];
  expect(text).not.toContain("modulepreload");
  expect(text).toContain(`<script type="text/x-after-first-paint" nonce="${nonce}">`);
  expect(text).not.toContain('type="module" async');
});

test("the guestbook is kept like the other pages: each showing carries the moment its form was shown in a cookie", async ({ page }) => {
  const writer = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const [first, second] = [await get(writer, "/sveciai"), await get(visitor, "/sveciai")];
  expect(policyOf(second.response), "a kept page").not.toContain("'nonce-");
  expect(second.response.headers()["etag"]).toBe(first.response.headers()["etag"]);
  expect(second.text, "the same page for every visitor: no token in it").toBe(first.text);
  for (const showing of [first, second]) expect(showing.response.headers()["set-cookie"]).toMatch(/^zenklas=[^;]+;.*HttpOnly/);
  // A person who writes for a few seconds is taken; a client that never showed the form is not.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_SECONDS * 1000 + 200));
  const stranger = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const form = { name: "Rašytoja", message: "Sveiki iš išsaugoto puslapio." };
  expect((await stranger.post("/sveciai", { form, maxRedirects: 0 })).status(), "without a showing's moment: refused").toBe(400);
  expect((await writer.post("/sveciai", { form, maxRedirects: 0 })).status(), "after a showing: taken").toBe(302);
  const stored = await site().db().selectFrom("guestbookEntries").select("name").where("message", "=", form.message).execute();
  expect(stored).toEqual([{ name: "Rašytoja" }]);
  for (const c of [writer, stranger]) await c.dispose();
  // In the browser, the kept page's own script checks the form.
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
  // (Credentials: rendered for this request, not a kept page.)
  for (const address of ["/dokumentai", "/asmuo/1", "/"]) {
    const response = await raw(site().url + address, { Cookie: cookie, Authorization: "Basic dGVzdGFzOjE=", "Accept-Encoding": "gzip" });
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
