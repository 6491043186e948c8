import { expect, test } from "vitest";
import { placeLabel } from "./places.ts";

test("a place reads without its empty jurisdiction slots", () => {
  expect(placeLabel("New York City, , , NY, USA")).toBe("New York City, NY, USA");
  expect(placeLabel(" Alytus ,Lietuva")).toBe("Alytus, Lietuva");
  expect(placeLabel(", ,")).toBeNull();
  expect(placeLabel(null)).toBeNull();
});
