import fs from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { logInAsAdmin, postTreeIntent, toasts, useSite } from "./site.ts";

// Issue 29 in the browser: the family historian's new file is merged with
// the tree the family has changed on the site. The administrator sees what
// the file changes, what the site's changes keep and the conflict, decides
// it, and publishes; a visitor then reads the merged tree.

const site = useSite();
test.describe.configure({ mode: "serial" });

const HEAD = "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n";
const V1 = `${HEAD}0 @I1@ INDI
1 NAME Bronė /Jonaitytė/
1 SEX F
1 BIRT
2 DATE 3 MAR 1901
2 PLAC Kaunas
1 DEAT
2 DATE 1980
0 @I2@ INDI
1 NAME Elena /Jonaitytė/
1 SEX F
1 DEAT
2 DATE 1950
0 @I3@ INDI
1 NAME Gediminas /Jonaitis/
1 SEX M
1 DEAT
2 DATE 1940
0 TRLR
`;
// The historian's next file: Elena's death date, Fabijonas added, Gediminas gone, Bronė born elsewhere.
const V2 = V1.replace("2 DATE 1950", "2 DATE 12 JUN 1951")
  .replace("2 PLAC Kaunas", "2 PLAC Alytus")
  .replace("0 @I3@ INDI\n1 NAME Gediminas /Jonaitis/", "0 @I8@ INDI\n1 NAME Fabijonas /Jonaitis/");

function write(name: string, text: string): string {
  const file = path.join(site().tmpDir, name);
  fs.writeFileSync(file, text);
  return file;
}

async function upload(page: Page, file: string) {
  await page.goto(`${site().url}/admin/medis`);
  await page.getByLabel("GEDCOM failas").setInputFiles(file);
  await page.getByRole("button", { name: "Importuoti" }).click();
}

async function visitorReads(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(`${site().url}${url}`);
  const text = response?.status() === 200 ? await page.getByRole("main").innerText() : `${response?.status()}`;
  await context.close();
  return text;
}

test("the family's correction and the historian's new file: previewed, the conflict decided, merged, read by a visitor", async ({
  page,
  browser,
}) => {
  await logInAsAdmin(page, site());
  await upload(page, write("v1.ged", V1));
  await expect(page.getByRole("region", { name: /^Importo santrauka/ })).toContainText("Medis paskelbtas svetainėje.");
  const ids = Object.fromEntries(
    (await site().db().selectFrom("genealogyPeople").select(["id", "givenNames"]).execute()).map((p) => [p.givenNames, p.id]),
  );

  // On the site: Bronė's birth place corrected in the editor.
  await page.goto(`${site().url}/admin/medis/asmenys/${ids.Bronė}`);
  const birth = page.locator("li", { has: page.getByText("Gimimas", { exact: true }) });
  await birth.getByLabel("Vieta").fill("Vilnius");
  await birth.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(page.getByText("Asmens duomenys išsaugoti").first()).toBeVisible();

  // What the family changed, for the historian: to read, and to download.
  await page.goto(`${site().url}/admin/medis`);
  await page.getByRole("link", { name: "Svetainės pakeitimai šeimos istorikui" }).click();
  const change = page.getByTestId("site-change");
  await expect(change).toHaveCount(1);
  await expect(change.getByRole("heading")).toHaveText("Bronė Jonaitytė");
  await expect(change.getByRole("listitem")).toHaveText(["Gimimas: vieta: „Kaunas“ → „Vilnius“"]);
  await expect(change).toContainText(/Keitė admin, \d{4} m\./);
  const [list] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Atsisiųsti sąrašą (.txt)" }).click()]);
  expect(list.suggestedFilename()).toBe("svetaines-pakeitimai.txt");
  expect(fs.readFileSync(await list.path(), "utf8")).toContain("Bronė Jonaitytė\n  Gimimas: vieta: „Kaunas“ → „Vilnius“\n  Keitė admin,");
  await axe(page, "the site's changes for the historian");

  await upload(page, write("v2.ged", V2));
  const preview = page.getByRole("region", { name: "Sujungti su svetainės medžiu" });
  await expect(preview.getByTestId("merge-counts").getByRole("listitem")).toHaveText([
    "Iš failo: pridėta 1, pakeista 1, pašalinta 1 (asmenų ir šeimų).",
    "Svetainėje pakeisti asmenys ir šeimos, kurių pakeitimai išliks: 0.",
    "Konfliktų: 1.",
  ]);
  await preview.getByText(/^Ką keičia failas/).click();
  await expect(preview.getByText("Elena Jonaitytė · Mirtis: data: „1950 m.“ → „1951 m. birželio 12 d.“")).toBeVisible();
  const conflict = preview.getByTestId("merge-conflict");
  await expect(conflict.locator("legend")).toHaveText("Bronė Jonaitytė · Gimimas: vieta");
  await expect(conflict).toContainText("Anksčiau faile: „Kaunas“.");
  // Who changed it on the site, and when.
  await expect(conflict).toContainText(/Svetainėje keitė admin, \d{4} m\./);
  // Nothing is published before the administrator says so.
  expect(await visitorReads(browser, `/asmuo/${ids.Gediminas}`)).toContain("Gediminas Jonaitis");
  await axe(page, "the merge preview");

  // Merging without deciding the conflict is refused by the browser, and by the server.
  const crafted = await postTreeIntent(page, site(), "merge");
  expect(crafted.status()).toBe(409);
  expect(await visitorReads(browser, `/asmuo/${ids.Gediminas}`)).toContain("Gediminas Jonaitis");

  await conflict.getByLabel("Palikti svetainės: „Vilnius“").check();
  await preview.getByRole("button", { name: "Sujungti ir skelbti" }).click();
  await expect(toasts(page).getByText("Failas sujungtas su svetainės medžiu")).toBeVisible();

  // A visitor: Bronė born in Vilnius (the family's), Elena's new date and Fabijonas (the file's), Gediminas gone.
  expect(await visitorReads(browser, `/asmuo/${ids.Bronė}`)).toContain("Vilnius");
  expect(await visitorReads(browser, `/asmuo/${ids.Elena}`)).toContain("1951 m. birželio 12 d.");
  expect(await visitorReads(browser, `/asmuo/${ids.Gediminas}`)).toBe("404");
  const fabijonas = await site()
    .db()
    .selectFrom("genealogyPeople")
    .select("id")
    .where("givenNames", "=", "Fabijonas")
    .executeTakeFirstOrThrow();
  expect(await visitorReads(browser, `/asmuo/${fabijonas.id}`)).toContain("Fabijonas Jonaitis");
  // The tree the family had stays as a backup.
  await page.goto(`${site().url}/admin/medis`);
  await expect(page.getByTestId("previous-tree").filter({ hasText: "v1.ged" })).toHaveCount(1);

  // The merge is one change in the history, undone in one step: the tree before it is back.
  await page.goto(`${site().url}/admin/pakeitimai`);
  const merge = page.getByTestId("change").filter({ hasText: "Sujungtas giminės medžio failas „v2.ged“" });
  await expect(merge).toContainText("admin");
  await expect(merge.getByRole("row", { name: /Svetainės giminės medis/ })).toContainText("iš „v1.ged“");
  await merge.getByRole("button", { name: /^Atšaukti/ }).click();
  await expect(page.getByText("Pakeitimas atšauktas")).toBeVisible();
  expect(await visitorReads(browser, `/asmuo/${ids.Gediminas}`)).toContain("Gediminas Jonaitis");
  expect(await visitorReads(browser, `/asmuo/${ids.Bronė}`)).toContain("Vilnius");
});
