import { describe, expect, test } from "vitest";
import {
  dayRange,
  formatGedcomDate,
  formatGedcomDateLt,
  formatMonthDay,
  jdnToGregorianYear,
  parseGedcomDate,
  sortRange,
  writeGedcomDate,
  type GedcomDate,
} from "./gedcom-date.ts";

/** The Julian day number of a Gregorian date, by the textbook formula's known values. */
const JDN_2000_01_01 = 2451545;

describe("parsing the GEDCOM date grammar", () => {
  test.each<[string, GedcomDate]>([
    ["5 MAR 1850", { kind: "exact", date: { calendar: "GREGORIAN", year: 1850, month: 3, day: 5 } }],
    ["MAR 1850", { kind: "exact", date: { calendar: "GREGORIAN", year: 1850, month: 3 } }],
    ["1850", { kind: "exact", date: { calendar: "GREGORIAN", year: 1850 } }],
    ["abt 1850", { kind: "about", date: { calendar: "GREGORIAN", year: 1850 } }],
    ["CAL 1850", { kind: "calculated", date: { calendar: "GREGORIAN", year: 1850 } }],
    ["EST 1850", { kind: "estimated", date: { calendar: "GREGORIAN", year: 1850 } }],
    ["BEF 1900", { kind: "before", date: { calendar: "GREGORIAN", year: 1900 } }],
    ["AFT 1900", { kind: "after", date: { calendar: "GREGORIAN", year: 1900 } }],
    ["BET 1850 AND 1860", { kind: "between", from: { calendar: "GREGORIAN", year: 1850 }, to: { calendar: "GREGORIAN", year: 1860 } }],
    ["FROM 1850 TO 1860", { kind: "period", from: { calendar: "GREGORIAN", year: 1850 }, to: { calendar: "GREGORIAN", year: 1860 } }],
    ["FROM 1850", { kind: "period", from: { calendar: "GREGORIAN", year: 1850 } }],
    ["TO 1860", { kind: "period", to: { calendar: "GREGORIAN", year: 1860 } }],
    ["INT 1850 (apie šv. Joną)", { kind: "interpreted", date: { calendar: "GREGORIAN", year: 1850 }, phrase: "apie šv. Joną" }],
    ["(per pirmąjį sniegą)", { kind: "phrase", phrase: "per pirmąjį sniegą" }],
    ["30 JAN 1748/49", { kind: "exact", date: { calendar: "GREGORIAN", year: 1748, month: 1, day: 30, dualYear: "49" } }],
    ["@#DJULIAN@ 1 JAN 1700", { kind: "exact", date: { calendar: "JULIAN", year: 1700, month: 1, day: 1 } }],
    ["JULIAN 1 JAN 1700", { kind: "exact", date: { calendar: "JULIAN", year: 1700, month: 1, day: 1 } }],
    ["@#DHEBREW@ 1 TSH 5780", { kind: "exact", date: { calendar: "HEBREW", year: 5780, month: 1, day: 1 } }],
    ["@#DFRENCH R@ 9 THER 2", { kind: "exact", date: { calendar: "FRENCH_R", year: 2, month: 11, day: 9 } }],
    ["12 AUG 1401 B.C.", { kind: "exact", date: { calendar: "GREGORIAN", year: -1401, month: 8, day: 12 } }],
    ["12 AUG 1401 BCE", { kind: "exact", date: { calendar: "GREGORIAN", year: -1401, month: 8, day: 12 } }],
    ["kažkada seniai", { kind: "phrase", phrase: "kažkada seniai" }],
    ["32 JAN 1850", { kind: "phrase", phrase: "32 JAN 1850" }],
  ])("'%s'", (text, expected) => {
    expect(parseGedcomDate(text)).toEqual(expected);
  });

  test("a GEDCOM 7 PHRASE makes an exact date interpreted, and stands alone without a date", () => {
    expect(parseGedcomDate("1850", "per Jonines")).toEqual({
      kind: "interpreted",
      date: { calendar: "GREGORIAN", year: 1850 },
      phrase: "per Jonines",
    });
    expect(parseGedcomDate("", "nežinoma")).toEqual({ kind: "phrase", phrase: "nežinoma" });
  });
});

describe("day ranges in four calendars", () => {
  test("Gregorian and Julian", () => {
    expect(dayRange({ calendar: "GREGORIAN", year: 2000, month: 1, day: 1 })).toEqual([JDN_2000_01_01, JDN_2000_01_01]);
    expect(dayRange({ calendar: "JULIAN", year: 2000, month: 1, day: 1 })).toEqual([JDN_2000_01_01 + 13, JDN_2000_01_01 + 13]);
    expect(dayRange({ calendar: "GREGORIAN", year: 2000 })).toEqual([JDN_2000_01_01, JDN_2000_01_01 + 365]);
    expect(
      dayRange({ calendar: "GREGORIAN", year: 1900, month: 2 })[1] - dayRange({ calendar: "GREGORIAN", year: 1900, month: 2 })[0],
    ).toBe(27);
    expect(dayRange({ calendar: "JULIAN", year: 1900, month: 2 })[1] - dayRange({ calendar: "JULIAN", year: 1900, month: 2 })[0]).toBe(28);
  });

  test("French Republican: 1 Vendémiaire I is 22 September 1792; 9 Thermidor II is 27 July 1794", () => {
    const gregorian = (y: number, m: number, d: number) => dayRange({ calendar: "GREGORIAN", year: y, month: m, day: d })[0];
    expect(dayRange({ calendar: "FRENCH_R", year: 1, month: 1, day: 1 })[0]).toBe(gregorian(1792, 9, 22));
    expect(dayRange({ calendar: "FRENCH_R", year: 2, month: 11, day: 9 })[0]).toBe(gregorian(1794, 7, 27));
    expect(dayRange({ calendar: "FRENCH_R", year: 8, month: 2, day: 18 })[0]).toBe(gregorian(1799, 11, 9)); // 18 Brumaire
  });

  test("Hebrew: 1 Tishri 5780 is 30 September 2019; 15 Nisan 5784 is 23 April 2024", () => {
    const gregorian = (y: number, m: number, d: number) => dayRange({ calendar: "GREGORIAN", year: y, month: m, day: d })[0];
    expect(dayRange({ calendar: "HEBREW", year: 5780, month: 1, day: 1 })[0]).toBe(gregorian(2019, 9, 30));
    expect(dayRange({ calendar: "HEBREW", year: 5784, month: 8, day: 15 })[0]).toBe(gregorian(2024, 4, 23));
    const year = dayRange({ calendar: "HEBREW", year: 5784 });
    expect(year[1] - year[0] + 1).toBe(383); // a leap year
  });

  test("before, after, between and phrases", () => {
    const y1900 = dayRange({ calendar: "GREGORIAN", year: 1900 });
    expect(sortRange(parseGedcomDate("BEF 1900"))).toEqual([null, y1900[0] - 1]);
    expect(sortRange(parseGedcomDate("AFT 1900"))).toEqual([y1900[1] + 1, null]);
    expect(sortRange(parseGedcomDate("BET 1850 AND 1900"))).toEqual([dayRange({ calendar: "GREGORIAN", year: 1850 })[0], y1900[1]]);
    expect(sortRange(parseGedcomDate("(nežinoma)"))).toBeNull();
    expect(jdnToGregorianYear(y1900[0])).toBe(1900);
    expect(jdnToGregorianYear(JDN_2000_01_01 - 1)).toBe(1999);
  });

  test("dual years sort by the New Style year", () => {
    expect(dayRange({ calendar: "GREGORIAN", year: 1748, month: 1, day: 30, dualYear: "49" })).toEqual(
      dayRange({ calendar: "GREGORIAN", year: 1749, month: 1, day: 30 }),
    );
  });
});

describe("writing dates back", () => {
  test.each([
    "5 MAR 1850",
    "ABT 1850",
    "BET 1850 AND 1860",
    "FROM 1850 TO 1860",
    "TO 1860",
    "BEF 1 JAN 1900",
    "30 JAN 1748/49",
    "12 AUG 1401 B.C.",
  ])("'%s' round-trips in 5.5.1", (text) => {
    expect(writeGedcomDate(parseGedcomDate(text), "5.5.1").value).toBe(text);
  });

  test("calendars and phrases in each version's syntax", () => {
    const julian = parseGedcomDate("@#DJULIAN@ 1 JAN 1700");
    expect(writeGedcomDate(julian, "5.5.1").value).toBe("@#DJULIAN@ 1 JAN 1700");
    expect(writeGedcomDate(julian, "7.0").value).toBe("JULIAN 1 JAN 1700");
    expect(writeGedcomDate(parseGedcomDate("@#DFRENCH R@ 9 THER 2"), "5.5.1").value).toBe("@#DFRENCH R@ 9 THER 2");
    expect(writeGedcomDate(parseGedcomDate("INT 1850 (per Jonines)"), "7.0")).toEqual({ value: "1850", phrase: "per Jonines" });
    expect(writeGedcomDate(parseGedcomDate("(nežinoma)"), "7.0")).toEqual({ value: "", phrase: "nežinoma" });
    expect(writeGedcomDate(parseGedcomDate("(nežinoma)"), "5.5.1")).toEqual({ value: "(nežinoma)" });
    expect(writeGedcomDate(parseGedcomDate("12 AUG 1401 B.C."), "7.0").value).toBe("12 AUG 1401 BCE");
    // GEDCOM 7 has no dual years: the year, with the original as a phrase.
    expect(writeGedcomDate(parseGedcomDate("30 JAN 1748/49"), "7.0")).toEqual({ value: "30 JAN 1748", phrase: "1748/49" });
  });
});

describe("in Lithuanian", () => {
  test.each([
    ["ABT 1850", "apie 1850 m."],
    ["BET 1850 AND 1860", "tarp 1850 ir 1860 m."],
    ["5 MAR 1850", "1850 m. kovo 5 d."],
    ["BEF 1900", "prieš 1900 m."],
    ["AFT 1900", "po 1900 m."],
    ["MAR 1850", "1850 m. kovo mėn."],
    ["FROM 1850 TO 1860", "nuo 1850 iki 1860 m."],
    ["TO 1860", "iki 1860 m."],
    ["BET 5 MAR 1850 AND 1860", "tarp 1850 m. kovo 5 d. ir 1860 m."],
    ["CAL 1850", "apskaičiuota 1850 m."],
    ["EST 1850", "numanoma 1850 m."],
    ["30 JAN 1748/49", "1748/49 m. sausio 30 d."],
    ["500 B.C.", "500 m. pr. Kr."],
    ["@#DJULIAN@ 1 JAN 1700", "1700 m. sausio 1 d. (pagal Julijaus kalendorių)"],
    ["INT 1850 (per Jonines)", "1850 m. („per Jonines“)"],
    ["(per pirmąjį sniegą)", "per pirmąjį sniegą"],
  ])("'%s' is '%s'", (text, lithuanian) => {
    expect(formatGedcomDateLt(parseGedcomDate(text))).toBe(lithuanian);
  });
});

describe("dates in English", () => {
  const en = (text: string) => formatGedcomDate(parseGedcomDate(text), "en");
  test("says each kind of date as an English reader expects it", () => {
    expect(en("5 MAR 1850")).toBe("5 March 1850");
    expect(en("MAR 1850")).toBe("March 1850");
    expect(en("1850")).toBe("1850");
    expect(en("ABT 1850")).toBe("about 1850");
    expect(en("BEF 1900")).toBe("before 1900");
    expect(en("AFT 1900")).toBe("after 1900");
    expect(en("BET 1850 AND 1860")).toBe("between 1850 and 1860");
    expect(en("FROM 1850 TO 1860")).toBe("from 1850 to 1860");
    expect(en("TO 1860")).toBe("until 1860");
    expect(en("EST 1850")).toBe("estimated 1850");
    expect(en("@#DJULIAN@ 5 MAR 1700")).toBe("5 March 1700 (Julian calendar)");
    expect(en("500 B.C.")).toBe("500 BC");
  });
  test.each([
    ["BET 5 MAR 1850 AND 1860", "between 5 March 1850 and 1860"],
    ["FROM 1850", "from 1850"],
    ["CAL 1850", "calculated 1850"],
    ["30 JAN 1748/49", "30 January 1748/49"],
    ["@#DHEBREW@ 1 TSH 5600", "1 Tishrei 5600 (Hebrew calendar)"],
    ["@#DFRENCH R@ 18 BRUM 8", "18 Brumaire 8 (French Republican calendar)"],
    ["INT 1850 (per Jonines)", "1850 (“per Jonines”)"],
    ["(per pirmąjį sniegą)", "per pirmąjį sniegą"],
  ])("'%s' is '%s'", (text, english) => {
    expect(en(text)).toBe(english);
  });
  test("keeps the Lithuanian as it was", () => {
    for (const text of ["ABT 1850", "5 MAR 1850", "BET 1850 AND 1860", "@#DJULIAN@ 1 JAN 1700", "INT 1850 (per Jonines)"])
      expect(formatGedcomDate(parseGedcomDate(text), "lt")).toBe(formatGedcomDateLt(parseGedcomDate(text)));
  });
});

describe("a day of the year", () => {
  test("as each language names it", () => {
    expect(formatMonthDay(11, 23, "lt")).toBe("lapkričio 23 d.");
    expect(formatMonthDay(3, 5, "en")).toBe("5 March");
    expect(formatMonthDay(2, 29, "en")).toBe("29 February");
  });
});
