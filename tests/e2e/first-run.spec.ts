import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, logIn, logInAsAdmin, toasts, useSite } from "./site.ts";

// A family's first hour with a new installation: the dashboard's checklist
// shrinks as each step is done, the administrator chooses their own password,
// and the site, with no SITE_URL set, never makes an absolute address.

const site = useSite();
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/gedcom");

test.describe.configure({ mode: "serial" });

function checklist(page: Page) {
  return page.getByRole("region", { name: "Paruoškite svetainę savo giminei" });
}

async function stepsLeft(page: Page): Promise<string[]> {
  await page.goto(`${site().url}/admin`);
  if ((await checklist(page).count()) === 0) return [];
  return checklist(page).getByRole("listitem").getByRole("link").allInnerTexts();
}

async function follow(page: Page, step: string) {
  await page.goto(`${site().url}/admin`);
  await hydrated(page);
  await checklist(page).getByRole("link", { name: step }).click();
}

test("the checklist shrinks as each step is done, and is gone when all are", async ({ page, browser }) => {
  // Before anything: a visitor is told the guestbook's messages are the example's, not a relative's.
  const first = await browser.newContext();
  const firstVisitor = await first.newPage();
  await firstVisitor.goto(`${site().url}/sveciai`);
  await expect(firstVisitor.getByRole("heading", { name: "Rūta iš Kauno" })).toContainText("Pavyzdinis įrašas");
  await first.close();

  await logInAsAdmin(page, site());
  expect(await stepsLeft(page)).toEqual([
    "Įrašykite savo giminės pavadinimą",
    "Pakeiskite pavyzdinį kontaktinį el. pašto adresą",
    "Pašalinkite pavyzdinį turinį",
    "Pakeiskite arba pašalinkite pavyzdinę nuotrauką „Nuotrauka dar neįkelta“",
    "Parašykite pradžios puslapio pasveikinimą ir įžangą",
    "Parašykite, kas jūs ir ko siekiate (puslapis „Apie“)",
    "Importuokite giminės medį (GEDCOM failą)",
    "Pakeiskite pradinį slaptažodį į savo",
  ]);
  await expect(checklist(page)).toContainText("Liko 8 žingsniai.");
  await expect(checklist(page).locator('[data-step="pavyzdys"]')).toContainText(
    "Dar liko: istorija, 6 nuotraukos, 5 dokumentai, 3 svečių knygos įrašai, 3 tekstai.",
  );

  await follow(page, "Įrašykite savo giminės pavadinimą");
  await page.getByLabel("Giminės pavadinimas (rodomas antraštėje)").fill("Kalvaičių giminė");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  await expect(toasts(page).getByText("Svetainės nustatymai išsaugoti!")).toBeVisible();
  await expect(checklist(page).getByRole("listitem")).toHaveCount(7);
  await expect(checklist(page)).not.toContainText("giminės pavadinimą");

  await follow(page, "Pakeiskite pavyzdinį kontaktinį el. pašto adresą");
  await page.getByLabel("Kontaktinis el. paštas").fill("kalvaiciai@pastas.lt");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  await expect(checklist(page).getByRole("listitem")).toHaveCount(6);

  await follow(page, "Pakeiskite arba pašalinkite pavyzdinę nuotrauką „Nuotrauka dar neįkelta“");
  await expect(page).toHaveURL(`${site().url}/admin/galerija`);
  // The placeholder gets its photo, in its own place (not added anew and the old one removed).
  await hydrated(page);
  const reunion = page.getByTestId("gallery-item").filter({ hasText: "Giminės susitikimas" });
  await reunion.getByText("Redaguoti aprašymą, datą, matomumą ir failą").click();
  await reunion
    .getByLabel("Failas nuotraukai „Giminės susitikimas“")
    .setInputFiles(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg"));
  await reunion.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Nuotrauka pakeista")).toBeVisible();
  await expect(page.getByTestId("gallery-item").filter({ hasText: "Giminės susitikimas" }).locator("img")).toBeVisible();
  expect(await stepsLeft(page)).toHaveLength(5);

  await follow(page, "Parašykite pradžios puslapio pasveikinimą ir įžangą");
  await expect(page).toHaveURL(`${site().url}/admin/tekstai#pradzia`);
  const home = page.getByRole("region", { name: "Pradžios puslapis", exact: true });
  await home.getByLabel("Įžanga", { exact: true }).fill("Kalvaičiai iš Šiaulių krašto.");
  await home.getByRole("button", { name: "Išsaugoti", exact: true }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  expect(await stepsLeft(page)).toHaveLength(4);

  await follow(page, "Parašykite, kas jūs ir ko siekiate (puslapis „Apie“)");
  const about = page.getByRole("region", { name: "Puslapis „Apie“", exact: true });
  await about.getByLabel("Projekto tikslai (po vieną eilutėje)", { exact: true }).fill("surinkti visų šakų nuotraukas;");
  await about.getByRole("button", { name: "Išsaugoti", exact: true }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  expect(await stepsLeft(page)).toHaveLength(3);

  // The branches stay under the tree, or not, as the family chooses.
  await page.goto(`${site().url}/admin/tekstai`);
  const branches = page.getByRole("region", { name: "Giminės šakos", exact: true });
  await expect(branches.getByLabel("Pavadinimas", { exact: true }).first()).toBeVisible();
  const firstBranch = await branches.getByLabel("Pavadinimas", { exact: true }).first().inputValue();
  await branches.getByLabel("Rodyti šakas ir tada, kai giminės medis jau importuotas").uncheck();
  await branches.getByRole("button", { name: "Išsaugoti šakas" }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();

  await follow(page, "Importuokite giminės medį (GEDCOM failą)");
  await expect(page).toHaveURL(`${site().url}/admin/medis`);
  // The page's script is running (its file button shows): the file goes up with a progress bar, and the answer says how it went.
  await expect(page.getByText("Pasirinkti failą…")).toBeVisible();
  await page.getByLabel("GEDCOM failas").setInputFiles(path.join(FIXTURES, "lietuviai-cp1257.ged"));
  const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/admin/medis/importuoti");
  await page.getByRole("button", { name: "Importuoti" }).click();
  const answer = await uploaded;
  expect(answer.status(), "the import's answer").toBe(201);
  await expect(page.getByRole("region", { name: /^Importo santrauka/ })).toContainText("Medis paskelbtas svetainėje.");
  expect(await stepsLeft(page)).toEqual(["Pašalinkite pavyzdinį turinį", "Pakeiskite pradinį slaptažodį į savo"]);

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/medis`);
  await expect(anonymous.getByRole("main")).not.toContainText(firstBranch);
  await page.goto(`${site().url}/admin/tekstai`);
  await branches.getByLabel("Rodyti šakas ir tada, kai giminės medis jau importuotas").check();
  await branches.getByRole("button", { name: "Išsaugoti šakas" }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  await anonymous.reload();
  await expect(anonymous.getByRole("main")).toContainText(firstBranch);
  // The home page counts the tree's people now, in Lithuanian plural forms.
  await anonymous.goto(`${site().url}/`);
  await expect(anonymous.getByRole("main")).toContainText("5 asmenys");
  await expect(anonymous.getByRole("main")).toContainText("6 nuotraukos");

  // The example family, gone in one confirmed step: listed first, a backup kept on the server, and every page the family's.
  await follow(page, "Pašalinkite pavyzdinį turinį");
  await expect(page).toHaveURL(`${site().url}/admin/pavyzdys`);
  await expect(page.getByRole("main")).toContainText("„Jonaičių giminės istorija“");
  await expect(page.getByRole("heading", { name: "Nuotraukos (6)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Svečių knygos įrašai (3)" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Giminės šakos po medžiu");
  await page.getByLabel("Taip, pašalinti 18 pavyzdinių įrašų").check();
  await page.getByRole("button", { name: "Pašalinti pavyzdinį turinį" }).click();
  await expect(toasts(page).getByText("Pavyzdinis turinys pašalintas")).toBeVisible();
  await expect(page).toHaveURL(`${site().url}/admin`);
  expect(await stepsLeft(page)).toEqual(["Pakeiskite pradinį slaptažodį į savo"]);
  await expect(checklist(page)).toContainText("Liko 1 žingsnis.");
  const backups = fs.readdirSync(path.join(site().dataDir, "atsargines-kopijos"));
  expect(backups).toEqual([expect.stringMatching(/^pries-pavyzdzio-salinima-.*\.tar\.gz$/)]);
  for (const [address, gone] of [
    ["/istorija", "Jonaičių"],
    ["/dokumentai", "Gimimo metrikų išrašas"],
    ["/galerija", "Senoji sodyba"],
    ["/sveciai", "Rūta iš Kauno"],
    ["/medis", firstBranch],
    ["/", "Alytuje"],
  ]) {
    await anonymous.goto(`${site().url}${address}`);
    await expect(anonymous.getByRole("main"), address).not.toContainText(gone);
  }
  await expect(anonymous.getByRole("main")).not.toContainText("Pavyzdinis įrašas");
  await anonymous.goto(`${site().url}/istorija`);
  await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText("Giminės istorija");
  await expect(anonymous.getByRole("main")).toContainText("Giminės istorija dar rašoma.");
  await visitor.close();
  await page.goto(`${site().url}/admin/pakeitimai`);
  await expect(page.getByRole("main")).toContainText("Pašalintas pavyzdinis turinys");

  // The last step: the administrator's own password. Another browser logged in as them is logged out.
  const elsewhere = await browser.newContext();
  const otherPage = await elsewhere.newPage();
  await logInAsAdmin(otherPage, site());

  await follow(page, "Pakeiskite pradinį slaptažodį į savo");
  await expect(page).toHaveURL(`${site().url}/paskyra#slaptazodis`);
  await page.getByLabel("Dabartinis slaptažodis").fill("ne-tas-slaptazodis");
  await page.getByLabel("Naujas slaptažodis", { exact: true }).fill("musu-seimos-slaptazodis");
  await page.getByLabel("Pakartokite naują slaptažodį").fill("musu-seimos-slaptazodis");
  await page.getByRole("button", { name: "Pakeisti slaptažodį" }).click();
  await expect(page.getByLabel("Dabartinis slaptažodis")).toBeFocused();
  await expect(page.getByLabel("Dabartinis slaptažodis")).toHaveAccessibleDescription("Dabartinis slaptažodis neteisingas.");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();

  await page.getByLabel("Dabartinis slaptažodis").fill(site().admin.password);
  await page.getByLabel("Naujas slaptažodis", { exact: true }).fill("musu-seimos-slaptazodis");
  await page.getByLabel("Pakartokite naują slaptažodį").fill("kitoks-slaptazodis");
  await page.getByRole("button", { name: "Pakeisti slaptažodį" }).click();
  await expect(page.getByLabel("Pakartokite naują slaptažodį")).toBeFocused();
  await expect(page.getByLabel("Pakartokite naują slaptažodį")).toHaveAccessibleDescription("Slaptažodžiai nesutampa.");

  await page.getByLabel("Dabartinis slaptažodis").fill(site().admin.password);
  await page.getByLabel("Naujas slaptažodis", { exact: true }).fill("musu-seimos-slaptazodis");
  await page.getByLabel("Pakartokite naują slaptažodį").fill("musu-seimos-slaptazodis");
  await page.getByRole("button", { name: "Pakeisti slaptažodį" }).click();
  await expect(toasts(page).getByText("Slaptažodis pakeistas")).toBeVisible();
  expect(await stepsLeft(page)).toEqual([]);
  await expect(page.getByRole("heading", { name: "Paruoškite svetainę savo giminei" })).toHaveCount(0);

  // This browser stays logged in; the other one is not any more.
  await page.reload();
  await expect(page).toHaveURL(`${site().url}/admin`);
  await otherPage.goto(`${site().url}/admin`);
  await expect(otherPage).toHaveURL(`${site().url}/login`);
  await logIn(otherPage, site(), "musu-seimos-slaptazodis");
  await expect(otherPage).toHaveURL(`${site().url}/admin`);
  await elsewhere.close();
});

test("without SITE_URL: no sitemap, no absolute address in any page, whatever Host the request names", async ({ request, page }) => {
  const robots = await request.get(`${site().url}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(await robots.text()).not.toContain("Sitemap:");
  expect((await request.get(`${site().url}/sitemap.xml`)).status()).toBe(404);

  for (const path of ["/", "/istorija", "/medis", "/galerija", "/apie"]) {
    const response = await request.get(`${site().url}${path}`, { headers: { Host: "pavojinga.example" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("pavojinga.example");
    expect(html).not.toContain('property="og:url"');
    expect(html).not.toContain('property="og:image"');
    expect(html).toContain('name="description"');
  }
  await page.goto(`${site().url}/galerija`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Nuotraukų galerija/);
});
