import { describe, expect, test } from "vitest";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { RowChange } from "./changes.ts";
import { changeLines, type Names } from "./readable.ts";

// The change history's lines in the reader's language: the words of the
// history in Lithuanian or English, the family's own (names, titles) as they
// are. (The summaries: summary.test.ts.)

const lt = serverT("lt");
const en = serverT("en");

const names: Names = {
  currentTree: 1,
  people: new Map([["1:7", "Jonas Jonaitis"]]),
  places: new Map(),
  photos: new Map(),
  documents: new Map(),
  albums: new Map(),
  stories: new Map(),
  trees: new Map([
    [3, { sourceName: "v1.ged", createdAt: "2026-01-05T10:00:00.000Z" }],
    [4, { sourceName: "v2.ged", createdAt: "2026-11-21T12:05:00.000Z" }],
  ]),
};

const ROWS: RowChange[] = [
  {
    table: "genealogyPeople",
    key: { treeId: 1, id: 7 },
    before: { treeId: 1, id: 7, givenNames: "Jonas", surname: "Jonaitis", sex: "M" },
    after: { treeId: 1, id: 7, givenNames: "Jonas", surname: "Petraitis", sex: "U" },
  },
  {
    table: "genealogyEvents",
    key: { treeId: 1, id: 20 },
    before: null,
    after: { treeId: 1, id: 20, ownerKind: "person", ownerId: 7, tag: "BIRT", date: "1898", value: "" },
  },
  {
    table: "galleryItems",
    key: { id: 5 },
    before: { id: 5, title: "Vestuvės", membersOnly: 1 },
    after: null,
  },
  {
    table: "settings",
    key: { key: "genealogy_current_tree" },
    before: { key: "genealogy_current_tree", value: "3" },
    after: { key: "genealogy_current_tree", value: "4" },
  },
];

describe("a change's lines", () => {
  test("in Lithuanian, as the history has always read", () => {
    expect(changeLines(ROWS, names, lt)).toEqual([
      { label: "Asmuo: pavardė", before: "Jonaitis", after: "Petraitis" },
      { label: "Asmuo: lytis", before: "vyras", after: "nenurodyta" },
      { label: "Įvykis (pridėtas)", before: "", after: "rūšis: Gimimas; data: 1898 m." },
      { label: "Nuotrauka (pašalinta)", before: "pavadinimas: Vestuvės; tik giminei: taip", after: "" },
      {
        label: "Svetainės giminės medis",
        before: `medis Nr. 3 iš „v1.ged“, importuotas ${lt.dateTime("2026-01-05T10:00:00.000Z")}`,
        after: `medis Nr. 4 iš „v2.ged“, importuotas ${lt.dateTime("2026-11-21T12:05:00.000Z")}`,
      },
    ]);
  });

  test("in English, the family's words (names, titles, files) as they are", () => {
    expect(changeLines(ROWS, names, en)).toEqual([
      { label: "Person: surname", before: "Jonaitis", after: "Petraitis" },
      { label: "Person: sex", before: "male", after: "not given" },
      { label: "Event (added)", before: "", after: "kind: Birth; date: 1898" },
      { label: "Photo (removed)", before: "title: Vestuvės; family only: yes", after: "" },
      {
        label: "The site's family tree",
        before: "family tree no. 3 from “v1.ged”, imported January 5, 2026 at 12:00 PM",
        after: "family tree no. 4 from “v2.ged”, imported November 21, 2026 at 2:05 PM",
      },
    ]);
  });

  test("a tree no longer kept is said so", () => {
    const gone: RowChange = { ...ROWS[3], before: { key: "genealogy_current_tree", value: "99" } };
    expect(changeLines([gone], names, lt)[0].before).toBe("medis, kurio nebėra");
    expect(changeLines([gone], names, en)[0].before).toBe("a family tree that is no longer kept");
  });
});
