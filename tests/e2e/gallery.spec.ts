import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";

const site = useSite();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg");

function publicCards(page: Page) {
  return page.getByRole("main").getByRole("listitem");
}

function addForm(page: Page) {
  return page.getByRole("region", { name: "Nauja nuotrauka" });
}

function adminItems(page: Page) {
  return page.getByTestId("gallery-item");
}

/** Rows of a query on the site's database (column names in camelCase). */
async function rows(query: string): Promise<unknown[]> {
  return (await sql.raw(query).execute(site().db())).rows;
}

async function openEditor(page: Page) {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  // The add form's fields are the page's state: typed before its scripts run, they would be lost.
  await hydrated(page);
}

test.describe.configure({ mode: "serial" });

test("the public gallery: real pictures in card sizes, WebP with a JPEG fallback, sizes known, lazy below the fold", async ({ page }) => {
  await page.goto(`${site().url}/galerija`);
  const cards = publicCards(page);
  await expect(cards).toHaveCount(6);
  const pictures = page.getByRole("main").locator("picture");
  await expect(pictures).toHaveCount(5);
  const first = pictures.first();
  await expect(first.locator("source")).toHaveAttribute("type", "image/webp");
  await expect(first.locator("source")).toHaveAttribute(
    "srcset",
    /\/media\/[0-9a-f]+\/w400\.webp 400w, \/media\/[0-9a-f]+\/w800\.webp 800w/,
  );
  const img = first.locator("img");
  await expect(img).toHaveAttribute("srcset", /w400\.jpg 400w, .*w800\.jpg 800w/);
  // The first seeded picture is 4:3, so its display image is 1067 x 800.
  await expect(img).toHaveAttribute("width", "1067");
  await expect(img).toHaveAttribute("height", "800");
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(pictures.nth(4).locator("img")).toHaveAttribute("loading", "lazy");
  // The browser really gets a picture (WebP), not a broken link.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.webp$/);
  // The sixth item has no picture yet: the placeholder box.
  await expect(cards.nth(5).locator("[data-placeholder]")).toContainText("Nuotrauka dar neįkelta");
  // Derived files are cached for a year.
  const response = await page.request.get(site().url + (await img.getAttribute("src"))!);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-type"]).toBe("image/jpeg");
});

test("the lightbox: click or Enter opens, arrows move, Esc closes, focus goes back to the card", async ({ page }) => {
  await page.goto(`${site().url}/galerija`);
  await hydrated(page);
  await page.getByRole("link", { name: /^Jono ir Onos vestuvės: atidaryti/ }).click();
  const dialog = page.getByRole("dialog", { name: "Jono ir Onos vestuvės" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Vestuvių nuotrauka, daryta 1923 m. Alytuje.");
  await expect(dialog).toContainText("2 iš 5");
  await expect(dialog.getByRole("img")).toHaveAttribute("src", /\/display\.jpg$/);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Šeima prie klėties" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Senoji sodyba" })).toContainText("1 iš 5");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Senoji sodyba: atidaryti/ })).toBeFocused();

  // The keyboard alone: focus a card and press Enter.
  await page.getByRole("link", { name: /^Petras Kaune: atidaryti/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Petras Kaune" })).toBeVisible();
  await page.getByRole("button", { name: "Uždaryti ✕" }).click();
  await expect(page.getByRole("link", { name: /^Petras Kaune: atidaryti/ })).toBeFocused();
});

test("the lightbox follows a swipe on a touch screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${site().url}/galerija`);
  // (Before the page's scripts run, a tap is a plain link to the photo's page.)
  await hydrated(page);
  await page.getByRole("link", { name: /^Senoji sodyba: atidaryti/ }).tap();
  const picture = page.getByRole("dialog").getByRole("img");
  await expect(picture).toBeVisible();
  const box = (await picture.boundingBox())!;
  const y = box.y + box.height / 2;
  const cdp = await context.newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
  await touch("touchStart", box.x + box.width * 0.8);
  for (const f of [0.7, 0.5, 0.3, 0.2]) await touch("touchMove", box.x + box.width * f);
  await touch("touchEnd", 0);
  await expect(page.getByRole("dialog", { name: "Jono ir Onos vestuvės" })).toBeVisible();
  await context.close();
});

test("without JavaScript each card's picture is a plain link to the photo's page, with the large picture", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/galerija`);
  const link = page.getByRole("link", { name: /^Senoji sodyba: atidaryti/ });
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/galerija\/\d+$/);
  await page.goto(site().url + href);
  const src = (await page.getByRole("img", { name: "Senoji sodyba" }).getAttribute("src"))!;
  expect(src).toMatch(/^\/media\/[0-9a-f]+\/display\.jpg$/);
  const response = await page.request.get(site().url + src);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect(await sharp(await response.body()).metadata()).toMatchObject({ format: "jpeg", width: 1067, height: 800 });
  await context.close();
});

test("the add form: the spec's image states, its messages, and the disabled button", async ({ page }) => {
  await openEditor(page);
  const add = page.getByRole("button", { name: "Pridėti nuotrauką" });
  await expect(add).toBeDisabled();
  // Confirming with nothing chosen.
  await page.getByRole("button", { name: "Patvirtinti nuotrauką" }).click();
  await expect(toasts(page).getByText("Nepasirinkta nuotrauka")).toBeVisible();
  // A file the browser cannot show.
  const text = path.join(os.tmpdir(), "laiskas.jpg");
  fs.writeFileSync(text, "Tai ne nuotrauka.");
  await page.getByLabel("Nuotraukos failas").setInputFiles(text);
  await expect(toasts(page).getByText("Nepavyko sukurti nuotraukos peržiūros")).toBeVisible();
  // The photo: a 4:3 preview, then confirmed, and the selection is cleared.
  await addForm(page).getByLabel("Pavadinimas").fill("Sodyba žiemą");
  await addForm(page).getByLabel("Aprašymas").fill("Sodyba po pūgos, apie 1940 m.");
  await expect(add).toBeDisabled();
  await page.getByLabel("Nuotraukos failas").setInputFiles(PHOTO);
  const preview = page.getByRole("img", { name: "Pasirinktos nuotraukos peržiūra" });
  await expect(preview).toBeVisible();
  const box = (await preview.locator("..").boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
  await expect(add).toBeDisabled();
  await page.getByRole("button", { name: "Patvirtinti nuotrauką" }).click();
  await expect(page.getByTestId("confirmed-image")).toContainText("sodyba.jpg");
  expect(await page.getByLabel("Nuotraukos failas").evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
  await expect(add).toBeEnabled();
  // Emptying a field disables it again.
  await addForm(page).getByLabel("Aprašymas").fill(" ");
  await expect(add).toBeDisabled();
});

test("adding a real JPEG: the toast, the list, and a visitor seeing the new photo", async ({ page, browser }) => {
  await openEditor(page);
  await addForm(page).getByLabel("Pavadinimas").fill("Sodyba žiemą");
  await addForm(page).getByLabel("Aprašymas").fill("Sodyba po pūgos, apie 1940 m.");
  await page.getByLabel("Nuotraukos failas").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Patvirtinti nuotrauką" }).click();
  await page.getByRole("button", { name: "Pridėti nuotrauką" }).click();
  await expect(toasts(page).getByText("Nuotrauka sėkmingai pridėta!")).toBeVisible();
  await expect(adminItems(page)).toHaveCount(7);
  await expect(adminItems(page).last()).toContainText("Sodyba žiemą");
  await expect(addForm(page).getByLabel("Pavadinimas")).toHaveValue("");
  await expect(page.getByTestId("confirmed-image")).toHaveCount(0);
  expect(await rows("select id, title from gallery_items where title = 'Sodyba žiemą'")).toEqual([{ id: 7, title: "Sodyba žiemą" }]);

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/galerija`);
  const card = publicCards(anonymous).last();
  await expect(card).toContainText("Sodyba žiemą");
  const img = card.locator("img");
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  // (Before the page's scripts run, a click is a plain link to the photo's page.)
  await hydrated(anonymous);
  await card.getByRole("link", { name: /: atidaryti didesnę nuotrauką$/ }).click();
  await expect(anonymous.getByRole("dialog", { name: "Sodyba žiemą" }).getByRole("img")).toHaveJSProperty("naturalWidth", 1200);
  await visitor.close();

  // The administrator can still download the archive copy, byte for byte, with its EXIF.
  const download = await page.request.get(`${site().url}/admin/galerija/7/originalas`);
  expect(download.status()).toBe(200);
  expect(Buffer.compare(await download.body(), fs.readFileSync(PHOTO))).toBe(0);
  expect(download.headers()["content-disposition"]).toContain("sodyba.jpg");
  // A visitor cannot.
  const anonymousDownload = await browser.newContext();
  const refused = await anonymousDownload.request.get(`${site().url}/admin/galerija/7/originalas`, { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await anonymousDownload.close();
});

test("a file that is not a picture is refused by the server with a clear message; nothing is added", async ({ page }) => {
  await openEditor(page);
  const fake = path.join(os.tmpdir(), "netikra.jpg");
  fs.writeFileSync(fake, "Tai ne nuotrauka, o laiškas.\n".repeat(50));
  await addForm(page).getByLabel("Pavadinimas").fill("Netikra");
  await addForm(page).getByLabel("Aprašymas").fill("Tekstinis failas su .jpg pavadinimu");
  await page.getByLabel("Nuotraukos failas").setInputFiles(fake);
  await expect(toasts(page).getByText("Nepavyko sukurti nuotraukos peržiūros")).toBeVisible();
  await page.getByRole("button", { name: "Patvirtinti nuotrauką" }).click();
  const count = await adminItems(page).count();
  await page.getByRole("button", { name: "Pridėti nuotrauką" }).click();
  // The message beside the image; the toast says to look at it.
  await expect(page.getByLabel("Nuotraukos failas")).toHaveAccessibleDescription(/^Šis failas nėra nuotrauka\./);
  await expect(page.getByLabel("Nuotraukos failas")).toHaveAttribute("aria-invalid", "true");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();
  await expect(addForm(page).getByLabel("Pavadinimas")).toHaveValue("Netikra");
  await expect(adminItems(page)).toHaveCount(count);
  expect(await rows("select id from gallery_items where title = 'Netikra'")).toEqual([]);
});

test("the server repeats every check: missing fields, missing image", async ({ page }) => {
  await openEditor(page);
  const endpoint = `${site().url}/admin/galerija/ikelti`;
  // As the page's own script sends it: from the site.
  const noTitle = await page.request.post(endpoint, {
    headers: { Origin: site().url },
    multipart: { title: "", description: "x", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(PHOTO) } },
  });
  expect(noTitle.status()).toBe(400);
  expect((await noTitle.json()).errors).toEqual({ title: "Prašome užpildyti visus laukus" });
  const noImage = await page.request.post(endpoint, {
    headers: { Origin: site().url },
    multipart: { title: "Be nuotraukos", description: "x" },
  });
  expect(noImage.status()).toBe(400);
  expect((await noImage.json()).errors).toEqual({ image: "Prašome pasirinkti nuotrauką" });
  expect(await rows("select id from gallery_items where title = 'Be nuotraukos'")).toEqual([]);
});

test("a progress bar shows the upload of a large file", async ({ page }) => {
  await openEditor(page);
  const big = path.join(os.tmpdir(), "didelis-skenas.jpg");
  await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 50 } } })
    .jpeg({ quality: 95 })
    .toFile(big);
  expect(fs.statSync(big).size).toBeGreaterThan(5 * 1024 * 1024);
  await addForm(page).getByLabel("Pavadinimas").fill("Didelis skenas");
  await addForm(page).getByLabel("Aprašymas").fill("Labai didelis failas");
  await page.getByLabel("Nuotraukos failas").setInputFiles(big);
  await page.getByRole("button", { name: "Patvirtinti nuotrauką" }).click();
  // A slow connection, as from a village: about 4 MB/s up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  await page.getByRole("button", { name: "Pridėti nuotrauką" }).click();
  const progress = page.locator("progress#upload-progress");
  await expect(progress).toBeVisible();
  await expect(page.getByText(/Įkeliama… \d+%/)).toBeVisible();
  await expect(toasts(page).getByText("Nuotrauka sėkmingai pridėta!")).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
});

test("editing a photo's title and description", async ({ page, browser }) => {
  await openEditor(page);
  const item = adminItems(page).filter({ hasText: "Petras Kaune" });
  await item.getByText("Redaguoti aprašymą").click();
  // (Exact: the item's English title and description are labelled after these.)
  await item.getByLabel("Pavadinimas", { exact: true }).fill("Petras Kaune, 1938");
  await item.getByLabel("Aprašymas", { exact: true }).fill("Laisvės alėja prie Įgulos bažnyčios.");
  await item.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Nuotraukos aprašymas atnaujintas!")).toBeVisible();
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/galerija`);
  await expect(anonymous.getByRole("main")).toContainText("Laisvės alėja prie Įgulos bažnyčios.");
  await visitor.close();
});

test("removing asks first, then removes the photo; its files are kept out of a visitor's sight, for an undo", async ({ page }) => {
  await openEditor(page);
  const item = adminItems(page).filter({ hasText: "Sodyba žiemą" });
  const [{ mediaId }] = (await rows("select media_id from gallery_items where title = 'Sodyba žiemą'")) as { mediaId: string }[];
  expect(fs.existsSync(path.join(site().dataDir, "media", "public", mediaId))).toBe(true);

  page.once("dialog", (dialog) => dialog.dismiss());
  await item.getByRole("button", { name: "Pašalinti: Sodyba žiemą" }).click();
  await expect(item).toHaveCount(1);

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Ar tikrai pašalinti nuotrauką „Sodyba žiemą“?");
    return dialog.accept();
  });
  await item.getByRole("button", { name: "Pašalinti: Sodyba žiemą" }).click();
  await expect(toasts(page).getByText("Nuotrauka pašalinta!")).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(fs.existsSync(path.join(site().dataDir, "media", "public", mediaId))).toBe(false);
  // Kept (the change history can undo the removal), but a visitor no longer gets it.
  expect(fs.existsSync(path.join(site().dataDir, "media", "members", mediaId))).toBe(true);
  expect(fs.readdirSync(path.join(site().dataDir, "media", "originals")).some((f) => f.startsWith(mediaId))).toBe(true);
  expect((await fetch(`${site().url}/media/${mediaId}/display.jpg`)).status).toBe(404);
});

test("reordering by drag and drop and by keyboard; visitors see the saved order", async ({ page, browser }) => {
  await openEditor(page);
  const titles = () => adminItems(page).locator("p.font-semibold").allInnerTexts();
  const before = (await titles()).map((t) => t.replace(/^\d+\.\s*/, ""));
  const save = page.getByRole("button", { name: "Išsaugoti tvarką" });
  await expect(save).toBeDisabled();

  // Drag the first photo onto the third.
  await adminItems(page).first().dragTo(adminItems(page).nth(2));
  const dragged = [before[1], before[2], before[0], ...before.slice(3)];
  await expect.poll(async () => (await titles()).map((t) => t.replace(/^\d+\.\s*/, ""))).toEqual(dragged);
  await expect(page.getByText("Tvarka pakeista, bet dar neišsaugota.")).toBeVisible();

  // The keyboard: move the last one up.
  const last = adminItems(page).last();
  await last.getByRole("button", { name: /^Perkelti aukštyn/ }).focus();
  await page.keyboard.press("Enter");
  const final = [...dragged.slice(0, -2), dragged.at(-1)!, dragged.at(-2)!];
  await expect.poll(async () => (await titles()).map((t) => t.replace(/^\d+\.\s*/, ""))).toEqual(final);

  await save.click();
  await expect(toasts(page).getByText("Visos nuotraukos išsaugotos!")).toBeVisible();
  await expect(save).toBeDisabled();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/galerija`);
  await expect(publicCards(anonymous).locator("h2")).toHaveText(final);
  await visitor.close();
});

test("icon-only buttons in the editor have tooltips", async ({ page }) => {
  await openEditor(page);
  await adminItems(page)
    .nth(1)
    .getByRole("button", { name: /^Perkelti žemyn/ })
    .hover();
  await expect(page.getByRole("tooltip")).toHaveText(/^Perkelti žemyn: /);
});

test("without JavaScript: add with the plain form, move with one press, remove after a confirmation page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/galerija`);
  await addForm(page).getByLabel("Pavadinimas").fill("Be skriptų");
  await addForm(page).getByLabel("Aprašymas").fill("Įkelta be JavaScript");
  await page.getByLabel("Nuotraukos failas").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Pridėti nuotrauką" }).click();
  await expect(toasts(page).getByText("Nuotrauka sėkmingai pridėta!")).toBeVisible();
  await expect(adminItems(page).last()).toContainText("Be skriptų");

  // Missing fields come back as a message beside each, the rest as typed.
  await addForm(page).getByLabel("Pavadinimas").fill("Tik pavadinimas");
  await page.getByRole("button", { name: "Pridėti nuotrauką" }).click();
  await expect(page.getByRole("alert")).toContainText("Patikrinkite pažymėtus laukus.");
  await expect(addForm(page).getByLabel("Aprašymas")).toHaveAccessibleDescription("Prašome užpildyti visus laukus");
  await expect(addForm(page).getByLabel("Pavadinimas")).toHaveValue("Tik pavadinimas");

  await adminItems(page)
    .last()
    .getByRole("button", { name: /^Perkelti aukštyn/ })
    .click();
  await expect(toasts(page).getByText("Visos nuotraukos išsaugotos!")).toBeVisible();
  await expect(adminItems(page).nth(-2)).toContainText("Be skriptų");

  await adminItems(page)
    .filter({ hasText: "Be skriptų" })
    .getByRole("button", { name: /^Pašalinti/ })
    .click();
  await expect(page.getByRole("alertdialog")).toContainText("Ar tikrai pašalinti nuotrauką „Be skriptų“?");
  await page.getByRole("button", { name: "Taip, pašalinti" }).click();
  await expect(toasts(page).getByText("Nuotrauka pašalinta!")).toBeVisible();
  await expect(adminItems(page).filter({ hasText: "Be skriptų" })).toHaveCount(0);
  await context.close();
});

test("a broken image falls back to the placeholder", async ({ page }) => {
  const [{ mediaId }] = (await rows("select media_id from gallery_items where title = 'Jono ir Onos vestuvės'")) as { mediaId: string }[];
  fs.rmSync(path.join(site().dataDir, "media", "public", mediaId), { recursive: true });
  await page.goto(`${site().url}/galerija`);
  const card = publicCards(page).filter({ hasText: "Jono ir Onos vestuvės" });
  await expect(card.locator("[data-placeholder]")).toContainText("Nuotraukos nepavyko įkelti");
  await expect(publicCards(page).filter({ hasText: "Senoji sodyba" }).locator("img")).toBeVisible();
});

test("a crafted request without a session changes nothing", async ({ browser }) => {
  const context = await browser.newContext();
  const before = await rows("select id, title, position from gallery_items order by id");
  const post = (url: string, form: Record<string, string>) => context.request.post(site().url + url, { form, maxRedirects: 0 });
  expect((await post("/admin/galerija", { intent: "remove", id: "1", confirmed: "1" })).status()).toBe(302);
  expect((await post("/admin/galerija", { intent: "saveOrder", order: "2" })).status()).toBe(302);
  expect((await post("/admin/galerija", { intent: "update", id: "1", title: "x", description: "y" })).status()).toBe(302);
  const upload = await context.request.post(`${site().url}/admin/galerija/ikelti`, {
    multipart: { title: "x", description: "y", image: { name: "a.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(PHOTO) } },
    maxRedirects: 0,
  });
  // Without a session a body may only be a small form: the photo is refused before any route reads it.
  expect(upload.status()).toBe(413);
  expect(await rows("select id, title, position from gallery_items order by id")).toEqual(before);
  await context.close();
});
