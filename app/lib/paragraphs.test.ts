import { expect, test } from "vitest";
import { paragraphs } from "./paragraphs.ts";

test("blank lines split paragraphs; single line breaks stay", () => {
  expect(paragraphs("Pirma.\nVis dar pirma.\n\n\nAntra.\r\n\r\nTrečia.")).toEqual(["Pirma.\nVis dar pirma.", "Antra.", "Trečia."]);
  expect(paragraphs("  \n\n ")).toEqual([]);
});
