import { record, type Actor } from "#app/.server/changes/changes.ts";
import type { Summary, SummaryId, SummaryValue } from "#app/.server/changes/summary.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { familyScopes, peopleScopes, personScopes } from "./change-scopes.ts";
import { createPerson, personLabel, type PersonFields } from "./editing.ts";

// The person editor's writes as the change history records them (issue 17,
// decision 022): one helper for every action of the editor, so that the
// routes only say what the action is and whom else it touches.

export interface PersonEdit {
  /** A sentence that names the person ("Pakeisti asmens duomenys: {name}"): their name is put in as `name`. */
  summary: Summary;
  /** The other people the edit names (a parent, a partner, a child). */
  others?: (number | null)[];
  /** Families the edit touches that the people's scopes may no longer reach (an unlinked partner's). */
  families?: number[];
}

/** The edit's sentence with the person's name put in. */
function named(summary: Summary, name: string): { id: SummaryId; values: Record<string, SummaryValue> } {
  const { id, values } = typeof summary === "string" ? { id: summary, values: {} } : summary;
  return { id, values: { ...values, name } };
}

/** Runs an edit of a person in one transaction and records it with the rows of everyone and every family it touches. */
export async function recordPersonEdit<T>(
  db: Database,
  by: Actor | null,
  treeId: number,
  personId: number,
  { summary, others = [], families = [] }: PersonEdit,
  write: (tx: Database) => Promise<T>,
): Promise<{ result: T; changeId: number | null }> {
  const name = await personLabel(db, treeId, personId);
  return record(
    db,
    {
      actor: by,
      subject: { kind: "person", id: personId, summary: named(summary, name) },
      scopes: [...peopleScopes(treeId, [personId, ...others]), ...families.flatMap((f) => familyScopes(treeId, f))],
    },
    write,
  );
}

/** Adds a person to the tree being edited, recorded as a change of its own. */
export async function recordNewPerson(
  db: Database,
  by: Actor | null,
  treeId: number,
  fields: PersonFields,
): Promise<{ result: number; changeId: number | null }> {
  const name = [fields.givenNames, fields.surname].filter(Boolean).join(" ");
  return record(
    db,
    {
      actor: by,
      subject: (created: number) => ({ kind: "person", id: created, summary: { id: "changes.summary.person.added", values: { name } } }),
      scopes: [],
      created: (created: number) => personScopes(treeId, created),
    },
    (tx) => createPerson(tx, fields),
  );
}
