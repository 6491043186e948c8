import { describe, expect, test } from "vitest";
import { adminT } from "#app/i18n/admin.ts";
import {
  describeDifference,
  siteChangeLine,
  siteChangesText,
  siteChangeWho,
  slotLabel,
  slotValue,
  subjectLabel,
  type MergeDifference,
} from "./merge-words.ts";

// The merge's differences in words, in both languages; names and the file's values as they are.

const lt = adminT("lt");
const en = adminT("en");

const person = { kind: "person", key: "12", label: "Bronė Jonaitytė" } as const;
const family: MergeDifference["subject"] = {
  kind: "family",
  key: "12+40",
  label: "Jonas Jonaitis ir ?",
  partners: ["Jonas Jonaitis", "?"],
};
const item = (slot: string, values: Partial<MergeDifference> = {}): MergeDifference => ({
  subject: person,
  slot,
  base: null,
  file: null,
  site: null,
  ...values,
});

describe("the slots and their values", () => {
  test("are named in the reader's language", () => {
    const place = item("event BIRT#0 › place");
    expect([slotLabel(lt, place), slotLabel(en, place)]).toEqual(["Gimimas: vieta", "Birth: place"]);
    expect([slotLabel(lt, item("person")), slotLabel(en, item("person"))]).toEqual(["Asmuo", "Person"]);
    expect([slotLabel(lt, item("sex")), slotLabel(en, item("sex"))]).toEqual(["Lytis", "Sex"]);
    const child = item("child 7");
    expect([slotLabel(lt, child, () => "Rimas Jonaitis"), slotLabel(en, child, () => "Rimas Jonaitis")]).toEqual([
      "Vaikas: Rimas Jonaitis",
      "Child: Rimas Jonaitis",
    ]);
    // A type the file gave an event is the file's own words.
    expect(slotLabel(en, item("event EVEN Kraustymasis#0 › date"))).toBe("Kraustymasis: date");
  });

  test("say dates as the site does, and the file's values as they are", () => {
    const date = item("event BIRT#0 › date");
    expect([slotValue(lt, date, "12 JUN 1951"), slotValue(en, date, "12 JUN 1951")]).toEqual(["1951 m. birželio 12 d.", "12 June 1951"]);
    expect([slotValue(lt, item("sex"), "F"), slotValue(en, item("sex"), "F")]).toEqual(["moteris", "female"]);
    expect([slotValue(lt, item("child 7"), "adopted"), slotValue(en, item("child 7"), "adopted")]).toEqual(["įvaikintas", "adopted"]);
    expect([slotValue(lt, item("person"), null), slotValue(en, item("person"), null)]).toEqual(["nėra", "none"]);
    expect(slotValue(en, item("event BIRT#0 › place"), "Kaunas")).toBe("Kaunas");
  });

  test("a family is its partners, joined in the reader's language; a plan kept before is its label", () => {
    expect([subjectLabel(lt, family), subjectLabel(en, family)]).toEqual(["Jonas Jonaitis ir ?", "Jonas Jonaitis and ?"]);
    expect(subjectLabel(en, { kind: "family", key: "1+2", label: "Jonas ir Ona" })).toBe("Jonas ir Ona");
  });
});

describe("lines", () => {
  const conflict = item("event BIRT#0 › place", { base: "Kaunas", file: "Alytus", site: "Vilnius" });

  test("the command line's line is Lithuanian unless told", () => {
    expect(describeDifference(conflict)).toBe("Bronė Jonaitytė · Gimimas: vieta: buvo „Kaunas“, faile „Alytus“, svetainėje „Vilnius“");
    expect(describeDifference(conflict, undefined, en)).toBe(
      "Bronė Jonaitytė · Birth: place: was “Kaunas”, in the file “Alytus”, on the site “Vilnius”",
    );
  });

  test("the historian's list, in either language", () => {
    const change = { subject: person, items: [conflict], by: "ona", at: "2026-03-05T14:07:00.000Z", proposedBy: "jonas" };
    expect(siteChangeLine(lt, conflict, {})).toBe("Gimimas: vieta: „Kaunas“ → „Vilnius“");
    expect(siteChangeLine(en, conflict, {})).toBe("Birth: place: “Kaunas” → “Vilnius”");
    expect(siteChangeWho(lt, change)).toBe("Keitė ona, 2026 m. kovo 5 d. 16:07 (pasiūlė jonas).");
    expect(siteChangeWho(en, { ...change, proposedBy: null })).toBe("Changed by ona, March 5, 2026 at 4:07 PM.");
    expect(siteChangesText(lt, { file: "medis.ged", changes: [change], names: {} })).toBe(
      "Svetainėje padaryti pakeitimai, kurių nėra faile „medis.ged“\n\nBronė Jonaitytė\n" +
        "  Gimimas: vieta: „Kaunas“ → „Vilnius“\n  Keitė ona, 2026 m. kovo 5 d. 16:07 (pasiūlė jonas).\n",
    );
    expect(siteChangesText(en, { file: "medis.ged", changes: [], names: {} })).toBe(
      "Changes made on the site that the file “medis.ged” does not have\n\nNo changes: the site's tree is the same as the file.\n",
    );
  });
});
