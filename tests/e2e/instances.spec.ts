import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";
import { SERVER_START_LIMIT_MS, startSite, toasts, type Site } from "./site.ts";

// Two server processes on one database and one DATA_DIR behave as one site:
// nothing the site needs lives only in one process's memory.

test.describe.configure({ mode: "serial" });

let a: Site;
let b: Site;
test.beforeAll(async () => {
  test.setTimeout(2 * SERVER_START_LIMIT_MS);
  a = await startSite();
  b = await startSite({ ADMIN_USERNAME: a.admin.username, ADMIN_PASSWORD: a.admin.password }, { dataDir: a.dataDir, database: a.database });
});
test.afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

/** The session cookie of one server, given to the other (a load balancer does the same). */
async function shareSession(context: BrowserContext, from: Site, to: Site) {
  const cookie = (await context.cookies(from.url)).find((c) => c.name === "sesija");
  expect(cookie).toBeDefined();
  await context.addCookies([{ name: "sesija", value: cookie!.value, url: to.url }]);
}

async function logInTo(context: BrowserContext, site: Site) {
  const page = await context.newPage();
  await page.goto(`${site.url}/login`);
  await page.getByLabel("Vartotojo vardas").fill(site.admin.username);
  await page.getByLabel("Slaptažodis").fill(site.admin.password);
  await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
  await expect(page).toHaveURL(`${site.url}/admin`);
  return page;
}

test("two processes really run", () => {
  expect(a.url).not.toBe(b.url);
});

test("a login made through one is valid on the other; logout through one ends it on both", async ({ browser }) => {
  const context = await browser.newContext();
  const pageA = await logInTo(context, a);
  await shareSession(context, a, b);
  const pageB = await context.newPage();
  await pageB.goto(`${b.url}/admin`);
  await expect(pageB.getByRole("heading", { name: "Sveiki, admin!" })).toBeVisible();

  await pageA.getByRole("button", { name: "Atsijungti" }).click();
  await expect(pageA).toHaveURL(`${a.url}/`);
  await pageB.goto(`${b.url}/admin`);
  await expect(pageB).toHaveURL(`${b.url}/login`);
  await context.close();
});

test("an edit through one is seen through the other on the next request, though the other had kept the page", async ({
  browser,
  request,
}) => {
  // A visitor's page, rendered by the second process and kept by its render cache (the second answer is the kept one).
  const before = await request.get(`${b.url}/istorija`);
  const kept = await request.get(`${b.url}/istorija`);
  expect(kept.headers()["etag"]).toBe(before.headers()["etag"]);
  expect(await kept.text()).not.toContain("Redaguota per pirmąjį procesą");

  const context = await browser.newContext();
  const page = await logInTo(context, a);
  await page.goto(`${a.url}/admin/istorija`);
  await page.getByLabel("Pavadinimas", { exact: true }).fill("Redaguota per pirmąjį procesą");
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Istorijos duomenys sėkmingai išsaugoti!")).toBeVisible();

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(`${b.url}/istorija`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Redaguota per pirmąjį procesą");
  await visitor.close();
  await context.close();
});

test("an upload through one is served by the other", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await logInTo(context, a);
  const upload = await page.request.post(`${a.url}/admin/galerija/ikelti`, {
    headers: { Origin: a.url },
    multipart: {
      title: "Įkelta per pirmąjį",
      description: "Rodoma per antrąjį",
      image: {
        name: "sodyba.jpg",
        mimeType: "image/jpeg",
        buffer: fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg")),
      },
    },
  });
  expect(upload.status()).toBe(201);

  const visitor = await browser.newContext();
  const other = await visitor.newPage();
  await other.goto(`${b.url}/galerija`);
  const card = other.getByRole("main").getByRole("listitem").filter({ hasText: "Įkelta per pirmąjį" });
  await expect(card.locator("img")).toHaveJSProperty("complete", true);
  await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Its page, and the large picture on it, from the other process too.
  await card.getByRole("link", { name: "Įkelta per pirmąjį", exact: true }).click();
  const large = other.getByRole("img", { name: "Įkelta per pirmąjį" });
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect((await other.request.get(b.url + (await large.getAttribute("src")))).status()).toBe(200);
  await visitor.close();
  await context.close();
});

test("the login throttle counts attempts made through both", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const [i, site] of [a, b, a, b, a].entries()) {
    await page.goto(`${site.url}/login`);
    await page.getByLabel("Vartotojo vardas").fill("admin");
    await page.getByLabel("Slaptažodis").fill(`neteisingas-${i}`);
    await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
    await expect(toasts(page).getByText("Neteisingas vartotojo vardas arba slaptažodis").last()).toBeVisible();
  }
  // Three failures went through A and two through B; B now refuses even the right password.
  await page.goto(`${b.url}/login`);
  await page.getByLabel("Vartotojo vardas").fill(b.admin.username);
  await page.getByLabel("Slaptažodis").fill(b.admin.password);
  await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
  await expect(toasts(page).getByText("Per daug nesėkmingų bandymų prisijungti")).toBeVisible();
  await context.close();
});
