import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { logInAsAdmin, postTreeIntent, toasts, useSite } from "./site.ts";

const site = useSite();
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/gedcom");
const CORPUS = path.resolve(import.meta.dirname, "../fixtures/gedcom-corpus");

test.describe.configure({ mode: "serial" });

async function openPage(page: Page) {
  await logInAsAdmin(page, site());
  await page.getByRole("navigation", { name: "Administravimo meniu" }).getByRole("link", { name: "Giminės medis" }).click();
  await expect(page).toHaveURL(`${site().url}/admin/medis`);
}

async function importFile(page: Page, file: string, codePage?: string) {
  await page.getByLabel("GEDCOM failas").setInputFiles(file);
  if (codePage) await page.getByLabel(/^Koduotė/).selectOption(codePage);
  await page.getByRole("button", { name: "Importuoti" }).click();
}

function summary(page: Page) {
  return page.getByRole("region", { name: /^Importo santrauka/ });
}

test("the first import: a summary with counts and warnings by line; the tree is published", async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("Giminės medžio dar nėra");
  await importFile(page, path.join(FIXTURES, "lietuviai-cp1257.ged"));
  await expect(summary(page)).toContainText("Importuota: 5 asmenys, 1 šeima, 1 šaltinis, 0 medijos objektų.");
  await expect(summary(page)).toContainText("koduotė windows-1257");
  const warnings = page.getByTestId("import-warnings").getByRole("listitem");
  await expect(warnings).toHaveText([
    "36 eil.: Data „17 GRU 1975“ neatpažinta: išsaugota kaip tekstas.",
    "67 eil.: Nuoroda į neaprašytą šeimos įrašą @F9@: praleista.",
    "68 eil.: Nežinoma žymė KILME: išsaugota nepakeista.",
  ]);
  await expect(summary(page)).toContainText("Medis paskelbtas svetainėje.");
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys, 1 šeima");
  const people = await site().db().selectFrom("genealogyPeople").select(["givenNames", "surname"]).orderBy("id").execute();
  expect(people.map((p) => `${p.givenNames} ${p.surname}`)).toContain("Šarūnas Žemaitis");
});

test("a file that is not GEDCOM is refused with a clear message and changes nothing", async ({ page }) => {
  await openPage(page);
  const letter = path.join(os.tmpdir(), "laiskas.ged");
  fs.writeFileSync(letter, "Mieli giminaičiai, siunčiu nuotraukas.\n");
  await importFile(page, letter);
  await expect(toasts(page).getByText("Tai ne GEDCOM failas: jis turi prasidėti eilute „0 HEAD“.")).toBeVisible();
  expect(await site().db().selectFrom("genealogyTrees").select("id").execute()).toHaveLength(1);
});

test("a later import replaces the tree only after confirmation; the replaced tree can be restored", async ({ page }) => {
  await openPage(page);
  await importFile(page, path.join(CORPUS, "samples/bronte.ged"));
  await expect(summary(page)).toContainText("Importuota: 14 asmenų, 4 šeimos");
  await expect(summary(page)).toContainText("Šis medis dar neskelbiamas.");
  // Still the first tree.
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys");
  // Another family altogether: a merge would add its 14 people and remove the 5; replacing is asked about.
  await expect(page.getByTestId("merge-counts")).toContainText("Iš failo: pridėta");
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await page.getByRole("button", { name: "Pakeisti dabartinį medį" }).click();
  expect(await asked).toBe("Pakeisti dabartinį medį šiuo failu? Tada svetainėje padarytų pakeitimų, kurių faile nėra, nėra.");
  await expect(toasts(page).getByText("Giminės medis pakeistas")).toBeVisible();
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("14 asmenų");

  const previous = page.getByTestId("previous-tree");
  await expect(previous).toHaveCount(1);
  await expect(previous).toContainText("lietuviai-cp1257.ged");
  page.once("dialog", (dialog) => dialog.accept());
  await previous.getByRole("button", { name: "Grąžinti šį medį" }).click();
  // The first toast may still be showing: this is the newest one.
  await expect(toasts(page).getByText("Giminės medis pakeistas").last()).toBeVisible();
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys");

  // An import can also be turned down.
  await importFile(page, path.join(CORPUS, "samples/bach.ged"));
  await page.getByRole("button", { name: "Atmesti importą" }).click();
  await expect(toasts(page).getByText("Importas atmestas")).toBeVisible();
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys");
});

test("a cut-off file is named as such first, and replaces the tree only when that is accepted", async ({ page }) => {
  await openPage(page);
  // Brontë's file cut in the middle of a record, as a broken download is.
  const whole = fs.readFileSync(path.join(CORPUS, "samples/bronte.ged"));
  const cut = path.join(os.tmpdir(), "bronte-nutrukes.ged");
  fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
  await importFile(page, cut);
  const alert = summary(page).getByRole("alert");
  await expect(alert).toContainText("Failas nutrūkęs: jame nėra pabaigos eilutės „0 TRLR“");
  // The alert comes before the counts.
  expect(await summary(page).locator("p").first().textContent()).toContain("Failas nutrūkęs");
  const replace = page.getByRole("button", { name: "Pakeisti dabartinį medį" });
  // The merge's form asks the same; this is the replacing form's box, after it.
  const accept = page.getByLabel(/Suprantu, kad failas nutrūkęs/).last();
  await replace.click();
  // The browser asks for the box first; the tree is not replaced.
  expect(await accept.evaluate((box: HTMLInputElement) => box.validity.valid)).toBe(false);
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys");
  // The server asks too, whatever the browser lets through.
  const crafted = await postTreeIntent(page, site(), "activate");
  expect(crafted.status()).toBe(409);
  await accept.check();
  page.once("dialog", (dialog) => dialog.accept());
  await replace.click();
  await expect(toasts(page).getByText("Giminės medis pakeistas").last()).toBeVisible();
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).not.toContainText("5 asmenys");
  // Back to the whole tree.
  page.once("dialog", (dialog) => dialog.accept());
  await page
    .getByTestId("previous-tree")
    .filter({ hasText: "lietuviai-cp1257.ged" })
    .getByRole("button", { name: "Grąžinti šį medį" })
    .click();
  await expect(page.getByRole("region", { name: "Dabartinis medis" })).toContainText("5 asmenys");
});

test("exports download as GEDCOM 5.5.1, 7.0 and GEDZIP; the public one leaves out living people", async ({ page }) => {
  await openPage(page);
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name, exact: true }).click()]);
    return fs.readFileSync(await file.path());
  };
  const v551 = (await download("GEDCOM 5.5.1 (UTF-8)")).toString("utf8");
  expect(v551).toContain("2 VERS 5.5.1");
  expect(v551).toContain("1 NAME Šarūnas /Žemaitis/");
  expect((await download("GEDCOM 7.0")).toString("utf8")).toContain("2 VERS 7.0");
  const zip = await download("GEDZIP (GEDCOM 7.0 su nuotraukomis)");
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  const publicExport = (await download("Viešas GEDCOM 5.5.1 (be gyvų asmenų)")).toString("utf8");
  // Šarūnas, born after 1990, is living; Jonas died in 1961.
  expect(publicExport).not.toContain("Šarūnas");
  expect(publicExport).toContain("Jonas /Jonaitis/");
});

test("a progress bar shows the upload of a large file, then the summary", async ({ page }) => {
  await openPage(page);
  const cdp = await page.context().newCDPSession(page);
  // About 100 kB/s up: the 270 kB file takes a few seconds.
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
  await importFile(page, path.join(CORPUS, "samples/IvarKingOfDublin.ged"));
  await expect(page.locator("progress#gedcom-progress")).toBeVisible();
  await expect(page.getByText(/Įkeliama… \d+%/)).toBeVisible();
  // (Thousands grouped as Lithuanian writes them: "1 288", decision 035.)
  await expect(summary(page)).toContainText("Importuota: 1\u00a0288 asmenys, 495 šeimos", { timeout: 30_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole("button", { name: "Atmesti importą" }).click();
  await expect(toasts(page).getByText("Importas atmestas")).toBeVisible();
});

test("the import also works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis`);
  await page.getByLabel("GEDCOM failas").setInputFiles(path.join(CORPUS, "samples/shakespeare.ged"));
  await page.getByRole("button", { name: "Importuoti" }).click();
  await expect(summary(page)).toContainText("Importuota: 31 asmuo, 11 šeimų");
  await context.close();
});

test("a crafted request without a session imports nothing", async ({ request }) => {
  const before = await site().db().selectFrom("genealogyTrees").select("id").execute();
  const response = await request.post(`${site().url}/admin/medis/importuoti?failas=x.ged`, {
    data: fs.readFileSync(path.join(CORPUS, "samples/bach.ged")),
    maxRedirects: 0,
  });
  // Without a session a body may only be a small form: the file is refused before any route reads it.
  expect(response.status()).toBe(400);
  const exported = await request.get(`${site().url}/admin/medis/eksportas?versija=5.5.1`, { maxRedirects: 0 });
  expect(exported.status()).toBe(302);
  expect(await site().db().selectFrom("genealogyTrees").select("id").execute()).toEqual(before);
});

test("a GEDZIP holding a file `a` and a file `a/b.txt` imports with a warning, not a server error", async ({ page }) => {
  await openPage(page);
  const archive = path.join(os.tmpdir(), "a-ir-aplankas-a.gdz");
  const gedcom =
    "0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME Ona /Aplankaitė/\n1 OBJE @O1@\n" +
    "0 @O1@ OBJE\n1 FILE a\n2 FORM text/plain\n1 FILE a/b.txt\n2 FORM text/plain\n0 TRLR\n";
  fs.writeFileSync(archive, zipSync({ "gedcom.ged": Buffer.from(gedcom), "a/b.txt": Buffer.from("b"), a: Buffer.from("a") }));
  await importFile(page, archive);
  await expect(summary(page)).toContainText("Importuota: 1 asmuo");
  await expect(page.getByTestId("import-warnings").getByRole("listitem")).toHaveText([
    "Archyve „a“ yra ir failas, ir aplankas: perskaityti abu, bet kitos programos tokio archyvo gali neišpakuoti.",
  ]);
  // (The import's tree, named by the page's address: the merge's base came after it.)
  const treeId = Number(new URL(page.url()).searchParams.get("importas"));
  const kept = await site().db().selectFrom("genealogyFiles").select("path").where("treeId", "=", treeId).orderBy("path").execute();
  expect(kept.map((f) => f.path)).toEqual(["a", "a/b.txt"]);
  await page.getByRole("button", { name: "Atmesti importą" }).click();
  await expect(toasts(page).getByText("Importas atmestas")).toBeVisible();
  fs.rmSync(archive, { force: true });
});

test("a 50 MB file with no line end is refused as no GEDCOM file, with and without JavaScript, leaving nothing", async ({
  page,
  browser,
}) => {
  // Written here in pieces, never committed.
  const file = path.join(os.tmpdir(), `be-eiluciu-${process.pid}.ged`);
  const out = fs.openSync(file, "w");
  fs.writeSync(out, "0 HEAD ");
  const words = Buffer.alloc(1024 * 1024, "seneliai ir proseneliai ");
  for (let i = 0; i < 50; i++) fs.writeSync(out, words);
  fs.closeSync(out);
  const message =
    "Tai ne GEDCOM failas: pirmoji jo eilutė nesibaigia ir viršija 4\u00a0096 ženklus, o GEDCOM failas prasideda trumpa eilute „0 HEAD“.";
  const stored = async () => ({
    trees: await site().db().selectFrom("genealogyTrees").select(["id", "status"]).orderBy("id").execute(),
    media: await site().db().selectFrom("media").select("id").orderBy("id").execute(),
  });
  const before = await stored();
  try {
    // The page's upload with its progress bar.
    await openPage(page);
    await importFile(page, file);
    await expect(toasts(page).getByText(message)).toBeVisible({ timeout: 60_000 });
    expect(await stored()).toEqual(before);

    // The page's form without JavaScript.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await logInAsAdmin(plain, site());
    await plain.goto(`${site().url}/admin/medis`);
    await plain.getByLabel("GEDCOM failas").setInputFiles(file);
    await plain.getByRole("button", { name: "Importuoti" }).click();
    // (Without JavaScript a refusal is the page's alert.)
    await expect(plain.getByRole("alert").getByText(message)).toBeVisible({ timeout: 60_000 });
    await context.close();
    expect(await stored()).toEqual(before);
    // Nothing among the trees the administrator may go back to.
    await page.reload();
    await expect(page.getByTestId("previous-tree").filter({ hasText: path.basename(file) })).toHaveCount(0);
  } finally {
    fs.rmSync(file, { force: true });
  }
});
