import { expect, test, type Locator, type Page } from "@playwright/test";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { createPerson, saveEvent } from "#app/.server/genealogy/editing.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { axe } from "./axe.ts";
import { hydrated, logInAsAdmin, toasts, useSite, watchConsole } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// People in photos (issue 18): an editor draws a rectangle around each person
// and names them from the tree (found without diacritics) or with a free
// name; a visitor reads the names under the photo and sees the rectangle when
// a name has the pointer or the focus; a living person is "Gyvas asmuo"; the
// person's page shows the crop of their face.

const site = useSite();
const PHOTO = "Šeima prie klėties";
let photoId: number;
let ona: number;
let living: number;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  await siteForWrites(site());
  const db = site().db();
  photoId = (await db.selectFrom("galleryItems").select("id").where("title", "=", PHOTO).executeTakeFirstOrThrow()).id;
  const treeId = (await currentTreeId(db))!;
  ona = await createPerson(db, { givenNames: "Ona", surname: "Žemaitytė", birthSurname: "", sex: "F", note: "" });
  await saveEvent(db, treeId, ona, { eventId: null, tag: "BIRT", date: "1901", place: "", value: "" });
  await saveEvent(db, treeId, ona, { eventId: null, tag: "DEAT", date: "1980", place: "", value: "" });
  living = await createPerson(db, { givenNames: "Gyvenantis", surname: "Dabartinis", birthSurname: "", sex: "M", note: "" });
  await changeContentVersion(db);
});

/** Drags from one point to another of the element, given as fractions of its size. */
async function drag(page: Page, surface: Locator, from: [number, number], to: [number, number]) {
  const box = (await surface.boundingBox())!;
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2), { steps: 4 });
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

test("an editor marks two people and a neighbour; a visitor sees the names, each rectangle on focus, the living one unnamed", async ({
  page,
  browser,
}) => {
  const problems = watchConsole(page);
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/galerija/${photoId}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Žymėti, kas nuotraukoje" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Kas nuotraukoje: ${PHOTO}` })).toBeVisible();
  const surface = page.getByTestId("tag-surface");
  const status = page.getByRole("status").filter({ hasText: "Vieta" });

  // Ona, on the left: found by her name typed without its letters' marks.
  await drag(page, surface, [0.1, 0.2], [0.3, 0.6]);
  await expect(status).toHaveText("Vieta nuotraukoje pažymėta.");
  await page.getByLabel("Asmuo iš medžio").fill("zemaityte");
  await page.getByRole("button", { name: "Ieškoti", exact: true }).click();
  await page.getByRole("radio", { name: /Ona Žemaitytė/ }).check();
  // The search kept the rectangle.
  await expect(status).toHaveText("Vieta nuotraukoje pažymėta.");
  await page.getByRole("button", { name: "Pažymėti", exact: true }).click();
  await expect(toasts(page).getByText("Pažymėta nuotraukoje!")).toBeVisible();

  // The living man, on the right.
  await drag(page, surface, [0.6, 0.25], [0.8, 0.7]);
  await page.getByLabel("Asmuo iš medžio").fill("Dabartinis");
  await page.getByRole("button", { name: "Ieškoti", exact: true }).click();
  await page.getByRole("radio", { name: /Gyvenantis Dabartinis/ }).check();
  await page.getByRole("button", { name: "Pažymėti", exact: true }).click();
  await expect(page.getByRole("region", { name: "Pažymėti žmonės" }).getByRole("listitem").filter({ hasText: "Gyvenantis" })).toHaveCount(
    1,
  );

  // A neighbour nobody put in the tree, without a place.
  await page.getByLabel("Arba vardas (jei žmogaus medyje nėra)").fill("Kaimynė Elzė");
  await page.getByRole("button", { name: "Pažymėti", exact: true }).click();
  const marked = page.getByRole("region", { name: "Pažymėti žmonės" });
  await expect(marked.getByRole("listitem")).toHaveCount(3);
  await expect(marked.getByRole("listitem").filter({ hasText: "Kaimynė Elzė" })).toContainText("be vietos");

  const rows = await site()
    .db()
    .selectFrom("photoPeople")
    .select(["personId", "name", "boxLeft", "boxTop", "boxWidth", "boxHeight"])
    .where("galleryItemId", "=", photoId)
    .orderBy("position")
    .execute();
  expect(rows.map((r) => [r.personId, r.name])).toEqual([
    [ona, ""],
    [living, ""],
    [null, "Kaimynė Elzė"],
  ]);
  expect(rows[0].boxLeft).toBeCloseTo(0.1, 1);
  expect(rows[0].boxWidth).toBeCloseTo(0.2, 1);
  expect(rows[0].boxHeight).toBeCloseTo(0.4, 1);
  expect(rows[2].boxLeft).toBeNull();
  await axe(page, "the photo's people editor");
  expect(problems).toEqual([]);

  // A visitor.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${site().url}/galerija/${photoId}`);
  // (A name focused before the page's scripts run shows no rectangle: that is their work.)
  await hydrated(visitor);
  const people = visitor.getByRole("region", { name: "Nuotraukoje" });
  await expect(people.getByRole("listitem")).toHaveCount(3);
  await expect(people).toContainText("Gyvas asmuo");
  await expect(people).not.toContainText("Gyvenantis");
  await expect(people.getByRole("link")).toHaveCount(1);
  await expect(people).toContainText("Kaimynė Elzė");
  const region = visitor.getByTestId("photo-region");
  await expect(region).toHaveCount(0);

  // Focus on Ona's name: her rectangle, where the editor drew it.
  await people.getByRole("link", { name: "Ona Žemaitytė" }).focus();
  await expect(region).toBeVisible();
  const image = (await visitor.getByRole("img", { name: PHOTO }).boundingBox())!;
  const drawn = (await region.boundingBox())!;
  expect(Math.abs(drawn.x - (image.x + image.width * 0.1))).toBeLessThan(image.width * 0.03);
  expect(Math.abs(drawn.width - image.width * 0.2)).toBeLessThan(image.width * 0.03);
  expect(Math.abs(drawn.height - image.height * 0.4)).toBeLessThan(image.height * 0.03);
  // The living man's place is shown for his label; the neighbour has none to show.
  await people.getByText("Gyvas asmuo").focus();
  await expect(region).toBeVisible();
  expect((await region.boundingBox())!.x).toBeGreaterThan(image.x + image.width * 0.55);
  await people.getByText("Gyvas asmuo").blur();
  await expect(region).toHaveCount(0);
  await axe(visitor, "a photo's page with its people");

  // Ona's page: the photo, as the crop of her face.
  await visitor.goto(`${site().url}/asmuo/${ona}`);
  const card = visitor.getByRole("region", { name: "Nuotraukos" }).getByRole("listitem").filter({ hasText: PHOTO });
  await expect(card.getByTestId("face-crop")).toBeVisible();
  await expect(card.locator("svg image")).toHaveAttribute("href", /^\/media\/[0-9a-f]{24}\/display\.jpg$/);
  // The living man's page tells a visitor nothing, not even the photo.
  await visitor.goto(`${site().url}/asmuo/${living}`);
  await expect(visitor.getByRole("region", { name: "Nuotraukos" })).toHaveCount(0);
  await visitor.context().close();

  // The editor makes Ona's rectangle her portrait: her page's picture is her face.
  await page.getByRole("button", { name: "Padaryti portretu: Ona Žemaitytė" }).click();
  await expect(toasts(page).getByText("Portretas pasirinktas!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Portretas: Ona Žemaitytė" })).toHaveAttribute("aria-pressed", "true");
  const again = await (await browser.newContext()).newPage();
  await again.goto(`${site().url}/asmuo/${ona}`);
  await expect(again.getByTestId("portrait").getByRole("img", { name: "Ona Žemaitytė" })).toBeVisible();
  // And the tree's chart draws her face in her box.
  await again.goto(`${site().url}/medis?asmuo=${ona}`);
  const box = again.locator(`svg a[data-person="${ona}"]`).first();
  await expect(box.locator("svg[data-portrait] image")).toHaveAttribute("href", /^\/media\/[0-9a-f]{24}\/display\.jpg$/);
  await again.context().close();

  // The editor takes the neighbour off again.
  await page.getByRole("button", { name: "Pašalinti žymę: Kaimynė Elzė" }).click();
  await expect(toasts(page).getByText("Žymė pašalinta.")).toBeVisible();
  await expect(marked.getByRole("listitem")).toHaveCount(2);
});

test("at a phone's width the names are under the photo and a tap beside a name shows the place", async ({ browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(`${site().url}/galerija/${photoId}`);
  const people = phone.getByRole("region", { name: "Nuotraukoje" });
  await expect(people.getByRole("link", { name: "Ona Žemaitytė" })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A tap on "Rodyti" beside her name shows her place, and another hides it; the link still leads to her page.
  await people.getByRole("button", { name: "Rodyti nuotraukoje: Ona Žemaitytė" }).tap();
  await expect(phone.getByTestId("photo-region")).toBeVisible();
  await expect(people.getByRole("button", { name: "Rodyti nuotraukoje: Ona Žemaitytė" })).toHaveAttribute("aria-pressed", "true");
  await people.getByRole("button", { name: "Rodyti nuotraukoje: Ona Žemaitytė" }).tap();
  await expect(phone.getByTestId("photo-region")).toHaveCount(0);
  await people.getByRole("link", { name: "Ona Žemaitytė" }).focus();
  await expect(phone.getByTestId("photo-region")).toBeVisible();
  await phone.context().close();
});

test("with the keyboard alone: Enter puts a rectangle on the photo, the arrows move it and with Shift size it", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija/${photoId}/zmones`);
  const surface = page.getByRole("group", { name: `${PHOTO}: vietos žymėjimas` });
  await surface.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Vieta" })).toHaveText("Vieta nuotraukoje pažymėta.");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < 2; i++) await page.keyboard.press("Shift+ArrowDown");
  await page.getByLabel("Arba vardas (jei žmogaus medyje nėra)").fill("Svečias iš Kauno");
  await page.getByRole("button", { name: "Pažymėti", exact: true }).click();
  await expect(toasts(page).getByText("Pažymėta nuotraukoje!")).toBeVisible();
  const row = await site()
    .db()
    .selectFrom("photoPeople")
    .select(["boxLeft", "boxTop", "boxWidth", "boxHeight"])
    .where("galleryItemId", "=", photoId)
    .where("name", "=", "Svečias iš Kauno")
    .executeTakeFirstOrThrow();
  expect(row.boxLeft).toBeCloseTo(0.5, 3);
  expect(row.boxTop).toBeCloseTo(0.35, 3);
  expect(row.boxWidth).toBeCloseTo(0.2, 3);
  expect(row.boxHeight).toBeCloseTo(0.34, 3);
});
