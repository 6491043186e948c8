import { expect, test, type Browser } from "@playwright/test";
import { axe } from "./axe.ts";
import { logInAs, logInAsAdmin, useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// "Pakeitimų istorija" (issue 17): the administrator changes a birth date in
// the person editor, reads the change as before → after in the person's
// history, undoes it, and a visitor sees the old date again. An editor may
// open a subject's history, never the whole site's. (bach.ged: Johannes Hans
// Bach, born 1550.)

const site = useSite();
test.describe.configure({ mode: "serial" });

let passwords: Record<"narys" | "redaktorius", string>;
let hans: number;

test.beforeAll(async () => {
  passwords = await siteForWrites(site());
  hans = (await site().db().selectFrom("genealogyPeople").select("id").where("givenNames", "=", "Johannes Hans").executeTakeFirstOrThrow())
    .id;
});

/** The person's page as a visitor reads it. */
async function visitorReads(browser: Browser): Promise<string> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${site().url}/asmuo/${hans}`);
  const text = await page.locator("main").innerText();
  await page.context().close();
  return text;
}

test("a birth date changed in the editor, read as before → after in the history, undone, and the visitor sees the old date", async ({
  browser,
}) => {
  expect(await visitorReads(browser)).toContain("1550");
  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/medis/asmenys/${hans}`);
  const birth = admin.locator("li", { has: admin.getByText("Gimimas", { exact: true }) });
  await birth.getByLabel("Data").fill("1551");
  await birth.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(admin.getByText("Asmens duomenys išsaugoti").first()).toBeVisible();
  expect(await visitorReads(browser)).toContain("1551");

  // The editor's own link opens this person's history.
  await admin.getByRole("link", { name: "Pakeitimų istorija" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/pakeitimai\\?tema=person&id=${hans}$`));
  const change = admin.getByTestId("change").filter({ hasText: "Pakeistas įvykis: Johannes Hans Bach" });
  await expect(change).toContainText("admin");
  const row = change.getByRole("row", { name: /Įvykis: data/ });
  await expect(row).toContainText("1550");
  await expect(row).toContainText("1551");
  await axe(admin, "a person's history");

  const undone = admin.locator(`#${await change.getAttribute("id")}`);
  await change.getByRole("button", { name: /^Atšaukti/ }).click();
  await expect(admin.getByText("Pakeitimas atšauktas")).toBeVisible();
  await expect(admin.getByTestId("change").filter({ hasText: "Atšaukta: Pakeistas įvykis" })).toBeVisible();
  await expect(undone).toContainText("Atšaukta");
  await expect(undone.getByRole("button", { name: /^Atšaukti/ })).toHaveCount(0);
  const text = await visitorReads(browser);
  expect(text).toContain("1550");
  expect(text).not.toContain("1551");

  // The whole site's history, filtered as the administrator may (a GET form, no script needed).
  await admin.goto(`${site().url}/admin/pakeitimai`);
  await admin.getByLabel("Kas pakeista").selectOption("person");
  await admin.getByLabel("Kas", { exact: true }).selectOption({ label: "admin" });
  await admin.getByRole("button", { name: "Rodyti" }).click();
  await expect(admin).toHaveURL(/tema=person/);
  await expect(admin.getByTestId("change")).toHaveCount(2);
  await axe(admin, "the whole site's history");
  await admin.context().close();
});

test("an editor gets 403 for the whole site's history and may read one subject's", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, site(), "redaktorius", passwords.redaktorius);
  expect((await page.goto(`${site().url}/admin/pakeitimai`))!.status()).toBe(403);
  expect((await page.goto(`${site().url}/admin/pakeitimai?naudotojas=1`))!.status()).toBe(403);
  // Said as a missing right, its sentence ended once.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neturite teisės");
  await expect(page.getByRole("main")).toContainText(
    "Šiam veiksmui jūsų paskyrai trūksta teisių. Jei manote, kad turėtumėte, paprašykite svetainės administratoriaus.",
  );
  await expect(page.getByRole("main")).not.toContainText("..");
  expect((await page.goto(`${site().url}/admin/pakeitimai?tema=person&id=${hans}`))!.status()).toBe(200);
  await expect(page.getByTestId("change").first()).toBeVisible();
  await page.goto(`${site().url}/admin/galerija`);
  await page.getByRole("link", { name: "Pakeitimų istorija" }).click();
  await expect(page).toHaveURL(/tema=gallery$/);
  await expect(page.getByRole("heading", { name: "Pakeitimų istorija" })).toBeVisible();
  await page.context().close();
});

test("a visitor and a member see no history link on a person's page; an editor does", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${site().url}/asmuo/${hans}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Pakeitimų istorija" })).toHaveCount(0);
  await visitor.context().close();
  const member = await (await browser.newContext()).newPage();
  await logInAs(member, site(), "narys", passwords.narys);
  await member.goto(`${site().url}/asmuo/${hans}`);
  await expect(member.getByRole("link", { name: "Pakeitimų istorija" })).toHaveCount(0);
  await member.context().close();
  const editor = await (await browser.newContext()).newPage();
  await logInAs(editor, site(), "redaktorius", passwords.redaktorius);
  await editor.goto(`${site().url}/asmuo/${hans}`);
  await expect(editor.getByRole("link", { name: "Pakeitimų istorija" })).toHaveAttribute(
    "href",
    `/admin/pakeitimai?tema=person&id=${hans}`,
  );
  await editor.context().close();
});

test("a person added and then given an event: undoing the addition is refused, naming the event's change; newest first, both undo", async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/medis/asmenys`);
  const form = admin.getByRole("region", { name: "Naujas asmuo" });
  await form.getByLabel("Vardas (vardai)").fill("Kazimieras");
  await form.getByLabel("Pavardė", { exact: true }).fill("Undinas");
  await form.getByRole("button", { name: "Pridėti asmenį" }).click();
  await expect(admin).toHaveURL(/\/admin\/medis\/asmenys\/\d+$/);
  const id = Number(new URL(admin.url()).pathname.split("/").at(-1));
  const added = admin.getByRole("region", { name: "Gyvenimo įvykiai" });
  await added.getByLabel("Naujas įvykis").selectOption({ label: "Profesija" });
  await added.locator("#new-value").fill("Kalvis");
  await added.getByRole("button", { name: "Pridėti įvykį" }).click();
  await expect(admin.getByText("Asmens duomenys išsaugoti").first()).toBeVisible();

  await admin.goto(`${site().url}/admin/pakeitimai`);
  const creation = admin.getByTestId("change").filter({ hasText: "Pridėtas asmuo: Kazimieras Undinas" });
  await creation.getByRole("button", { name: /^Atšaukti/ }).click();
  await expect(creation.getByRole("alert")).toContainText("pirma atšaukite vėlesnius pakeitimus");
  const first = creation.getByRole("region", { name: /Pirma atšaukite šiuos vėlesnius pakeitimus/ });
  await expect(first.getByRole("listitem")).toHaveCount(1);
  await expect(first.getByRole("link", { name: "Pridėtas įvykis „Profesija“: Kazimieras Undinas" })).toBeVisible();
  // Nothing was undone: the person and the event are there.
  const rows = await site().db().selectFrom("genealogyEvents").select("value").where("ownerId", "=", id).execute();
  expect(rows).toEqual([{ value: "Kalvis" }]);

  // The event's change first (the link leads to it), then the person's.
  await first.getByRole("link").click();
  const event = admin.getByTestId("change").filter({ hasText: "Pridėtas įvykis „Profesija“: Kazimieras Undinas" }).first();
  await event.getByRole("button", { name: /^Atšaukti/ }).click();
  await expect(admin.getByText("Pakeitimas atšauktas").first()).toBeVisible();
  await admin
    .getByTestId("change")
    .filter({ hasText: "Pridėtas asmuo: Kazimieras Undinas" })
    .filter({ hasNot: admin.getByText("Atšaukta (") })
    .getByRole("button", { name: /^Atšaukti/ })
    .click();
  // The first undo's toast may still be on screen: wait for the person's change itself to read as undone.
  await expect(
    admin.getByTestId("change").filter({ hasText: "Pridėtas asmuo: Kazimieras Undinas" }).filter({ hasText: "Atšaukta (" }),
  ).toHaveCount(1);
  expect(await site().db().selectFrom("genealogyPeople").select("id").where("id", "=", id).execute()).toEqual([]);
  expect(await site().db().selectFrom("genealogyEvents").select("id").where("ownerId", "=", id).execute()).toEqual([]);
  expect((await admin.request.get(`${site().url}/asmuo/${id}`)).status()).toBe(404);
  await admin.context().close();
});
