import { describe, expect, test } from "vitest";
import { faceViewBox, parseBox } from "./photo-people.ts";

describe("a person's rectangle on a photo", () => {
  test("from a form: fractions kept within the photo, none when empty, refused when not numbers or too small", () => {
    expect(parseBox({ left: "0.1", top: "0.2", width: "0.3", height: "0.4" })).toEqual({ left: 0.1, top: 0.2, width: 0.3, height: 0.4 });
    expect(parseBox({ left: "", top: "", width: "", height: "" })).toBeNull();
    expect(parseBox({ left: null, top: null, width: null, height: null })).toBeNull();
    // Dragged past the edge: cut at it.
    expect(parseBox({ left: "0.8", top: "-0.1", width: "0.5", height: "0.3" })).toEqual({ left: 0.8, top: 0, width: 0.2, height: 0.3 });
    expect(parseBox({ left: "a", top: "0", width: "0.1", height: "0.1" })).toBe("invalid");
    expect(parseBox({ left: "0.5", top: "", width: "0.1", height: "0.1" })).toBe("invalid");
    expect(parseBox({ left: "0.5", top: "0.5", width: "0.001", height: "0.1" })).toBe("invalid");
  });

  test("a face's crop: a square around the rectangle with a margin, within the picture", () => {
    // A 100 x 100 face in the middle of a 1000 x 800 picture: a 130 px square around its centre.
    expect(faceViewBox({ left: 0.45, top: 0.4375, width: 0.1, height: 0.125 }, 1000, 800)).toBe("435 335 130 130");
    // At the corner: moved inside.
    expect(faceViewBox({ left: 0, top: 0, width: 0.1, height: 0.1 }, 1000, 800)).toBe("0 0 130 130");
    // Larger than the picture's short side: the short side.
    expect(faceViewBox({ left: 0, top: 0, width: 1, height: 1 }, 1000, 800)).toBe("100 0 800 800");
  });
});
