import { expect, test } from "vitest";
import { parseId } from "./numbers.ts";

test("ids and page numbers are whole positive numbers the database can hold", () => {
  expect(parseId("1")).toBe(1);
  expect(parseId("2147483647")).toBe(2147483647);
  for (const bad of ["0", "-3", "1.5", "1e18", "2147483648", "99999999999", " 7", "7 ", "", "%c0", "0x10", null, undefined, 5]) {
    expect(parseId(bad)).toBeNull();
  }
});
