import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { hydrated, logInAsAdmin, toasts, useSite, watchConsole, withoutRandomNames } from "./site.ts";
import { analyze } from "./axe.ts";

// A public address of its own: the sitemap and the pages' absolute links are made from it.
const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });
test.describe.configure({ mode: "serial" });

// Dates relative to this year: Šarūnas Žemaitis stays living, Rugilė (no dates,
// his daughter) too, whatever year the test runs in.
const YEAR = new Date().getUTCFullYear();
const BORN = YEAR - 37;
const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I10@ INDI
1 NAME Šarūnas /Senasis/
1 SEX M
1 BIRT
2 DATE 1850
1 DEAT
2 DATE 1920
1 FAMS @F0@
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 SEX M
1 BIRT
2 DATE 5 MAR 1898
2 PLAC Miroslavas, Alytaus apskr.
1 DEAT
2 DATE 1961
1 FAMC @F0@
1 FAMS @F1@
0 @I2@ INDI
1 NAME Ona /Petrauskaitė/
1 SEX F
1 BIRT
2 DATE 1900
1 DEAT
2 DATE 1975
1 FAMS @F1@
0 @I3@ INDI
1 NAME Petras /Jonaitis/
1 SEX M
1 BIRT
2 DATE 1924
1 DEAT
2 DATE 2001
1 FAMC @F1@
1 FAMS @F2@
1 FAMS @F3@
0 @I4@ INDI
1 NAME Marija /Jonaitytė/
1 SEX F
1 BIRT
2 DATE 1926
1 DEAT
2 DATE 2010
1 FAMC @F1@
0 @I6@ INDI
1 NAME Marytė /Žemaitienė/
1 SEX F
1 BIRT
2 DATE 1930
1 DEAT
2 DATE 1999
1 FAMS @F2@
0 @I7@ INDI
1 NAME Elena /Jonaitienė/
1 SEX F
1 BIRT
2 DATE 1935
1 DEAT
2 DATE 2012
1 FAMS @F3@
0 @I5@ INDI
1 NAME Šarūnas /Žemaitis/
1 SEX M
1 BIRT
2 DATE 12 MAY ${BORN}
2 PLAC Kėdainiai
1 NOTE Mėgsta žvejoti prie Nevėžio.
1 FAMC @F2@
1 FAMS @F4@
0 @I8@ INDI
1 NAME Algirdas /Jonaitis/
1 SEX M
1 BIRT
2 DATE 1955
1 DEAT
2 DATE 2015
1 FAMC @F3@
0 @I9@ INDI
1 NAME Rugilė /Gyvytė/
1 SEX F
1 FAMC @F4@
0 @I11@ INDI
1 NAME Bronius /Neaiškus/
1 SEX M
1 BIRT
2 DATE BET 1901 AND ${YEAR - 20}
0 @I12@ INDI
1 NAME Vanda /Vėlyvoji/
1 SEX F
1 BIRT
2 DATE AFT 1911
0 @I13@ INDI
1 NAME Aleksandras Konstantinas Maksimilijonas /Radvila-Zubovas/
1 SEX M
1 BIRT
2 DATE 1801
1 DEAT
2 DATE 1870
0 @F0@ FAM
1 HUSB @I10@
1 CHIL @I1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 CHIL @I3@
1 CHIL @I4@
1 MARR
2 DATE 1923
2 PLAC Alytus
0 @F2@ FAM
1 HUSB @I3@
1 WIFE @I6@
1 CHIL @I5@
0 @F3@ FAM
1 HUSB @I3@
1 WIFE @I7@
1 CHIL @I8@
0 @F4@ FAM
1 HUSB @I5@
1 CHIL @I9@
1 MARR
2 DATE ${YEAR - 10}
2 PLAC Panevėžys
0 TRLR
`;

/**
 * What must never reach a visitor: the living people's names, birth date,
 * place, note, wedding; and two people whose uncertain births (BET 1901 AND
 * twenty years ago, AFT 1911) do not prove them dead.
 */
const SECRETS = [
  "Neaiškus",
  "g. 1901",
  "Vėlyvoji",
  "g. 1911",
  "Šarūnas Žemaitis",
  "Žemaitis",
  "Rugilė",
  "Gyvytė",
  "Kėdainiai",
  String(BORN),
  "gegužės 12",
  "12 MAY",
  "Mėgsta",
  "Panevėžys",
];

let ids: Record<string, number>;
let treeId: number;
test.beforeAll(async () => {
  const file = path.join(site().dataDir, "seima.ged");
  fs.writeFileSync(file, FAMILY);
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  treeId = (await importFile(site().db(), store, file, { sourceName: "seima.ged" })).treeId;
  const people = await site().db().selectFrom("genealogyPeople").select(["id", "xref"]).execute();
  ids = Object.fromEntries(people.map((p) => [p.xref!.replaceAll("@", ""), p.id]));
});

const chart = (page: Page) => page.getByRole("group", { name: /^Giminės medis:/ });
const box = (page: Page, name: string) => chart(page).getByRole("link", { name, exact: true });
/** Where a person's box is on screen, and how large: what a pan or a zoom changes. */
const place = async (page: Page, name: string) => (await box(page, name).locator("rect").boundingBox())!;
const near = (a: { x: number; y: number; width: number }, b: { x: number; y: number; width: number }) =>
  Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1 && Math.abs(a.width - b.width) < 1;
/** The chart's script has loaded its gestures. */
const ready = (page: Page) => expect(chart(page)).toHaveAttribute("data-zoom-ready", "");

test("the chart draws around the first person: ancestors, partners, children; a click opens a page", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto(`${site().url}/medis`);
  await expect(page.getByText("Medis sudarytas aplink")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Šarūnas Senasis", exact: true }).first()).toBeVisible();
  // The first person of the file is Šarūnas Senasis: his son, grandchildren, two daughters-in-law.
  await expect(box(page, "Šarūnas Senasis 1850–1920")).toBeVisible();
  await expect(box(page, "Jonas Jonaitis 1898–1961")).toBeVisible();
  await expect(box(page, "Ona Petrauskaitė 1900–1975")).toBeVisible();
  await page.goto(`${site().url}/medis?asmuo=${ids.I3}`);
  // Petras with both partners beside him and each one's child under them; the living son is a label.
  await expect(box(page, "Marytė Žemaitienė 1930–1999")).toBeVisible();
  await expect(box(page, "Elena Jonaitienė 1935–2012")).toBeVisible();
  await expect(box(page, "Algirdas Jonaitis 1955–2015")).toBeVisible();
  await expect(box(page, "Gyvas asmuo")).toHaveCount(2);
  const marytė = (await box(page, "Marytė Žemaitienė 1930–1999").locator("rect").boundingBox())!;
  const elena = (await box(page, "Elena Jonaitienė 1935–2012").locator("rect").boundingBox())!;
  const algirdas = (await box(page, "Algirdas Jonaitis 1955–2015").locator("rect").boundingBox())!;
  expect(Math.abs(marytė.y - elena.y)).toBeLessThan(1);
  expect(algirdas.y).toBeGreaterThan(elena.y);
  // Parents and grandparents above.
  const jonas = (await box(page, "Jonas Jonaitis 1898–1961").locator("rect").boundingBox())!;
  expect(jonas.y).toBeLessThan(marytė.y);

  await box(page, "Jonas Jonaitis 1898–1961").click();
  await expect(page).toHaveURL(`${site().url}/asmuo/${ids.I1}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jonas Jonaitis");
  expect(errors).toEqual([]);
});

test("keyboard: Enter on a person opens the page; arrows pan, + and − zoom, 0 returns", async ({ page }) => {
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  await ready(page);
  const jonas = "Jonas Jonaitis 1898–1961";
  await chart(page).focus();
  const start = await place(page, jonas);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await place(page, jonas)).x - start.x).toBeCloseTo(60, 0);
  await page.keyboard.press("+");
  await expect.poll(async () => (await place(page, jonas)).width / start.width).toBeGreaterThan(1.2);
  await page.keyboard.press("-");
  await page.keyboard.press("-");
  await expect.poll(async () => (await place(page, jonas)).width / start.width).toBeLessThan(0.85);
  await page.keyboard.press("0");
  await expect.poll(async () => near(await place(page, jonas), start)).toBe(true);
  // The buttons do the same.
  await page.getByRole("button", { name: "Priartinti" }).click();
  await expect.poll(async () => (await place(page, jonas)).width / start.width).toBeGreaterThan(1.2);
  await page.getByRole("button", { name: "Grąžinti pradinį vaizdą" }).click();
  await expect.poll(async () => near(await place(page, jonas), start)).toBe(true);

  await box(page, "Petras Jonaitis 1924–2001").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${site().url}/asmuo/${ids.I3}`);
});

test("mouse: dragging pans (and opens nothing), Ctrl + wheel zooms, a plain wheel scrolls the page", async ({ page }) => {
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  await ready(page);
  const jonasName = "Jonas Jonaitis 1898–1961";
  const area = (await chart(page).boundingBox())!;
  const jonas = await place(page, jonasName);
  // A drag that starts on a person moves the chart and does not open their page.
  await page.mouse.move(jonas.x + 20, jonas.y + 20);
  await page.mouse.down();
  await page.mouse.move(jonas.x + 120, jonas.y + 70, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await place(page, jonasName)).x - jonas.x).toBeGreaterThan(50);
  await expect(page).toHaveURL(/\/medis\?asmuo=/);

  const before = await place(page, jonasName);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -100);
  await page.keyboard.up("Control");
  await expect.poll(async () => (await place(page, jonasName)).width / before.width).toBeGreaterThan(1.05);
  const zoomed = await place(page, jonasName);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
  // The plain wheel scrolled the page, not the chart's zoom.
  expect((await place(page, jonasName)).width).toBeCloseTo(zoomed.width, 0);
});

/** A phone: touch, 390 px wide. */
function phone(browser: Browser) {
  return browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
}

test("touch: one finger drags the chart, two fingers pinch it larger", async ({ browser }) => {
  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  await ready(page);
  const jonasName = "Jonas Jonaitis 1898–1961";
  const start = await place(page, jonasName);
  const area = (await chart(page).boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const at = (...points: [number, number][]) => points.map(([x, y], id) => ({ x: area.x + x, y: area.y + y, id }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at([100, 100]) });
  for (let i = 1; i <= 6; i++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at([100 + i * 15, 100 + i * 10]) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(async () => (await place(page, jonasName)).x - start.x).toBeGreaterThan(40);
  expect(page.url()).toContain("/medis");

  const before = await place(page, jonasName);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at([150, 200], [200, 200]) });
  for (let i = 1; i <= 8; i++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at([150 - i * 10, 200], [200 + i * 10, 200]) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(async () => (await place(page, jonasName)).width / before.width).toBeGreaterThan(1.2);
  await context.close();
});

test("on a phone the first view holds the person, a parent and the partner, names at 14 px or more inside their boxes", async ({
  browser,
}) => {
  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  await ready(page);
  await page.evaluate(() => document.fonts.ready);
  const area = (await chart(page).boundingBox())!;
  for (const name of ["Jonas Jonaitis 1898–1961", "Šarūnas Senasis 1850–1920", "Ona Petrauskaitė 1900–1975"]) {
    const shown = await place(page, name);
    expect(shown.x, name).toBeGreaterThanOrEqual(area.x);
    expect(shown.x + shown.width, name).toBeLessThanOrEqual(area.x + area.width);
    expect(shown.y, name).toBeGreaterThanOrEqual(area.y);
    expect(shown.y + shown.height, name).toBeLessThanOrEqual(area.y + area.height);
  }
  // Every name drawn: its size on screen, and whether it stays in its box.
  const names = await chart(page)
    .locator("a[data-person]")
    .evaluateAll((links) =>
      links
        .filter((link) => link.getBoundingClientRect().width > 0)
        .flatMap((link) => {
          const rect = link.querySelector("rect")!;
          const outer = rect.getBoundingClientRect();
          const scale = outer.width / rect.width.baseVal.value;
          // Each line as drawn (a name's lines, then the years), at the size it has on screen.
          return [...link.querySelectorAll("tspan")].map((line) => {
            const inner = line.getBoundingClientRect();
            return {
              text: line.textContent,
              name: line.hasAttribute("data-name"),
              px: parseFloat(getComputedStyle(line).fontSize) * scale,
              inside: inner.left >= outer.left && inner.right <= outer.right && inner.top >= outer.top && inner.bottom <= outer.bottom,
            };
          });
        }),
    );
  expect(names.filter((line) => line.name).length).toBeGreaterThan(5);
  for (const line of names) {
    expect(line.px, String(line.text)).toBeGreaterThanOrEqual(line.name ? 14 : 12);
    expect(line.inside, String(line.text)).toBe(true);
  }
  // The controls are large enough for a finger, and the hint speaks of fingers.
  for (const label of ["Priartinti", "Atitolinti", "Grąžinti pradinį vaizdą"]) {
    const control = (await page.getByRole("button", { name: label }).boundingBox())!;
    expect(control.width, label).toBeGreaterThanOrEqual(44);
    expect(control.height, label).toBeGreaterThanOrEqual(44);
  }
  await expect(page.getByText("Braukite pirštu; artinkite dviem pirštais")).toBeVisible();
  await expect(page.getByText(/Ctrl ir ratukas/)).toBeHidden();

  // The fan of ancestors: every ring's names and years at 14 px too.
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}&kryptis=veduokle`);
  const fan = page.getByRole("group", { name: /^Protėvių vėduoklė:/ });
  await expect(fan).toHaveAttribute("data-zoom-ready", "");
  const fanLines = await fan
    .locator("a[data-person] tspan")
    .evaluateAll((lines) => lines.map((line) => ({ text: line.textContent, px: parseFloat(getComputedStyle(line).fontSize) })));
  expect(fanLines.length).toBeGreaterThan(3);
  for (const line of fanLines) expect(line.px, String(line.text)).toBeGreaterThanOrEqual(14);

  // Two partners: the person, both parents and the first partner in view; the second is a pan away.
  await page.goto(`${site().url}/medis?asmuo=${ids.I3}`);
  await ready(page);
  const frame = (await chart(page).boundingBox())!;
  for (const name of [
    "Petras Jonaitis 1924–2001",
    "Jonas Jonaitis 1898–1961",
    "Ona Petrauskaitė 1900–1975",
    "Marytė Žemaitienė 1930–1999",
  ]) {
    const shown = await place(page, name);
    expect(shown.x, name).toBeGreaterThanOrEqual(frame.x);
    expect(shown.x + shown.width, name).toBeLessThanOrEqual(frame.x + frame.width);
  }
  await context.close();
});

test("a long name is shortened to its box, and given whole to screen readers and as a tooltip", async ({ page }) => {
  await page.goto(`${site().url}/medis?asmuo=${ids.I13}`);
  const whole = "Aleksandras Konstantinas Maksimilijonas Radvila-Zubovas 1801–1870";
  const long = box(page, whole);
  await expect(long).toBeVisible();
  await expect(long.locator("title")).toHaveText(whole);
  const drawn = (await long.locator("tspan[data-name]").allTextContents()).join(" ");
  expect(drawn).toMatch(/…$/);
  await page.evaluate(() => document.fonts.ready);
  const rect = (await long.locator("rect").boundingBox())!;
  for (const text of await long.locator("text").all()) {
    const shown = (await text.boundingBox())!;
    expect(shown.x + shown.width).toBeLessThanOrEqual(rect.x + rect.width);
  }
});

test("without JavaScript the chart has no hints or buttons that could not work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  await expect(box(page, "Jonas Jonaitis 1898–1961")).toBeVisible();
  await expect(page.getByRole("button", { name: "Priartinti" })).toHaveCount(0);
  await expect(page.getByText(/Tempkite|Braukite/)).toHaveCount(0);
  await context.close();
});

test("the views: a fan of ancestors, descendants, and the family groups, each a link away", async ({ page }) => {
  await page.goto(`${site().url}/medis?asmuo=${ids.I9}`);
  await page.getByRole("navigation", { name: "Medžio vaizdas" }).getByRole("link", { name: "Protėvių vėduoklė" }).click();
  await expect(page).toHaveURL(/kryptis=veduokle/);
  const fan = page.getByRole("group", { name: /^Protėvių vėduoklė:/ });
  // Rugilė and her father Šarūnas (living: labels to a visitor), his parents, grandparents and great-grandfather.
  await expect(fan.getByRole("link", { name: "Marytė Žemaitienė 1930–1999", exact: true })).toBeVisible();
  await expect(fan.getByRole("link", { name: "Petras Jonaitis 1924–2001", exact: true })).toBeVisible();
  await expect(fan.getByRole("link", { name: "Jonas Jonaitis 1898–1961", exact: true })).toBeVisible();
  await expect(fan.getByRole("link", { name: "Šarūnas Senasis 1850–1920", exact: true })).toBeAttached();
  await expect(fan.getByRole("link", { name: "Gyvas asmuo", exact: true })).toHaveCount(2);
  await fan.getByRole("link", { name: "Jonas Jonaitis 1898–1961", exact: true }).click();
  await expect(page).toHaveURL(`${site().url}/asmuo/${ids.I1}`);

  await page.goto(`${site().url}/medis?asmuo=${ids.I3}&kryptis=seima`);
  const born = page.getByRole("region", { name: "Šeima, kurioje gimė" });
  await expect(born.getByRole("link", { name: "Jonas Jonaitis" })).toBeVisible();
  await expect(born.getByRole("listitem")).toHaveText([/Petras Jonaitis/, /Marija Jonaitytė/]);
  // Two families of his own, each partner with the children they had together.
  await expect(page.getByRole("region", { name: "Savo šeima (1)" }).getByRole("listitem")).toHaveText([/Gyvas asmuo/]);
  await expect(page.getByRole("region", { name: "Savo šeima (2)" })).toContainText("Elena Jonaitienė");
  await expect(page.getByRole("region", { name: "Savo šeima (2)" }).getByRole("listitem")).toHaveText([/Algirdas Jonaitis/]);
  // A name leads to that person's family groups.
  await page.getByRole("region", { name: "Savo šeima (2)" }).getByRole("link", { name: "Algirdas Jonaitis" }).click();
  await expect(page).toHaveURL(new RegExp(`asmuo=${ids.I8}&kryptis=seima`));
  await expect(page.getByRole("region", { name: "Šeima, kurioje gimė" })).toContainText("Elena Jonaitienė");

  await page.goto(`${site().url}/medis?asmuo=${ids.I10}&kryptis=palikuonys`);
  await expect(box(page, "Petras Jonaitis 1924–2001")).toBeVisible();
  await expect(box(page, "Algirdas Jonaitis 1955–2015")).toBeVisible();
});

test("the administrator chooses the person the tree opens at; a visitor's /medis opens there", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis`);
  const section = page.getByRole("region", { name: "Nuo ko atveriamas medis" });
  await section.getByLabel("Asmens vardas ar pavardė").fill("petras");
  await section.getByRole("button", { name: "Ieškoti" }).click();
  await section.getByRole("button", { name: "Atverti medį ties: Petras Jonaitis" }).click();
  await expect(toasts(page).getByText("Medžio pradžia išsaugota")).toBeVisible();
  await expect(section).toContainText("Medis atveriamas ties asmeniu Petras Jonaitis.");

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/medis`);
  await expect(anonymous.getByRole("main").getByRole("link", { name: "Petras Jonaitis", exact: true }).first()).toBeVisible();

  await section.getByRole("button", { name: "Atverti nuo pirmo failo asmens" }).click();
  await expect(section).toContainText("pirmu GEDCOM failo asmeniu");
  await anonymous.goto(`${site().url}/medis`);
  await expect(anonymous.getByRole("main").getByRole("link", { name: "Šarūnas Senasis", exact: true }).first()).toBeVisible();
  await visitor.close();
});

test("search: 'sarunas' finds 'Šarūnas' and jumps to him; a visitor never finds the living one", async ({ page }) => {
  await page.goto(`${site().url}/medis?asmuo=${ids.I8}`);
  await page.getByLabel("Rasti asmenį").fill("sarunas");
  const suggestions = page.getByRole("list", { name: "Pasiūlymai" });
  await expect(suggestions.getByRole("link")).toHaveText(["Šarūnas Senasis (1850–1920)"]);
  await suggestions.getByRole("link", { name: /Šarūnas Senasis/ }).click();
  await expect(page).toHaveURL(`${site().url}/medis?asmuo=${ids.I10}`);
  await expect(box(page, "Šarūnas Senasis 1850–1920")).toBeVisible();
  // The form (and Enter) lists the matches, too.
  await page.getByLabel("Rasti asmenį").fill("zemaitiene");
  await page.getByLabel("Rasti asmenį").press("Enter");
  await expect(page.getByRole("main").getByRole("link", { name: "Marytė Žemaitienė (1930–1999)" })).toBeVisible();
  await page.goto(`${site().url}/medis?paieska=zemaitis`);
  await expect(page.getByText("Pagal „zemaitis“ nieko nerasta.")).toBeVisible();
});

test("a name typed before the page's scripts run still brings its suggestions", async ({ page }) => {
  // A visitor's page starts its scripts after its first paint: hold them back until the name is typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site().url}/medis?asmuo=${ids.I8}`, { waitUntil: "domcontentloaded" });
  await page.getByLabel("Rasti asmenį").fill("sarunas");
  release();
  await expect(page.getByRole("list", { name: "Pasiūlymai" }).getByRole("link")).toHaveText(["Šarūnas Senasis (1850–1920)"]);
});

test("without JavaScript: ancestors and descendants as lists, search as a form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/medis?asmuo=${ids.I1}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Protėviai" })).toBeVisible();
  await expect(main.getByText("Šarūnas Senasis (1850–1920)")).toBeVisible();
  const descendants = main.locator("h3:has-text('Palikuonys') + ul");
  await expect(descendants.getByRole("link")).toHaveText(["Petras Jonaitis", "Gyvas asmuo", "Algirdas Jonaitis", "Marija Jonaitytė"]);
  await page.getByLabel("Rasti asmenį").fill("marija");
  await page.getByRole("button", { name: "Ieškoti" }).click();
  await main.getByRole("link", { name: "Marija Jonaitytė (1926–2010)" }).click();
  await expect(page.getByText("Medis sudarytas aplink")).toBeVisible();
  await expect(main.getByRole("link", { name: "Marija Jonaitytė" }).first()).toBeVisible();
  await expect(page).toHaveURL(`${site().url}/medis?asmuo=${ids.I4}`);
  await context.close();
});

test("a person page: events with Lithuanian dates, relatives as links, title and Open Graph tags", async ({ page }) => {
  // A gallery photo of Jonas is his page's picture when it is shared.
  const photo = await site()
    .db()
    .selectFrom("galleryItems")
    .select(["id", "mediaId"])
    .where("mediaId", "is not", null)
    .executeTakeFirstOrThrow();
  await site()
    .db()
    .insertInto("photoPeople")
    .values({ treeId, personId: ids.I1, galleryItemId: photo.id, name: "", position: 1 })
    .execute();
  await page.goto(`${site().url}/asmuo/${ids.I1}`);
  await expect(page).toHaveTitle("Jonas Jonaitis (1898–1961) – Jonaičių giminė");
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Jonas Jonaitis (1898–1961)");
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
    "content",
    "Jonas Jonaitis (1898–1961) – giminės medyje svetainėje „Jonaičių giminė“",
  );
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${SITE_URL}/asmuo/${ids.I1}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${SITE_URL}/media/${photo.mediaId}`));
  const main = page.getByRole("main");
  await expect(main).toContainText("1898 m. kovo 5 d., Miroslavas, Alytaus apskr.");
  await expect(main).toContainText("1923 m., Alytus");
  const relatives = main.getByRole("region", { name: "Artimieji" });
  for (const name of ["Šarūnas Senasis", "Ona Petrauskaitė", "Petras Jonaitis", "Marija Jonaitytė"]) {
    await expect(relatives.getByRole("link", { name, exact: true })).toHaveAttribute("href", /\/asmuo\/\d+$/);
  }
  // The family's events within his life are on his timeline, the relative linked.
  const timeline = main.getByRole("region", { name: "Gyvenimo įvykiai" }).getByRole("listitem");
  await expect(timeline.filter({ hasText: "Mirė tėvas" }).getByRole("link", { name: "Šarūnas Senasis" })).toBeVisible();
  await expect(timeline.filter({ hasText: "Gimė duktė" })).toContainText("Marija Jonaitytė (1926–2010)1926 m.");
  await relatives.getByRole("link", { name: "Marija Jonaitytė", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Broliai ir seserys" })).toBeVisible();
  await expect(relatives.getByRole("link", { name: "Petras Jonaitis", exact: true })).toBeVisible();
  // A living person's page: the label and nothing more.
  await page.goto(`${site().url}/asmuo/${ids.I5}`);
  await expect(page).toHaveTitle("Gyvas asmuo – Jonaičių giminė");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gyvas asmuo");
  const response = await page.request.get(`${site().url}/asmuo/999999`);
  expect(response.status()).toBe(404);
});

/**
 * Every public address a visitor (or a crawler) can reach about the tree: the
 * pages, the route data the browser fetches for each (.data), the search, the
 * sitemap and the public export. Returns each address's response body.
 */
async function everything(request: APIRequestContext, headers: Record<string, string> = {}): Promise<Map<string, string>> {
  const people = Object.values(ids);
  const paths = [
    "/",
    "/medis",
    "/medis.data",
    "/dokumentai",
    "/galerija",
    "/sitemap.xml",
    "/medis/gedcom",
    // (Searches typed without diacritics: the page repeats the query, which is the visitor's own text.)
    ...["sarunas", "zemaitis", "rugile", "gyvyte", "kedainiai"].flatMap((q) => [
      `/medis/paieska?q=${q}`,
      `/medis?paieska=${q}`,
      `/medis.data?paieska=${q}`,
    ]),
    ...people.flatMap((id) => [
      `/asmuo/${id}`,
      `/asmuo/${id}.data`,
      ...["", "&kryptis=proteviai", "&kryptis=palikuonys", "&kryptis=veduokle", "&kryptis=seima"].flatMap((mode) => [
        `/medis?asmuo=${id}${mode}`,
        `/medis.data?asmuo=${id}${mode}`,
      ]),
    ]),
  ];
  const bodies = new Map<string, string>();
  for (const p of paths) {
    const response = await request.get(`${site().url}${p}`, { headers });
    expect(response.status(), p).toBe(200);
    bodies.set(p, await response.text());
  }
  return bodies;
}

/** The addresses whose response contains the text. */
function carrying(bodies: Map<string, string>, text: string): string[] {
  return [...bodies].filter(([, body]) => withoutRandomNames(body).includes(text)).map(([p]) => p);
}

test("privacy: no public response carries a living person's name, birth date or place", async ({ page, playwright }) => {
  // Links the administrator made: a photo and a document to the living person.
  const photo = (await site().db().selectFrom("galleryItems").select("id").executeTakeFirstOrThrow()).id;
  const doc = (await site().db().selectFrom("documents").select("id").executeTakeFirstOrThrow()).id;
  await site().db().insertInto("photoPeople").values({ treeId, personId: ids.I5, galleryItemId: photo, name: "", position: 1 }).execute();
  await site().db().insertInto("documentPeople").values({ treeId, personId: ids.I5, documentId: doc }).execute();

  const visitor = await playwright.request.newContext();
  const seen = await everything(visitor);
  await visitor.dispose();
  for (const secret of SECRETS) expect(carrying(seen, secret), `a visitor received „${secret}“`).toEqual([]);
  // Dead relatives are there (the test reads what it should).
  expect(carrying(seen, "Marytė Žemaitienė").length).toBeGreaterThan(10);
  expect(carrying(seen, "Gyvas asmuo").length).toBeGreaterThan(10);

  // The administrator, with the same requests, sees them all: the crawl reaches where the secrets would be.
  await logInAsAdmin(page, site());
  const cookies = await page.context().cookies();
  const admin = await everything(page.request, { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") });
  for (const secret of SECRETS.filter((s) => s !== "12 MAY"))
    expect(carrying(admin, secret), `the administrator did not see „${secret}“`).not.toEqual([]);
});

test("the public export and the sitemap are made once per version: 304 to their own ETag, new after an edit", async ({ page, request }) => {
  const first = await request.get(`${site().url}/medis/gedcom`);
  expect(first.status()).toBe(200);
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request.get(`${site().url}/medis/gedcom`, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
  const sitemap = await request.get(`${site().url}/sitemap.xml`);
  expect((await request.get(`${site().url}/sitemap.xml`, { headers: { "If-None-Match": sitemap.headers()["etag"] } })).status()).toBe(304);

  // An edit by the administrator makes a new version: the old ETag no longer matches.
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis/asmenys/${ids.I4}`);
  const details = page.getByRole("region", { name: "Vardas ir pastabos" });
  await details.getByLabel("Vardas (vardai)").fill("Marija Ona");
  await details.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Asmens duomenys išsaugoti")).toBeVisible();
  const changed = await request.get(`${site().url}/medis/gedcom`, { headers: { "If-None-Match": etag } });
  expect(changed.status()).toBe(200);
  expect(changed.headers()["etag"]).not.toBe(etag);
  expect(await changed.text()).toContain("Marija Ona /Jonaitytė/");
  await details.getByLabel("Vardas (vardai)").fill("Marija");
  await details.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Asmens duomenys išsaugoti").last()).toBeVisible();
});

test("the living rule's years are a setting; a wrong number is refused with a message", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis`);
  const section = page.getByRole("region", { name: "Gyvų asmenų privatumas" });
  await expect(section.getByLabel("Metų skaičius")).toHaveValue("110");
  // The browser's own check is bypassed to reach the server's.
  await section.getByLabel("Metų skaičius").evaluate((input: HTMLInputElement) => input.removeAttribute("min"));
  await section.getByLabel("Metų skaičius").fill("5");
  await section.getByRole("button", { name: "Išsaugoti" }).click();
  // The message beside the field, the focus on it, what was typed kept.
  await expect(section.getByLabel("Metų skaičius")).toHaveAccessibleDescription("Įrašykite metų skaičių nuo 50 iki 150.");
  await expect(section.getByLabel("Metų skaičius")).toBeFocused();
  await expect(section.getByLabel("Metų skaičius")).toHaveValue("5");
  await expect(toasts(page).getByText("Patikrinkite pažymėtus laukus.")).toBeVisible();
  expect(await site().db().selectFrom("settings").select("value").where("key", "=", "living_years").executeTakeFirst()).toBeUndefined();
});

test("the administrator adds a person with a Lithuanian date, links parents, a photo and a document, then removes them", async ({
  page,
}) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis`);
  await page.getByRole("link", { name: "Tvarkyti asmenis" }).click();
  const form = page.getByRole("region", { name: "Naujas asmuo" });
  await form.getByLabel("Vardas (vardai)").fill("Kazys");
  await form.getByLabel("Pavardė", { exact: true }).fill("Jonaitis");
  await form.getByLabel("Lytis").selectOption("M");
  await form.getByRole("button", { name: "Pridėti asmenį" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kazys Jonaitis");
  const kazys = Number(/asmenys\/(\d+)/.exec(page.url())![1]);

  const events = page.getByRole("region", { name: "Gyvenimo įvykiai" });
  await events.getByLabel("Naujas įvykis").selectOption("BIRT");
  await events.locator("#new-date").fill("kažkada");
  await events.getByRole("button", { name: "Pridėti įvykį" }).click();
  await expect(events.locator("#new-date")).toHaveAccessibleDescription(/^Data neatpažinta\. Rašykite, pvz\.: 1898/);
  await expect(events.locator("#new-date")).toBeFocused();
  await expect(events.locator("#new-date")).toHaveValue("kažkada");
  expect(
    await site().db().selectFrom("genealogyEvents").select("id").where("ownerId", "=", kazys).where("ownerKind", "=", "person").execute(),
  ).toEqual([]);
  await events.locator("#new-date").fill("1927-04-02");
  await events.locator("#new-place").fill("Alytus");
  await events.getByRole("button", { name: "Pridėti įvykį" }).click();
  await expect(toasts(page).getByText("Asmens duomenys išsaugoti").last()).toBeVisible();
  await expect(events.getByLabel("Data").first()).toHaveValue("1927-04-02");
  await events.getByLabel("Naujas įvykis").selectOption("DEAT");
  await events.locator("#new-date").fill("apie 1990");
  await events.getByRole("button", { name: "Pridėti įvykį" }).click();
  await expect(events.getByLabel("Data").nth(1)).toHaveValue("apie 1990");

  const parents = page.getByRole("region", { name: "Tėvai" });
  await parents.getByLabel("Tėvas").fill("Jonas Jonaitis");
  await parents.getByLabel("Motina").fill(`#${ids.I2}`);
  await parents.getByRole("button", { name: "Nurodyti tėvus" }).click();
  await expect(parents.getByRole("link", { name: /Jonas Jonaitis/ })).toBeVisible();
  await expect(parents.getByRole("link", { name: /Ona Petrauskaitė/ })).toBeVisible();

  const links = page.getByRole("region", { name: "Nuotraukos ir dokumentai" });
  await links.getByLabel("Senoji sodyba").check();
  await links.getByLabel("Gimimo metrikų išrašas (1898)").check();
  await links.getByRole("button", { name: "Išsaugoti nuorodas" }).click();
  await expect(toasts(page).getByText("Asmens duomenys išsaugoti").last()).toBeVisible();

  // What a visitor sees now.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${site().url}/asmuo/${kazys}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Kazys Jonaitis");
  await expect(visitor.getByRole("main")).toContainText("1927 m. balandžio 2 d., Alytus");
  await expect(visitor.getByRole("main")).toContainText("apie 1990 m.");
  await expect(visitor.getByRole("main").getByText("Senoji sodyba")).toBeVisible();
  await expect(visitor.getByRole("main").getByText(/Gimimo metrikų išrašas/)).toBeVisible();
  await visitor.goto(`${site().url}/asmuo/${ids.I1}`);
  await expect(visitor.getByRole("region", { name: "Artimieji" }).getByRole("link", { name: "Kazys Jonaitis", exact: true })).toBeVisible();
  await expect(
    visitor.getByRole("region", { name: "Gyvenimo įvykiai" }).getByRole("listitem").filter({ hasText: "Kazys Jonaitis" }),
  ).toContainText("Gimė sūnus");
  // The documents list: the linked document's person field leads to the page.
  await visitor.goto(`${site().url}/dokumentai`);
  const row = visitor.getByRole("row", { name: /Gimimo metrikų išrašas/ });
  await row.getByRole("link").last().click();
  await expect(visitor).toHaveURL(`${site().url}/asmuo/${kazys}`);
  await visitor.close();

  // A descendant cannot be made a parent, nor can someone not in the tree: told at the field, what was typed kept.
  await page.goto(`${site().url}/admin/medis/asmenys/${ids.I1}`);
  await hydrated(page);
  const parentsForm = page.getByRole("region", { name: "Tėvai" });
  await parentsForm.getByLabel("Tėvas").fill(`#${kazys}`);
  await parentsForm.getByRole("button", { name: "Nurodyti tėvus" }).click();
  await expect(parentsForm.getByLabel("Tėvas")).toHaveAccessibleDescription("Palikuonis negali būti savo protėvio tėvas ar motina.");
  await expect(parentsForm.getByLabel("Tėvas")).toBeFocused();
  await expect(parentsForm.getByLabel("Tėvas")).toHaveValue(`#${kazys}`);
  await parentsForm.getByLabel("Tėvas").fill("");
  await parentsForm.getByLabel("Motina").fill("Niekada Nebuvusi");
  await parentsForm.getByRole("button", { name: "Nurodyti tėvus" }).click();
  await expect(parentsForm.getByLabel("Motina")).toHaveAccessibleDescription("Asmens „Niekada Nebuvusi“ nerasta.");
  await expect(parentsForm.getByLabel("Motina")).toHaveValue("Niekada Nebuvusi");
  await expect(parentsForm.getByLabel("Tėvas")).not.toHaveAttribute("aria-invalid", "true");

  await page.goto(`${site().url}/admin/medis/asmenys/${kazys}`);
  await hydrated(page);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Pašalinti asmenį" }).click();
  await expect(toasts(page).getByText("Asmuo pašalintas iš giminės medžio")).toBeVisible();
  expect(
    await site().db().selectFrom("genealogyPeople").select("id").where("id", "=", kazys).where("treeId", "=", treeId).execute(),
  ).toEqual([]);
  expect((await page.request.get(`${site().url}/asmuo/${kazys}`)).status()).toBe(404);
});

test("a crafted request without a session changes no one", async ({ request }) => {
  const before = await site().db().selectFrom("genealogyPeople").selectAll().orderBy("id").execute();
  for (const [url, form] of [
    ["/admin/medis/asmenys", { givenNames: "Įsibrovėlis", surname: "X" }],
    [`/admin/medis/asmenys/${ids.I1}`, { intent: "details", givenNames: "Pakeistas", surname: "X" }],
    [`/admin/medis/asmenys/${ids.I1}`, { intent: "remove", confirmed: "1" }],
    ["/admin/medis", { intent: "privacy", livingYears: "50" }],
  ] as const) {
    const response = await request.post(`${site().url}${url}`, { form, maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers().location).toMatch(/\/login/);
  }
  expect(await site().db().selectFrom("genealogyPeople").selectAll().orderBy("id").execute()).toEqual(before);
  expect(await site().db().selectFrom("settings").select("value").where("key", "=", "living_years").executeTakeFirst()).toBeUndefined();
});

test("axe finds nothing on the tree chart and a person's page, at phone and desktop width", async ({ browser }) => {
  const found: string[] = [];
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const views = ["abu", "proteviai", "palikuonys", "veduokle", "seima"].map((view) => `/medis?asmuo=${ids.I3}&kryptis=${view}`);
    const long = `/medis?asmuo=${ids.I13}`;
    for (const path of ["/medis", `/medis?asmuo=${ids.I4}&kryptis=proteviai`, ...views, long, `/asmuo/${ids.I1}`, `/asmuo/${ids.I5}`]) {
      await page.goto(`${site().url}${path}`);
      const { violations } = await analyze(page);
      found.push(...violations.map((v) => `${path} @${width}: ${v.id} – ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
    }
    await context.close();
  }
  expect(found).toEqual([]);
});
