import { expect, test, type Browser, type Page } from "@playwright/test";
import { changeContentVersion } from "#app/.server/platform/content-version.ts";
import { axe } from "./axe.ts";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";

// Albums (issue 18): the editor makes one, picks its photos and its cover;
// a visitor finds it on the gallery's first page and browses it, with and
// without JavaScript; a photo's page names its albums.

const site = useSite();
test.describe.configure({ mode: "serial" });

const ALBUM = "Vestuvės ir sodyba";
const DESCRIPTION = "Seniausios šeimos nuotraukos:\nvestuvės 1923 m. ir sodyba.";

async function visitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  return (await browser.newContext({ javaScriptEnabled })).newPage();
}

test("the editor makes an album, picks two photos and a cover; a missing title is refused where it is typed", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  await page.getByRole("link", { name: "Albumai", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Albumai" })).toBeVisible();
  await expect(page.getByText("Albumų dar nėra.")).toBeVisible();

  await page.getByLabel("Aprašymas (nebūtina)").fill(DESCRIPTION);
  await page.getByRole("button", { name: "Sukurti albumą" }).click();
  await expect(page.getByLabel("Pavadinimas")).toBeFocused();
  await expect(page.getByLabel("Pavadinimas")).toHaveAccessibleDescription("Įrašykite albumo pavadinimą.");
  // What was typed stays; nothing was made.
  await expect(page.getByLabel("Aprašymas (nebūtina)")).toHaveValue(DESCRIPTION);
  expect(await site().db().selectFrom("albums").selectAll().execute()).toEqual([]);

  await page.getByLabel("Pavadinimas").fill(ALBUM);
  await page.getByRole("button", { name: "Sukurti albumą" }).click();
  await expect(toasts(page).getByText("Albumas sukurtas!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Albumas: ${ALBUM}`);
  await page.getByRole("checkbox", { name: "Jono ir Onos vestuvės" }).check();
  // Choosing a cover puts its photo in the album too.
  await page.getByRole("radio", { name: "Viršelis: Senoji sodyba" }).check();
  await page.getByRole("button", { name: "Išsaugoti albumą" }).click();
  await expect(toasts(page).getByText("Albumas išsaugotas!")).toBeVisible();
  await expect(page).toHaveURL(`${site().url}/admin/galerija/albumai`);
  const listed = page.getByRole("listitem").filter({ hasText: ALBUM });
  await expect(listed).toContainText("2 nuotraukos");

  const rows = await site()
    .db()
    .selectFrom("albumPhotos")
    .innerJoin("galleryItems", "galleryItems.id", "albumPhotos.galleryItemId")
    .select(["galleryItems.title", "albumPhotos.cover"])
    .orderBy("galleryItems.title")
    .execute();
  expect(rows).toEqual([
    { title: "Jono ir Onos vestuvės", cover: 0 },
    { title: "Senoji sodyba", cover: 1 },
  ]);
  // The album's page again: what was saved is ticked.
  await listed.getByRole("link", { name: `Redaguoti albumą: ${ALBUM}` }).click();
  await expect(page.getByRole("checkbox", { name: "Jono ir Onos vestuvės" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Senoji sodyba" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Šeima prie klėties" })).not.toBeChecked();
  await expect(page.getByRole("radio", { name: "Viršelis: Senoji sodyba" })).toBeChecked();
  await axe(page, "an album's editor");
  await page.goto(`${site().url}/admin/galerija/albumai`);
  await axe(page, "the albums' editor");
});

test("a visitor finds the album on the gallery's first page, with its cover, and browses it", async ({ browser }) => {
  const page = await visitor(browser);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${site().url}/galerija`);
  const albums = page.getByRole("region", { name: "Albumai" });
  const card = albums.getByRole("link", { name: new RegExp(ALBUM) });
  await expect(card).toContainText("2 nuotraukos");
  // The cover is the photo chosen for it.
  const sodyba = await site()
    .db()
    .selectFrom("galleryItems")
    .select("mediaId")
    .where("title", "=", "Senoji sodyba")
    .executeTakeFirstOrThrow();
  await expect(card.locator("img")).toHaveAttribute("src", new RegExp(sodyba.mediaId!));
  await card.click();
  await expect(page).toHaveURL(/\/galerija\?albumas=\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: ALBUM })).toBeVisible();
  await expect(page.getByText("Seniausios šeimos nuotraukos:")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuotraukų galerija");
  const titles = page.locator("figcaption h2");
  await expect(titles).toHaveText(["Senoji sodyba", "Jono ir Onos vestuvės"]);
  // The album list is the gallery's own first page's: not repeated inside an album.
  await expect(page.getByRole("region", { name: "Albumai" })).toHaveCount(0);
  await axe(page, "an album in the gallery");

  // The photo's page names the album and leads back to it.
  await page.getByRole("link", { name: "Jono ir Onos vestuvės", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jono ir Onos vestuvės");
  await page.getByRole("link", { name: ALBUM }).click();
  await expect(page).toHaveURL(/\/galerija\?albumas=\d+$/);
  await expect(titles).toHaveCount(2);
  await page.context().close();
});

test("without JavaScript the browsing form picks the album and the order together", async ({ browser }) => {
  const page = await visitor(browser, false);
  await page.goto(`${site().url}/galerija`);
  await page.getByLabel("Albumas").selectOption({ label: `${ALBUM} (2)` });
  await page.getByLabel("Tvarka").selectOption("Pagal datą");
  await page.getByRole("button", { name: "Rodyti" }).click();
  await expect(page).toHaveURL(/albumas=\d+/);
  await expect(page).toHaveURL(/tvarka=data/);
  await expect(page.locator("figcaption h2")).toHaveCount(2);
  await expect(page.getByLabel("Albumas")).toHaveValue(/\d+/);
  // An album nobody may see, or none at all, is not found.
  const missing = await page.goto(`${site().url}/galerija?albumas=999`);
  expect(missing?.status()).toBe(404);
  await page.context().close();
});

test("an album of the family's photos only is not there for a visitor; removing an album keeps its photos", async ({ page, browser }) => {
  const db = site().db();
  const { id } = await db.selectFrom("albums").select("id").executeTakeFirstOrThrow();
  await db.updateTable("galleryItems").set({ membersOnly: 1 }).where("title", "in", ["Senoji sodyba", "Jono ir Onos vestuvės"]).execute();
  // (Written past the editor, as a test does: the site is told its content changed.)
  await changeContentVersion(db);
  const stranger = await visitor(browser);
  const hidden = await stranger.goto(`${site().url}/galerija?albumas=${id}`);
  expect(hidden?.status()).toBe(404);
  await stranger.goto(`${site().url}/galerija`);
  expect(await stranger.content()).not.toContain(ALBUM);
  await stranger.context().close();
  await db.updateTable("galleryItems").set({ membersOnly: 0 }).execute();
  await changeContentVersion(db);

  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija/albumai`);
  await hydrated(page);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Pašalinti albumą: ${ALBUM}` }).click();
  await expect(toasts(page).getByText("Albumas pašalintas.")).toBeVisible();
  await expect(page.getByText("Albumų dar nėra.")).toBeVisible();
  expect(await db.selectFrom("albums").selectAll().execute()).toEqual([]);
  expect(await db.selectFrom("galleryItems").select("title").where("title", "=", "Senoji sodyba").execute()).toHaveLength(1);
});
