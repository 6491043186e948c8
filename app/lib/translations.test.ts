import { describe, expect, it } from "vitest";
import { inLanguage, parseTranslations, shown, storeTranslations } from "./translations.ts";

describe("the family's content in English", () => {
  it("reads what was stored, and nothing from what was not JSON", () => {
    expect(parseTranslations('{"en":{"title":"The farm"}}')).toEqual({ en: { title: "The farm" } });
    expect(parseTranslations("")).toEqual({});
    expect(parseTranslations("{nope")).toEqual({});
    expect(parseTranslations('["en"]')).toEqual({});
    expect(parseTranslations('{"en":{"title":3,"lead":"A lead"}}')).toEqual({ en: { lead: "A lead" } });
  });

  it("stores only the fields written", () => {
    expect(storeTranslations({ en: { title: "The farm", description: "  " } })).toBe('{"en":{"title":"The farm"}}');
    expect(storeTranslations({ en: { title: "" } })).toBe("{}");
  });

  it("shows the English where there is one, else the Lithuanian, marked", () => {
    const translations = { en: { title: "The farm" } };
    expect(shown("en", "Sodyba", translations, "title")).toEqual({ text: "The farm", lang: "en" });
    expect(shown("en", "Prie kelio", translations, "description")).toEqual({ text: "Prie kelio", lang: "lt" });
    expect(shown("lt", "Sodyba", translations, "title")).toEqual({ text: "Sodyba", lang: "lt" });
    expect(
      inLanguage("en", { title: "Sodyba", description: "Prie kelio", place: "" }, translations, ["title", "description", "place"]),
    ).toEqual({
      texts: { title: "The farm", description: "Prie kelio", place: "" },
      lithuanian: ["description"],
    });
    expect(inLanguage("lt", { title: "Sodyba" }, translations, ["title"]).lithuanian).toEqual([]);
  });
});
