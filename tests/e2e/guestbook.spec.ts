import { expect, test, type Page } from "@playwright/test";
import { hydrated, logInAsAdmin, toasts, useSite } from "./site.ts";

const site = useSite();

test.describe.configure({ mode: "serial" });

// The form refuses a submission sent within 3 seconds of being shown (a bot's
// speed), so these tests wait as a person writing would.
const WRITING_TIME_MS = 3200;

function entries(page: Page) {
  return page.getByRole("main").getByRole("article");
}

function stored(name: string) {
  return site().db().selectFrom("guestbookEntries").select(["name", "message", "status"]).where("name", "=", name).execute();
}

async function write(page: Page, name: string, message: string) {
  await page.goto(`${site().url}/sveciai`);
  await page.getByLabel("Vardas").fill(name);
  await page.getByRole("textbox", { name: "Žinutė", exact: true }).fill(message);
  await page.waitForTimeout(WRITING_TIME_MS);
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
}

test("an empty field gives the 'Klaida!' toast and sends nothing", async ({ page }) => {
  await page.goto(`${site().url}/sveciai`);
  // The page's own script checks the form (before it runs, the server does, with the same message), and marks each empty field.
  await hydrated(page);
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(toasts(page).getByText("Klaida!")).toBeVisible();
  await expect(toasts(page).getByText("Užpildykite visus privalomus laukus.")).toBeVisible();
  await expect(page.getByLabel("Vardas")).toHaveAccessibleDescription("Laukas „Vardas“ privalomas.");
  await expect(page.getByLabel("Vardas")).toBeFocused();
  const first = await toasts(page).getByText("Užpildykite visus privalomus laukus.").elementHandle();
  await page.getByLabel("Vardas").fill("Ona");
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  // The second refusal's toast takes the place of the first: one is shown, and it is new.
  await expect.poll(() => first!.evaluate((element) => element.isConnected)).toBe(false);
  await expect(toasts(page).getByText("Užpildykite visus privalomus laukus.")).toHaveCount(1);
  await expect(page.getByLabel("Vardas")).toHaveValue("Ona");
  await expect(page.getByRole("textbox", { name: "Žinutė", exact: true })).toHaveAccessibleDescription("Laukas „Žinutė“ privalomas.");
  expect(await stored("Ona")).toEqual([]);
});

test("a message is stored, the fields are cleared, and it stays unseen until the administrator approves it", async ({ page, browser }) => {
  await write(page, "Giedrė", "Labas iš Kauno!\nSveikinu visus giminaičius.");
  await expect(toasts(page).getByText("Įrašas pridėtas!")).toBeVisible();
  await expect(toasts(page).getByText("Jūsų žinutė buvo sėkmingai išsaugota svečių knygoje.")).toBeVisible();
  await expect(toasts(page).getByText("Ji bus paskelbta, kai administratorius ją peržiūrės.")).toBeVisible();
  await expect(page.getByLabel("Vardas")).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Žinutė", exact: true })).toHaveValue("");
  expect(await stored("Giedrė")).toEqual([{ name: "Giedrė", message: "Labas iš Kauno!\nSveikinu visus giminaičius.", status: "pending" }]);

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`${site().url}/sveciai`);
  await expect(entries(anonymous)).toHaveCount(3);
  await expect(anonymous.getByRole("main")).not.toContainText("Giedrė");

  // The administrator: a count on the dashboard, then approval.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logInAsAdmin(adminPage, site());
  await expect(adminPage.getByRole("main")).toContainText("Laukia patvirtinimo: 1 įrašas.");
  await adminPage.getByRole("navigation", { name: "Administravimo meniu" }).getByRole("link", { name: "Svečių knyga" }).click();
  const waiting = adminPage.getByRole("region", { name: /^Laukia patvirtinimo/ });
  await expect(waiting.getByTestId("guestbook-entry")).toHaveCount(1);
  await expect(waiting).toContainText("Sveikinu visus giminaičius.");
  await waiting.getByRole("button", { name: "Patvirtinti: Giedrė" }).click();
  await expect(toasts(adminPage).getByText("Įrašas patvirtintas")).toBeVisible();
  await expect(adminPage.getByRole("region", { name: /^Paskelbti/ })).toContainText("Giedrė");

  await anonymous.reload();
  await expect(entries(anonymous)).toHaveCount(4);
  const first = entries(anonymous).first();
  await expect(first).toContainText("Giedrė");
  expect(await first.locator("p").innerText()).toBe("Labas iš Kauno!\nSveikinu visus giminaičius.");
  await expect(first.locator("time")).toHaveText(/^\d{4} m\. \S+ \d{1,2} d\.$/);

  // Hidden again, it disappears; deleted (after asking), it is gone.
  await adminPage.getByRole("button", { name: "Paslėpti: Giedrė" }).click();
  await expect(toasts(adminPage).getByText("Įrašas paslėptas")).toBeVisible();
  await anonymous.reload();
  await expect(anonymous.getByRole("main")).not.toContainText("Giedrė");
  adminPage.once("dialog", (dialog) => dialog.accept());
  await adminPage.getByRole("button", { name: "Ištrinti: Giedrė" }).click();
  await expect(toasts(adminPage).getByText("Įrašas ištrintas")).toBeVisible();
  expect(await stored("Giedrė")).toEqual([]);
  await visitor.close();
  await admin.close();
});

test("a <script> in a message is shown as text and never runs", async ({ page, browser }) => {
  const payload = `<script>window.__ivykdyta = true</script><b>paryškinta</b>`;
  await write(page, "Bandytojas", payload);
  await expect(toasts(page).getByText("Įrašas pridėtas!")).toBeVisible();
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await logInAsAdmin(adminPage, site());
  await adminPage.goto(`${site().url}/admin/sveciai`);
  await expect(adminPage.getByRole("main").getByText(payload)).toBeVisible();
  await adminPage.getByRole("button", { name: "Patvirtinti: Bandytojas" }).click();
  await expect(toasts(adminPage).getByText("Įrašas patvirtintas")).toBeVisible();
  await admin.close();

  await page.goto(`${site().url}/sveciai`);
  await expect(page.getByRole("main").getByText(payload)).toBeVisible();
  await expect(page.locator("main b")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __ivykdyta?: boolean }).__ivykdyta)).toBeUndefined();
});

test("without JavaScript the form posts and the answer is a page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site().url}/sveciai`);
  await page.getByLabel("Vardas").fill("Be skriptų");
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(page.getByRole("alert")).toContainText("Užpildykite visus privalomus laukus.");
  await page.goto(`${site().url}/sveciai`);
  await page.getByLabel("Vardas").fill("Be skriptų");
  await page.getByRole("textbox", { name: "Žinutė", exact: true }).fill("Veikia ir be JavaScript.");
  await page.waitForTimeout(WRITING_TIME_MS);
  await page.getByRole("button", { name: "Siųsti žinutę" }).click();
  await expect(page).toHaveURL(`${site().url}/sveciai`);
  await expect(toasts(page).getByText("Įrašas pridėtas!")).toBeVisible();
  expect(await stored("Be skriptų")).toHaveLength(1);
  await context.close();
});

test("a form sent at a bot's speed is refused with a message that says nothing of why", async ({ page }) => {
  // Filled and sent the moment the page arrives, as a script would: typing it
  // through the browser could take longer than a bot's limit on a busy machine.
  await page.goto(`${site().url}/sveciai`, { waitUntil: "domcontentloaded" });
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>("form:has(#message)")!;
    form.querySelector<HTMLInputElement>("#name")!.value = "Robotas";
    form.querySelector<HTMLTextAreaElement>("#message")!.value = "Pirkite dabar";
    form.requestSubmit();
  });
  await expect(toasts(page).getByText("Žinutė neišsaugota")).toBeVisible();
  await expect(page.getByRole("alert").first()).toContainText("Atsiprašome, šios žinutės priimti negalime.");
  expect(await stored("Robotas")).toEqual([]);
});

test("a crafted POST to the moderation actions without a session changes nothing", async ({ request }) => {
  const entries = () => site().db().selectFrom("guestbookEntries").select(["id", "status"]).orderBy("id").execute();
  const before = await entries();
  const forms: Record<string, string>[] = [
    { intent: "approve", id: String(before[0].id) },
    { intent: "hide", id: String(before[0].id) },
    { intent: "remove", id: String(before[0].id), confirmed: "1" },
  ];
  for (const form of forms) {
    const response = await request.post(`${site().url}/admin/sveciai`, { form, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login");
  }
  expect(await entries()).toEqual(before);
});
