import { expect, test } from "@playwright/test";
import { logIn, logInAsAdmin, toasts, useSite } from "./site.ts";

const site = useSite();

test("an anonymous visitor opening /admin/istorija lands on /login", async ({ page }) => {
  await page.goto(`${site().url}/admin/istorija`);
  await expect(page).toHaveURL(`${site().url}/login`);
  await expect(page.getByRole("heading", { name: "Prisijungimas", exact: true })).toBeVisible();
  for (const path of ["/admin", "/admin/galerija", "/admin/dokumentai"]) {
    await page.goto(site().url + path);
    await expect(page).toHaveURL(`${site().url}/login`);
  }
});

test("a wrong pair shows 'Neteisingas vartotojo vardas arba slaptažodis' and no session", async ({ page }) => {
  await logIn(page, site(), "neteisingas-slaptazodis");
  await expect(toasts(page).getByText("Neteisingas vartotojo vardas arba slaptažodis")).toBeVisible();
  await expect(page).toHaveURL(`${site().url}/login`);
  expect((await page.context().cookies()).find((c) => c.name === "sesija")).toBeUndefined();
});

test("both fields are required, in the browser and on the server", async ({ page, request }) => {
  await page.goto(`${site().url}/login`);
  await page.getByRole("button", { name: "Prisijungti", exact: true }).click();
  await expect(page).toHaveURL(`${site().url}/login`);
  expect(await page.getByLabel("Vartotojo vardas").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

  const response = await request.post(`${site().url}/login`, { form: { username: "admin", password: "" }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).not.toContain("sesija=");
});

test("the right pair shows 'Sėkmingai prisijungėte!' and lands on /admin with a fresh HttpOnly session", async ({ page }) => {
  // A session id planted before login must not survive it.
  await page.context().addCookies([{ name: "sesija", value: "%22planted%22", url: site().url }]);
  await logInAsAdmin(page, site());
  await expect(toasts(page).getByText("Sėkmingai prisijungėte!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sveiki, admin!" })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === "sesija")!;
  expect(cookie.value).not.toContain("planted");
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  expect(cookie.secure).toBe(false);

  // The navigation now offers Administravimas instead of Prisijungimas.
  const nav = page.getByRole("navigation", { name: "Pagrindinė navigacija" });
  await expect(nav.getByRole("link", { name: "Administravimas" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Prisijungimas" })).toHaveCount(0);

  // The dashboard: admin bar, links to the three editors and to the public site.
  const bar = page.getByRole("navigation", { name: "Administravimo meniu" });
  await expect(bar.getByRole("link")).toHaveText([
    "Pagrindinis",
    "Tekstai",
    "Istorija",
    "Galerija",
    "Dokumentai",
    "Svečių knyga",
    "Peržiūra",
    "Giminės medis",
    "Nariai",
    "Paskyra",
  ]);
  // Logging out is the site header's, as for every signed-in person (not a row of its own in this bar).
  await expect(bar.getByRole("button", { name: "Atsijungti" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pagrindinė navigacija" }).getByRole("button", { name: "Atsijungti" })).toBeVisible();
  const main = page.getByRole("main");
  for (const [name, path] of [
    ["Svetainės tekstai", "/admin/tekstai"],
    ["Istorijos redaktorius", "/admin/istorija"],
    ["Galerijos redaktorius", "/admin/galerija"],
    ["Dokumentų redaktorius", "/admin/dokumentai"],
  ]) {
    await expect(main.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", path);
  }
  await expect(main.getByRole("link", { name: "Į viešą svetainę →" })).toHaveAttribute("href", "/");

  // Visiting /login while logged in goes to the dashboard.
  await page.goto(`${site().url}/login`);
  await expect(page).toHaveURL(`${site().url}/admin`);
});

test("'Atsijungti' ends the session everywhere: the old cookie opens nothing", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  const cookies = await page.context().cookies();
  await page.getByRole("button", { name: "Atsijungti" }).click();
  await expect(page).toHaveURL(`${site().url}/`);
  await expect(page.getByRole("navigation", { name: "Pagrindinė navigacija" }).getByRole("link", { name: "Prisijungimas" })).toBeVisible();

  // Someone who copied the cookie before logout gets nothing with it.
  const other = await browser.newContext();
  await other.addCookies(cookies);
  const stolen = await other.newPage();
  await stolen.goto(`${site().url}/admin`);
  await expect(stolen).toHaveURL(`${site().url}/login`);
  await other.close();
});

test("logout is a POST: a GET to /logout ends nothing", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/logout`);
  await page.goto(`${site().url}/admin`);
  await expect(page).toHaveURL(`${site().url}/admin`);
});

test("a crafted POST without a session changes nothing", async ({ page, request }) => {
  const fields = {
    title: "Įsilaužėlio antraštė",
    intro: "x",
    paragraph1: "x",
    periodTitle: "x",
    periodText: "x",
    periodText2: "x",
  };
  const response = await request.post(`${site().url}/admin/istorija`, { form: fields, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login");
  // The same through React Router's data endpoint, which client navigation uses.
  await request.post(`${site().url}/admin/istorija.data`, { form: fields, maxRedirects: 0 });
  const settings = await request.post(`${site().url}/admin`, {
    form: { familyName: "Įsilaužėliai", contactEmail: "x@example.com" },
    maxRedirects: 0,
  });
  expect(settings.status()).toBe(302);

  await page.goto(`${site().url}/istorija`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jonaičių giminės istorija");
  await expect(page.getByRole("banner")).toContainText("Jonaičių giminė");
});

test("a cross-origin POST is refused even with a session", async ({ page }) => {
  await logInAsAdmin(page, site());
  const response = await page.request.post(`${site().url}/admin`, {
    form: { familyName: "Svetimųjų giminė", contactEmail: "x@example.com" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.goto(`${site().url}/`);
  await expect(page.getByRole("banner")).toContainText("Jonaičių giminė");
});

test("the administrator changes the family name and contact address; every visitor sees them", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.getByLabel("Giminės pavadinimas").fill("Jonaičių ir Petrauskų giminė");
  await page.getByLabel("Kontaktinis el. paštas").fill("netinkamas");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  // The server refuses a malformed address, in Lithuanian, next to the field. (Typing on
  // before its answer came would be undone by it: the refused form shows what was sent.)
  const email = page.getByLabel("Kontaktinis el. paštas");
  await expect(email).toHaveAccessibleDescription(/Įrašykite teisingą el\. pašto adresą/);
  await expect(toasts(page).getByText("Svetainės nustatymai išsaugoti!")).toHaveCount(0);
  await email.fill("archyvas@example.com");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  await expect(toasts(page).getByText("Svetainės nustatymai išsaugoti!")).toBeVisible();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/apie`);
  await expect(anonymous.getByRole("banner")).toContainText("Jonaičių ir Petrauskų giminė");
  await expect(anonymous.getByRole("main").getByRole("link", { name: "archyvas@example.com" })).toBeVisible();
  await visitor.close();

  await page.getByLabel("Giminės pavadinimas").fill("Jonaičių giminė");
  await page.getByLabel("Kontaktinis el. paštas").fill("seima@example.com");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  await expect(page.getByRole("banner").getByText("Jonaičių giminė", { exact: true })).toBeVisible();
});
