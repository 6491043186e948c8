import { expect, test, type Browser, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { useSite, watchConsole } from "./site.ts";

// Deep zoom on a photo's page (issue 18): zooming in fetches a rendition
// larger than the display image, never the original; buttons, keyboard and
// wheel; at a phone's width; and without JavaScript a link to the largest.

const site = useSite();
// The seeded farmstead: drawn 1600 x 1200, so its display image is 1067 wide and its zoom rendition 1600.
const FARMSTEAD = "Senoji sodyba";
let farmsteadId: number;

test.beforeAll(async () => {
  farmsteadId = (await site().db().selectFrom("galleryItems").select("id").where("title", "=", FARMSTEAD).executeTakeFirstOrThrow()).id;
});

async function openPhoto(browser: Browser, options: { width?: number; javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  await page.goto(`${site().url}/galerija/${farmsteadId}`);
  return page;
}

const rendered = (page: Page) => page.getByRole("img", { name: FARMSTEAD });
const naturalWidth = (page: Page) => rendered(page).evaluate((img: HTMLImageElement) => img.naturalWidth);

test("zooming in with the buttons fetches a rendition wider than 1200 px, never the original; the keyboard and the wheel zoom too", async ({
  browser,
}) => {
  const page = await openPhoto(browser);
  const problems = watchConsole(page);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await expect.poll(() => naturalWidth(page)).toBeGreaterThan(0);
  expect(await naturalWidth(page)).toBeLessThanOrEqual(1200);

  const zoom = page.getByRole("group", { name: `${FARMSTEAD}: priartinama nuotrauka` });
  const status = page.getByRole("status").filter({ hasText: "%" });
  await expect(status).toHaveText("100 %");
  const larger = page.waitForRequest((request) => /\/zoom-\d+\.jpg$/.test(request.url()));
  await page.getByRole("button", { name: "Priartinti" }).click();
  await expect(status).toHaveText("150 %");
  await page.getByRole("button", { name: "Priartinti" }).click();
  const url = (await larger).url();
  // The larger file is swapped in once decoded, and the picture is shown scaled.
  await expect.poll(() => rendered(page).evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(url);
  // Its pixels: wider than the display image's 1200 at most.
  const pixels = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return image.naturalWidth;
  }, url);
  expect(pixels).toBeGreaterThan(1200);
  expect(pixels).toBe(1600);
  // As far as the largest rendition's own pixels, or twice the fitted size when that is less: 1600 px in a 960 px box.
  await expect(status).toHaveText("200 %");
  await expect(page.getByTestId("zoomed")).toHaveAttribute("style", /scale\(2\)/);
  await expect(page.getByRole("button", { name: "Priartinti" })).toBeDisabled();
  // The box did not change size: the page around it stays where it was.
  const box = await zoom.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(1280);

  // The keyboard: 0 back to the whole photo, + and - in steps.
  await zoom.focus();
  await page.keyboard.press("0");
  await expect(status).toHaveText("100 %");
  await expect(page.getByRole("button", { name: "Atitolinti" })).toBeDisabled();
  await page.keyboard.press("+");
  await expect(status).toHaveText("150 %");
  await page.keyboard.press("-");
  await expect(status).toHaveText("100 %");
  // The wheel over the photo zooms in where the pointer is.
  const now = (await zoom.boundingBox())!;
  await page.mouse.move(now.x + now.width / 3, now.y + now.height / 3);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number((await status.innerText()).replace(/\D/g, ""))).toBeGreaterThan(100);

  expect(asked.filter((p) => p.includes("originalas") || p.includes("/originals/"))).toEqual([]);
  await axe(page, "a photo's page with its zoom");
  expect(problems).toEqual([]);
  await page.context().close();
});

test("at a phone's width the photo and its zoom fit the screen", async ({ browser }) => {
  const page = await openPhoto(browser, { width: 390 });
  await expect.poll(() => naturalWidth(page)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Priartinti" }).click();
  await page.getByRole("button", { name: "Priartinti" }).click();
  await expect(page.getByRole("status").filter({ hasText: "%" })).toHaveText("225 %");
  // The screen's own pixels: 1600 px shown 342 px wide may be zoomed in 4.7 times.
  await page.getByRole("button", { name: "Priartinti" }).click();
  await expect(page.getByRole("status").filter({ hasText: "%" })).toHaveText("338 %");
  // Zoomed in, nothing sticks out sideways: the page does not scroll horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await page.getByRole("group", { name: `${FARMSTEAD}: priartinama nuotrauka` }).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.context().close();
});

test("without JavaScript the page offers the largest rendition", async ({ browser }) => {
  const page = await openPhoto(browser, { javaScriptEnabled: false });
  await expect(page.getByRole("button", { name: "Priartinti" })).toHaveCount(0);
  const largest = page.getByRole("link", { name: /^Didžiausia raiška \(1600 × 1200 taškų\)$/ });
  await expect(largest).toHaveAttribute("href", /^\/media\/[0-9a-f]{24}\/zoom-1600\.jpg$/);
  const response = await page.request.get(`${site().url}${await largest.getAttribute("href")}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  // The srcset offers it too, for a screen that needs it.
  await expect(rendered(page)).toHaveAttribute("srcset", /zoom-1600\.jpg 1600w/);
  await page.context().close();
});
