import { expect, test, type Browser, type Page } from "@playwright/test";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { createPerson, saveEvent } from "#app/.server/genealogy/editing.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { createStory, saveStory } from "#app/.server/stories/stories.ts";
import { storyFields } from "#tests/story-fields.ts";
import { axe } from "./axe.ts";
import { hydrated, logInAsAdmin, toasts, useSite, watchConsole } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// Stories of the history (issue 19): an editor writes one with a heading, a
// photo from the gallery and a person from the tree, as a draft that a
// visitor does not see, then publishes it; the person's and the photo's pages
// list it; a revision is restored; what is typed never runs; a living person
// is "Gyvas asmuo" to a visitor; the pages work at 390 px, without
// JavaScript, and print without the site around them.

const site = useSite();
test.describe.configure({ mode: "serial" });

const TITLE = "Sodyba prie Miroslavo";
const SLUG = "sodyba-prie-miroslavo";
const PHOTO = "Senoji sodyba";
let ona: number;
let living: number;
let photoId: number;

test.beforeAll(async () => {
  await siteForWrites(site());
  const db = site().db();
  const treeId = (await currentTreeId(db))!;
  ona = await createPerson(db, { givenNames: "Ona", surname: "Žemaitytė", birthSurname: "", sex: "F", note: "" });
  await saveEvent(db, treeId, ona, { eventId: null, tag: "BIRT", date: "1901", place: "", value: "" });
  await saveEvent(db, treeId, ona, { eventId: null, tag: "DEAT", date: "1980", place: "", value: "" });
  living = await createPerson(db, { givenNames: "Gyvenantis", surname: "Dabartinis", birthSurname: "", sex: "M", note: "" });
  await saveEvent(db, treeId, living, { eventId: null, tag: "BIRT", date: "1990", place: "", value: "" });
  photoId = (await db.selectFrom("galleryItems").select("id").where("title", "=", PHOTO).executeTakeFirstOrThrow()).id;
  await changeContentVersion(db);
});

async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  return context.newPage();
}

async function openStory(page: Page) {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija/pasakojimai`);
  await page.getByRole("link", { name: `Redaguoti pasakojimą: ${TITLE}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await hydrated(page);
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Pasakojimas išsaugotas!")).toBeVisible();
}

test("an editor writes a story with a heading, a photo and a person; the draft is hidden, the published story is read, and the person's and photo's pages list it", async ({
  page,
  browser,
}) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija`);
  await page.getByRole("link", { name: "Pasakojimai", exact: true }).click();
  await expect(page.getByText("Pasakojimų dar nėra.")).toBeVisible();
  // A story without a title is refused where the title is typed.
  await page.getByRole("button", { name: "Pradėti rašyti" }).click();
  await expect(page.getByLabel("Pavadinimas", { exact: true })).toHaveAccessibleDescription("Įrašykite pasakojimo pavadinimą.");
  // (The refusal was a 400; from here on the console stays clean.)
  const errors = watchConsole(page);
  await page.getByLabel("Pavadinimas", { exact: true }).fill(TITLE);
  await page.getByRole("button", { name: "Pradėti rašyti" }).click();
  await expect(toasts(page).getByText("Pasakojimas sukurtas!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await hydrated(page);

  await page.getByLabel(/^Įvadas/).fill("Kaip sodyba išliko per karą ir emigraciją į Čikagą.");
  await page.getByLabel("Laikotarpis").fill("Tarpukaris");
  await page.getByLabel("Nuo metų").fill("1925");
  await page.getByLabel("Iki metų").fill("1940");
  await page.getByLabel(/^Vietos/).fill("Miroslavas");
  await page.getByLabel("Viršelio nuotrauka").selectOption({ label: PHOTO });
  const body = page.getByLabel("Tekstas", { exact: true });
  await body.fill("Statyba");
  // The toolbar makes the line a heading; the person and the photo are picked, not typed.
  await page.getByRole("button", { name: "Antraštė" }).click();
  await body.press("End");
  await body.pressSequentially("\n\nSodybą pastatė ");
  await page.getByLabel("Vardas ar pavardė").fill("zemaityte");
  await page.getByRole("button", { name: "Paminėti: Ona Žemaitytė (1901–1980)" }).click();
  await page.getByLabel("Nuotrauka", { exact: true }).selectOption({ label: PHOTO });
  await page.getByLabel("Antraštė (nebūtina)").fill("Sodyba 1930 m.");
  await page.getByRole("button", { name: "Įterpti nuotrauką" }).click();
  await expect(body).toHaveValue(new RegExp(`^## Statyba\\n\\nSodybą pastatė \\[Ona Žemaitytė\\]\\(asmuo:${ona}\\)`));
  await expect(body).toHaveValue(new RegExp(`!\\[Sodyba 1930 m\\.\\]\\(nuotrauka:${photoId}\\)`));

  // The live preview, as readers will see it.
  const preview = page.getByRole("region", { name: "Peržiūra" });
  await expect(preview.getByRole("heading", { name: "Statyba" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Ona Žemaitytė" })).toHaveAttribute("href", `/asmuo/${ona}`);
  await expect(preview.getByRole("img", { name: "Sodyba 1930 m." })).toBeVisible();
  await expect(preview).toContainText("Tarpukaris · 1925–1940 · Miroslavas");
  await save(page);

  // A draft: no visitor sees it.
  const guest = await visitor(browser);
  await guest.goto(`${site().url}/istorija`);
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByText(TITLE)).toHaveCount(0);
  expect((await guest.goto(`${site().url}/istorija/${SLUG}`))!.status()).toBe(404);

  // Published: the visitor reads it.
  await page.getByRole("radio", { name: /^Paskelbtas/ }).check();
  await save(page);
  await guest.goto(`${site().url}/istorija`);
  const card = guest.getByRole("listitem").filter({ hasText: TITLE });
  await expect(card).toContainText("Kaip sodyba išliko per karą");
  await card.getByRole("link", { name: TITLE }).click();
  await expect(guest).toHaveURL(`${site().url}/istorija/${SLUG}`);
  await expect(guest.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  // "## Statyba", the text's highest heading: next under the title.
  await expect(guest.getByRole("heading", { level: 2, name: "Statyba" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Ona Žemaitytė" })).toHaveAttribute("href", `/asmuo/${ona}`);
  await expect(guest.getByRole("figure").filter({ hasText: "Sodyba 1930 m." }).getByRole("img")).toHaveAttribute(
    "src",
    /^\/media\/[0-9a-f]+\/display\.jpg$/,
  );
  await expect(guest.locator('meta[property="og:title"]')).toHaveAttribute("content", TITLE);
  await expect(guest.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

  await guest.goto(`${site().url}/asmuo/${ona}`);
  await expect(guest.getByRole("region", { name: "Pasakojimai" }).getByRole("link", { name: TITLE })).toHaveAttribute(
    "href",
    `/istorija/${SLUG}`,
  );
  await guest.goto(`${site().url}/galerija/${photoId}`);
  await expect(guest.getByRole("region", { name: "Pasakojimai su šia nuotrauka" }).getByRole("link", { name: TITLE })).toBeVisible();
  await guest.context().close();
  expect(errors).toEqual([]);
  // The editor's pages, at a phone's width and a desktop's.
  await axe(page, "the story's editor");
  await page.goto(`${site().url}/admin/istorija/pasakojimai`);
  await expect(page.getByRole("listitem").filter({ hasText: TITLE })).toContainText("Paskelbtas · Tarpukaris · 1925–1940 · Miroslavas");
  await axe(page, "the stories' list");
});

test("a revision is restored: the earlier text is the story again, for visitors too", async ({ page, browser }) => {
  await openStory(page);
  const body = page.getByLabel("Tekstas", { exact: true });
  await body.fill("Visai kitas tekstas.");
  await save(page);
  await expect(body).toHaveValue("Visai kitas tekstas.");
  const versions = page.getByRole("region", { name: "Ankstesnės versijos" });
  // Newest first: the one before the last save is the second.
  await versions
    .getByRole("button", { name: /^Atkurti/ })
    .first()
    .click();
  await expect(toasts(page).getByText("Ankstesnė versija atkurta")).toBeVisible();
  await expect(body).toHaveValue(/^## Statyba/);
  const guest = await visitor(browser);
  await guest.goto(`${site().url}/istorija/${SLUG}`);
  await expect(guest.getByRole("heading", { name: "Statyba" })).toBeVisible();
  await expect(guest.getByText("Visai kitas tekstas.")).toHaveCount(0);
  await guest.context().close();
});

test("a <script>, an onerror and javascript: links in the text never run, in the preview or on the page; a living person is 'Gyvas asmuo' to a visitor", async ({
  page,
  browser,
}) => {
  await openStory(page);
  const body = page.getByLabel("Tekstas", { exact: true });
  await body.fill(
    [
      "<script>window.pwned = 1</script>",
      "",
      '<img src="x" onerror="window.pwned = 2">',
      "",
      `[Spausk čia](javascript:window.pwned=3) ir [mūsų anūkas](asmuo:${living}).`,
    ].join("\n"),
  );
  const preview = page.getByRole("region", { name: "Peržiūra" });
  await expect(preview.getByText("Spausk čia")).toBeVisible();
  await preview.getByText("Spausk čia").click();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // (A script set as HTML would not run, and the policy stops inline handlers: what the sanitizer left is what counts.)
  expect(await preview.locator(".story-text").innerHTML()).not.toMatch(/<script|onerror|javascript:/i);
  await save(page);

  const guest = await visitor(browser);
  const errors = watchConsole(guest);
  await guest.goto(`${site().url}/istorija/${SLUG}`);
  await hydrated(guest);
  const text = guest.locator(".story-text");
  await expect(text).toContainText("Spausk čia");
  await text.getByText("Spausk čia").click();
  expect(await guest.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  const html = await text.innerHTML();
  expect(html).not.toMatch(/<script|onerror|javascript:/i);
  // The living grandson: no name, no link, for a visitor.
  await expect(text).toContainText("Gyvas asmuo");
  await expect(text).not.toContainText("mūsų anūkas");
  expect(html).not.toContain(`/asmuo/${living}`);
  expect(errors).toEqual([]);
  await guest.context().close();

  // The editor (who sees the living) reads the name, linked.
  await page.goto(`${site().url}/istorija/${SLUG}`);
  await expect(page.locator(".story-text").getByRole("link", { name: "mūsų anūkas" })).toHaveAttribute("href", `/asmuo/${living}`);
});

test("at 390 px the story and the list fit the screen, axe finds nothing, and printing shows the text alone", async ({ page, browser }) => {
  // The text with its heading, person and photo again.
  await openStory(page);
  await page
    .getByLabel("Tekstas", { exact: true })
    .fill(`## Statyba\n\nSodybą pastatė [Ona Žemaitytė](asmuo:${ona}).\n\n![Sodyba 1930 m.](nuotrauka:${photoId})`);
  await save(page);

  const phone = await visitor(browser, { width: 390 });
  for (const address of ["/istorija", `/istorija/${SLUG}`]) {
    await phone.goto(site().url + address);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${address} fits 390 px`).toBeLessThanOrEqual(0);
    await axe(phone, address);
  }
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${site().url}/istorija/${SLUG}`);
  const figure = phone.getByRole("figure").filter({ hasText: "Sodyba 1930 m." });
  expect((await figure.getByRole("img").boundingBox())!.width).toBeLessThanOrEqual(390);

  await phone.emulateMedia({ media: "print" });
  await expect(phone.locator("header").first()).toBeHidden();
  await expect(phone.locator("footer").first()).toBeHidden();
  await expect(phone.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  // The whole history: each story on a page of its own.
  await phone.goto(`${site().url}/istorija?visa=taip`);
  await expect(phone.getByRole("heading", { level: 2, name: TITLE })).toBeVisible();
  const breaks = await phone.locator(".story-break").evaluateAll((els) => els.map((el) => getComputedStyle(el).breakBefore));
  expect(breaks).toEqual(["page"]);
  await phone.context().close();
});

test("without JavaScript: search ignoring diacritics, a story's page, and its old address after the title changes", async ({
  page,
  browser,
}) => {
  const guest = await visitor(browser, { javaScriptEnabled: false });
  await guest.goto(`${site().url}/istorija`);
  await guest.getByLabel("Ieškoti pasakojimuose").fill("cikaga");
  await guest.getByRole("button", { name: "Ieškoti" }).click();
  await expect(guest).toHaveURL(/\?paieska=cikaga$/);
  await expect(guest.getByRole("status")).toHaveText(/Pagal „cikaga“ rasta: 1 pasakojimas\./);
  await guest.getByRole("link", { name: TITLE }).click();
  await expect(guest.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await guest.goto(`${site().url}/istorija?paieska=niekur`);
  await expect(guest.getByRole("status")).toContainText("Pagal „niekur“ pasakojimų nerasta.");

  // A new title: a new address, and the old one leads to it.
  await openStory(page);
  await page.getByLabel("Pavadinimas", { exact: true }).fill("Sodyba Dzūkijoje");
  await save(page);
  const response = await guest.request.get(`${site().url}/istorija/${SLUG}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/istorija/sodyba-dzukijoje");
  await guest.goto(`${site().url}/istorija/${SLUG}`);
  await expect(guest).toHaveURL(`${site().url}/istorija/sodyba-dzukijoje`);
  await expect(guest.getByRole("heading", { level: 1, name: "Sodyba Dzūkijoje" })).toBeVisible();
  await guest.context().close();
});

test("each version says how long it is and what restoring it would change; one without text over a published story is restored only when confirmed", async ({
  page,
  browser,
}) => {
  // A story begun empty, then written and published: its first version has no text.
  const db = site().db();
  const { id } = await createStory(db, storyFields({ title: "Laiškai iš Kauno", lead: "", body: "", published: false }), null);
  await saveStory(db, id, storyFields({ title: "Laiškai iš Kauno", lead: "Senelio laiškai.", body: "Rašė kas savaitę iš Kauno." }), null);
  await changeContentVersion(db);
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija/pasakojimai/${id}`);
  const versions = page.getByRole("region", { name: "Ankstesnės versijos" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(
    `${"Laiškai iš Kauno".length + "Senelio laiškai.".length + "Rašė kas savaitę iš Kauno.".length} ženkl`,
  );
  await expect(versions.last()).toContainText(`${"Laiškai iš Kauno".length} ženkl`);

  // What restoring the first version would take away: struck through, by field.
  await versions
    .last()
    .getByRole("link", { name: /^Palyginti/ })
    .click();
  const comparison = page.getByRole("region", { name: /^Kas pasikeistų atkūrus/ });
  await expect(comparison.getByRole("deletion").filter({ hasText: "Rašė kas savaitę iš Kauno." })).toBeVisible();
  await expect(comparison.getByRole("term")).toHaveText(["Įvadas", "Tekstas"]);

  // Restoring it asks first; nothing changes until confirmed.
  await versions
    .last()
    .getByRole("button", { name: /^Atkurti/ })
    .click();
  const question = versions.last().getByRole("alert");
  await expect(question).toContainText(
    "Šioje versijoje teksto nėra: atkūrus ją, paskelbtas pasakojimas „Laiškai iš Kauno“ lankytojams bus tuščias.",
  );
  const guest = await visitor(browser);
  await guest.goto(`${site().url}/istorija/laiskai-is-kauno`);
  await expect(guest.getByText("Rašė kas savaitę iš Kauno.")).toBeVisible();
  await question.getByRole("button", { name: /^Vis tiek atkurti/ }).click();
  await expect(toasts(page).getByText("Ankstesnė versija atkurta")).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1, name: "Laiškai iš Kauno" })).toBeVisible();
  await expect(guest.getByText("Rašė kas savaitę iš Kauno.")).toHaveCount(0);
  await guest.context().close();
});
