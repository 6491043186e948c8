import { describe, expect, test } from "vitest";
import { serverT } from "#app/.server/platform/i18n.ts";
import { proposedSummary, storedSummary, summaryIn, undoneSummary, undoSummary, type Summary } from "./summary.ts";

// A change's summary as the history keeps it (a message and its values, as
// JSON) and shows it: in the reader's language, the family's words as
// written; a row from before summaries were messages, as written.

const lt = serverT("lt");
const en = serverT("en");

/** A summary as recorded, read back in both languages. */
const read = (summary: Summary) => [summaryIn(storedSummary(summary), lt), summaryIn(storedSummary(summary), en)];

describe("a change's summary", () => {
  test("is stored as its message and values, the family's words as written", () => {
    expect(storedSummary({ id: "changes.summary.story.created", values: { title: "Senelio laiškai" } })).toBe(
      '{"id":"changes.summary.story.created","values":{"title":"Senelio laiškai"}}',
    );
    expect(storedSummary("changes.summary.gallery.reordered")).toBe('{"id":"changes.summary.gallery.reordered"}');
  });

  test("is said in the reader's language, the Lithuanian as the history wrote it before", () => {
    expect(read({ id: "changes.summary.story.created", values: { title: "Senelio laiškai" } })).toEqual([
      "Sukurtas pasakojimas „Senelio laiškai“",
      "Story “Senelio laiškai” created",
    ]);
    expect(read("changes.summary.gallery.reordered")).toEqual(["Pakeista galerijos tvarka", "Gallery order changed"]);
    expect(read({ id: "changes.summary.history.restored", values: { id: 3 } })).toEqual([
      "Atkurta istorijos versija Nr. 3",
      "History version no. 3 restored",
    ]);
    expect(
      read({ id: "changes.summary.gallery.documentLinked", values: { photo: "Jono ir Onos vestuvės", document: "Santuokos liudijimas" } }),
    ).toEqual([
      "Su nuotrauka „Jono ir Onos vestuvės“ susietas dokumentas „Santuokos liudijimas“",
      "Document “Santuokos liudijimas” linked to the photo “Jono ir Onos vestuvės”",
    ]);
  });

  test("says the names of things (an event kind, a page, a relation) in the reader's language", () => {
    expect(
      read({ id: "changes.summary.person.eventAdded", values: { event: { id: "genealogy.event.death" }, name: "Jonas Jonaitis" } }),
    ).toEqual(["Pridėtas įvykis „Mirtis“: Jonas Jonaitis", "Event “Death” added: Jonas Jonaitis"]);
    expect(read({ id: "changes.summary.texts.changed", values: { section: { id: "adminContent.texts.section.home" } } })).toEqual([
      "Pakeisti tekstai: Pradžios puslapis",
      "Texts changed: Home page",
    ]);
    expect(
      read({ id: "changes.summary.texts.translated", values: { section: { id: "adminContent.texts.section.home" }, locale: "en" } }),
    ).toEqual(["Pakeisti tekstai: Pradžios puslapis (en)", "Texts changed: Home page (en)"]);
    expect(read({ id: "changes.summary.proposal.relativeAdded", values: { relation: "parent" } })).toEqual([
      "Pridėtas giminaitis: tėvas ar motina",
      "Relative added: father or mother",
    ]);
    // A tag the catalog does not name is put in as it is.
    expect(read({ id: "changes.summary.proposal.eventAdded", values: { event: "_MILT" } })).toEqual([
      "Pridėtas įvykis „_MILT“",
      "Event “_MILT” added",
    ]);
    expect(
      read({ id: "changes.summary.proposal.memoryOfPerson", values: { name: { id: "changes.number", values: { id: "12" } } } }),
    ).toEqual(["Pridėtas prisiminimas. Prisiminimas apie asmenį: Nr. 12", "Memory about No. 12 added"]);
  });

  test("writes counts as the reader's language writes numbers", () => {
    const merged = (added: number) =>
      read({ id: "changes.summary.tree.merged", values: { file: "medis.ged", added, changed: 1, removed: 0, kept: 1 } });
    expect(merged(0)).toEqual([
      "Sujungtas giminės medžio failas „medis.ged“: iš failo pridėta 0, pakeista 1, pašalinta 0; svetainės pakeitimų išliko 1",
      "Family tree file “medis.ged” merged: from the file 0 added, 1 changed, 0 removed; 1 of the site's changes kept",
    ]);
    expect(merged(12345)[0]).toContain("pridėta 12\u00a0345,");
    expect(merged(12345)[1]).toContain("from the file 12,345 added");
  });

  test("names who proposed a change an editor approved", () => {
    expect(read(proposedSummary({ id: "changes.summary.proposal.photoUploaded", values: { title: "Vestuvės" } }, "ona"))).toEqual([
      "Įkelta nuotrauka „Vestuvės“ (pasiūlė ona)",
      "Photo “Vestuvės” uploaded (proposed by ona)",
    ]);
    expect(read(proposedSummary("changes.summary.proposal.detailsCorrected", "ona"))).toEqual([
      "Pataisyti asmens duomenys (pasiūlė ona)",
      "Personal details corrected (proposed by ona)",
    ]);
  });

  test("of an undo wraps the undone change's, and a redo's the undo's, each said in the reader's language", () => {
    const change = storedSummary({ id: "changes.summary.album.created", values: { title: "Kaimas" } });
    const undo = storedSummary(undoSummary(change));
    const redo = storedSummary(undoSummary(undo));
    expect(JSON.parse(undo)).toEqual({ id: "changes.summary.undone", values: { summary: JSON.parse(change) } });
    expect([summaryIn(undo, lt), summaryIn(undo, en)]).toEqual(["Atšaukta: Sukurtas albumas „Kaimas“", "Undone: Album “Kaimas” created"]);
    expect([summaryIn(redo, lt), summaryIn(redo, en)]).toEqual([
      "Atšaukta: Atšaukta: Sukurtas albumas „Kaimas“",
      "Undone: Undone: Album “Kaimas” created",
    ]);
    // The history's list: the undos counted, the change said in the reader's language (no language of its own to mark).
    expect(undoneSummary(redo, en)).toEqual({ undos: 2, record: "Album “Kaimas” created", lang: null });
    expect(undoneSummary(change, lt)).toEqual({ undos: 0, record: "Sukurtas albumas „Kaimas“", lang: null });
  });
});

describe("a summary recorded before summaries were messages", () => {
  test("is shown as written; an undo's prefix, once per undo in the chain, in the reader's language", () => {
    expect(summaryIn("Pakeistas įvykis", lt)).toBe("Pakeistas įvykis");
    expect(summaryIn("Pakeistas įvykis", en)).toBe("Pakeistas įvykis");
    expect(summaryIn("Atšaukta: Pakeistas įvykis", lt)).toBe("Atšaukta: Pakeistas įvykis");
    expect(summaryIn("Atšaukta: Atšaukta: Pakeistas įvykis", lt)).toBe("Atšaukta: Atšaukta: Pakeistas įvykis");
    expect(summaryIn("Atšaukta: Pakeistas įvykis", en)).toBe("Undone: Pakeistas įvykis");
    expect(summaryIn("Atšaukta: Atšaukta: Pakeistas įvykis", en)).toBe("Undone: Undone: Pakeistas įvykis");
  });

  test("is marked as Lithuanian in the history's list, inside its undos", () => {
    expect(undoneSummary("Pakeistas įvykis", en)).toEqual({ undos: 0, record: "Pakeistas įvykis", lang: "lt" });
    expect(undoneSummary("Atšaukta: Atšaukta: Pakeistas įvykis", en)).toEqual({ undos: 2, record: "Pakeistas įvykis", lang: "lt" });
  });

  test("undone now, keeps its words inside undos said in the reader's language", () => {
    const undo = storedSummary(undoSummary("Pakeistas įvykis: Jonas Jonaitis"));
    expect([summaryIn(undo, lt), summaryIn(undo, en)]).toEqual([
      "Atšaukta: Pakeistas įvykis: Jonas Jonaitis",
      "Undone: Pakeistas įvykis: Jonas Jonaitis",
    ]);
    // A legacy undo redone now: its own "Atšaukta: " becomes an undo said in the reader's language too.
    const redo = storedSummary(undoSummary("Atšaukta: Pakeistas įvykis: Jonas Jonaitis"));
    expect([summaryIn(redo, lt), summaryIn(redo, en)]).toEqual([
      "Atšaukta: Atšaukta: Pakeistas įvykis: Jonas Jonaitis",
      "Undone: Undone: Pakeistas įvykis: Jonas Jonaitis",
    ]);
    expect(undoneSummary(redo, en)).toEqual({ undos: 2, record: "Pakeistas įvykis: Jonas Jonaitis", lang: "lt" });
  });

  test("that looks like a message but names none the catalogs know is shown as written", () => {
    expect(summaryIn('{"id":"changes.summary.gone"}', en)).toBe('{"id":"changes.summary.gone"}');
    expect(summaryIn("{ne JSON", en)).toBe("{ne JSON");
  });
});
