import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { addDocument, DOCUMENTS_PAGE_SIZE } from "#app/.server/documents/documents.ts";
import { addGalleryItem } from "#app/.server/gallery/gallery.ts";
import { prepareImage } from "#app/.server/media/pipeline.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { hydrated, useSite } from "./site.ts";
import { analyze } from "./axe.ts";

// The lists a visitor opens come a page at a time, through plain links
// (?puslapis=2) that work without JavaScript: the documents, the gallery and
// the guestbook. More rows than a page holds are put into the site's database
// through the domain modules (what the editors' forms call), from this test's
// own connection; the server then reads them like any others.

const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });
test.describe.configure({ mode: "serial" });

const DOCUMENTS = 60; // the 5 seeded make 65: pages of 25, 25 and 15
const PHOTOS = 30; // the 6 seeded make 36: pages of 24 and 12
const ENTRIES = 15; // the 3 seeded make 18: pages of 10 and 8

test.beforeAll(async () => {
  const db = site().db();
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  // Years before the seeded documents': the list's default order (by year) puts these first.
  for (let i = 0; i < DOCUMENTS; i++) {
    const n = String(i).padStart(2, "0");
    await addDocument(
      db,
      store,
      { title: `Archyvo byla ${n}`, person: "Jonas Jonaitis", year: String(1700 + i), type: "Kita", membersOnly: false },
      null,
    );
  }
  const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#b98" } })
    .jpeg()
    .toBuffer();
  fs.mkdirSync(path.join(store.root, "tmp"), { recursive: true });
  for (let i = 0; i < PHOTOS; i++) {
    const file = path.join(store.root, "tmp", `albumas-${i}.jpg`);
    fs.writeFileSync(file, jpeg);
    const image = await prepareImage(store, { path: file, name: `albumas-${i}.jpg`, size: jpeg.length });
    const n = String(i).padStart(2, "0");
    await addGalleryItem(db, store, { title: `Albumo nuotrauka ${n}`, description: "Iš šeimos albumo.", membersOnly: false }, image);
  }
  // Approved entries, as the administrator's "Patvirtinti" leaves them; newer than the seeded ones.
  await db
    .insertInto("guestbookEntries")
    .values(
      Array.from({ length: ENTRIES }, (_, i) => ({
        name: `Lankytojas ${String(i).padStart(2, "0")}`,
        message: "Ačiū už puslapį!",
        createdAt: new Date(Date.UTC(2027, 0, 1 + i)).toISOString(),
        status: "approved" as const,
        clientHash: null,
      })),
    )
    .execute();
});

const documentTitles = (page: Page) =>
  page
    .getByRole("table")
    .locator("tbody tr td:first-child > span")
    .evaluateAll((cells) => cells.map((cell) => (cell.firstChild?.textContent ?? "").trim()));
const cardTitles = (page: Page) => page.getByRole("main").getByRole("figure").getByRole("heading").allTextContents();
const entryNames = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("documents: page 2 shows the next documents, reached by the pager's link; the order and the search stay", async ({ page }) => {
    const byla = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `Archyvo byla ${String(from + i).padStart(2, "0")}`);
    expect(DOCUMENTS_PAGE_SIZE).toBe(25);
    await page.goto(`${site().url}/dokumentai`);
    const first = await documentTitles(page);
    expect(first).toEqual(byla(0, 25));
    await expect(page.getByText("Iš viso 65 dokumentai. Rodomi 1–25.")).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Dokumentų sąrašo puslapiai" });
    await expect(pager.getByRole("link", { name: "1 puslapis" })).toHaveAttribute("aria-current", "page");
    await expect(pager.getByRole("link", { name: "Ankstesnis puslapis" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Kitas puslapis" }).click();
    await expect(page).toHaveURL(`${site().url}/dokumentai?puslapis=2`);
    const second = await documentTitles(page);
    expect(second).toEqual(byla(25, 25));
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page.getByText("Iš viso 65 dokumentai. Rodomi 26–50.")).toBeVisible();
    await expect(page).toHaveTitle(/^Dokumentai – 2 puslapis – /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}/dokumentai?puslapis=2`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${SITE_URL}/dokumentai?puslapis=2`);
    await expect(pager.getByRole("link", { name: "2 puslapis" })).toHaveAttribute("aria-current", "page");
    await pager.getByRole("link", { name: "Kitas puslapis" }).click();
    await expect(page).toHaveURL(`${site().url}/dokumentai?puslapis=3`);
    expect(await documentTitles(page)).toEqual([...byla(50, 10), "Gimimo metrikų išrašas", "Santuokos liudijimas", "Žemės sklypo skyrimo aktas", "Alytaus gimnazijos atestatas", "Laiškai iš Čikagos"]); // prettier-ignore
    await expect(pager.getByRole("link", { name: "Kitas puslapis" })).toHaveCount(0);
    await pager.getByRole("link", { name: "1 puslapis" }).click();
    await expect(page).toHaveURL(`${site().url}/dokumentai`);

    // A sorted list keeps its order from page to page; a search narrows to one page, and the pager goes.
    await page.goto(`${site().url}/dokumentai?rikiuoti=pavadinimas&tvarka=mazejanti`);
    expect((await documentTitles(page)).slice(0, 5)).toEqual(["Žemės sklypo skyrimo aktas", "Santuokos liudijimas", "Laiškai iš Čikagos", "Gimimo metrikų išrašas", "Archyvo byla 59"]); // prettier-ignore
    await page.getByRole("navigation", { name: "Dokumentų sąrašo puslapiai" }).getByRole("link", { name: "Kitas puslapis" }).click();
    await expect(page).toHaveURL(`${site().url}/dokumentai?rikiuoti=pavadinimas&tvarka=mazejanti&puslapis=2`);
    expect(await documentTitles(page)).toEqual(byla(14, 25).reverse());
    await page.goto(`${site().url}/dokumentai?paieska=byla%205`);
    expect(await documentTitles(page)).toEqual(byla(50, 10));
    await expect(page.getByRole("navigation", { name: "Dokumentų sąrašo puslapiai" })).toHaveCount(0);
  });

  test("gallery: page 2 shows the next photos, not the first page's", async ({ page }) => {
    await page.goto(`${site().url}/galerija`);
    const first = await cardTitles(page);
    expect(first).toHaveLength(24);
    await page.getByRole("navigation", { name: "Galerijos puslapiai" }).getByRole("link", { name: "Kitas puslapis" }).click();
    await expect(page).toHaveURL(`${site().url}/galerija?puslapis=2`);
    const second = await cardTitles(page);
    expect(second).toEqual(Array.from({ length: 12 }, (_, i) => `Albumo nuotrauka ${18 + i}`));
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page).toHaveTitle(/^Galerija – 2 puslapis – /);
    await expect(page.getByText("Galerijoje – 36 nuotraukos.")).toBeVisible();
    // Each card is still a plain link, to the photo's own page with its large picture.
    await expect(page.getByRole("link", { name: "Albumo nuotrauka 18: atidaryti didesnę nuotrauką" })).toHaveAttribute(
      "href",
      /^\/galerija\/\d+$/,
    );
  });

  test("guestbook: page 2 shows older entries, not the first page's", async ({ page }) => {
    await page.goto(`${site().url}/sveciai`);
    const first = await entryNames(page);
    expect(first).toEqual(Array.from({ length: 10 }, (_, i) => `Lankytojas ${String(14 - i).padStart(2, "0")}`));
    await page.getByRole("navigation", { name: "Įrašų puslapiai" }).getByRole("link", { name: "Senesni įrašai" }).click();
    await expect(page).toHaveURL(`${site().url}/sveciai?puslapis=2`);
    const second = await entryNames(page);
    expect(second.slice(0, 5)).toEqual(["Lankytojas 04", "Lankytojas 03", "Lankytojas 02", "Lankytojas 01", "Lankytojas 00"]);
    expect(second).toHaveLength(8); // and the three seeded ones
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page).toHaveTitle(/^Svečių knyga – 2 puslapis – /);
    await page.getByRole("navigation", { name: "Įrašų puslapiai" }).getByRole("link", { name: "Naujesni įrašai" }).click();
    await expect(page).toHaveURL(`${site().url}/sveciai`);
  });

  test("a page number that is not one answers 400 with the message; a page past the end, the not-found page", async ({ page }) => {
    for (const address of [
      "/dokumentai?puslapis=0",
      "/galerija?puslapis=abc",
      "/sveciai?puslapis=1e18",
      "/medis?puslapis=-1",
      "/dokumentai?rikiuoti=asmuo&puslapis=2.5",
    ]) {
      const response = await page.goto(site().url + address);
      expect(response?.status(), address).toBe(400);
      await expect(page.getByText("Netinkamas puslapio numeris.")).toBeVisible();
    }
    const json = await page.request.get(`${site().url}/medis/paieska?q=jonas&puslapis=x`);
    expect(json.status()).toBe(400);
    expect(await json.json()).toMatchObject({ error: "Netinkamas puslapio numeris" });
    for (const address of [
      "/dokumentai?puslapis=4",
      "/galerija?puslapis=99",
      "/sveciai?puslapis=3",
      "/dokumentai?paieska=niekas&puslapis=2",
      "/medis?puslapis=2",
    ]) {
      const response = await page.goto(site().url + address);
      expect(response?.status(), address).toBe(404);
      await expect(page.getByRole("heading", { name: "Puslapis nerastas" })).toBeVisible();
    }
  });
});

test("the pager: targets of at least 44 × 44 px, nothing wider than a phone, no accessibility violations", async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site().url}/dokumentai?puslapis=2`);
    const pager = page.getByRole("navigation", { name: "Dokumentų sąrašo puslapiai" });
    await pager.scrollIntoViewIfNeeded();
    const links = pager.getByRole("link");
    const visible = [];
    for (const link of await links.all()) if (await link.isVisible()) visible.push(link);
    expect(visible.length).toBe(width < 640 ? 2 : 5); // previous, 1, 2, 3, next; on a phone previous and next
    for (const link of visible) {
      const box = (await link.boundingBox())!;
      expect(box.width, `${width}: ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${width}: ${await link.textContent()}`).toBeGreaterThanOrEqual(44);
    }
    if (width < 640) await expect(pager.getByText("Puslapis 2 iš 3")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await analyze(page, { include: "nav[aria-label='Dokumentų sąrašo puslapiai']" });
    expect(violations.map((v) => v.id)).toEqual([]);
    await context.close();
  }
});

test("with JavaScript the pager's links navigate, and the lightbox moves through the page's own photos", async ({ page }) => {
  await page.goto(`${site().url}/galerija`);
  await hydrated(page);
  await page.getByRole("navigation", { name: "Galerijos puslapiai" }).getByRole("link", { name: "2 puslapis" }).click();
  await expect(page).toHaveURL(`${site().url}/galerija?puslapis=2`);
  await expect(page.getByRole("main").getByRole("figure")).toHaveCount(12);
  await page.getByRole("link", { name: "Albumo nuotrauka 18: atidaryti didesnę nuotrauką" }).click();
  const dialog = page.getByRole("dialog", { name: "Albumo nuotrauka 18" });
  await expect(dialog).toContainText("1 iš 12");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Albumo nuotrauka 29" })).toContainText("12 iš 12");
});
