import { expect, test, type Page } from "@playwright/test";
import { createPerson, personEvents, saveEvent } from "#app/.server/genealogy/editing.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { addUser, hydrated, logInAs, logInAsAdmin, toasts, useSite } from "./site.ts";

// GEDCOM's own privacy marks in the browser (issue 31, point 9): the
// administrator marks a person "not for visitors" (RESN privacy) and one of
// their facts "editors only" (RESN confidential) in the person editor; a
// visitor, a member and the administrator each see what the marks allow.

const site = useSite();
test.describe.configure({ mode: "serial" });

let person = 0;
let occupation = 0;
let memberPassword = "";

test.beforeAll(async () => {
  const db = site().db();
  person = await createPerson(db, { givenNames: "Kazimieras", surname: "Ženklelis", birthSurname: "", sex: "M", note: "" });
  const tree = (await currentTreeId(db))!;
  for (const [tag, date, place, value] of [
    ["BIRT", "1850", "Rokiškis", ""],
    ["DEAT", "1920", "", ""],
    ["OCCU", "", "", "Kontrabandininkas"],
  ])
    expect((await saveEvent(db, tree, person, { eventId: null, tag, date, place, value })).ok).toBe(true);
  occupation = (await personEvents(db, tree, person, "OCCU"))[0].id;
  memberPassword = addUser(site(), "narys", "narys");
});

/** The person page's heading and text as a browser shows them. */
async function personPage(page: Page) {
  await page.goto(`${site().url}/asmuo/${person}`);
  return { heading: await page.getByRole("heading", { level: 1 }).textContent(), text: await page.locator("main").innerText() };
}

test("the administrator marks a person 'not for visitors' and a fact 'editors only' in the person editor", async ({ page }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/medis/asmenys/${person}`);
  await hydrated(page);
  const mark = page.getByLabel("Kas mato šį asmenį");
  await expect(mark).toHaveValue("");
  await mark.selectOption({ label: "Ne lankytojai: mato giminės nariai (GEDCOM RESN privacy)" });
  await mark.locator("xpath=ancestor::form").getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Privatumo nustatymas išsaugotas")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Kas mato šį asmenį")).toHaveValue("privacy");
  await hydrated(page);

  const factMark = page.locator(`#e${occupation}-restriction`);
  await factMark.selectOption({ label: "Tik redaktoriai (RESN confidential)" });
  await factMark.locator("xpath=ancestor::form").getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText("Asmens duomenys išsaugoti")).toBeVisible();
  await page.reload();
  await expect(page.locator(`#e${occupation}-restriction`)).toHaveValue("confidential");
  const row = await site().db().selectFrom("genealogyPeople").select("restriction").where("id", "=", person).executeTakeFirstOrThrow();
  expect(row.restriction).toBe("privacy");
  const fact = await site()
    .db()
    .selectFrom("genealogyEvents")
    .select(["restriction", "value"])
    .where("id", "=", occupation)
    .executeTakeFirstOrThrow();
  // The fact keeps what it said; only who sees it changed.
  expect(fact).toEqual({ restriction: "confidential", value: "Kontrabandininkas" });

  // The administrator sees both, each with whom it is kept from.
  const seen = await personPage(page);
  expect(seen.heading).toBe("Kazimieras Ženklelis");
  expect(seen.text).toContain("Šio asmens duomenis mato tik prisijungę giminės nariai.");
  expect(seen.text).toContain("Kontrabandininkas");
  expect(seen.text).toContain("Šį įvykį mato tik redaktoriai ir administratorius.");
});

test("a mark that is not one is refused in Lithuanian and changes nothing", async ({ page }) => {
  await logInAsAdmin(page, site());
  const response = await page.request.post(`${site().url}/admin/medis/asmenys/${person}`, {
    headers: { Origin: site().url },
    form: { intent: "private", restriction: "visiems" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Pasirinkite, kas mato: visi, ne lankytojai arba tik redaktoriai.");
  const row = await site().db().selectFrom("genealogyPeople").select("restriction").where("id", "=", person).executeTakeFirstOrThrow();
  expect(row.restriction).toBe("privacy");
});

test("a visitor sees 'Privatus asmuo' and nothing of the person; a member sees them without the editors-only fact", async ({ page }) => {
  const visitor = await personPage(page);
  expect(visitor.heading).toBe("Privatus asmuo");
  for (const secret of ["Kazimieras", "Ženklelis", "Rokiškis", "1850", "Kontrabandininkas"]) expect(visitor.text).not.toContain(secret);
  await page.goto(`${site().url}/medis/vietos`);
  await expect(page.locator("main")).not.toContainText("Rokiškis");

  await logInAs(page, site(), "narys", memberPassword);
  const member = await personPage(page);
  expect(member.heading).toBe("Kazimieras Ženklelis");
  expect(member.text).toContain("Rokiškis");
  expect(member.text).not.toContain("Kontrabandininkas");
  await page.goto(`${site().url}/medis/vietos`);
  await expect(page.locator("main")).toContainText("Rokiškis");
});
