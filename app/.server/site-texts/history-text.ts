import { sql } from "kysely";
import { inLanguage, parseTranslations, storeTranslations } from "#app/lib/translations.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { z } from "zod";
import {
  HISTORY_FIELDS,
  HISTORY_FIELD_MESSAGES,
  HISTORY_FIELD_MAX_LENGTH,
  type HistoryContent,
  type HistoryField,
} from "#app/lib/history.ts";
import { checkbox, textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { compareVersions, hasText, type FieldDiff, type VersionSummary } from "#app/.server/platform/versions.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { record, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import { now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// The history text is kept as revisions: every save adds one, the newest is
// what visitors read, and restoring an old one adds a copy of it on top, so
// nothing an administrator wrote is ever overwritten.

export interface HistoryRevision extends HistoryContent {
  id: number;
  /** The texts in other languages (JSON, app/lib/translations.ts). */
  translations: string;
  createdAt: string;
  author: string | null;
  /** 1: the period's title and texts are for the family only ("tik giminei"). */
  periodMembersOnly: number;
}

export type HistoryRevisionSummary = VersionSummary;

/** The fields with the text itself (the titles aside): a version without any would blank the page. */
const TEXTS = ["intro", "paragraph1", "periodText", "periodText2"] as const satisfies readonly HistoryField[];

/**
 * The current history text (the newest revision), as the audience may read
 * it: a period for the family only is left out for a visitor.
 */
export async function getHistory(db: Database, audience: Audience): Promise<HistoryRevision> {
  const current = await db.selectFrom("historyRevisions").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  if (current.periodMembersOnly === 0 || audience.members) return current;
  return { ...current, periodTitle: "", periodText: "", periodText2: "", translations: hidePeriod(current.translations) };
}

/** The translations without the period's fields (a visitor's, when the period is for the family only). */
function hidePeriod(translations: string): string {
  const all = parseTranslations(translations);
  for (const fields of Object.values(all)) for (const field of ["periodTitle", "periodText", "periodText2"]) delete fields?.[field];
  return storeTranslations(all);
}

/** The history as a page in `locale` shows it: each field in that language where the family wrote it, and those still in Lithuanian. */
export function historyIn(revision: HistoryRevision, locale: Locale): { content: HistoryContent; lithuanian: HistoryField[] } {
  const { texts, lithuanian } = inLanguage(locale, revision, parseTranslations(revision.translations), HISTORY_FIELDS);
  return { content: texts, lithuanian };
}

/** The history's English as written, each field '' when not (the editor's). */
export function historyEnglish(revision: HistoryRevision): HistoryContent {
  const en = parseTranslations(revision.translations).en ?? {};
  return Object.fromEntries(HISTORY_FIELDS.map((field) => [field, en[field] ?? ""])) as HistoryContent;
}

/** An editor's save of the text: a new revision, recorded in the change history. */
export async function editHistory(
  db: Database,
  by: Actor,
  content: HistoryContent,
  periodMembersOnly: boolean,
  english?: HistoryContent,
): Promise<HistoryRevision> {
  const { result } = await record(
    db,
    {
      actor: by,
      subject: { kind: "history", summary: "changes.summary.history.changed" },
      scopes: [],
      created: (r: { id: number }) => [revisionScope(r.id)],
    },
    (tx) => saveHistory(tx, content, by.username, periodMembersOnly, english ? storeTranslations({ en: english }) : undefined),
  );
  return result;
}

/**
 * An editor's restore of an earlier revision (a copy of it on top), recorded:
 * "missing" if there is no such revision, "confirm" (nothing done) when the
 * version has no text while the current one has, unless `confirmed`.
 */
export async function restoreHistory(db: Database, by: Actor, id: number, confirmed = false): Promise<"restored" | "missing" | "confirm"> {
  const [version, current] = await Promise.all([
    db.selectFrom("historyRevisions").select(TEXTS).where("id", "=", id).executeTakeFirst(),
    db.selectFrom("historyRevisions").select(TEXTS).orderBy("id", "desc").limit(1).executeTakeFirst(),
  ]);
  if (!version) return "missing";
  if (!confirmed && current && hasText(TEXTS, current) && !hasText(TEXTS, version)) return "confirm";
  const { result } = await record(
    db,
    {
      actor: by,
      subject: { kind: "history", summary: { id: "changes.summary.history.restored", values: { id } } },
      scopes: [],
      created: (r: { id: number } | null) => (r ? [revisionScope(r.id)] : []),
    },
    (tx) => restoreHistoryRevision(tx, id, by.username),
  );
  return result ? "restored" : "missing";
}

/** What restoring a version would change, field by field; null when there is no such version. */
export async function compareHistoryRevision(db: Database, id: number): Promise<FieldDiff[] | null> {
  const [version, current] = await Promise.all([
    db.selectFrom("historyRevisions").select(HISTORY_FIELDS).where("id", "=", id).executeTakeFirst(),
    db.selectFrom("historyRevisions").select(HISTORY_FIELDS).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow(),
  ]);
  if (!version) return null;
  // The fields' names in the language of the editor's page.
  const t = requestT();
  const labels = Object.fromEntries(HISTORY_FIELDS.map((field) => [field, t(HISTORY_FIELD_MESSAGES[field])])) as Record<
    HistoryField,
    string
  >;
  return compareVersions(labels, current, version);
}

/** Saves the text as a new revision, which visitors see at once (unrecorded: the seed's, and the editor's inside editHistory). */
export async function saveHistory(
  db: Database,
  content: HistoryContent,
  author: string | null,
  periodMembersOnly: boolean,
  /** The English (JSON, app/lib/translations.ts); when not given, the current revision's is kept. */
  translations?: string,
): Promise<HistoryRevision> {
  const values = Object.fromEntries(HISTORY_FIELDS.map((f) => [f, content[f]])) as HistoryContent;
  const kept =
    translations ??
    (await db.selectFrom("historyRevisions").select("translations").orderBy("id", "desc").limit(1).executeTakeFirst())?.translations ??
    "{}";
  return db
    .insertInto("historyRevisions")
    .values({ ...values, createdAt: now(), author, periodMembersOnly: periodMembersOnly ? 1 : 0, translations: kept })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revisions, newest first. */
export async function listHistoryRevisions(db: Database, limit = 100): Promise<HistoryRevisionSummary[]> {
  const length = sql<number>`length(title) + length(intro) + length(paragraph1) + length(period_title) + length(period_text) + length(period_text2)`;
  const rows = await db
    .selectFrom("historyRevisions")
    .select(["id", "createdAt", "author", "title", length.as("length")])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, length: Number(r.length) }));
}

/** Makes an earlier revision current again by saving a copy of it; null if it does not exist. */
export async function restoreHistoryRevision(db: Database, id: number, author: string): Promise<HistoryRevision | null> {
  const old = await db.selectFrom("historyRevisions").selectAll().where("id", "=", id).executeTakeFirst();
  return old ? saveHistory(db, old, author, old.periodMembersOnly === 1, old.translations) : null;
}

/**
 * The history editor's form: every field at most its limit as typed, only the
 * title required; the titles are trimmed, the texts kept as typed (Markdown's
 * indentation), line breaks made "\n".
 */
export const HISTORY_FORM = z.object({
  ...(Object.fromEntries(
    HISTORY_FIELDS.map((field) => [
      field,
      textField(HISTORY_FIELD_MESSAGES[field], {
        max: HISTORY_FIELD_MAX_LENGTH[field],
        optional: field !== "title",
        required: "history.field.titleRequired",
        keepSpaces: field !== "title" && field !== "periodTitle",
      }),
    ]),
  ) as Record<HistoryField, ReturnType<typeof textField>>),
  periodMembersOnly: checkbox(),
  // In English (issue 30): each optional, '' when not written.
  ...(Object.fromEntries(
    HISTORY_FIELDS.map((field) => [
      `${field}En`,
      textField(HISTORY_FIELD_MESSAGES[field], {
        max: HISTORY_FIELD_MAX_LENGTH[field],
        optional: true,
        keepSpaces: field !== "title" && field !== "periodTitle",
      }),
    ]),
  ) as Record<`${HistoryField}En`, ReturnType<typeof textField>>),
});

/** The form's English fields as the history's English. */
export function englishFromForm(values: Record<`${HistoryField}En`, string>): HistoryContent {
  return Object.fromEntries(HISTORY_FIELDS.map((field) => [field, values[`${field}En`]])) as HistoryContent;
}

/** A revision's row, for the change history (a save adds one; undoing it takes it away again). */
export function revisionScope(id: number): Scope {
  return scope("historyRevisions", (q) => q.where("id", "=", id));
}
