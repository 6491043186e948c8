import { expect, request as http, test, type Page } from "@playwright/test";
import { TIME_ZONE } from "#app/i18n/intl.ts";
import { addUser, logInAs, logInAsAdmin, useSite, watchConsole } from "./site.ts";

// The failed logins a user is told about (issue 31, decision 037): someone
// types wrong passwords for a member from three addresses; the member, back
// on their own browser, is told on /paskyra how many, from how many addresses
// and when, once; the administrator sees it on the users' page.

// Behind a proxy the site believes, each attempt says its own address.
const site = useSite({ TRUST_PROXY: "1" });

const ATTACKERS = ["203.0.113.10", "203.0.113.20", "203.0.113.30"];

const lt = new Intl.DateTimeFormat("lt", { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE });
const en = new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE });

/** Wrong passwords for a name, each from its address, as a script would send them. */
async function guess(username: string, addresses: string[]) {
  const attacker = await http.newContext({ baseURL: site().url, extraHTTPHeaders: { Origin: site().url } });
  for (const [i, address] of addresses.entries()) {
    const answer = await attacker.post("/login", {
      form: { username, password: `spėjimas-${i}` },
      headers: { "X-Forwarded-For": address },
      maxRedirects: 0,
    });
    // Refused (wrong, or not even checked once throttled): back to the login page.
    expect(answer.status(), `attempt ${i + 1}`).toBe(302);
    expect(answer.headers().location).toMatch(/^\/login/);
  }
  await attacker.dispose();
}

/** The times of the member's logged failures, first and last. */
async function loggedTimes(userId: number) {
  const rows = await site().db().selectFrom("loginFailureLog").select("attemptedAt").where("userId", "=", userId).orderBy("id").execute();
  return { first: new Date(rows[0].attemptedAt), last: new Date(rows.at(-1)!.attemptedAt), rows: rows.length };
}

const notice = (page: Page, heading = "Nesėkmingi bandymai prisijungti") => page.getByRole("region", { name: heading });

test("wrong passwords typed for a member are told to them once on /paskyra, and to the administrator on the users' page", async ({
  browser,
}) => {
  const password = addUser(site(), "ona", "narys");
  const { id: onaId } = await site().db().selectFrom("users").select("id").where("username", "=", "ona").executeTakeFirstOrThrow();

  // The member has logged in on this browser before (decision 010: it stays theirs), then left.
  const member = await (await browser.newContext()).newPage();
  // The times as the server says them are what the browser says after hydrating (no mismatch).
  const problems = watchConsole(member);
  await logInAs(member, site(), "ona", password);
  await member.goto(`${site().url}/paskyra`);
  await expect(member.getByRole("heading", { name: "Jūsų paskyra" })).toBeVisible();
  await expect(notice(member)).toHaveCount(0);
  await member.getByRole("navigation", { name: "Pagrindinė navigacija" }).getByRole("button", { name: "Atsijungti", exact: true }).click();
  await expect(member).toHaveURL(/\/login$|\/$/);

  // Seven wrong passwords from three addresses (the last two refused by the throttle unchecked),
  // and guesses at a name nobody has, which are nobody's to be told.
  await guess("ona", [ATTACKERS[0], ATTACKERS[1], ATTACKERS[2], ATTACKERS[0], ATTACKERS[1], ATTACKERS[0], ATTACKERS[2]]);
  await guess("onute", ["198.51.100.1", "198.51.100.2"]);
  const times = await loggedTimes(onaId);
  expect(times.rows).toBe(7);
  expect(await site().db().selectFrom("loginFailureLog").select("id").execute()).toHaveLength(7);

  // The member comes back on their own browser: not locked out, and told.
  await logInAs(member, site(), "ona", password);
  await member.goto(`${site().url}/paskyra`);
  await expect(notice(member)).toBeVisible();
  await expect(notice(member)).toContainText(
    `Nuo paskutinio apsilankymo šiame puslapyje prie jūsų paskyros nesėkmingai bandyta prisijungti 7 kartus iš 3 adresų: ${lt.formatRange(times.first, times.last)}.`,
  );

  // The administrator sees it beside the member, and nothing beside themselves.
  const admin = await (await browser.newContext()).newPage();
  await logInAsAdmin(admin, site());
  await admin.goto(`${site().url}/admin/nariai`);
  const ona = admin.getByRole("article", { name: "ona", exact: true });
  await expect(ona).toContainText(
    `Per 90 d. nesėkmingai bandyta prisijungti 7 kartus iš 3 adresų, paskutinį kartą ${lt.format(times.last)}.`,
  );
  await expect(admin.getByRole("article", { name: /^admin/ })).not.toContainText("nesėkmingai");

  // The member's next visit: already told, nothing.
  await member.reload();
  await expect(member.getByRole("heading", { name: "Jūsų paskyra" })).toBeVisible();
  await expect(notice(member)).toHaveCount(0);

  // One more attempt later is told alone at the next visit, here in English.
  await guess("ona", ["192.0.2.99"]);
  const later = await loggedTimes(onaId);
  await member.goto(`${site().url}/en/paskyra`);
  await expect(notice(member, "Failed login attempts")).toContainText(
    `Since your last visit to this page, your account has had 1 failed login attempt from 1 address: ${en.format(later.last)}.`,
  );
  await member.reload();
  await expect(member.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expect(notice(member, "Failed login attempts")).toHaveCount(0);

  // The administrator's count is the 90 days', told or not.
  await admin.reload();
  await expect(ona).toContainText("Per 90 d. nesėkmingai bandyta prisijungti 8 kartus iš 4 adresų");
  expect(problems).toEqual([]);
});
