import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import sharp from "sharp";
import { importFile } from "#app/.server/genealogy/trees.ts";
import { mediaStore } from "#app/.server/media/storage.ts";
import { logInAsAdmin, useSite, watchConsole, withoutRandomNames } from "./site.ts";
import { analyze } from "./axe.ts";

// A person page as a relative reads it on a phone: the portrait at the top,
// the life in date order with the family's events in it, the sources as
// numbered footnotes; a living relative adds nothing for a visitor. And the
// import summary names the pictures a file mentions but did not bring.

// A public address: the pages' shared picture is an absolute address made from it.
const SITE_URL = "http://seima.example";
const site = useSite({ SITE_URL });
test.describe.configure({ mode: "serial" });

const YEAR = new Date().getUTCFullYear();
const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 SEX M
1 OBJE @O1@
1 OBJE @O2@
2 _PRIM Y
1 BIRT
2 DATE 5 MAR 1898
2 PLAC Miroslavas
2 SOUR @S1@
3 PAGE 1898 m. gimimo įrašas Nr. 12
3 QUAY 3
3 DATA
4 TEXT Gimė kūdikis vardu Jonas.
3 OBJE @O3@
1 DEAT
2 DATE 1975
2 PLAC Alytus
2 SOUR @S1@
3 PAGE 1975 m. mirties įrašas Nr. 4
3 QUAY 1
1 FAMC @F0@
1 FAMS @F1@
1 FAMS @F2@
0 @I2@ INDI
1 NAME Ona /Jonaitienė/
1 SEX F
1 DEAT
2 DATE 1960
1 FAMS @F1@
0 @I3@ INDI
1 NAME Petras /Jonaitis/
1 SEX M
1 BIRT
2 DATE 1925
1 DEAT
2 DATE 2001
1 FAMC @F1@
0 @I4@ INDI
1 NAME Kazimieras /Jonaitis/
1 SEX M
1 DEAT
2 DATE 1940
1 FAMS @F0@
0 @I5@ INDI
1 NAME Vilija /Slaptoji/
1 SEX F
1 BIRT
2 DATE ${YEAR - 80}
1 FAMS @F2@
0 @I6@ INDI
1 NAME Gintaras /Slaptasis/
1 SEX M
1 BIRT
2 DATE 8 JUN ${YEAR - 55}
2 PLAC Kėdainiai
1 FAMC @F2@
0 @S1@ SOUR
1 TITL Miroslavo parapijos metrikų knyga
1 AUTH Miroslavo parapija
1 PUBL Lietuvos valstybės istorijos archyvas
0 @O1@ OBJE
1 FILE nuotraukos/jaunas.jpg
2 FORM jpg
0 @O2@ OBJE
1 FILE nuotraukos/portretas.jpg
2 FORM jpg
0 @O3@ OBJE
1 FILE skenai/gimimas.jpg
2 FORM jpg
2 TITL Gimimo įrašas
0 @F0@ FAM
1 HUSB @I4@
1 CHIL @I1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 MARR
2 DATE 1924
1 CHIL @I3@
0 @F2@ FAM
1 HUSB @I1@
1 WIFE @I5@
1 MARR
2 DATE ${YEAR - 56}
1 CHIL @I6@
0 TRLR
`;
/** What a visitor never receives: the living partner's and son's names, dates, place. */
const SECRETS = ["Vilija", "Slaptoji", "Gintaras", "Slaptasis", "Kėdainiai", String(YEAR - 55), String(YEAR - 56), String(YEAR - 80)];

let jonas: number;
test.beforeAll(async () => {
  const jpeg = (background: string, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const file = path.join(site().dataDir, "jonas.gdz");
  fs.writeFileSync(
    file,
    zipSync({
      "gedcom.ged": Buffer.from(FAMILY),
      "nuotraukos/jaunas.jpg": await jpeg("#aa3333", 300, 200),
      "nuotraukos/portretas.jpg": await jpeg("#336699", 300, 400),
      "skenai/gimimas.jpg": await jpeg("#f4f4f4", 600, 400),
    }),
  );
  const store = mediaStore({ dataDir: site().dataDir, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
  const treeId = (await importFile(site().db(), store, file, { sourceName: "jonas.gdz" })).treeId;
  jonas = (
    await site()
      .db()
      .selectFrom("genealogyPeople")
      .select("id")
      .where("treeId", "=", treeId)
      .where("xref", "=", "@I1@")
      .executeTakeFirstOrThrow()
  ).id;
});

const timeline = (page: Page) => page.getByRole("region", { name: "Gyvenimo įvykiai" }).getByRole("listitem");

test("at 390 px a visitor sees the portrait, the life with the family's events, and the sources as footnotes", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchConsole(page);
  await page.goto(`${site().url}/asmuo/${jonas}`);

  // The picture marked primary, sized, named by the person.
  const portrait = page.getByRole("img", { name: "Jonas Jonaitis", exact: true });
  await expect(portrait).toBeVisible();
  await expect(portrait).toHaveAttribute("width", "192");
  await expect(portrait).toHaveAttribute("height", "256");
  const box = await portrait.boundingBox();
  expect(box!.y).toBeLessThan(300);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // A shared link shows the same picture.
  const src = (await portrait.getAttribute("src"))!;
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${SITE_URL}${src}`);

  await expect(timeline(page)).toHaveText([
    /^Gimimas\s*\[1\]\s*1898 m\. kovo 5 d\., Miroslavas$/,
    /^Santuoka\s*Ona Jonaitienė \(m\. 1960\)\s*1924 m\.$/,
    /^Gimė sūnus\s*Petras Jonaitis \(1925–2001\)\s*1925 m\.$/,
    /^Mirė tėvas\s*Kazimieras Jonaitis \(m\. 1940\)\s*1940 m\.$/,
    /^Mirė žmona\s*Ona Jonaitienė \(m\. 1960\)\s*1960 m\.$/,
    /^Mirtis\s*\[1\]\s*1975 m\., Alytus$/,
  ]);

  const sources = page.getByRole("region", { name: "Šaltiniai" });
  await expect(sources).toContainText("Miroslavo parapijos metrikų knyga, Miroslavo parapija. Lietuvos valstybės istorijos archyvas");
  await expect(sources).toContainText("Vieta šaltinyje: 1898 m. gimimo įrašas Nr. 12");
  await expect(sources).toContainText("Patikimumas: tiesioginis ir pirminis");
  await expect(sources).toContainText("Patikimumas: abejotinas");
  await expect(sources).toContainText("Gimė kūdikis vardu Jonas.");
  // A footnote leads to its source; the scan opens as the large image.
  await timeline(page).first().getByRole("link", { name: "[1]" }).click();
  await expect(page).toHaveURL(/#saltinis-1$/);
  await expect(page.locator("#saltinis-1")).toBeInViewport();
  const scan = sources.getByRole("link", { name: "Dokumento skenas: Gimimo įrašas" });
  const response = await page.request.get(new URL((await scan.getAttribute("href"))!, site().url).toString());
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");

  // Nothing of the living partner and son reaches the visitor, neither in the page nor in its data.
  const html = withoutRandomNames(await page.content());
  const data = withoutRandomNames(await (await page.request.get(`${site().url}/asmuo/${jonas}.data`)).text());
  for (const secret of SECRETS) {
    expect(html, secret).not.toContain(secret);
    expect(data, secret).not.toContain(secret);
  }
  const { violations } = await analyze(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test("axe finds nothing on the person page at desktop width; no text spills out at either width", async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site().url}/asmuo/${jonas}`);
    const { violations } = await analyze(page);
    expect(violations.map((v) => `${width}: ${v.id}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  }
});

test("the administrator sees the living son's birth and the second marriage on the same timeline", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/asmuo/${jonas}`);
  await expect(timeline(page).filter({ hasText: "Gimė sūnus" })).toHaveCount(2);
  await expect(timeline(page).filter({ hasText: "Gintaras Slaptasis" })).toContainText(`${YEAR - 55} m. birželio 8 d., Kėdainiai`);
  await expect(timeline(page).filter({ hasText: "Vilija Slaptoji" })).toContainText("Santuoka");
});

test("the import summary lists each picture the file names but did not bring, by line", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis`);
  const file = path.join(os.tmpdir(), `nuotraukos-${process.pid}.ged`);
  fs.writeFileSync(
    file,
    "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 OBJE\n2 FILE C:\\nuotraukos\\jonas.jpg\n" +
      "1 OBJE @O1@\n0 @O1@ OBJE\n1 FILE nuotraukos/sodyba.jpg\n0 TRLR\n",
  );
  await page.getByLabel("GEDCOM failas").setInputFiles(file);
  await page.getByRole("button", { name: "Importuoti" }).click();
  const summary = page.getByRole("region", { name: /^Importo santrauka/ });
  await expect(summary.getByRole("heading", { name: "Įspėjimai (2)" })).toBeVisible();
  await expect(page.getByTestId("import-warnings").getByRole("listitem")).toHaveText([
    "8 eil.: Failas „C:\\nuotraukos\\jonas.jpg“ neįkeltas kartu su GEDCOM failu: svetainėje jis nerodomas.",
    "11 eil.: Failas „nuotraukos/sodyba.jpg“ neįkeltas kartu su GEDCOM failu: svetainėje jis nerodomas.",
  ]);
  fs.rmSync(file, { force: true });
});
