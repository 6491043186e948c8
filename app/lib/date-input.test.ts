import { expect, test } from "vitest";
import { dateInputToGedcom, gedcomToDateInput } from "./date-input.ts";

test.each([
  ["", ""],
  ["1898", "1898"],
  ["1898-03-05", "5 MAR 1898"],
  ["1898-3", "MAR 1898"],
  ["apie 1898", "ABT 1898"],
  ["Prieš 1900 m.", "BEF 1900"],
  ["po 1900", "AFT 1900"],
  ["tarp 1850 ir 1860", "BET 1850 AND 1860"],
  ["nuo 1850 iki 1860", "FROM 1850 TO 1860"],
  ["1930–1935", "BET 1930 AND 1935"],
  ["1930-1935 m.", "BET 1930 AND 1935"],
  ["iki 1860", "TO 1860"],
  ["5 MAR 1898", "5 MAR 1898"],
  ["abt 1898", "ABT 1898"],
  ["@#DJULIAN@ 1 JAN 1700", "@#DJULIAN@ 1 JAN 1700"],
  ["(per Jonines)", "(per Jonines)"],
  // As the English pages write dates.
  ["about 1898", "ABT 1898"],
  ["Before 1900", "BEF 1900"],
  ["after 1900", "AFT 1900"],
  ["between 1850 and 1860", "BET 1850 AND 1860"],
  ["from 1850 to 1860", "FROM 1850 TO 1860"],
  ["until 1860", "TO 1860"],
  ["5 March 1898", "5 MAR 1898"],
  ["March 1898", "MAR 1898"],
  ["March 5, 1898", "5 MAR 1898"],
  ["about 5 September 1898", "ABT 5 SEP 1898"],
  ["between March 1850 and 1860", "BET MAR 1850 AND 1860"],
])("'%s' is '%s'", (typed, gedcom) => {
  expect(dateInputToGedcom(typed)).toBe(gedcom);
});

test.each([
  "kažkada",
  "1898-13-01",
  "32 MAR 1898",
  "apie kažkada",
  "1898 m. kovo",
  "about sometime",
  "32 March 1898",
  "Ma 1898",
  "Marchy 1898",
])("'%s' is refused", (typed) => {
  expect(dateInputToGedcom(typed)).toBeNull();
});

test.each([
  ["29 MAY 1917", "1917-05-29"],
  ["MAR 1898", "1898-03"],
  ["1898", "1898"],
  ["ABT 1898", "apie 1898"],
  ["BEF 5 MAR 1898", "prieš 1898-03-05"],
  ["AFT 1900", "po 1900"],
  ["BET 1850 AND 1860", "tarp 1850 ir 1860"],
  ["FROM 20 JAN 1961 TO 22 NOV 1963", "nuo 1961-01-20 iki 1963-11-22"],
  ["TO 1860", "iki 1860"],
  ["@#DJULIAN@ 1 JAN 1700", "@#DJULIAN@ 1 JAN 1700"],
  ["(per Jonines)", "(per Jonines)"],
])("stored '%s' is offered for editing as '%s', which reads back the same", (gedcom, shown) => {
  expect(gedcomToDateInput(gedcom)).toBe(shown);
  expect(dateInputToGedcom(shown)).toBe(gedcom);
});

test.each([
  ["29 MAY 1917", "1917-05-29"],
  ["ABT 1898", "about 1898"],
  ["BEF 5 MAR 1898", "before 1898-03-05"],
  ["AFT 1900", "after 1900"],
  ["BET 1850 AND 1860", "between 1850 and 1860"],
  ["FROM 20 JAN 1961 TO 22 NOV 1963", "from 1961-01-20 to 1963-11-22"],
  ["FROM 1850", "from 1850"],
  ["TO 1860", "until 1860"],
  ["@#DJULIAN@ 1 JAN 1700", "@#DJULIAN@ 1 JAN 1700"],
])("in English, stored '%s' is offered for editing as '%s', which reads back the same", (gedcom, shown) => {
  expect(gedcomToDateInput(gedcom, "en")).toBe(shown);
  expect(dateInputToGedcom(shown)).toBe(gedcom);
});
