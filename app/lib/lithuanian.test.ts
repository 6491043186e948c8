import { describe, expect, test } from "vitest";
import { collator, currentYear, familyDate, formatDate, monthDayName, plural, searchKey } from "./lithuanian.ts";

describe("Lithuanian formatting", () => {
  test("dates read as '2026 m. lapkričio 21 d.' in Vilnius time", () => {
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("2026 m. lapkričio 21 d.");
    // 23:30 UTC on 31 December is already New Year in Vilnius.
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("2026 m. sausio 1 d.");
    expect(currentYear(new Date("2025-12-31T23:30:00Z"))).toBe(2026);
  });

  test("plural forms", () => {
    const forms = ["nuotrauka", "nuotraukos", "nuotraukų"] as const;
    expect(plural(1, forms)).toBe("1 nuotrauka");
    expect(plural(2, forms)).toBe("2 nuotraukos");
    expect(plural(10, forms)).toBe("10 nuotraukų");
    expect(plural(11, forms)).toBe("11 nuotraukų");
    expect(plural(21, forms)).toBe("21 nuotrauka");
    expect(plural(0, forms)).toBe("0 nuotraukų");
  });

  test("sorting follows the Lithuanian alphabet", () => {
    expect(["Žemaitis", "Zabiela", "Čepas", "Cibulskis"].sort(collator.compare)).toEqual(["Cibulskis", "Čepas", "Zabiela", "Žemaitis"]);
  });

  test("search ignores case and diacritics", () => {
    expect(searchKey("Žemės")).toBe(searchKey("zemes"));
    expect(searchKey("ŠARŪNAS")).toBe("sarunas");
  });
});

test("the family's date is Vilnius', which turns before UTC's", () => {
  // 22:30 UTC on 23 November is 00:30 on the 24th in Vilnius (UTC+2 in winter, +3 in summer).
  expect(familyDate(new Date("2026-11-23T22:30:00Z"))).toEqual({ year: 2026, month: 11, day: 24 });
  expect(familyDate(new Date("2026-06-30T21:30:00Z"))).toEqual({ year: 2026, month: 7, day: 1 });
  expect(familyDate(new Date("2026-12-31T21:59:59Z"))).toEqual({ year: 2026, month: 12, day: 31 });
  expect(monthDayName(11, 23)).toBe("lapkričio 23 d.");
  expect(monthDayName(2, 29)).toBe("vasario 29 d.");
});
