import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { logInAsAdmin, toasts, useSite } from "./site.ts";

// With SMTP_URL set, an invitation also goes by e-mail: to a real SMTP server
// started here, whose letter's link then works in another browser. A mail
// server that cannot be reached loses nothing: the link is still shown.

interface Letter {
  from: string;
  to: string[];
  raw: string;
}
const letters: Letter[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, done) {
    let raw = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (raw += chunk));
    stream.on("end", () => {
      letters.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const port = (smtp.server.address() as AddressInfo).port;

const site = useSite({ SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: "Giminės svetainė <seima@example.lt>" });
test.describe.configure({ mode: "serial" });
let closed = false;
function closeSmtp(): Promise<void> {
  if (closed) return Promise.resolve();
  closed = true;
  return new Promise<void>((resolve) => smtp.close(() => resolve()));
}
test.afterAll(closeSmtp);

/** The letter's text as written: quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test("an invitation sent by e-mail arrives, and its link makes the account", async ({ page, browser }) => {
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/nariai`);
  // A person typed while there is no tree to find them in: refused, not dropped.
  await page.getByLabel("Kas tai yra giminės medyje (nebūtina)").fill("Ona Onaitė");
  await page.getByRole("button", { name: "Sukurti kvietimo nuorodą" }).click();
  await expect(page.getByLabel("Kas tai yra giminės medyje (nebūtina)")).toHaveAccessibleDescription(/Giminės medžio dar nėra/);
  await page.getByLabel("Kas tai yra giminės medyje (nebūtina)").fill("");
  // A wrong address: said next to the field, nothing made, nothing sent.
  await page.getByLabel("El. paštas (nebūtina)").fill("ne-adresas");
  await page.getByRole("button", { name: "Sukurti kvietimo nuorodą" }).click();
  await expect(page.getByLabel("El. paštas (nebūtina)")).toHaveAccessibleDescription(/teisingą el. pašto adresą/);
  await expect(page.getByLabel("El. paštas (nebūtina)")).toBeFocused();
  await expect(page.getByLabel("El. paštas (nebūtina)")).toHaveValue("ne-adresas");
  expect(await site().db().selectFrom("accountLinks").select("tokenHash").execute()).toEqual([]);
  expect(letters).toEqual([]);

  await page.getByLabel("El. paštas (nebūtina)").fill("ona@example.lt");
  await page.getByRole("button", { name: "Sukurti kvietimo nuorodą" }).click();
  await expect(page.getByText("Kvietimas išsiųstas adresu ona@example.lt.")).toBeVisible();
  expect(letters).toHaveLength(1);
  const [letter] = letters;
  expect(letter.to).toEqual(["ona@example.lt"]);
  expect(letter.from).toBe("seima@example.lt");
  const text = decoded(letter.raw);
  expect(text).toContain("Nuoroda galioja 7 dienas");
  const link = text.match(/http:\/\/127\.0\.0\.1:\d+\/kvietimas\/[\w-]+/)?.[0];
  expect(link, text).toBeDefined();
  await expect(page.getByRole("region", { name: "Laukiantys kvietimai" })).toContainText("ona@example.lt");

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link!);
  await invitee.getByLabel("Vartotojo vardas").fill("ona");
  await invitee.getByLabel("Slaptažodis", { exact: true }).fill("onos-slaptazodis");
  await invitee.getByLabel("Pakartokite slaptažodį").fill("onos-slaptazodis");
  await invitee.getByRole("button", { name: "Priimti kvietimą" }).click();
  await expect(toasts(invitee).getByText("Sveiki prisijungę!")).toBeVisible();
  expect(await site().db().selectFrom("users").select("role").where("username", "=", "ona").executeTakeFirst()).toEqual({ role: "narys" });
  await invitee.context().close();
});

test("without SITE_URL a notice links to where the administrator reached the site, never to the Host a stranger's request named", async ({
  page,
  playwright,
}) => {
  // The administrator's own change (choosing to hear of each new item) is made from the site's address.
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/pranesimai`);
  await page.getByLabel("Laiškas apie kiekvieną naują pasiūlymą ar svečių knygos įrašą").check();
  await page.getByRole("button", { name: "Išsaugoti" }).click();
  await expect(toasts(page).getByText(/išsaugot/i)).toBeVisible();

  // A stranger writes in the guestbook naming another host: accepted, and the letter still names this site.
  letters.length = 0;
  const stranger = await playwright.request.newContext({ extraHTTPHeaders: { Host: "pavojinga.example" } });
  // Showing the form sets the cookie of the moment it was shown, which the request context keeps.
  expect((await stranger.get(`${site().url}/sveciai`)).headers()["set-cookie"]).toMatch(/^zenklas=/);
  // The guestbook takes a message only once its form has been on screen a few seconds (a person writing).
  await page.waitForTimeout(3200);
  const posted = await stranger.post(`${site().url}/sveciai`, {
    headers: { Origin: "http://pavojinga.example" },
    form: { name: "Svetimas", message: "Sveiki." },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBeLessThan(400);
  await stranger.dispose();
  await expect.poll(() => letters.length).toBe(1);
  const text = decoded(letters[0].raw);
  expect(text).toContain(`${site().url}/admin/sveciai`);
  expect(text).not.toContain("pavojinga");
});

test("when the mail server cannot be reached, the invitation is still made and its link shown", async ({ page }) => {
  await closeSmtp();
  await logInAsAdmin(page, site());
  await page.goto(`${site().url}/admin/nariai`);
  await page.getByLabel("El. paštas (nebūtina)").fill("jonas@example.lt");
  await page.getByRole("button", { name: "Sukurti kvietimo nuorodą" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Laiško išsiųsti nepavyko" })).toBeVisible();
  await expect(page.getByLabel("Nuoroda", { exact: true })).toHaveValue(new RegExp(`^${site().url}/kvietimas/[\\w-]{40,}$`));
  await expect(page.getByRole("region", { name: "Laukiantys kvietimai" })).toContainText("jonas@example.lt");
});
