import { describe, expect, test } from "vitest";
import { zoomWidths } from "./media.ts";

describe("deep-zoom renditions", () => {
  test("double from the display image's width and end at the full width", () => {
    // A 24-megapixel scan whose display image is 1200 wide.
    expect(zoomWidths(6000, 1200)).toEqual([2400, 6000]);
    expect(zoomWidths(12000, 1200)).toEqual([2400, 4800, 12000]);
    // A step that would hardly differ from the full picture is left out.
    expect(zoomWidths(3000, 1200)).toEqual([3000]);
    // A portrait scan: its display image is 800 high, 533 wide.
    expect(zoomWidths(2000, 533)).toEqual([1066, 2000]);
  });

  test("none for a picture hardly larger than its display image", () => {
    expect(zoomWidths(1200, 1200)).toEqual([]);
    expect(zoomWidths(1400, 1200)).toEqual([]);
    expect(zoomWidths(1440, 1200)).toEqual([1440]);
  });
});
