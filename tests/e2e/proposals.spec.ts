import { expect, test, type Browser, type Page } from "@playwright/test";
import { axe } from "./axe.ts";
import { logInAs, logInAsAdmin, useSite } from "./site.ts";
import { siteForWrites } from "./writes.ts";

// What members propose about a person besides a date (contributions.spec.ts
// has the date and the memory): a new relative, sent without JavaScript, the
// refused form keeping what was typed; a name the administrator edits before
// approving (the sex the form does not show stays); who sees the proposal
// links; a private person's form; another's proposal out of reach.
// (bach.ged: person 1 is Veit Bach, with no parents; person 2 Johannes Hans Bach.)

const site = useSite();
test.describe.configure({ mode: "serial" });

let passwords: Record<"narys" | "redaktorius", string>;

test.beforeAll(async () => {
  passwords = await siteForWrites(site());
});

async function loggedIn(browser: Browser, username: "narys" | "redaktorius", options: { javaScript?: boolean } = {}): Promise<Page> {
  const withJs = await browser.newContext();
  const page = await withJs.newPage();
  await logInAs(page, site(), username, passwords[username]);
  if (options.javaScript !== false) return page;
  // The same session in a browser without JavaScript.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await withJs.storageState() });
  await withJs.close();
  return plain.newPage();
}

async function visitorPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${site().url}${url}`);
  return page;
}

const section = (page: Page, heading: string) => page.locator("section", { has: page.getByRole("heading", { name: heading }) });

test("a visitor sees no proposal links; a member does, but not for a private person", async ({ browser }) => {
  const visitor = await visitorPage(browser, "/asmuo/1");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Veit");
  await expect(visitor.getByRole("link", { name: "Pasiūlyti pataisymą" })).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "Pridėti prisiminimą" })).toHaveCount(0);
  expect((await visitor.goto(`${site().url}/paskyra/pasiulymai/asmuo/1`))!.url()).toContain("/login");
  await visitor.context().close();

  const member = await loggedIn(browser, "narys");
  await member.goto(`${site().url}/asmuo/1`);
  await expect(member.getByRole("link", { name: "Pasiūlyti pataisymą" })).toHaveAttribute("href", "/paskyra/pasiulymai/asmuo/1");
  await site().db().insertInto("privatePeople").values({ personId: 3, markedAt: new Date().toISOString() }).execute();
  expect((await member.goto(`${site().url}/paskyra/pasiulymai/asmuo/3`))!.status()).toBe(404);
  await expect(member.getByText("Heinrich")).toHaveCount(0);
  // Nor may a relative be named by them.
  await member.goto(`${site().url}/paskyra/pasiulymai/asmuo/1`);
  const relative = section(member, "Pridėti giminaitį");
  await relative.getByLabel("Kas jis ar ji šiam asmeniui").selectOption("child");
  await relative.getByLabel("Jau yra medyje (nebūtina)").fill("#3");
  await relative.getByRole("button", { name: "Siūlyti giminaitį" }).click();
  // Said beside the field it is about.
  await expect(section(member, "Pridėti giminaitį").getByLabel("Jau yra medyje (nebūtina)")).toHaveAccessibleDescription(
    /Asmens „#3“ nerasta\./,
  );
  await axe(member, "the proposal form with a refusal");
  expect(await site().db().selectFrom("proposals").selectAll().execute()).toEqual([]);
  await member.context().close();
});

test("a new relative proposed without JavaScript, a name edited before approval, both shown to visitors and to the member", async ({
  browser,
}) => {
  // Without JavaScript: a date the site cannot read is refused in the relative's form, what was typed kept.
  const member = await loggedIn(browser, "narys", { javaScript: false });
  await member.goto(`${site().url}/paskyra/pasiulymai/asmuo/1`);
  await expect(member.getByText("Šiandien dar galite pateikti pasiūlymų: 20.")).toBeVisible();
  let relative = section(member, "Pridėti giminaitį");
  await relative.getByLabel("Kas jis ar ji šiam asmeniui").selectOption("parent");
  await relative.getByLabel("Vardas (vardai)").fill("Hansas");
  await relative.getByLabel("Pavardė").fill("Bachas");
  await relative.getByLabel("Lytis").selectOption("M");
  await relative.getByLabel("Gimimo data (nebūtina)").fill("labai seniai");
  await relative.getByRole("button", { name: "Siūlyti giminaitį" }).click();
  relative = section(member, "Pridėti giminaitį");
  await expect(relative.getByLabel("Gimimo data (nebūtina)")).toHaveAccessibleDescription(/Data neatpažinta/);
  await expect(relative.getByLabel("Vardas (vardai)")).toHaveValue("Hansas");
  await expect(relative.getByLabel("Kas jis ar ji šiam asmeniui")).toHaveValue("parent");
  await expect(relative.getByLabel("Lytis")).toHaveValue("M");
  expect(await site().db().selectFrom("proposals").selectAll().execute()).toEqual([]);
  await relative.getByLabel("Gimimo data (nebūtina)").fill("apie 1520");
  await relative.getByRole("button", { name: "Siūlyti giminaitį" }).click();
  await expect(member).toHaveURL(`${site().url}/paskyra/pasiulymai`);
  const asked = member.getByTestId("proposal").filter({ hasText: "Giminaitis" });
  await expect(asked).toContainText("Laukia peržiūros");
  await expect(asked).toContainText("naujas asmuo: Hansas Bachas, g. apie 1520");

  // A name correction of person 2.
  await member.goto(`${site().url}/paskyra/pasiulymai/asmuo/2`);
  const names = section(member, "Vardas ir lytis");
  await expect(names.getByLabel("Lytis")).toHaveValue("M");
  await names.getByLabel("Vardas (vardai)").fill("Johanas");
  await names.getByRole("button", { name: "Siūlyti pataisymą" }).click();
  await expect(member).toHaveURL(`${site().url}/paskyra/pasiulymai`);

  // Nothing shows yet.
  let visitor = await visitorPage(browser, "/asmuo/1");
  await expect(visitor.locator("main")).not.toContainText("Hansas");
  await visitor.goto(`${site().url}/asmuo/2`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Johannes Hans");
  await visitor.context().close();

  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/perziura`);
  const relativeCard = admin.getByTestId("proposal").filter({ hasText: "Giminaitis" });
  await expect(relativeCard.getByRole("row", { name: /Tėvas ar motina/ })).toContainText("naujas asmuo: Hansas Bachas, g. apie 1520");
  const nameCard = admin.getByTestId("proposal").filter({ hasText: "Vardo ar lyties pataisymas" });
  await expect(nameCard.getByRole("row", { name: /Vardai/ })).toContainText("Johannes Hans");
  await expect(nameCard.getByRole("row", { name: /Vardai/ })).toContainText("Johanas");
  await nameCard.getByText("Redaguoti ir patvirtinti").click();
  await axe(admin, "the review queue with the edit form open");
  await nameCard.getByLabel("Vardai").fill("Johanas Hansas");
  await nameCard.getByRole("button", { name: "Išsaugoti ir patvirtinti" }).click();
  await expect(admin.getByText("Pasiūlymas priimtas")).toBeVisible();
  // A relative is corrected before approval as a fact is: here the birth the member guessed.
  const relativeEdit = admin.getByTestId("proposal").filter({ hasText: "Giminaitis" });
  await relativeEdit.getByText("Redaguoti ir patvirtinti").click();
  await expect(relativeEdit.getByLabel("Naujo asmens vardas (vardai)")).toHaveValue("Hansas");
  await expect(relativeEdit.getByLabel("Naujo asmens lytis")).toHaveValue("M");
  await relativeEdit.getByLabel("Naujo asmens gimimo data").fill("apie 1521");
  await relativeEdit.getByRole("button", { name: "Išsaugoti ir patvirtinti" }).click();
  await expect(admin.getByText("Laukiančių pasiūlymų nėra.")).toBeVisible();
  await admin.context().close();

  // Visitors see both; the sex the reviewer's form did not show is as it was.
  visitor = await visitorPage(browser, "/asmuo/2");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Johanas Hansas Bach");
  await visitor.goto(`${site().url}/asmuo/1`);
  await expect(visitor.locator("main").getByRole("link", { name: /Hansas Bachas/ })).toBeVisible();
  await expect(visitor.locator("main")).toContainText("1521");
  await visitor.context().close();
  expect(await site().db().selectFrom("genealogyPeople").select("sex").where("id", "=", 2).executeTakeFirstOrThrow()).toEqual({
    sex: "M",
  });

  // The member reads both as accepted, with what was asked.
  await member.goto(`${site().url}/paskyra/pasiulymai`);
  await expect(member.getByTestId("proposal").filter({ hasText: "Giminaitis" })).toContainText("Priimta");
  await expect(member.getByTestId("proposal").filter({ hasText: "Giminaitis" })).toContainText("naujas asmuo: Hansas Bachas");
  await expect(member.getByTestId("proposal").filter({ hasText: "Vardo ar lyties pataisymas" })).toContainText("Johanas Hansas");
  await member.context().close();
  // axe runs in the page: a browser with JavaScript reads the same list.
  const reading = await loggedIn(browser, "narys");
  await reading.goto(`${site().url}/paskyra/pasiulymai`);
  await axe(reading, "the member's proposals");
  await reading.context().close();
});

test("a member can neither see nor withdraw another's proposal", async ({ browser }) => {
  const editor = await loggedIn(browser, "redaktorius");
  await editor.goto(`${site().url}/paskyra/pasiulymai/asmuo/2`);
  const added = section(editor, "Pridėti faktą ar įvykį");
  await added.getByLabel("Kas").selectOption("OCCU");
  await added.getByLabel("Aprašymas (nebūtina)").fill("Muzikantas");
  await added.getByRole("button", { name: "Siūlyti faktą" }).click();
  await expect(editor).toHaveURL(`${site().url}/paskyra/pasiulymai`);
  const [theirs] = await site().db().selectFrom("proposals").select("id").where("username", "=", "redaktorius").execute();

  const member = await loggedIn(browser, "narys");
  await member.goto(`${site().url}/paskyra/pasiulymai`);
  await expect(member.getByText("Muzikantas")).toHaveCount(0);
  const crafted = await member.request.post(`${site().url}/paskyra/pasiulymai`, {
    form: { intent: "withdraw", id: String(theirs.id) },
    headers: { Origin: site().url },
    maxRedirects: 0,
  });
  expect(crafted.status()).toBe(404);
  const approve = await member.request.post(`${site().url}/admin/perziura`, {
    form: { intent: "edit", id: String(theirs.id), date: "", place: "", value: "Įsibrovėlis" },
    headers: { Origin: site().url },
    maxRedirects: 0,
  });
  expect(approve.status()).toBe(403);
  expect(
    await site().db().selectFrom("proposals").select(["status", "payload"]).where("id", "=", theirs.id).executeTakeFirstOrThrow(),
  ).toMatchObject({
    status: "pending",
    payload: expect.stringContaining("Muzikantas"),
  });
  await member.context().close();
  await editor.context().close();
});

test("a proposed child goes into the marriage the member chose: the partner is offered, and the child shows under both", async ({
  browser,
}) => {
  const db = site().db();
  const couple = await db
    .selectFrom("genealogyFamilies")
    .select(["partner1Id", "partner2Id"])
    .where("partner1Id", "is not", null)
    .where("partner2Id", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const partner = await db
    .selectFrom("genealogyPeople")
    .select(["givenNames", "surname"])
    .where("id", "=", couple.partner2Id!)
    .executeTakeFirstOrThrow();
  const member = await loggedIn(browser, "narys");
  await member.goto(`${site().url}/paskyra/pasiulymai/asmuo/${couple.partner1Id}`);
  const relative = section(member, "Pridėti giminaitį");
  await relative.getByLabel("Kas jis ar ji šiam asmeniui").selectOption("child");
  await relative.getByLabel("Vardas (vardai)").fill("Kristupas");
  await relative.getByLabel("Pavardė").fill("Bachas");
  const other = relative.getByLabel("Jei siūlote vaiką: kitas jo tėvas ar motina");
  await expect(other.getByRole("option")).toContainText([
    `${partner.givenNames} ${partner.surname}`.trim(),
    "Kitas partneris arba nežinomas",
  ]);
  await other.selectOption({ label: `${partner.givenNames} ${partner.surname}`.trim() });
  await relative.getByRole("button", { name: "Siūlyti giminaitį" }).click();
  await expect(member).toHaveURL(`${site().url}/paskyra/pasiulymai`);
  await member.context().close();

  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/perziura`);
  const card = admin.getByTestId("proposal").filter({ hasText: "Kristupas" });
  await expect(card.getByRole("row", { name: /Kitas tėvas ar motina/ })).toContainText(partner.givenNames);
  await card.getByRole("button", { name: /^Patvirtinti/ }).click();
  await expect(admin.getByText("Pasiūlymas priimtas")).toBeVisible();
  await admin.context().close();

  // The child is the couple's: under the partner's page too, not in a family of its own.
  const visitor = await visitorPage(browser, `/asmuo/${couple.partner2Id}`);
  await expect(visitor.locator("main").getByRole("link", { name: /Kristupas Bachas/ })).toBeVisible();
  await visitor.context().close();
});
