import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { logInAs, logInAsAdmin, useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// Issue 17's journey: a member proposes a corrected date and a memory with a
// photo; a visitor sees neither; the administrator approves the date and
// rejects the memory with a note in the review queue; the visitor now sees
// the date; the member reads both outcomes; undoing the change from the
// history brings the old date back. And a member's crafted approval changes
// nothing. (bach.ged: person 1 is Veit Bach, who died in 1619.)

const site = useSite();
test.describe.configure({ mode: "serial" });

const PHOTO = path.resolve(import.meta.dirname, "../fixtures/sodyba.jpg");
let passwords: Record<"narys" | "redaktorius", string>;

test.beforeAll(async () => {
  passwords = await siteForWrites(site());
});

async function member(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, site(), "narys", passwords.narys);
  return page;
}

/** The person's facts as a visitor reads them. */
async function visitorFacts(browser: Browser): Promise<string> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${site().url}/asmuo/1`);
  const text = await page.locator("main").innerText();
  await page.context().close();
  return text;
}

test("proposed, reviewed, shown, told, and undone from the history", async ({ browser }) => {
  const ona = await member(browser);
  await ona.goto(`${site().url}/asmuo/1`);
  await ona.getByRole("link", { name: "Pasiūlyti pataisymą" }).click();
  await expect(ona.getByRole("heading", { name: "Pasiūlyti pataisymą" })).toBeVisible();
  await axe(ona, "the proposal form");
  const death = ona.locator("section", { has: ona.getByRole("heading", { name: "Pataisyti: Mirtis" }) });
  await expect(death.getByLabel("Data")).toHaveValue("1619");
  // A date the site cannot read is refused and nothing is stored.
  await death.getByLabel("Data").fill("kažkada seniai");
  await death.getByRole("button", { name: "Siūlyti pataisymą" }).click();
  await expect(death.getByLabel("Data")).toHaveAccessibleDescription(/Data neatpažinta/);
  expect(await site().db().selectFrom("proposals").selectAll().execute()).toEqual([]);
  await ona
    .locator("section", { has: ona.getByRole("heading", { name: "Pataisyti: Mirtis" }) })
    .getByLabel("Data")
    .fill("1620");
  await ona
    .locator("section", { has: ona.getByRole("heading", { name: "Pataisyti: Mirtis" }) })
    .getByRole("button", { name: "Siūlyti pataisymą" })
    .click();
  await expect(ona).toHaveURL(`${site().url}/paskyra/pasiulymai`);
  await expect(ona.getByTestId("proposal").first()).toContainText("Laukia peržiūros");

  // A memory with a photo.
  await ona.goto(`${site().url}/paskyra/pasiulymai/prisiminimas?asmuo=1`);
  await ona.getByLabel("Prisiminimas").fill("Veitas kepė duoną ir grojo citra malūne.");
  await ona.getByLabel("Nuotraukos (nebūtina)").setInputFiles(PHOTO);
  await ona.getByRole("button", { name: "Pateikti prisiminimą" }).click();
  await expect(ona).toHaveURL(`${site().url}/asmuo/1`);

  // A visitor sees neither.
  let facts = await visitorFacts(browser);
  expect(facts).toContain("1619");
  expect(facts).not.toContain("1620");
  expect(facts).not.toContain("citra");

  // The member cannot approve, whatever they send: 403 and nothing changes.
  const [pending] = await site().db().selectFrom("proposals").select("id").where("kind", "=", "event").execute();
  const crafted = await ona.request.post(`${site().url}/admin/perziura`, {
    form: { intent: "approve", id: String(pending.id) },
    headers: { Origin: site().url },
    maxRedirects: 0,
  });
  expect(crafted.status()).toBe(403);
  expect((await site().db().selectFrom("proposals").select("status").where("id", "=", pending.id).executeTakeFirstOrThrow()).status).toBe(
    "pending",
  );

  // The administrator reviews: the date approved, the memory rejected with a note.
  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/perziura`);
  const dateCard = admin.getByTestId("proposal").filter({ hasText: "Faktas ar įvykis" });
  await expect(dateCard.getByRole("row", { name: /Mirtis: data/ })).toContainText("1619");
  await expect(dateCard.getByRole("row", { name: /Mirtis: data/ })).toContainText("1620");
  const memoryCard = admin.getByTestId("proposal").filter({ hasText: "citra" });
  await expect(memoryCard.getByRole("img")).toHaveCount(1);
  await axe(admin, "the review queue");
  await dateCard.getByRole("button", { name: /^Patvirtinti/ }).click();
  await expect(admin.getByText("Pasiūlymas priimtas")).toBeVisible();
  const memory = admin.getByTestId("proposal").filter({ hasText: "citra" });
  await memory.getByText("Atmesti", { exact: true }).click();
  await memory.getByLabel("Pastaba nariui (nebūtina)").fill("Ačiū! Nuotrauka ne iš to malūno.");
  await memory.getByRole("button", { name: "Atmesti pasiūlymą" }).click();
  await expect(admin.getByText("Laukiančių pasiūlymų nėra.")).toBeVisible();

  // The visitor now sees the new date, and still no memory.
  facts = await visitorFacts(browser);
  expect(facts).toContain("1620");
  expect(facts).not.toContain("citra");

  // The member reads both outcomes.
  await ona.goto(`${site().url}/paskyra/pasiulymai`);
  await expect(ona.getByTestId("proposal").filter({ hasText: "Faktas ar įvykis" })).toContainText("Priimta");
  const rejected = ona.getByTestId("proposal").filter({ hasText: "Prisiminimas" });
  await expect(rejected).toContainText("Atmesta");
  await expect(rejected).toContainText("Ačiū! Nuotrauka ne iš to malūno.");
  await axe(ona, "the member's proposals");

  // Undo from the person's history brings the old date back.
  await admin.goto(`${site().url}/asmuo/1`);
  await admin.getByRole("link", { name: "Pakeitimų istorija" }).click();
  const change = admin.getByTestId("change").filter({ hasText: "Pataisytas įvykis „Mirtis“ (pasiūlė narys)" });
  await expect(change.getByRole("row", { name: /Įvykis: data/ })).toContainText("1619");
  await axe(admin, "the change history");
  await change.getByRole("button", { name: /^Atšaukti/ }).click();
  await expect(admin.getByText("Pakeitimas atšauktas")).toBeVisible();
  await expect(admin.getByTestId("change").filter({ hasText: "Atšaukta: Pataisytas įvykis" })).toBeVisible();
  facts = await visitorFacts(browser);
  expect(facts).toContain("1619");
  expect(facts).not.toContain("1620");

  await admin.context().close();
  await ona.context().close();
});

test("an editor may open a person's history but not the whole site's", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, site(), "redaktorius", passwords.redaktorius);
  expect((await page.goto(`${site().url}/admin/pakeitimai`))!.status()).toBe(403);
  expect((await page.goto(`${site().url}/admin/pakeitimai?tema=person&id=1`))!.status()).toBe(200);
  await expect(page.getByTestId("change").first()).toBeVisible();
  await page.context().close();
});
