import path from "node:path";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";

const site = useSite();
const PDF = path.resolve(import.meta.dirname, "../fixtures/metrikai.pdf");
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg");

test.describe.configure({ mode: "serial" });

function titles(page: Page) {
  return page
    .getByRole("table")
    .locator("tbody tr td:first-child > span")
    .evaluateAll((cells) => cells.map((cell) => (cell.firstChild?.textContent ?? "").trim()));
}

function form(page: Page) {
  return page.getByRole("region", { name: /^(Naujas dokumentas|Redaguojamas: .*)$/ });
}

async function storedTitles(): Promise<string[]> {
  return (await site().db().selectFrom("documents").select("title").orderBy("id").execute()).map((r) => r.title);
}

test("the public list: the spec's columns, sorted by year; every column sorts both ways as a link", async ({ page }) => {
  await page.goto(`${site().url}/dokumentai`);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([/^Pavadinimas/, /^Asmuo/, /^Metai/, /^Tipas/]);
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect
    .poll(() => titles(page))
    .toEqual([
      "Gimimo metrikų išrašas",
      "Santuokos liudijimas",
      "Žemės sklypo skyrimo aktas",
      "Alytaus gimnazijos atestatas",
      "Laiškai iš Čikagos",
    ]);
  await expect(table.getByRole("columnheader", { name: /Metai/ })).toHaveAttribute("aria-sort", "ascending");

  await table.getByRole("link", { name: /^Pavadinimas/ }).click();
  await expect(page).toHaveURL(/\?rikiuoti=pavadinimas$/);
  await expect
    .poll(() => titles(page))
    .toEqual([
      "Alytaus gimnazijos atestatas",
      "Gimimo metrikų išrašas",
      "Laiškai iš Čikagos",
      "Santuokos liudijimas",
      "Žemės sklypo skyrimo aktas",
    ]);
  await table.getByRole("link", { name: /^Pavadinimas/ }).click();
  await expect(page).toHaveURL(/\?rikiuoti=pavadinimas&tvarka=mazejanti$/);
  await expect.poll(async () => (await titles(page))[0]).toBe("Žemės sklypo skyrimo aktas");
  await expect(table.getByRole("columnheader", { name: /Pavadinimas/ })).toHaveAttribute("aria-sort", "descending");
});

test("filter by type and search without diacritics; the view is a shareable URL", async ({ page }) => {
  await page.goto(`${site().url}/dokumentai`);
  await page.getByLabel("Paieška", { exact: true }).fill("zemes");
  await page.getByRole("button", { name: "Ieškoti" }).click();
  await expect(page).toHaveURL(/paieska=zemes/);
  await expect.poll(() => titles(page)).toEqual(["Žemės sklypo skyrimo aktas"]);
  await expect(page.getByText("Rasta: 1 dokumentas iš 5.")).toBeVisible();

  await page.getByRole("link", { name: "Išvalyti" }).click();
  await expect(page.getByLabel("Paieška", { exact: true })).toHaveValue("");
  await page.getByLabel("Tipas").selectOption("Laiškas");
  await page.getByRole("button", { name: "Ieškoti" }).click();
  await expect.poll(() => titles(page)).toEqual(["Laiškai iš Čikagos"]);

  // Someone opening the same address sees the same view.
  const shared = await page.context().browser()!.newPage();
  await shared.goto(`${site().url}/dokumentai?paieska=JONAS&rikiuoti=pavadinimas&tvarka=mazejanti`);
  await expect.poll(() => titles(shared)).toEqual(["Žemės sklypo skyrimo aktas", "Santuokos liudijimas", "Gimimo metrikų išrašas"]);
  await shared.close();

  await page.goto(`${site().url}/dokumentai?paieska=niekas-tokio`);
  await expect(page.getByText("Pagal šią paiešką dokumentų nerasta.")).toBeVisible();
});

test("sorting, filtering and searching work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/dokumentai`);
  await page.getByRole("link", { name: /^Asmuo/ }).click();
  await expect(page).toHaveURL(/rikiuoti=asmuo/);
  await expect.poll(async () => (await titles(page))[0]).toBe("Gimimo metrikų išrašas"); // Jonas Jonaitis
  await page.getByLabel("Paieška", { exact: true }).fill("cikagos");
  await page.getByRole("button", { name: "Ieškoti" }).click();
  await expect(page).toHaveURL(/rikiuoti=asmuo.*paieska=cikagos|paieska=cikagos.*rikiuoti=asmuo/);
  await expect.poll(() => titles(page)).toEqual(["Laiškai iš Čikagos"]);
  await context.close();
});

test("on a phone the table becomes cards and nothing scrolls sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${site().url}/dokumentai`);
  const firstRow = page.getByRole("table").locator("tbody tr").first();
  await expect(firstRow.locator("td")).toHaveCount(4);
  const cells = await firstRow.locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
  expect(new Set(cells.map(Math.round)).size).toBe(4); // stacked, not side by side
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The column headers are hidden here; the order is chosen in the form.
  await page.getByLabel("Rikiuoti pagal").selectOption("pavadinimas");
  await page.getByLabel("Tvarka").selectOption("mazejanti");
  await page.getByRole("button", { name: "Ieškoti" }).click();
  await expect(page).toHaveURL(/rikiuoti=pavadinimas&tvarka=mazejanti/);
  await expect.poll(async () => (await titles(page))[0]).toBe("Žemės sklypo skyrimo aktas");
  await context.close();
});

test("adding: the button waits for all four fields; the toast; a visitor sees it", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/dokumentai`);
  const add = page.getByRole("button", { name: "Pridėti dokumentą" });
  await expect(add).toBeDisabled();
  await form(page).getByLabel("Pavadinimas").fill("Krikšto metrikai");
  await form(page).getByLabel("Asmuo").fill("Petras Jonaitis");
  await form(page).getByLabel("Metai").fill("1902");
  await expect(add).toBeDisabled();
  await form(page).getByLabel("Tipas").fill("Gimimo liudijimas");
  await expect(add).toBeEnabled();
  await form(page).getByLabel("Metai").fill("");
  await expect(add).toBeDisabled();
  await form(page).getByLabel("Metai").fill("apie 1902");
  await add.click();
  await expect(toasts(page).getByText("Dokumentas sėkmingai pridėtas!")).toBeVisible();
  await expect(page.getByTestId("document-row")).toHaveCount(6);
  await expect(form(page).getByLabel("Pavadinimas")).toHaveValue("");
  expect(await storedTitles()).toContain("Krikšto metrikai");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/dokumentai`);
  await expect(anonymous.getByRole("table")).toContainText("Krikšto metrikai");
  await expect(anonymous.getByRole("row", { name: /Krikšto metrikai/ })).toContainText("apie 1902");
  await visitor.close();
});

test("a year in a form nobody understands is refused with what is accepted", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/dokumentai`);
  await hydrated(page);
  await form(page).getByLabel("Pavadinimas").fill("Neaiškūs metai");
  await form(page).getByLabel("Asmuo").fill("Nežinomas");
  await form(page).getByLabel("Metai").fill("XIX a. pabaiga");
  await form(page).getByLabel("Tipas").fill("Kita");
  await page.getByRole("button", { name: "Pridėti dokumentą" }).click();
  // The message beside the year (after its hint), the focus on it.
  await expect(form(page).getByLabel("Metai")).toHaveAccessibleDescription(
    /Metai turi būti, pavyzdžiui, „1918“, „1920–1925“, „apie 1900“, „prieš 1900“ arba „po 1900“\.$/,
  );
  await expect(form(page).getByLabel("Metai")).toBeFocused();
  await expect(form(page).getByLabel("Metai")).toHaveValue("XIX a. pabaiga");
  await expect(form(page).getByLabel("Pavadinimas")).toHaveValue("Neaiškūs metai");
  expect(await storedTitles()).not.toContain("Neaiškūs metai");
});

test("'Redaguoti' loads a row into the form; saving says 'Dokumentas atnaujintas!'; 'Atšaukti' returns to add mode", async ({
  page,
  browser,
}) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/dokumentai`);
  const row = page.getByTestId("document-row").filter({ hasText: "Santuokos liudijimas" });
  await row.getByRole("link", { name: /^Redaguoti/ }).click();
  await expect(form(page)).toHaveAccessibleName("Redaguojamas: Santuokos liudijimas");
  await expect(form(page).getByLabel("Asmuo")).toHaveValue("Jonas Jonaitis ir Ona Petrauskaitė");
  await expect(form(page).getByLabel("Metai")).toHaveValue("1923");

  // 'Atšaukti' clears the form and returns to add mode.
  await form(page).getByLabel("Metai").fill("1924");
  await page.getByRole("link", { name: "Atšaukti" }).click();
  await expect(form(page)).toHaveAccessibleName("Naujas dokumentas");
  await expect(form(page).getByLabel("Pavadinimas")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Pridėti dokumentą" })).toBeDisabled();
  expect(await storedTitles()).toContain("Santuokos liudijimas");

  // Edit again and save.
  await row.getByRole("link", { name: /^Redaguoti/ }).click();
  await expect(form(page)).toHaveAccessibleName("Redaguojamas: Santuokos liudijimas");
  await form(page).getByLabel("Pavadinimas").fill("Santuokos metrikai");
  await form(page).getByLabel("Metai").fill("1923-1924");
  await page.getByRole("button", { name: "Išsaugoti pakeitimus" }).click();
  await expect(toasts(page).getByText("Dokumentas atnaujintas!")).toBeVisible();
  await expect(form(page)).toHaveAccessibleName("Naujas dokumentas");
  await expect(page.getByTestId("document-row").filter({ hasText: "Santuokos metrikai" })).toContainText("1923–1924");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/dokumentai`);
  await expect(anonymous.getByRole("row", { name: /Santuokos metrikai/ })).toContainText("1923–1924");
  await visitor.close();
});

test("a PDF scan is attached and opens in the browser; an image scan opens large", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/dokumentai`);
  await page
    .getByTestId("document-row")
    .filter({ hasText: "Gimimo metrikų išrašas" })
    .getByRole("link", { name: /^Redaguoti/ })
    .click();
  await expect(form(page)).toHaveAccessibleName("Redaguojamas: Gimimo metrikų išrašas");
  await form(page).getByLabel("Skeno failas").setInputFiles(PDF);
  await page.getByRole("button", { name: "Išsaugoti pakeitimus" }).click();
  await expect(toasts(page).getByText("Dokumentas atnaujintas!")).toBeVisible();

  await expect(page.getByTestId("document-row").filter({ hasText: "Gimimo metrikų išrašas" })).toContainText("Skenas (PDF)");
  await page
    .getByTestId("document-row")
    .filter({ hasText: "Laiškai iš Čikagos" })
    .getByRole("link", { name: /^Redaguoti/ })
    .click();
  await expect(form(page)).toHaveAccessibleName("Redaguojamas: Laiškai iš Čikagos");
  await form(page).getByLabel("Skeno failas").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Išsaugoti pakeitimus" }).click();
  await expect(page.getByTestId("document-row").filter({ hasText: "Laiškai iš Čikagos" })).toContainText("Skenas");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/dokumentai`);
  const pdfLink = anonymous.getByRole("link", { name: "Peržiūrėti skeną: Gimimo metrikų išrašas" });
  await expect(pdfLink).toHaveText("Peržiūrėti skeną (PDF)");
  const pdf = await anonymous.request.get(site().url + (await pdfLink.getAttribute("href")));
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe("inline");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await anonymous.getByRole("link", { name: "Peržiūrėti skeną: Laiškai iš Čikagos" }).click();
  await expect(anonymous).toHaveURL(/\/media\/[0-9a-f]+\/display\.jpg$/);
  const image = await anonymous.request.get(anonymous.url());
  expect(await sharp(await image.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
  await visitor.close();
});

test("removing asks first and says 'Dokumentas pašalintas!'", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/dokumentai`);
  // Asking first is the page's script (without it the server asks on a page of its own).
  await hydrated(page);
  const row = page.getByTestId("document-row").filter({ hasText: "Alytaus gimnazijos atestatas" });
  page.once("dialog", (dialog) => dialog.dismiss());
  await row.getByRole("button", { name: /^Pašalinti/ }).click();
  await expect(row).toHaveCount(1);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Ar tikrai pašalinti dokumentą „Alytaus gimnazijos atestatas“?");
    return dialog.accept();
  });
  await row.getByRole("button", { name: /^Pašalinti/ }).click();
  await expect(toasts(page).getByText("Dokumentas pašalintas!")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await storedTitles()).not.toContain("Alytaus gimnazijos atestatas");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/dokumentai`);
  await expect(anonymous.getByRole("table")).not.toContainText("Alytaus gimnazijos atestatas");
  await visitor.close();
});

test("a crafted POST without a session changes nothing", async ({ request }) => {
  const before = await storedTitles();
  const post = (form: Record<string, string>) => request.post(`${site().url}/admin/dokumentai`, { form, maxRedirects: 0 });
  expect((await post({ intent: "add", title: "Įsilaužėlis", person: "x", year: "1900", type: "Kita" })).status()).toBe(302);
  expect((await post({ intent: "update", id: "1", title: "Įsilaužėlis", person: "x", year: "1900", type: "Kita" })).status()).toBe(302);
  expect((await post({ intent: "remove", id: "1", confirmed: "1" })).status()).toBe(302);
  expect(await storedTitles()).toEqual(before);
});
