import { describe, expect, it } from "vitest";
import { preferredOther } from "./site-header.tsx";

describe("the offer of the reader's language", () => {
  it("offers English to a browser that asks for English before Lithuanian", () => {
    expect(preferredOther(["en-GB", "en"], "lt")).toBe("en");
    expect(preferredOther(["no", "en-US", "lt"], "lt")).toBe("en");
  });

  it("offers nothing when the page is in the first of the browser's languages the site has", () => {
    expect(preferredOther(["lt-LT", "en"], "lt")).toBeNull();
    expect(preferredOther(["en-US"], "en")).toBeNull();
    expect(preferredOther(["de", "fr"], "lt")).toBeNull();
    expect(preferredOther([], "lt")).toBeNull();
  });

  it("offers Lithuanian on an English page to a Lithuanian browser", () => {
    expect(preferredOther(["lt"], "en")).toBe("lt");
  });
});
