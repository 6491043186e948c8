import path from "node:path";
import { expect, request as http, test, type Page } from "@playwright/test";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { addUser, logInAs, useSite, watchConsole } from "./site.ts";
import { analyze } from "./axe.ts";

// "Kaip susiję?": from a person page to /giminyste, at phone width, with and
// without JavaScript, and a privacy sweep of every pair of people for a
// visitor. The family: tests/fixtures/gedcom/giminyste.ged (Kazys and Birutė
// are cousins; Gintaras Gyvasis is living, between Kazys and his dead grandson Tomas).

const site = useSite();
test.describe.configure({ mode: "serial" });

const ids: Record<string, number> = {};
const LIVING = ["Gintaras", "Gyvasis"];
let memberPassword = "";

test.beforeAll(async () => {
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  const file = path.resolve(import.meta.dirname, "../fixtures/gedcom/giminyste.ged");
  await importFile(site().db(), store, file, { sourceName: "giminyste.ged" });
  for (const p of await site().db().selectFrom("genealogyPeople").select(["id", "givenNames"]).execute()) ids[p.givenNames] = p.id;
  memberPassword = addUser(site(), "narys", "narys");
});

async function noAxeViolations(page: Page) {
  const { violations } = await analyze(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

test("at 390 px, from a person page: pick a cousin and see 'pusseserė' and the path", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${site().url}/asmuo/${ids.Kazys}`);
  const section = page.getByRole("region", { name: "Kaip susiję?" });
  // Typed without diacritics: suggestions while typing lead straight to the answer.
  await section.getByLabel("Kitas asmuo").fill("birute");
  await section
    .getByRole("list", { name: "Pasiūlymai" })
    .getByRole("link", { name: /Birutė Rimkienė/ })
    .click();
  await expect(page).toHaveURL(`${site().url}/giminyste?a=${ids.Kazys}&b=${ids.Birutė}`);
  await expect(page.getByRole("heading", { level: 1, name: "Kaip susiję?" })).toBeVisible();
  await expect(page.getByTestId("relationship-terms")).toHaveText("pusseserė");
  // The path: through the grandparents (a couple), Jonas on Kazys's side, Petras on Birutė's.
  const chart = page.getByRole("region", { name: "Kaip susiję" });
  for (const name of [
    "Antanas Kalvaitis",
    "Marija Kalvaitienė",
    "Jonas Kalvaitis",
    "Petras Kalvaitis",
    "Kazys Kalvaitis",
    "Birutė Rimkienė",
  ]) {
    await expect(chart.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(chart.getByRole("list", { name: "Pirmojo asmens linija" })).toContainText("Jonas Kalvaitis");
  await expect(chart.getByRole("list", { name: "Antrojo asmens linija" })).toContainText("Petras Kalvaitis");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await noAxeViolations(page);
  // The other way round: Kazys is Birutė's cousin.
  await page.getByRole("link", { name: "Sukeisti asmenis vietomis" }).click();
  await expect(page.getByTestId("relationship-terms")).toHaveText("pusbrolis");
  // Two paths (cousins married to each other), both drawn.
  await page.goto(`${site().url}/giminyste?a=${ids.Kazys}&b=${ids.Daiva}`);
  await expect(page.getByTestId("relationship-terms")).toHaveText(/pusbrolio duktė; pusseserės duktė|pusseserės duktė; pusbrolio duktė/);
  await expect(page.getByRole("heading", { name: "Susiję 2 keliais" })).toBeVisible();
  // Through a marriage.
  await page.goto(`${site().url}/giminyste?a=${ids.Jonas}&b=${ids.Juozas}`);
  await expect(page.getByTestId("relationship-terms")).toHaveText("uošvis");
  await expect(page.getByText("Susiję per santuoką")).toBeVisible();
  await noAxeViolations(page);
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript: the person page's form, the list of matches, the answer", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${site().url}/asmuo/${ids.Birutė}`);
  const section = page.getByRole("region", { name: "Kaip susiję?" });
  await section.getByLabel("Kitas asmuo").fill("kazys");
  await section.getByRole("button", { name: "Ieškoti" }).click();
  await expect(page).toHaveURL(new RegExp(`/giminyste\\?a=${ids.Birutė}&paieska=kazys$`));
  await expect(page.getByRole("heading", { name: "Pasirinkite antrąjį asmenį" })).toBeVisible();
  await page
    .getByRole("link", { name: /Kazys Kalvaitis/ })
    .last()
    .click();
  await expect(page.getByTestId("relationship-terms")).toHaveText("pusbrolis");
  // Nothing chosen yet: a form, not an error; a malformed id: the form, with 400.
  const empty = await page.goto(`${site().url}/giminyste`);
  expect(empty?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Pasirinkite pirmąjį asmenį" })).toBeVisible();
  expect((await page.goto(`${site().url}/giminyste?a=abc&b=1`))?.status()).toBe(400);
  // Unknown ids: 404 with a plain message.
  const unknown = await page.goto(`${site().url}/giminyste?a=${ids.Kazys}&b=999999`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText("Asmuo nerastas.")).toBeVisible();
  // Not related at all.
  await page.goto(`${site().url}/giminyste?a=${ids.Kazys}&b=${ids.Svetimas}`);
  await expect(page.getByTestId("relationship-terms")).toHaveText("Giminystės ryšio nerasta");
  await context.close();
});

test("axe finds nothing on the answer and on the forms, at 390 and 1280 px", async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const address of [
      `/giminyste?a=${ids.Kazys}&b=${ids.Daiva}`,
      `/giminyste?a=${ids.Jonas}&b=${ids.Juozas}`,
      "/giminyste",
      `/giminyste?a=${ids.Kazys}&paieska=kalvait`,
      `/giminyste?a=${ids.Kazys}&b=999999`,
    ]) {
      await page.goto(`${site().url}${address}`);
      await noAxeViolations(page);
    }
    await context.close();
  }
});

test("a visitor never sees a living person's name on /giminyste, for any pair of people", async () => {
  const visitor = await http.newContext({ baseURL: site().url });
  const people = Object.values(ids);
  const leaks: string[] = [];
  const hidden: string[] = [];
  for (const a of people) {
    for (const b of people) {
      for (const address of [`/giminyste?a=${a}&b=${b}`, `/giminyste.data?a=${a}&b=${b}`]) {
        const response = await visitor.get(address);
        expect(response.status(), address).toBeLessThan(500);
        const body = await response.text();
        if (LIVING.some((name) => body.includes(name))) leaks.push(address);
        if (!address.includes(".data") && response.status() === 404) hidden.push(address);
      }
    }
  }
  // The searches for the first and the second person do not find him either.
  for (const address of [`/giminyste?paieska=gintaras`, `/giminyste?a=${ids.Kazys}&paieska=gyvasis`]) {
    const body = await (await visitor.get(address)).text();
    if (LIVING.some((name) => body.includes(name))) leaks.push(address);
    expect(body).toContain("nieko nerasta");
  }
  expect(leaks).toEqual([]);
  // Every pair with the living man is refused, and only those.
  expect(hidden).toHaveLength(2 * people.length - 1);
  // Through him, he is 'Gyvas asmuo'.
  const through = await (await visitor.get(`/giminyste?a=${ids.Kazys}&b=${ids.Tomas}`)).text();
  expect(through).toContain("anūkas");
  expect(through).toContain("Gyvas asmuo");
  await visitor.dispose();
});

test("a member sees the living family on /giminyste", async ({ page }) => {
  await logInAs(page, site(), "narys", memberPassword);
  await page.goto(`${site().url}/giminyste?a=${ids.Kazys}&b=${ids.Tomas}`);
  await expect(page.getByTestId("relationship-terms")).toHaveText("anūkas");
  await expect(page.getByRole("link", { name: "Gintaras Gyvasis" })).toBeVisible();
});
