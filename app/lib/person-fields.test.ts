import { describe, expect, test } from "vitest";
import { siteT } from "#app/i18n/site.ts";
import { eventLabel } from "./event-labels.ts";
import {
  PERSON_FIELDS,
  personNotFoundMessage,
  personNotFoundText,
  SEX_LABEL_IDS,
  SEX_LABELS,
  TREE_REFUSAL_IDS,
  TREE_REFUSALS,
} from "./person-fields.ts";
import { DATE_FORMS_MESSAGE, DATE_FORMS_MESSAGE_ID } from "./date-input.ts";

const lt = siteT("lt");
const en = siteT("en");

describe("the genealogy's words in both languages", () => {
  test("a person typed into a form and not found", () => {
    const several = {
      reason: "severalMatch",
      typed: "Kalvait",
      matches: [
        { id: 3, name: "Jonas Kalvaitis" },
        { id: 1234, name: "Ona Kalvaitytė" },
      ],
    } as const;
    expect(lt(personNotFoundMessage(several))).toBe(
      "„Kalvait“ atitinka kelis asmenis (Jonas Kalvaitis #3, Ona Kalvaitytė #1234): įrašykite numerį.",
    );
    expect(en(personNotFoundMessage(several))).toBe(
      "“Kalvait” matches several people (Jonas Kalvaitis #3, Ona Kalvaitytė #1234): enter the number.",
    );
    // The number as written, not a number's '12 345'.
    expect(lt(personNotFoundMessage({ reason: "noSuchNumber", id: 12345 }))).toBe("Asmens Nr. 12345 nėra.");
    expect(en(personNotFoundMessage({ reason: "noMatch", typed: "Niekas" }))).toBe("No person “Niekas” was found.");
    // The Lithuanian text the code not yet moved to the message reads is the message's.
    for (const notFound of [several, { reason: "noSuchNumber", id: 7 } as const, { reason: "noMatch", typed: "{x}" } as const])
      expect(personNotFoundText(notFound)).toBe(lt(personNotFoundMessage(notFound)));
  });

  test("the Lithuanian constants say what the ids say", () => {
    for (const [sex, id] of Object.entries(SEX_LABEL_IDS)) expect(SEX_LABELS[sex as keyof typeof SEX_LABELS]).toBe(lt(id));
    for (const [why, id] of Object.entries(TREE_REFUSAL_IDS)) expect(TREE_REFUSALS[why as keyof typeof TREE_REFUSALS]).toBe(lt(id));
    for (const field of Object.values(PERSON_FIELDS)) expect(field.label).toBe(lt(field.id));
    expect(DATE_FORMS_MESSAGE).toBe(lt(DATE_FORMS_MESSAGE_ID));
  });

  test("an event's name, and a program's own tag as it is", () => {
    expect(lt.say(eventLabel("BIRT"))).toBe("Gimimas");
    expect(en.say(eventLabel("BIRT"))).toBe("Birth");
    expect(en.say(eventLabel("_MILT"))).toBe("_MILT");
  });
});
