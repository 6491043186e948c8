import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { ADMIN_CATALOGS, LETTER_CATALOGS, SITE_CATALOGS } from "./catalog.ts";

const CATALOGS: Record<string, { lt: Record<string, string>; en: Record<string, string> }> = {
  ...SITE_CATALOGS,
  ...ADMIN_CATALOGS,
  ...LETTER_CATALOGS,
};

/**
 * English messages that say a Lithuanian word on purpose: the note on
 * Lithuanian content, the language's own name, the kinship words given beside
 * the English. Anything else with Lithuanian letters is an untranslated copy.
 */
const LITHUANIAN_ON_PURPOSE = new Set<string>(["common.inLithuanian"]);

/** The arguments and tags a message names, and its plurals' categories. */
function shape(elements: MessageFormatElement[], found = { names: new Set<string>(), plurals: [] as string[][] }) {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) {
      found.names.add(element.value);
    } else if (element.type === TYPE.tag) {
      found.names.add(`<${element.value}>`);
      shape(element.children, found);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.names.add(element.value);
      if (element.type === TYPE.plural) found.plurals.push(Object.keys(element.options));
      for (const option of Object.values(element.options)) shape(option.value, found);
    }
  }
  return found;
}

describe("message catalogs", () => {
  for (const [name, { lt, en }] of Object.entries(CATALOGS)) {
    describe(name, () => {
      it("says every Lithuanian message in English, and nothing else", () => {
        expect(Object.keys(en).sort()).toEqual(Object.keys(lt).sort());
      });

      it("names its ids after the file", () => {
        const stray = Object.keys(lt).filter((id) => !id.startsWith(`${name}.`));
        expect(stray).toEqual([]);
      });

      it("uses the same placeholders and tags in both languages, with each language's plural forms", () => {
        for (const id of Object.keys(lt)) {
          const source = shape(parse(lt[id]));
          const english = shape(parse(en[id]));
          expect([...english.names].sort(), id).toEqual([...source.names].sort());
          for (const forms of source.plurals)
            expect(forms, `${id}: one, few and other in Lithuanian`).toEqual(expect.arrayContaining(["one", "few", "other"]));
          for (const forms of english.plurals)
            expect(forms, `${id}: one and other in English`).toEqual(expect.arrayContaining(["one", "other"]));
        }
      });

      it("keeps no Lithuanian in the English", () => {
        const untranslated = Object.entries(en).filter(([id, text]) => /[ąčęėįšųūž]/i.test(text) && !LITHUANIAN_ON_PURPOSE.has(id));
        expect(untranslated).toEqual([]);
      });
    });
  }
});
