import { expect, test, type Browser, type Page } from "@playwright/test";
import { createInvitation } from "#app/.server/accounts/account-links.ts";
import { MIN_FILL_SECONDS } from "#app/.server/guestbook/guestbook.ts";
import { updateSiteSettings } from "#app/.server/site-texts/settings.ts";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";
import { analyze } from "./axe.ts";

// The family's own words: every text a visitor reads, edited in the browser
// (/admin/tekstai and the dashboard) and seen by a visitor in another browser;
// how a refused value is shown; toasts; what pages say of themselves when shared.

const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });

test.describe.configure({ mode: "serial" });

async function openTexts(page: Page) {
  await logInAsAdmin(page, site());
  await page.getByRole("navigation", { name: "Administravimo meniu" }).getByRole("link", { name: "Tekstai" }).click();
  await expect(page).toHaveURL(`${site().url}/admin/tekstai`);
}

function section(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

async function saveSection(page: Page, title: string, fields: Record<string, string>) {
  const part = section(page, title);
  for (const [label, value] of Object.entries(fields)) await part.getByLabel(label, { exact: true }).fill(value);
  await part.getByRole("button", { name: "Išsaugoti", exact: true }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  for (const [label, value] of Object.entries(fields))
    await expect(section(page, title).getByLabel(label, { exact: true })).toHaveValue(value);
}

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

test("every text the administrator changes is what a visitor in another browser reads", async ({ page, browser }) => {
  await openTexts(page);

  // The introduction's preview follows the typing, paragraphs and line breaks kept.
  const home = section(page, "Pradžios puslapis");
  await home.getByLabel("Įžanga", { exact: true }).fill("Kalvaičių namai.\nNuo 1901 metų.\n\nAntroji pastraipa.");
  const preview = home.getByRole("region", { name: "Peržiūra: Įžanga" });
  await expect(preview.locator("p", { hasText: "Antroji pastraipa." })).toBeVisible();
  expect(await preview.locator("p", { hasText: "Kalvaičių namai." }).innerText()).toBe("Kalvaičių namai.\nNuo 1901 metų.");

  await home.getByLabel("Senoji sodyba").check();
  await saveSection(page, "Pradžios puslapis", {
    Pasveikinimas: "Labas, Kalvaičiai!",
    Įžanga: "Kalvaičių namai.\nNuo 1901 metų.\n\nAntroji pastraipa.",
    "Kortelė „Giminės istorija“": "Kaip Kalvaičiai kūrė ūkį.",
    "Kortelė „Giminės medis“": "Šakos Šiauliuose ir Klaipėdoje.",
    "Kortelė „Nuotraukų galerija“": "Šeimos albumas.",
    "Kortelė „Svečių knyga“": "Parašykite mums.",
  });
  await expect(section(page, "Pradžios puslapis").getByLabel("Senoji sodyba")).toBeChecked();
  await saveSection(page, "Giminės medžio puslapis", {
    "Tekstas, kol medžio dar nėra": "Medį dar braižome.",
    "Kvietimas rašyti (nebūtina)": "Žinote daugiau? Rašykite [el. paštas].",
  });
  await saveSection(page, "Puslapis „Apie“", {
    "Įžanga (nebūtina)": "Svetainę kuria Kalvaičių anūkai.",
    "Projekto tikslai (po vieną eilutėje)": "surinkti laiškus;\nišsaugoti nuotraukas;",
    "Kvietimas rašyti (nebūtina)": "Klausimų? [el. paštas]",
  });
  await saveSection(page, "Galerijos puslapis", { "Įžanga virš nuotraukų (nebūtina)": "Albumas nuo 1920 metų." });
  await saveSection(page, "Dokumentų puslapis", {
    "Įžanga virš dokumentų sąrašo (nebūtina)": "Laiškai ir metrikai.",
    "Langelis „Apie archyvą“ (nebūtina)": "Originalai – pas tetą Aldoną.",
  });
  await saveSection(page, "Svečių knygos puslapis", { "Įžanga virš svečių knygos (nebūtina)": "Sveiki užsukę!" });
  await saveSection(page, "Paantraštė ir poraštė", {
    "Paantraštė po giminės pavadinimu (nebūtina)": "Nuo Šiaulių iki Klaipėdos",
    "Poraštės eilutė (nebūtina)": "Kurta su meile.",
  });
  await page.getByRole("navigation", { name: "Administravimo meniu" }).getByRole("link", { name: "Pagrindinis" }).click();
  await page.getByLabel("Giminės pavadinimas (rodomas antraštėje)").fill("Kalvaičių giminė");
  await page.getByLabel("Kontaktinis el. paštas").fill("kalvaiciai@pastas.lt");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  await expect(toasts(page).getByText("Svetainės nustatymai išsaugoti!")).toBeVisible();

  const { page: other, close } = await visitor(browser);
  await other.goto(`${site().url}/`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Labas, Kalvaičiai!");
  const intro = other.getByRole("main").locator("p", { hasText: "Kalvaičių namai." });
  expect(await intro.innerText()).toBe("Kalvaičių namai.\nNuo 1901 metų.");
  await expect(other.getByRole("main").locator("p", { hasText: "Antroji pastraipa." })).toBeVisible();
  for (const card of ["Kaip Kalvaičiai kūrė ūkį.", "Šakos Šiauliuose ir Klaipėdoje.", "Šeimos albumas.", "Parašykite mums."]) {
    await expect(other.getByRole("main").getByText(card)).toBeVisible();
  }
  await expect(other.getByRole("main").getByRole("img", { name: "Senoji sodyba" }).first()).toBeVisible();
  const header = other.getByRole("banner");
  await expect(header).toContainText("Kalvaičių giminė");
  await expect(header).toContainText("Nuo Šiaulių iki Klaipėdos");
  const footer = other.getByRole("contentinfo");
  await expect(footer).toContainText("Kurta su meile.");
  await expect(footer.getByRole("link", { name: "kalvaiciai@pastas.lt" })).toHaveAttribute("href", "mailto:kalvaiciai@pastas.lt");
  await expect(footer.getByRole("navigation", { name: "Svetainės skyriai" }).getByRole("link", { name: "Dokumentai" })).toBeVisible();

  await other.goto(`${site().url}/medis`);
  await expect(other.getByRole("main")).toContainText("Medį dar braižome.");
  await expect(other.getByRole("main").getByRole("link", { name: "kalvaiciai@pastas.lt" })).toHaveAttribute(
    "href",
    "mailto:kalvaiciai@pastas.lt",
  );

  await other.goto(`${site().url}/apie`);
  await expect(other.getByRole("main")).toContainText("Svetainę kuria Kalvaičių anūkai.");
  await expect(other.getByRole("main").getByRole("listitem")).toHaveText(["surinkti laiškus;", "išsaugoti nuotraukas;"]);
  await expect(other.getByRole("main").getByRole("link", { name: "kalvaiciai@pastas.lt" })).toBeVisible();
  // The chosen photograph stands beside the text.
  await expect(other.getByRole("main").getByRole("img", { name: "Senoji sodyba" })).toBeVisible();

  await other.goto(`${site().url}/galerija`);
  await expect(other.getByRole("main")).toContainText("Albumas nuo 1920 metų.");
  await other.goto(`${site().url}/dokumentai`);
  await expect(other.getByRole("main")).toContainText("Laiškai ir metrikai.");
  await expect(other.getByRole("main")).toContainText("Originalai – pas tetą Aldoną.");
  await other.goto(`${site().url}/sveciai`);
  await expect(other.getByRole("main")).toContainText("Sveiki užsukę!");
  await close();
});

test("the branches: edited, added, moved and removed, as the visitor then sees them", async ({ page, browser }) => {
  await openTexts(page);
  const branches = section(page, "Giminės šakos");
  const names = () => branches.getByLabel("Pavadinimas", { exact: true });
  await expect(names().first()).toBeVisible();
  const before = await names().evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(before.length).toBeGreaterThanOrEqual(2);

  await names().first().fill("Pirmoji šaka");
  await branches.getByLabel("Naujos šakos pavadinimas").fill("Naujoji šaka");
  await branches.getByLabel("Aprašymas").last().fill("Įrašyta ką tik.");
  await branches.getByRole("button", { name: "Išsaugoti šakas" }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  await expect(names()).toHaveCount(before.length + 1);

  await branches.getByRole("button", { name: "Perkelti aukštyn: Naujoji šaka" }).click();
  await expect(names().nth(before.length - 1)).toHaveValue("Naujoji šaka");
  await branches.getByRole("button", { name: "Pašalinti šaką: Pirmoji šaka" }).click();
  await expect(names()).toHaveCount(before.length);
  await expect(names().first()).toHaveValue(before[1]);

  const expected = [...before.slice(1, -1), "Naujoji šaka", before.at(-1)!];
  await expect.poll(() => names().evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(expected);
  const { page: other, close } = await visitor(browser);
  await other.goto(`${site().url}/medis`);
  const shown = other.getByRole("main").getByRole("listitem").locator("strong");
  await expect(shown).toHaveText(expected);
  await expect(other.getByRole("main").getByRole("listitem").filter({ hasText: "Naujoji šaka" })).toContainText("Įrašyta ką tik.");
  await close();
});

test("without JavaScript a text is saved and a branch moved all the same", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openTexts(page);
  await section(page, "Dokumentų puslapis").getByLabel("Įžanga virš dokumentų sąrašo (nebūtina)").fill("Be JavaScript įrašyta.");
  await section(page, "Dokumentų puslapis").getByRole("button", { name: "Išsaugoti", exact: true }).click();
  await expect(toasts(page).getByText("Tekstai išsaugoti!")).toBeVisible();
  await expect(section(page, "Dokumentų puslapis").getByLabel("Įžanga virš dokumentų sąrašo (nebūtina)")).toHaveValue(
    "Be JavaScript įrašyta.",
  );

  const names = section(page, "Giminės šakos").getByLabel("Pavadinimas", { exact: true });
  await expect(names.first()).toBeVisible();
  const [first, second] = await names.evaluateAll((inputs) => inputs.slice(0, 2).map((i) => (i as HTMLInputElement).value));
  await section(page, "Giminės šakos")
    .getByRole("button", { name: `Perkelti žemyn: ${first}` })
    .click();
  await expect(names.first()).toHaveValue(second);
  await expect(names.nth(1)).toHaveValue(first);
  await context.close();
});

test("a bad value: the message next to the field, the focus on it, a toast, and what was typed kept", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.getByLabel("Giminės pavadinimas (rodomas antraštėje)").fill("Naujas pavadinimas");
  await page.getByLabel("Kontaktinis el. paštas").fill("ne adresas");
  await page.getByRole("button", { name: "Išsaugoti nustatymus" }).click();
  const email = page.getByLabel("Kontaktinis el. paštas");
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(/Įrašykite teisingą el\. pašto adresą, pvz\., vardas@pastas\.lt\./);
  await expect(page.locator("#contactEmail-error")).toHaveText("Įrašykite teisingą el. pašto adresą, pvz., vardas@pastas.lt.");
  await expect(email).toHaveValue("ne adresas");
  await expect(page.getByLabel("Giminės pavadinimas (rodomas antraštėje)")).toHaveValue("Naujas pavadinimas");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();
  // Nothing was saved.
  const stored = await site().db().selectFrom("settings").select("value").where("key", "=", "family_name").executeTakeFirst();
  expect(stored?.value).not.toBe("Naujas pavadinimas");

  await page.goto(`${site().url}/admin/tekstai`);
  const home = section(page, "Pradžios puslapis");
  await home.getByLabel("Pasveikinimas", { exact: true }).fill("");
  await home.getByLabel("Kortelė „Svečių knyga“", { exact: true }).fill("Ką tik parašyta.");
  await home.getByRole("button", { name: "Išsaugoti", exact: true }).click();
  const heading = section(page, "Pradžios puslapis").getByLabel("Pasveikinimas", { exact: true });
  await expect(heading).toBeFocused();
  await expect(section(page, "Pradžios puslapis").locator("#homeHeading-error")).toHaveText("Laukas „Pasveikinimas“ privalomas.");
  await expect(section(page, "Pradžios puslapis").getByLabel("Kortelė „Svečių knyga“", { exact: true })).toHaveValue("Ką tik parašyta.");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();
});

test("toasts: the newer replaces the older about the same form; on a phone they cover at most a quarter and close", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${site().url}/sveciai`);
  await hydrated(page);
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(toasts(page).getByText("Klaida!")).toBeVisible();
  const box = await toasts(page).boundingBox();
  expect(box!.height).toBeLessThanOrEqual(844 / 4);

  await page.getByLabel("Vardas").fill("Ona");
  await page.getByRole("textbox", { name: "Žinutė", exact: true }).fill("Labas visiems!");
  // The guestbook takes a message only from a form that was on screen this long (against bots).
  await page.waitForTimeout(MIN_FILL_SECONDS * 1000 + 200);
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(toasts(page).getByText("Įrašas pridėtas!")).toBeVisible();
  await expect(toasts(page).getByText("Klaida!")).toHaveCount(0);
  expect((await toasts(page).boundingBox())!.height).toBeLessThanOrEqual(844 / 4);

  await toasts(page).getByRole("button", { name: "Uždaryti pranešimą" }).click();
  await expect(toasts(page).getByText("Įrašas pridėtas!")).toHaveCount(0);
  await context.close();
});

test("every public page describes itself for sharing, with absolute addresses from SITE_URL only", async ({ page, request }) => {
  const meta = (name: string) => page.locator(`meta[name="${name}"], meta[property="${name}"]`);
  for (const path of ["/", "/istorija", "/medis", "/galerija", "/dokumentai", "/apie", "/sveciai"]) {
    await page.goto(`${site().url}${path}`);
    await expect(meta("description")).toHaveAttribute("content", /\S{3}/);
    await expect(meta("og:title")).toHaveAttribute("content", /\S/);
    await expect(meta("og:description")).toHaveAttribute("content", /\S{3}/);
    await expect(meta("twitter:card")).toHaveAttribute("content", /summary/);
    await expect(meta("og:url")).toHaveAttribute("content", `${SITE_URL}${path}`);
    // A request for another host gets the same addresses, and nothing in it is cached publicly.
    const forged = await request.get(`${site().url}${path}`, { headers: { Host: "pavojinga.example" } });
    expect(forged.status()).toBe(200);
    expect(await forged.text()).not.toContain("pavojinga.example");
    expect(forged.headers()["cache-control"] ?? "").not.toContain("public");
  }
  // The hero photograph is the home page's picture; the gallery's first photo the gallery's.
  const photo = await site().db().selectFrom("galleryItems").select("id").where("mediaId", "is not", null).executeTakeFirstOrThrow();
  await updateSiteSettings(site().db(), { heroPhotoId: photo.id });
  await page.goto(`${site().url}/`);
  await expect(meta("og:image")).toHaveAttribute("content", new RegExp(`^${SITE_URL}/media/`));
  await expect(meta("twitter:card")).toHaveAttribute("content", "summary_large_image");
  await page.goto(`${site().url}/galerija`);
  await expect(meta("og:image")).toHaveAttribute("content", new RegExp(`^${SITE_URL}/media/`));

  const robots = await request.get(`${site().url}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});

test("the page that is not found names the family in its title", async ({ page }) => {
  await updateSiteSettings(site().db(), { familyName: "Rimkų giminė" });
  const response = await page.goto(`${site().url}/nera-tokio-puslapio`);
  expect(response!.status()).toBe(404);
  await expect(page).toHaveTitle(/Rimkų giminė/);
});

test("axe finds nothing on any page, public or administration, at phone and desktop width", async ({ browser }) => {
  test.setTimeout(10 * 60_000);
  const found: string[] = [];
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const check = async (path: string) => {
      await page.goto(`${site().url}${path}`);
      const { violations } = await analyze(page);
      found.push(...violations.map((v) => `${path} @${width}: ${v.id} – ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
    };
    // An invitation's and a new-password link's pages, usable and not.
    const invitation = await createInvitation(site().db(), { role: "narys", personId: null, email: null, createdBy: 1 });
    for (const path of [
      "/",
      "/istorija",
      "/medis",
      "/giminyste",
      "/galerija",
      "/dokumentai",
      "/apie",
      "/sveciai",
      "/login",
      "/nera-tokio",
      `/kvietimas/${invitation}`,
      "/kvietimas/nezinomas",
      "/slaptazodis/nezinomas",
    ])
      await check(path);
    await logInAsAdmin(page, site());
    for (const path of [
      "/admin",
      "/admin/tekstai",
      "/paskyra",
      "/admin/istorija",
      "/admin/galerija",
      "/admin/dokumentai",
      "/admin/sveciai",
      "/admin/medis",
      "/admin/medis/asmenys",
      "/admin/nariai",
    ]) {
      await check(path);
    }
    await context.close();
  }
  expect(found).toEqual([]);
});
