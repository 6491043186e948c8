import { describe, expect, it } from "vitest";
import { localeOf, localized, samePageIn, withoutLocale } from "./locales.ts";

describe("addresses and languages", () => {
  it("reads the language from the address", () => {
    expect(localeOf("/")).toBe("lt");
    expect(localeOf("/medis")).toBe("lt");
    expect(localeOf("/en")).toBe("en");
    expect(localeOf("/en/medis")).toBe("en");
    expect(localeOf("/EN/medis")).toBe("en");
    expect(localeOf("/english")).toBe("lt");
    expect(localeOf("/enciklopedija")).toBe("lt");
  });

  it("takes the language off an address", () => {
    expect(withoutLocale("/en")).toBe("/");
    expect(withoutLocale("/en/asmuo/3")).toBe("/asmuo/3");
    expect(withoutLocale("/asmuo/3")).toBe("/asmuo/3");
  });

  it("puts a site address into a language and leaves files and other sites alone", () => {
    expect(localized("en", "/")).toBe("/en");
    expect(localized("en", "/medis?asmuo=2")).toBe("/en/medis?asmuo=2");
    expect(localized("en", "/?puslapis=2")).toBe("/en?puslapis=2");
    expect(localized("en", "/en/medis")).toBe("/en/medis");
    expect(localized("lt", "/en/medis")).toBe("/medis");
    expect(localized("lt", "/medis")).toBe("/medis");
    expect(localized("en", "/media/gallery/1.webp")).toBe("/media/gallery/1.webp");
    expect(localized("en", "https://example.com/x")).toBe("https://example.com/x");
    expect(localized("en", "//example.com/x")).toBe("//example.com/x");
    expect(localized("en", "#turinys")).toBe("#turinys");
  });

  it("names the same page in the other language", () => {
    expect(samePageIn("en", "/giminyste", "?a=1&b=2")).toBe("/en/giminyste?a=1&b=2");
    expect(samePageIn("lt", "/en/giminyste", "?a=1&b=2")).toBe("/giminyste?a=1&b=2");
    expect(samePageIn("lt", "/en")).toBe("/");
  });
});
