import { expect, test } from "@playwright/test";
import { logInAsAdmin, toasts, useSite } from "./site.ts";

const site = useSite();

test("the editor shows the six fields with a live preview; a save is seen by an anonymous visitor", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.getByRole("navigation", { name: "Administravimo meniu" }).getByRole("link", { name: "Istorija" }).click();
  await expect(page).toHaveURL(`${site().url}/admin/istorija`);
  for (const label of [
    "Pavadinimas",
    "Įžanga",
    "Pagrindinis tekstas",
    "Laikotarpio pavadinimas",
    "Laikotarpio aprašymas",
    "Laikotarpio aprašymo tęsinys",
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  const preview = page.getByRole("region", { name: "Peržiūra" }).getByRole("article");
  await page.getByLabel("Pavadinimas", { exact: true }).fill("Mūsų giminės kelias");
  await expect(preview.getByRole("heading", { level: 2 })).toHaveText("Mūsų giminės kelias");
  await page.getByLabel("Pagrindinis tekstas", { exact: true }).fill("Pirmoji pastraipa.\nSu eilutės lūžiu.\n\nAntroji pastraipa.");
  await expect(preview.locator("p", { hasText: "Antroji pastraipa." })).toBeVisible();
  await page.getByLabel("Laikotarpio pavadinimas", { exact: true }).fill("Pokaris");
  await expect(preview.getByRole("heading", { level: 3 })).toHaveText("Pokaris");

  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Istorijos duomenys sėkmingai išsaugoti!")).toBeVisible();
  await expect(page.getByLabel("Pavadinimas", { exact: true })).toHaveValue("Mūsų giminės kelias");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/istorija`);
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText("Mūsų giminės kelias");
  await expect(anonymous.getByRole("heading", { level: 2 })).toHaveText("Pokaris");
  const first = anonymous.locator("article p", { hasText: "Pirmoji pastraipa." });
  expect(await first.innerText()).toBe("Pirmoji pastraipa.\nSu eilutės lūžiu.");
  await expect(anonymous.locator("article p", { hasText: "Antroji pastraipa." })).toBeVisible();
  await visitor.close();
});

test("a <script> typed into a field is shown as text and never runs", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija`);
  const payload = `<script>window.__ivykdyta = true</script><img src=x onerror="window.__ivykdyta = true">`;
  await page.getByLabel("Įžanga", { exact: true }).fill(payload);
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Istorijos duomenys sėkmingai išsaugoti!")).toBeVisible();
  await expect(page.getByRole("region", { name: "Peržiūra" }).getByText(payload)).toBeVisible();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/istorija`);
  await expect(anonymous.getByRole("main").getByText(payload)).toBeVisible();
  expect(await anonymous.evaluate(() => (window as unknown as { __ivykdyta?: boolean }).__ivykdyta)).toBeUndefined();
  await visitor.close();
});

test("earlier versions are listed with their time and one can be restored", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija`);
  await page.getByLabel("Pavadinimas", { exact: true }).fill("Versija A");
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Istorijos duomenys sėkmingai išsaugoti!")).toBeVisible();
  await page.getByLabel("Pavadinimas", { exact: true }).fill("Versija B");
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(page.getByLabel("Pavadinimas", { exact: true })).toHaveValue("Versija B");

  const versions = page.getByRole("region", { name: "Ankstesnės versijos" }).getByRole("listitem");
  await expect(versions.first()).toContainText("Versija B");
  await expect(versions.first()).toContainText("Dabartinė");
  await expect(versions.first()).toContainText(/\d{4} m\. \S+ \d{1,2} d\. \d{2}:\d{2}/);
  await expect(versions.last()).toContainText("Jonaičių giminės istorija");
  await expect(versions.last()).toContainText("pradinis turinys");

  await versions
    .filter({ hasText: "Versija A" })
    .getByRole("button", { name: /^Atkurti/ })
    .click();
  await expect(toasts(page).getByText("Ankstesnė versija atkurta")).toBeVisible();
  await expect(page.getByLabel("Pavadinimas", { exact: true })).toHaveValue("Versija A");
  await expect(versions.first()).toContainText("Versija A");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/istorija`);
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText("Versija A");
  await visitor.close();
});

test("an empty title is refused where the user is looking: focus on the field, the message, a toast; nothing saved", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/istorija`);
  const before = await page.getByRole("region", { name: "Ankstesnės versijos" }).getByRole("listitem").count();
  await page.getByLabel("Pavadinimas", { exact: true }).fill("");
  await page.getByLabel("Įžanga", { exact: true }).fill("Ką tik parašyta įžanga.");
  // Scrolled to the button at the bottom, as a user is when pressing it.
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  const title = page.getByLabel("Pavadinimas", { exact: true });
  await expect(title).toBeFocused();
  await expect(title).toHaveAccessibleDescription("Įrašykite pavadinimą.");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();
  await expect(page.getByLabel("Įžanga", { exact: true })).toHaveValue("Ką tik parašyta įžanga.");
  await expect(page.getByRole("region", { name: "Ankstesnės versijos" }).getByRole("listitem")).toHaveCount(before);
});
