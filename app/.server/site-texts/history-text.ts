import { HISTORY_FIELDS, HISTORY_FIELD_LABELS, HISTORY_FIELD_MAX_LENGTH, type HistoryContent } from "#app/lib/history.ts";
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

export type HistoryFormResult =
  | { ok: true; content: HistoryContent; periodMembersOnly: boolean }
  | { ok: false; content: HistoryContent; periodMembersOnly: boolean; errors: Partial<Record<keyof HistoryContent, string>> };

/** Reads and checks the editor's form. Only the title is required. */
export function parseHistoryForm(form: FormData): HistoryFormResult {
  const content = {} as HistoryContent;
  const errors: Partial<Record<keyof HistoryContent, string>> = {};
  for (const field of HISTORY_FIELDS) {
    const raw = form.get(field);
    const value = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n") : "";
    content[field] = field === "title" || field === "periodTitle" ? value.trim() : value;
    if (value.length > HISTORY_FIELD_MAX_LENGTH[field]) {
      errors[field] = `Laukas „${HISTORY_FIELD_LABELS[field]}“ per ilgas: daugiausia ${HISTORY_FIELD_MAX_LENGTH[field]} simbolių.`;
    }
  }
  if (content.title === "") errors.title = "Įrašykite pavadinimą.";
  const periodMembersOnly = form.get("periodMembersOnly") === "1";
  return Object.keys(errors).length > 0 ? { ok: false, content, periodMembersOnly, errors } : { ok: true, content, periodMembersOnly };
}

/** A revision's row, for the change history (a save adds one; undoing it takes it away again). */
export function revisionScope(id: number): Scope {
  return scope("historyRevisions", (q) => q.where("id", "=", id));
}
