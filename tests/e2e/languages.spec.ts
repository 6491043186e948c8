import { expect, request as http, test, type APIRequestContext, type APIResponse, type Browser, type Page } from "@playwright/test";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { HtmlValidate } from "html-validate";
import { ADMIN_CATALOGS, SITE_CATALOGS } from "#app/i18n/catalog.ts";
import { LOCALE_NAMES } from "#app/i18n/locales.ts";
import { createStory } from "#app/.server/stories/stories.ts";
import { storyFields } from "#tests/story-fields.ts";
import { axe } from "./axe.ts";
import { fill, routePatterns } from "./routes.ts";
import { hydrated, logInAs, useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// The interface in both languages (issue 30): every page at '/…' is
// Lithuanian and at '/en/…' English, names its other language, and shows no
// word of the other language's catalog; the English pages pass axe and
// html-validate: a visitor's pages, a member's (/paskyra) and the
// administration's (/admin), each seen by the one who may open it.

const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });
test.describe.configure({ mode: "serial" });

type Catalog = Record<string, { lt: Record<string, string>; en: Record<string, string> }>;
const CATALOGS: Catalog = { ...SITE_CATALOGS, ...ADMIN_CATALOGS };
const NAMESPACES = Object.keys(CATALOGS);

/** A message's literal text pieces, placeholders and markup taken out. */
function pieces(elements: MessageFormatElement[], out: string[] = []): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal) out.push(...element.value.split(/[\n]+/));
    else if (element.type === TYPE.tag) pieces(element.children, out);
    else if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) pieces(option.value, out);
  }
  return out;
}

/**
 * What would betray the other language on a page: each message's literal
 * pieces of two words or more (or one long Lithuanian word), which the page's
 * own language never says.
 */
function giveaways(language: "lt" | "en"): string[] {
  const other = language === "lt" ? "en" : "lt";
  const own = Object.values(CATALOGS).flatMap((catalog) => Object.values(catalog[other]));
  const found = new Set<string>();
  for (const catalog of Object.values(CATALOGS)) {
    for (const message of Object.values(catalog[language])) {
      for (const raw of pieces(parse(message))) {
        const piece = raw.replace(/^[\s.,:;!?()„“"'«»–—→←…·-]+|[\s.,:;!?()„“"'«»–—→←…·-]+$/g, "");
        const words = piece.split(/\s+/).filter(Boolean);
        const telling = words.length >= 2 ? piece.length >= 10 : language === "lt" && piece.length >= 8 && /[ąčęėįšųūž]/i.test(piece);
        if (telling && !own.some((text) => text.includes(piece)) && !Object.values(LOCALE_NAMES).includes(piece)) found.add(piece);
      }
    }
  }
  return [...found];
}

const FOREIGN = { en: giveaways("lt"), lt: giveaways("en") };
// An id shown instead of its message (one missing from the bundle the page loads).
const RAW_ID = new RegExp(`\\b(?:${NAMESPACES.join("|")})\\.[a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9]+)*\\b`);

/**
 * The page's words in its own language: text and what a person hears or reads
 * in attributes, outside anything marked in another language. An attribute
 * that names the family's own words ("Edit: Santuokos liudijimas") cannot mark
 * them: the sweep takes those words out of it (familyWords).
 */
async function pageWords(page: Page): Promise<{ texts: string[]; attributes: string[] }> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const foreign = (node: Element | null) => (node?.closest("[lang]")?.getAttribute("lang") ?? lang) !== lang;
    const words: string[] = [document.title];
    const attributes: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || foreign(parent) || parent.closest("script, style, template")) continue;
      if (node.textContent?.trim()) words.push(node.textContent.trim());
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[type=submit][value]")) {
      if (foreign(element)) continue;
      for (const attribute of ["aria-label", "title", "placeholder", "alt", "value"]) {
        const value = element.getAttribute(attribute);
        if (value && (attribute !== "value" || element.matches("input[type=submit]"))) attributes.push(value);
      }
    }
    return { texts: words, attributes };
  });
}

/** The family's own words an attribute may name: the titles of their photos, albums, documents and stories, as written. */
async function familyWords(): Promise<string[]> {
  const db = site().db();
  const titles = await Promise.all([
    db.selectFrom("galleryItems").select("title").execute(),
    db.selectFrom("albums").select("title").execute(),
    db.selectFrom("documents").select("title").execute(),
    db.selectFrom("stories").select("title").execute(),
  ]);
  // Longest first, so that a title containing another is taken out whole.
  return titles
    .flat()
    .map((row) => row.title)
    .filter(Boolean)
    .toSorted((a, b) => b.length - a.length);
}

let storySlug = "";
let photoId = 0;
const passwords = {} as Record<"narys" | "redaktorius", string>;

test.beforeAll(async () => {
  Object.assign(passwords, await siteForWrites(site()));
  storySlug = (await createStory(site().db(), storyFields({ body: "Sodyba stovėjo prie kelio." }), null)).slug;
  photoId = (await site().db().selectFrom("galleryItems").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});

/** Every page pattern of app/routes.ts with its parameters filled; files and actions-only routes are left out by their answer. */
function pages(filter: (pattern: string) => boolean): string[] {
  const bare = [...new Set(routePatterns())].filter((pattern) => !pattern.startsWith("/en") && filter(pattern));
  return bare.map((pattern) =>
    pattern === "/istorija/:slug"
      ? `/istorija/${storySlug}`
      : pattern === "/galerija/:id" || pattern === "/admin/galerija/:id/zmones"
        ? fill(pattern, String(photoId))
        : pattern === "/giminyste"
          ? "/giminyste?a=1&b=3"
          : fill(pattern, "1"),
  );
}

const english = (address: string) => (address === "/" ? "/en" : `/en${address}`);
const PUBLIC = (pattern: string) => !/^\/(admin|paskyra|logout|kvietimas|slaptazodis|login\/raktas)/.test(pattern);
const MEMBERS = (pattern: string) => pattern.startsWith("/paskyra");
const ADMINISTRATION = (pattern: string) => pattern.startsWith("/admin");

/** A browser signed in as this user (its own context: cookies kept apart from the other tests'). */
async function signedIn(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, site(), username, password);
  return page;
}

/** The addresses among these that answer with a page (not a file, a redirect or a refusal). */
async function htmlPages(client: APIRequestContext, addresses: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const address of addresses) {
    const response = await client.get(`${site().url}${address}`, { maxRedirects: 0 });
    if ((response.headers()["content-type"] ?? "").startsWith("text/html") && response.status() < 500) found.push(address);
  }
  return found;
}

async function sweep(page: Page, addresses: string[]) {
  const problems: string[] = [];
  for (const address of addresses) {
    for (const [language, url] of [
      ["lt", address],
      ["en", english(address)],
    ] as const) {
      await page.goto(`${site().url}${url}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      // The same page in the other language, named in it, and both as alternates.
      const other = language === "lt" ? english(address) : address;
      // (The switch names the other language in it, lang marked; a browser of the other language is also offered it above.)
      const otherLanguage = language === "lt" ? "en" : "lt";
      const switchLink = page.getByRole("banner").locator(`a[lang="${otherLanguage}"]`);
      await expect(switchLink, url).toHaveText(LOCALE_NAMES[otherLanguage]);
      await expect(switchLink, url).toHaveAttribute("href", other);
      for (const hreflang of ["lt", "en"]) {
        await expect(page.locator(`link[rel=alternate][hreflang=${hreflang}]`), url).toHaveAttribute(
          "href",
          `${SITE_URL}${hreflang === "lt" ? address : english(address)}`,
        );
      }
      const { texts, attributes } = await pageWords(page);
      const family = await familyWords();
      const ownWords = attributes.map((value) => family.reduce((left, title) => left.replaceAll(title, "…"), value));
      for (const words of [...texts, ...ownWords]) {
        const id = RAW_ID.exec(words);
        if (id) problems.push(`${url}: an id instead of its words: ${id[0]}`);
        for (const piece of FOREIGN[language]) if (words.includes(piece)) problems.push(`${url}: „${piece}“ in „${words.slice(0, 120)}“`);
      }
    }
  }
  return problems;
}

test("the other language's catalog has words to look for", () => {
  // The sweep below is only as good as these lists.
  expect(FOREIGN.en.length).toBeGreaterThan(100);
  expect(FOREIGN.lt.length).toBeGreaterThan(100);
  expect(FOREIGN.en).toContain("Pereiti prie turinio");
  expect(FOREIGN.lt).toContain("Skip to content");
});

test("a visitor's pages: each in both languages, naming the other, no word of the other language", async ({ page, request }) => {
  test.setTimeout(300_000);
  const addresses = await htmlPages(request, pages(PUBLIC));
  expect(addresses).toEqual(
    expect.arrayContaining(["/", "/medis", "/asmuo/1", "/galerija", `/istorija/${storySlug}`, "/sveciai", "/login"]),
  );
  // The error pages too: an address that names nothing, a person who is not there.
  const problems = await sweep(page, [...addresses, "/tokio-puslapio-nera", "/asmuo/999999"]);
  expect(problems, problems.join("\n")).toEqual([]);
});

test("a member's pages: each in both languages, naming the other, no word of the other language", async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, "narys", passwords.narys);
  const addresses = await htmlPages(page.request, pages(MEMBERS));
  expect(addresses).toEqual(expect.arrayContaining(["/paskyra", "/paskyra/pasiulymai"]));
  const problems = await sweep(page, addresses);
  expect(problems, problems.join("\n")).toEqual([]);
  await page.context().close();
});

test("the administration's pages: each in both languages, naming the other, no word of the other language", async ({ browser }) => {
  test.setTimeout(600_000);
  const page = await signedIn(browser, site().admin.username, site().admin.password);
  const addresses = await htmlPages(page.request, pages(ADMINISTRATION));
  expect(addresses).toEqual(
    expect.arrayContaining(["/admin", "/admin/tekstai", "/admin/galerija", "/admin/nariai", "/admin/perziura", "/admin/pakeitimai"]),
  );
  const problems = await sweep(page, addresses);
  expect(problems, problems.join("\n")).toEqual([]);
  await page.context().close();
});

test("a shared English link opens in English and stays there: links, forms and redirects", async ({ page }) => {
  await page.goto(`${site().url}/en/medis`);
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(`${site().url}/en/galerija`);
  // A page that needs a session sends an English reader to the English login, and back into English after it.
  await page.goto(`${site().url}/en/paskyra`);
  await expect(page).toHaveURL(`${site().url}/en/login`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
});

test("Accept-Language never redirects; a browser that prefers English is offered the English page", async ({ browser, request }) => {
  const response = await request.get(`${site().url}/medis`, { headers: { "Accept-Language": "en-GB,en;q=0.9" }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<html lang="lt"');
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`${site().url}/medis?x=1`);
  const offer = page.getByText("This page is also in English.");
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("link", { name: "English" })).toHaveAttribute("href", "/en/medis?x=1");
  await context.close();
  // A Lithuanian browser is offered nothing.
  const lithuanian = await browser.newContext({ locale: "lt-LT" });
  const lt = await lithuanian.newPage();
  await lt.goto(`${site().url}/medis`);
  await expect(lt.locator("html")).toHaveAttribute("lang", "lt");
  await expect(lt.getByText("This page is also in English.")).toHaveCount(0);
  await lithuanian.close();
});

// React writes 'charSet' and 'hrefLang' in its own camelCase, closes void
// elements ('<meta/>') and writes a boolean attribute, or one with no value
// ('download'), empty ('required=""'); the site's menu is one navigation drawn
// twice, for a phone and for a wide screen, only one of them ever displayed.
// A list of checkboxes shares one name on purpose: the server reads them all
// (FormData.getAll).
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attribute-empty-style": ["error", { style: "empty" }],
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
    "unique-landmark": "off",
  },
});

/** Each address's English page through html-validate (as the client fetches it) and axe (in the page's browser). */
async function validEnglish(page: Page, client: APIRequestContext, addresses: string[]) {
  const invalid: string[] = [];
  for (const address of addresses.map(english)) {
    const report = await validator.validateString(await (await client.get(`${site().url}${address}`)).text());
    for (const result of report.results)
      for (const m of result.messages) invalid.push(`${address}: ${m.ruleId} ${m.message} (${m.selector})`);
  }
  expect(invalid, invalid.join("\n")).toEqual([]);
  for (const address of addresses.map(english)) {
    await page.goto(`${site().url}${address}`);
    await axe(page, address);
  }
}

test("the English pages pass axe and html-validate: a visitor's", async ({ page, request }) => {
  test.setTimeout(600_000);
  await validEnglish(page, request, await htmlPages(request, pages(PUBLIC)));
});

test("the English pages pass axe and html-validate: a member's and the administration's", async ({ browser }) => {
  test.setTimeout(900_000);
  const member = await signedIn(browser, "narys", passwords.narys);
  await validEnglish(member, member.request, await htmlPages(member.request, pages(MEMBERS)));
  await member.context().close();
  const admin = await signedIn(browser, site().admin.username, site().admin.password);
  await validEnglish(admin, admin.request, await htmlPages(admin.request, pages(ADMINISTRATION)));
  await admin.context().close();
});

test("the family's content in English: written by an editor, shown on the English page; the Lithuanian where none, marked", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const admin = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  const ok = async (response: Promise<APIResponse>) => expect((await response).status()).toBeLessThan(400);
  await ok(admin.post("/login", { form: { username: site().admin.username, password: site().admin.password }, maxRedirects: 0 }));
  // The home page's welcome in English; its introduction left in Lithuanian.
  await ok(
    admin.post("/admin/tekstai", { form: { section: "en:pradzia", homeHeading: "Welcome, relatives!", homeIntro: "" }, maxRedirects: 0 }),
  );
  // A photo's title and description, the history's title, a story's title and text.
  await ok(
    admin.post("/admin/galerija", {
      multipart: {
        intent: "update",
        id: String(photoId),
        title: "Senoji sodyba",
        description: "Sodyba prie kelio.",
        titleEn: "The old farmstead",
        descriptionEn: "The farmstead by the road.",
      },
      maxRedirects: 0,
    }),
  );
  await ok(
    admin.post("/admin/istorija", {
      form: { title: "Giminės istorija", titleEn: "The family's history", intro: "Įžanga." },
      maxRedirects: 0,
    }),
  );
  const story = await site().db().selectFrom("stories").select(["id", "slug"]).where("slug", "=", storySlug).executeTakeFirstOrThrow();
  await ok(
    admin.post(`/admin/istorija/pasakojimai/${story.id}`, {
      form: {
        title: "Sodyba prie Miroslavo",
        body: "Sodyba stovėjo prie kelio.",
        titleEn: "The farm near Miroslavas",
        bodyEn: "",
        published: "1",
      },
      maxRedirects: 0,
    }),
  );
  await admin.dispose();

  await page.goto(`${site().url}/en`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, relatives!");
  // The introduction has no English: in Lithuanian, marked and said to be.
  const intro = page.locator("main [lang=lt]").filter({ hasText: "(lietuviškai)" }).first();
  await expect(intro).toBeVisible();
  await page.goto(`${site().url}/`);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Welcome, relatives!");

  await page.goto(`${site().url}/en/galerija/${photoId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The old farmstead");
  await expect(page.getByRole("main")).toContainText("The farmstead by the road.");
  await page.goto(`${site().url}/galerija/${photoId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Senoji sodyba");

  await page.goto(`${site().url}/en/istorija`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The family's history");
  await expect(page.locator("article [lang=lt]").filter({ hasText: "Įžanga." })).toBeVisible();

  await page.goto(`${site().url}/en/istorija/${story.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The farm near Miroslavas");
  // Its text has no English: the Lithuanian, marked.
  await expect(page.locator(".story-text[lang=lt]")).toContainText("Sodyba stovėjo prie kelio.");
  await expect(page.getByText("(lietuviškai)").last()).toBeVisible();
  await page.goto(`${site().url}/istorija/${story.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sodyba prie Miroslavo");
});
