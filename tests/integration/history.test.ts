import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  compareHistoryRevision,
  getHistory,
  listHistoryRevisions,
  HISTORY_FORM,
  restoreHistory,
  restoreHistoryRevision,
  saveHistory,
} from "#app/.server/site-texts/history-text.ts";
import { SEED_HISTORY } from "#app/.server/seed/seed.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import type { HistoryContent } from "#app/lib/history.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

const edited: HistoryContent = { ...SEED_HISTORY, title: "Nauja antraštė", intro: "Pirma eilutė\nantra eilutė" };

test("a new installation reads the seeded history", async () => {
  expect(await getHistory(t.db, MEMBERS)).toMatchObject(SEED_HISTORY);
});

test("every save is a revision; the newest is current and earlier ones are listed newest first", async () => {
  await saveHistory(t.db, edited, "ona", false);
  await saveHistory(t.db, { ...edited, title: "Trečia versija" }, "ona", false);
  expect((await getHistory(t.db, MEMBERS)).title).toBe("Trečia versija");
  const revisions = await listHistoryRevisions(t.db);
  expect(revisions.map((r) => r.title)).toEqual(["Trečia versija", "Nauja antraštė", SEED_HISTORY.title]);
  expect(revisions.map((r) => r.author)).toEqual(["ona", "ona", null]);
});

test("restoring an old revision makes it current as a new revision, losing nothing", async () => {
  const [seed] = await listHistoryRevisions(t.db);
  await saveHistory(t.db, edited, "ona", false);
  const restored = await restoreHistoryRevision(t.db, seed.id, "ona");
  expect(restored).toMatchObject(SEED_HISTORY);
  expect(await getHistory(t.db, MEMBERS)).toMatchObject(SEED_HISTORY);
  expect((await listHistoryRevisions(t.db)).map((r) => r.title)).toEqual([SEED_HISTORY.title, "Nauja antraštė", SEED_HISTORY.title]);
  expect(await restoreHistoryRevision(t.db, 9999, "ona")).toBeNull();
});

test("a version without text is restored over the current text only when confirmed; each version's length and what it would change", async () => {
  const ona = await addTestUser(t.db, "ona", "administratorius");
  const bare = await saveHistory(t.db, { ...SEED_HISTORY, intro: "", paragraph1: "", periodText: "", periodText2: "" }, "ona", false);
  await saveHistory(t.db, edited, "ona", false);
  const [current, ...earlier] = await listHistoryRevisions(t.db);
  const length = (c: HistoryContent) => Object.values(c).reduce((n, text) => n + text.length, 0);
  expect(current.length).toBe(length(edited));
  expect(earlier[0].length).toBe(SEED_HISTORY.title.length + SEED_HISTORY.periodTitle.length);
  expect((await compareHistoryRevision(t.db, bare.id))?.map((f) => f.label)).toEqual([
    "Pavadinimas",
    "Įžanga",
    "Pagrindinis tekstas",
    "Laikotarpio aprašymas",
    "Laikotarpio aprašymo tęsinys",
  ]);
  // On an English page of the editor, the fields are named in English.
  expect((await inRequestLanguage("en", () => compareHistoryRevision(t.db, bare.id)))?.map((f) => f.label)).toEqual([
    "Title",
    "Introduction",
    "Main text",
    "About the period",
    "About the period, continued",
  ]);
  expect(await restoreHistory(t.db, ona, bare.id)).toBe("confirm");
  expect((await getHistory(t.db, MEMBERS)).title).toBe(edited.title);
  expect(await restoreHistory(t.db, ona, bare.id, true)).toBe("restored");
  expect(await getHistory(t.db, MEMBERS)).toMatchObject({ intro: "", paragraph1: "" });
  expect(await restoreHistory(t.db, ona, 9999)).toBe("missing");
});

test("markup is stored as typed, line breaks normalised", async () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(SEED_HISTORY)) form.set(k, v);
  form.set("paragraph1", "<script>alert(1)</script>\r\nKita eilutė");
  const result = readForm(form, HISTORY_FORM);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const { periodMembersOnly, ...content } = result.value;
  expect(periodMembersOnly).toBe(false);
  await saveHistory(t.db, content, "ona", false);
  expect((await getHistory(t.db, MEMBERS)).paragraph1).toBe("<script>alert(1)</script>\nKita eilutė");
});

test("an empty title or an overlong field is refused with a Lithuanian message", () => {
  const form = new FormData();
  for (const [k, v] of Object.entries(SEED_HISTORY)) form.set(k, v);
  form.set("title", "   ");
  form.set("intro", "x".repeat(5001));
  const result = readForm(form, HISTORY_FORM);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.errors.title).toBe("Įrašykite pavadinimą.");
  expect(result.errors.intro).toBe("Laukas „Įžanga“ per ilgas: daugiausia 5000 simbolių.");
  // What was typed comes back as typed, to fill the form in again.
  expect(result.typed.intro).toBe("x".repeat(5001));
  expect(result.typed.paragraph1).toBe(SEED_HISTORY.paragraph1);
  // The same refusal on an English page.
  const english = inRequestLanguage("en", () => readForm(form, HISTORY_FORM));
  expect(english.ok ? null : english.errors).toMatchObject({
    title: "Enter a title.",
    intro: "The field “Introduction” is too long: at most 5000 characters.",
  });
});
