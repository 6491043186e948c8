import type { MessageId } from "#app/i18n/catalog.ts";
import type { lt } from "#app/i18n/catalogs/changes.ts";
import type { T } from "#app/i18n/intl.ts";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";

// A change's summary ("Sukurtas pasakojimas „Senelio laiškai“"), as the change
// history keeps it and shows it. A change is recorded with a message of the
// changes catalog (app/i18n/catalogs/changes.ts) and its values, stored as
// JSON text in `changes.summary`:
//
//   {"id":"changes.summary.story.created","values":{"title":"Senelio laiškai"}}
//
// and said in the reader's language when the history is shown. A value is
// either put in as it is (a string: the family's words, a title, a name, a
// user name; a number: a count, a number), or is itself a message, stored as
// an object {"id":…,"values":…} and said first (the name of an event kind, a
// page's title; the summary an undo undid). An undo's summary wraps the one
// it undoes:
//
//   {"id":"changes.summary.undone","values":{"summary":{"id":"changes.summary.story.created",…}}}
//
// Rows recorded before summaries were messages hold a Lithuanian sentence
// instead, an undo's beginning with "Atšaukta: " (one for each undo in a
// redo's chain): they are shown as written, the "Atšaukta: " said in the
// reader's language.

/** The sentences a change's summary may be: the changes catalog's. */
export type SummaryId = Extract<keyof typeof lt, `changes.summary.${string}`>;

/**
 * A value a summary's sentence names: the family's words or a number, put in
 * as they are; or a message (an event kind's name, a page's title), said in
 * the reader's language first.
 */
export type SummaryValue = string | number | SummaryPart;

/** A message inside a summary (or a stored summary read back), with values of its own. */
export interface SummaryPart {
  id: MessageId;
  values?: Record<string, SummaryValue>;
}

/** What a change is, as the code that makes it says so: a sentence of the changes catalog, with its values. */
export type Summary = SummaryId | { id: SummaryId; values?: Record<string, SummaryValue> };

/** The message an undo's summary is: "Atšaukta: {summary}". */
const UNDONE = "changes.summary.undone" satisfies SummaryId;

/** How a legacy undo's summary begins (a row written before summaries were messages). */
const LEGACY_UNDO = "Atšaukta: ";

/** A summary as `changes.summary` stores it: JSON text of the message and its values. */
export function storedSummary(summary: Summary): string {
  return JSON.stringify(typeof summary === "string" ? { id: summary } : summary);
}

/** The summary of a change an editor made by approving a member's proposal: "… (pasiūlė ona)". */
export function proposedSummary(summary: Summary, username: string): Summary {
  return { id: "changes.summary.proposed", values: { summary: typeof summary === "string" ? { id: summary } : summary, username } };
}

function isPart(value: unknown): value is SummaryPart {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}

/** A stored summary's message, or null for a legacy row's sentence. */
function parsed(stored: string): SummaryPart | null {
  // A legacy sentence never begins so; a stored message always does (its id first).
  if (!stored.startsWith('{"id":')) return null;
  try {
    const value: unknown = JSON.parse(stored);
    return isPart(value) ? value : null;
  } catch {
    return null;
  }
}

/** A message of a summary in the reader's language, its message values said first (an id no catalog knows is shown as it is). */
function say(part: SummaryPart, t: T): string {
  if (!t.has(part.id)) return part.id;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(part.values ?? {})) {
    values[name] = isPart(value) ? say(value, t) : typeof value === "number" ? value : String(value ?? "");
  }
  return t(part.id, values);
}

/**
 * A stored summary taken apart for the history's list: how many undos wrap it
 * (one for each undo in a redo's chain, said around it by the page), and the
 * change they undo, in the reader's language. `lang` is the language the
 * record is in when it is a legacy row's sentence, shown as written
 * (Lithuanian); null when it was said in the reader's.
 */
export function undoneSummary(stored: string, t: T): { undos: number; record: string; lang: Locale | null } {
  let undos = 0;
  const message = parsed(stored);
  let value: SummaryValue = message && t.has(message.id) ? message : stored;
  while (isPart(value) && value.id === UNDONE && value.values?.summary !== undefined) {
    value = value.values.summary;
    undos++;
  }
  if (isPart(value)) return { undos, record: say(value, t), lang: null };
  const legacy = legacyUndos(String(value));
  return { undos: undos + legacy.undos, record: legacy.record, lang: SOURCE_LOCALE };
}

/** A legacy row's sentence taken apart: its "Atšaukta: " beginnings counted, and the sentence they wrap. */
function legacyUndos(sentence: string): { undos: number; record: string } {
  let record = sentence;
  let undos = 0;
  while (record.startsWith(LEGACY_UNDO)) {
    record = record.slice(LEGACY_UNDO.length);
    undos++;
  }
  return { undos, record };
}

/** A stored summary in the reader's language, as text: "Atšaukta: Sukurtas pasakojimas „…“" / "Undone: Story “…” created". */
export function summaryIn(stored: string, t: T): string {
  const { undos, record } = undoneSummary(stored, t);
  let said = record;
  for (let i = 0; i < undos; i++) said = t(UNDONE, { summary: said });
  return said;
}

/**
 * The summary of an undo of a change whose summary is `stored`: the undone
 * message around it. A legacy row's sentence goes in as written, its own
 * "Atšaukta: " (a legacy undo's) turned into undone messages, so that every
 * undo is said in the reader's language.
 */
export function undoSummary(stored: string): Summary {
  let inner: SummaryValue | null = parsed(stored);
  if (inner === null) {
    const { undos, record } = legacyUndos(stored);
    inner = record;
    for (let i = 0; i < undos; i++) inner = { id: UNDONE, values: { summary: inner } };
  }
  return { id: UNDONE, values: { summary: inner } };
}
