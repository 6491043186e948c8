import { describe, expect, test } from "vitest";
import { collator, currentYear, formatDate, plural, searchKey } from "./lithuanian.ts";

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
