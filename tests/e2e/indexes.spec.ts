import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { logInAsAdmin, useSite, watchConsole, withoutRandomNames } from "./site.ts";
import { dataUrl } from "./routes.ts";
import { analyze } from "./axe.ts";

// The tree's indexes (issue 16 item 6): surnames, places, "Šią dieną" (also on
// the home page), statistics. Each at 390 px with axe, without JavaScript,
// and a privacy sweep: a living person's names and places never reach a visitor.

const site = useSite();
test.describe.configure({ mode: "serial" });

// Today in the family's time zone, as the server reckons it: the dead Jonas was
// born on this day, and so was the living Gintarė (whose anniversary never shows).
const TODAY = Object.fromEntries(
  new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Vilnius" })
    .formatToParts(new Date())
    .map((p) => [p.type, Number(p.value)]),
);
const GEDCOM_MONTH = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][TODAY.month - 1];
const YEAR = new Date().getUTCFullYear();

const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @JONAS@ INDI
1 NAME Jonas /Kalvaitis/
1 SEX M
1 BIRT
2 DATE ${TODAY.day} ${GEDCOM_MONTH} 1880
2 PLAC Kaunas, Lietuva
1 DEAT
2 DATE 1950
2 PLAC Čekiškė
1 FAMS @F1@
0 @ONA@ INDI
1 NAME Ona /Kalvaitienė/
1 NAME Ona /Petraitytė/
2 TYPE birth
1 SEX F
1 BIRT
2 DATE 1885
2 PLAC Kaunas, Lietuva
1 DEAT
2 DATE 1960
1 FAMS @F1@
0 @RUTA@ INDI
1 NAME Gintarė /Gyvenaitė/
1 NAME Gintarė /Slaptavardė/
2 TYPE married
1 SEX F
1 BIRT
2 DATE ${TODAY.day} ${GEDCOM_MONTH} ${YEAR - 30}
2 PLAC Gyvakiemis
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @JONAS@
1 WIFE @ONA@
1 CHIL @RUTA@
1 MARR
2 DATE 1905
2 PLAC Kaunas, Lietuva
0 TRLR
`;
const LIVING = ["Gintarė", "Gyvenaitė", "Slaptavardė", "Gyvakiemis", String(YEAR - 30)];

let places: Record<string, number> = {};
test.beforeAll(async () => {
  const file = path.join(site().dataDir, "rodykles.ged");
  fs.writeFileSync(file, FAMILY);
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  await importFile(site().db(), store, file, { sourceName: "rodykles.ged" });
  const rows = await site().db().selectFrom("genealogyPlaces").select(["id", "name"]).execute();
  places = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});

const PAGES = () => [
  "/medis/pavardes",
  "/medis/pavardes?pavarde=Kalvaitis",
  "/medis/vietos",
  `/medis/vietos?vieta=${places["Kaunas, Lietuva"]}`,
  "/medis/sia-diena",
  "/medis/sia-diena?diena=02-29",
  "/medis/statistika",
  "/",
];

test("each index at 390 px: what a visitor reads, and axe finds nothing", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  const found: string[] = [];
  for (const address of PAGES()) {
    await page.goto(`${site().url}${address}`);
    // Nothing runs wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390);
    const { violations } = await analyze(page);
    found.push(...violations.map((v) => `${address}: ${v.id} – ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  }
  expect(found).toEqual([]);

  await page.goto(`${site().url}/medis/pavardes`);
  const surnames = page.getByRole("region", { name: /pavard/ }).getByRole("listitem");
  await expect(surnames).toHaveText(["Kalvaitienė (1 asmuo)", "Kalvaitis (1 asmuo)", "Petraitytė (1 asmuo)"]);
  await page.goto(`${site().url}/medis/vietos`);
  await expect(page.getByRole("region", { name: /viet/ }).getByRole("listitem")).toHaveText([
    "Čekiškė (1 įvykis)",
    "Kaunas, Lietuva (3 įvykiai)",
  ]);
  await page.goto(`${site().url}/`);
  const today = page.getByRole("region", { name: "Šią dieną" });
  await expect(today).toContainText("1880 m. gimė Jonas Kalvaitis");
  await page.goto(`${site().url}/medis/statistika`);
  await expect(page.getByRole("definition").first()).toHaveText("2");
  await expect(page.getByRole("table").last()).toContainText("1880–1889");
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript: from the tree to each index and on, by plain links", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/medis`);
  const nav = page.getByRole("navigation", { name: "Medžio rodyklės" });
  await nav.getByRole("link", { name: "Pavardės" }).click();
  await page.getByRole("link", { name: "Kalvaitis" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pavardė Kalvaitis");
  await expect(page.getByRole("link", { name: "Jonas Kalvaitis" })).toBeVisible();
  await page.getByRole("link", { name: "← Visos pavardės" }).click();
  await page.getByRole("navigation", { name: "Medžio rodyklės" }).getByRole("link", { name: "Vietos" }).click();
  await page.getByRole("link", { name: "Kaunas, Lietuva" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Santuoka" })).toContainText(
    "Jonas Kalvaitis (1880–1950) ir Ona Kalvaitienė (Petraitytė)",
  );
  await page.getByRole("navigation", { name: "Medžio rodyklės" }).getByRole("link", { name: "Šią dieną" }).click();
  await expect(page.getByText("1880 m. gimė Jonas Kalvaitis")).toBeVisible();
  await page.getByRole("link", { name: /Kita diena/ }).click();
  await expect(page).toHaveURL(/diena=\d\d-\d\d/);
  await expect(page.getByText("Šią dieną giminės medyje sukakčių nėra.")).toBeVisible();
  await page.getByRole("link", { name: /Ankstesnė diena/ }).click();
  await expect(page.getByText("1880 m. gimė Jonas Kalvaitis")).toBeVisible();
  await page.getByRole("navigation", { name: "Medžio rodyklės" }).getByRole("link", { name: "Statistika" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistika");
  await page.getByRole("navigation", { name: "Medžio rodyklės" }).getByRole("link", { name: "Medis" }).click();
  await expect(page).toHaveURL(/\/medis$/);
  await context.close();
});

/** Every page of the sweep with its data request, as a visitor (no cookie) or in this page's session. */
async function bodies(
  get: (address: string) => Promise<{ status: number; text: string }>,
): Promise<Record<string, { status: number; text: string }>> {
  const addresses = [
    ...PAGES(),
    "/medis/pavardes?pavarde=Gyvenaitė",
    "/medis/pavardes?pavarde=Slaptavardė",
    `/medis/vietos?vieta=${places.Gyvakiemis}`,
    `/medis/sia-diena?diena=${String(TODAY.month).padStart(2, "0")}-${String(TODAY.day).padStart(2, "0")}`,
  ];
  const out: Record<string, { status: number; text: string }> = {};
  for (const address of addresses) {
    out[address] = await get(address);
    out[dataUrl(address)] = await get(dataUrl(address));
  }
  return out;
}

test("privacy: a living person's names, place and birth year never reach a visitor; a member sees them in the indexes but never among the anniversaries", async ({
  request,
  page,
}) => {
  const visitor = await bodies(async (address) => {
    const response = await request.get(`${site().url}${address}`);
    return { status: response.status(), text: await response.text() };
  });
  for (const [address, { status, text }] of Object.entries(visitor)) {
    for (const secret of LIVING) expect(withoutRandomNames(text).includes(secret), `${secret} in ${address} (${status})`).toBe(false);
  }
  expect(visitor["/medis/pavardes?pavarde=Gyvenaitė"].status).toBe(404);
  expect(visitor[`/medis/vietos?vieta=${places.Gyvakiemis}`].status).toBe(404);
  // The counts leave her out too: Kalvaitis' daughter is not counted anywhere.
  expect(visitor["/medis/statistika"].text).toMatch(/Asmenų<\/dt><dd[^>]*>2</);

  // The administrator (a member and more) sees her in the indexes, never among the anniversaries (she is living).
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/medis/pavardes`);
  await expect(page.getByRole("link", { name: "Gyvenaitė" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Slaptavardė" })).toBeVisible();
  await page.goto(`${site().url}/medis/sia-diena`);
  await expect(page.getByText("1880 m. gimė Jonas Kalvaitis")).toBeVisible();
  await expect(page.getByText("Gintarė")).toHaveCount(0);
  await page.goto(`${site().url}/`);
  await expect(page.getByRole("region", { name: "Šią dieną" })).not.toContainText("Gintarė");
});

test("bad input: a clear 400 or 404, never an error", async ({ request }) => {
  for (const [address, status] of [
    ["/medis/sia-diena?diena=13-45", 400],
    ["/medis/sia-diena?diena=x", 400],
    ["/medis/vietos?vieta=abc", 400],
    ["/medis/vietos?vieta=99999999", 404],
    ["/medis/pavardes?pavarde=Nėratokios", 404],
    ["/medis/pavardes?puslapis=9", 404],
    ["/medis/pavardes?puslapis=x", 400],
    ["/medis/pavardes?pavarde=%00", 200],
    ["/medis/pavardes?pavarde=Kalv%00aitis", 200],
  ] as const) {
    expect((await request.get(`${site().url}${address}`)).status(), address).toBe(status);
  }
  expect(await (await request.get(`${site().url}/medis/sia-diena?diena=13-45`)).text()).toContain("Netinkama diena");
});
