import { expect, test } from "vitest";
import { siteT } from "#app/i18n/site.ts";
import { STORY_FIELD_LABELS, STORY_FIELD_MESSAGES, yearSpan } from "./stories.ts";

test("a story's years in each language", () => {
  const lt = siteT("lt");
  const en = siteT("en");
  expect(yearSpan(lt, 1920, 1940)).toBe("1920–1940");
  expect(yearSpan(en, 1920, 1940)).toBe("1920–1940");
  expect(yearSpan(lt, 1930, 1930)).toBe("1930");
  expect(yearSpan(lt, 1920, null)).toBe("nuo 1920");
  expect(yearSpan(en, 1920, null)).toBe("from 1920");
  expect(yearSpan(lt, null, 1940)).toBe("iki 1940");
  expect(yearSpan(en, null, 1940)).toBe("until 1940");
  // A year is a number as written, never grouped ('1 920').
  expect(yearSpan(lt, 1000, null)).toBe("nuo 1000");
  expect(yearSpan(en, null, null)).toBe("");
});

test("the fields' Lithuanian names are the catalog's", () => {
  expect(STORY_FIELD_LABELS.lead).toBe("Įvadas");
  expect(siteT("en")(STORY_FIELD_MESSAGES.coverPhotoId)).toBe("Cover photo");
});
