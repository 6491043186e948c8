import { z } from "zod";
import {
  HISTORY_FIELDS,
  HISTORY_FIELD_LABELS,
  HISTORY_FIELD_MAX_LENGTH,
  type HistoryContent,
  type HistoryField,
} from "#app/lib/history.ts";
import { checkbox, textField } from "#app/.server/platform/form.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import { record, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import { now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// The history text is kept as revisions: every save adds one, the newest is
// what visitors read, and restoring an old one adds a copy of it on top, so
// nothing an administrator wrote is ever overwritten.

export interface HistoryRevision extends HistoryContent {
  id: number;
  createdAt: string;
  author: string | null;
  /** 1: the period's title and texts are for the family only ("tik giminei"). */
  periodMembersOnly: number;
}

export type HistoryRevisionSummary = Pick<HistoryRevision, "id" | "createdAt" | "author" | "title">;

/**
 * The current history text (the newest revision), as the audience may read
 * it: a period for the family only is left out for a visitor.
 */
export async function getHistory(db: Database, audience: Audience): Promise<HistoryRevision> {
  const current = await db.selectFrom("historyRevisions").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  if (current.periodMembersOnly === 0 || audience.members) return current;
  return { ...current, periodTitle: "", periodText: "", periodText2: "" };
}

/** An editor's save of the text: a new revision, recorded in the change history. */
export async function editHistory(db: Database, by: Actor, content: HistoryContent, periodMembersOnly: boolean): Promise<HistoryRevision> {
  const { result } = await record(
    db,
    {
      actor: by,
      subject: { kind: "history", summary: "Pakeista istorija" },
      scopes: [],
      created: (r: { id: number }) => [revisionScope(r.id)],
    },
    (tx) => saveHistory(tx, content, by.username, periodMembersOnly),
  );
  return result;
}

/** An editor's restore of an earlier revision (a copy of it on top), recorded; null if there is no such revision. */
export async function restoreHistory(db: Database, by: Actor, id: number): Promise<HistoryRevision | null> {
  const { result } = await record(
    db,
    {
      actor: by,
      subject: { kind: "history", summary: `Atkurta istorijos versija Nr. ${id}` },
      scopes: [],
      created: (r: { id: number } | null) => (r ? [revisionScope(r.id)] : []),
    },
    (tx) => restoreHistoryRevision(tx, id, by.username),
  );
  return result;
}

/** Saves the text as a new revision, which visitors see at once (unrecorded: the seed's, and the editor's inside editHistory). */
export async function saveHistory(
  db: Database,
  content: HistoryContent,
  author: string | null,
  periodMembersOnly: boolean,
): Promise<HistoryRevision> {
  const values = Object.fromEntries(HISTORY_FIELDS.map((f) => [f, content[f]])) as HistoryContent;
  return db
    .insertInto("historyRevisions")
    .values({ ...values, createdAt: now(), author, periodMembersOnly: periodMembersOnly ? 1 : 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revisions, newest first. */
export async function listHistoryRevisions(db: Database, limit = 100): Promise<HistoryRevisionSummary[]> {
  return db.selectFrom("historyRevisions").select(["id", "createdAt", "author", "title"]).orderBy("id", "desc").limit(limit).execute();
}

/** Makes an earlier revision current again by saving a copy of it; null if it does not exist. */
export async function restoreHistoryRevision(db: Database, id: number, author: string): Promise<HistoryRevision | null> {
  const old = await db.selectFrom("historyRevisions").selectAll().where("id", "=", id).executeTakeFirst();
  return old ? saveHistory(db, old, author, old.periodMembersOnly === 1) : null;
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
      textField(HISTORY_FIELD_LABELS[field], {
        max: HISTORY_FIELD_MAX_LENGTH[field],
        optional: field !== "title",
        required: "Įrašykite pavadinimą.",
        keepSpaces: field !== "title" && field !== "periodTitle",
      }),
    ]),
  ) as Record<HistoryField, ReturnType<typeof textField>>),
  periodMembersOnly: checkbox(),
});

/** A revision's row, for the change history (a save adds one; undoing it takes it away again). */
export function revisionScope(id: number): Scope {
  return scope("historyRevisions", (q) => q.where("id", "=", id));
}
