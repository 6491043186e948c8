import { describe, expect, it } from "vitest";
import { ADMIN_CATALOGS, merge, SITE_CATALOGS } from "./catalog.ts";
import { createTranslator } from "./intl.ts";

const lt = createTranslator("lt", merge({ ...SITE_CATALOGS, ...ADMIN_CATALOGS }, "lt"));
const en = createTranslator("en", merge({ ...SITE_CATALOGS, ...ADMIN_CATALOGS }, "en"));
/** Intl's thin and no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("a span of time", () => {
  it("says what the two moments share once, in the family's time zone", () => {
    expect(lt.dateTimeRange("2026-11-27T12:02:00Z", "2026-11-27T12:10:00Z")).toBe("2026 m. lapkričio 27 d. 14:02–14:10");
    expect(plain(lt.dateTimeRange("2026-11-27T12:02:00Z", "2026-11-29T08:10:00Z"))).toBe(
      "2026 m. lapkričio 27 d. 14:02 – 2026 m. lapkričio 29 d. 10:10",
    );
    expect(lt.dateTimeRange("2026-11-27T12:02:00Z", "2026-11-27T12:02:30Z")).toBe(lt.dateTime("2026-11-27T12:02:00Z"));
    expect(plain(en.dateTimeRange("2026-11-27T12:02:00Z", "2026-11-27T12:10:00Z"))).toBe("November 27, 2026, 2:02 – 2:10 PM");
  });
});

describe("the failed logins told to their owner (decision 037)", () => {
  const told = (t: typeof lt, count: number, addresses: number, atLeast = false) =>
    plain(t("account.failedLogins.text", { count, addresses, atLeast: atLeast ? "yes" : "no", when: "X" }));

  it("says the counts in Lithuanian's own plural forms", () => {
    expect(told(lt, 1, 1)).toBe(
      "Nuo paskutinio apsilankymo šiame puslapyje prie jūsų paskyros nesėkmingai bandyta prisijungti 1 kartą iš 1 adreso: X.",
    );
    expect(told(lt, 7, 3)).toContain("prisijungti 7 kartus iš 3 adresų: X.");
    expect(told(lt, 12, 11)).toContain("prisijungti 12 kartų iš 11 adresų");
    expect(told(lt, 21, 21)).toContain("prisijungti 21 kartą iš 21 adreso");
    expect(told(lt, 5000, 40, true)).toContain("prisijungti ne mažiau kaip 5 000 kartų iš 40 adresų");
    expect(told(en, 1, 1)).toBe("Since your last visit to this page, your account has had 1 failed login attempt from 1 address: X.");
    expect(told(en, 7, 3)).toContain("7 failed login attempts from 3 addresses");
    expect(told(en, 5000, 40, true)).toContain("at least 5,000 failed login attempts");
  });

  it("tells the administrator each user's 90 days", () => {
    const values = { days: 90, count: 7, addresses: 3, atLeast: "no", last: "X" };
    expect(lt("adminMembers.users.failedLogins", values)).toBe(
      "Per 90 d. nesėkmingai bandyta prisijungti 7 kartus iš 3 adresų, paskutinį kartą X.",
    );
    expect(en("adminMembers.users.failedLogins", values)).toBe("7 failed login attempts in 90 days from 3 addresses, the last X.");
  });
});
