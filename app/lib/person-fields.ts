// A person's fields as the editors type them (a new person, the person
// editor's name and notes, an event's date, place and description): their
// labels and limits, shared by the forms and the server that reads them.
// Each label is a message id of the genealogy catalog (`id`), said in the
// reader's language; `label` is its Lithuanian, for the code that has not yet
// moved to the ids.

import type { Message } from "#app/i18n/intl.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { lt } from "#app/i18n/catalogs/genealogy.ts";

type GenealogyId = keyof typeof lt;

/** A field's message id, its Lithuanian label and its limit. */
const field = <const I extends GenealogyId>(id: I, max: number) => ({ id, label: lt[id], max });

export const PERSON_FIELDS = {
  givenNames: field("genealogy.field.givenNames", 120),
  surname: field("genealogy.field.surname", 120),
  birthSurname: field("genealogy.field.birthSurname", 120),
  note: field("genealogy.field.note", 20_000),
} as const;

/** The sexes a person may have: unknown (not given), male, female, other. */
export const SEXES = ["U", "M", "F", "X"] as const;
export type Sex = (typeof SEXES)[number];
/** The sexes as the forms and the review read them, in the forms' order: message ids. */
export const SEX_LABEL_IDS = {
  U: "genealogy.sex.unknown",
  M: "genealogy.sex.male",
  F: "genealogy.sex.female",
  X: "genealogy.sex.other",
} as const satisfies Record<Sex, MessageId>;
/** The same in Lithuanian (for the code not yet moved to SEX_LABEL_IDS). */
export const SEX_LABELS: Record<Sex, string> = {
  U: lt[SEX_LABEL_IDS.U],
  M: lt[SEX_LABEL_IDS.M],
  F: lt[SEX_LABEL_IDS.F],
  X: lt[SEX_LABEL_IDS.X],
};

export const EVENT_FIELDS = {
  date: field("genealogy.field.date", 120),
  place: field("genealogy.field.place", 300),
  value: field("genealogy.field.value", 300),
} as const;

/**
 * The person editor's relation forms: another person of the tree named by
 * '#12', '12' or a name that fits one person. As long as a full name may be.
 */
export const RELATION_FIELDS = {
  first: field("genealogy.relation.first", 300),
  second: field("genealogy.relation.second", 300),
  partner: field("genealogy.relation.partner", 300),
  child: field("genealogy.relation.child", 300),
} as const;

/** Why the tree's editing refused an edit (what genealogy/editing.ts returns): the message ids the editor reads. */
export const TREE_REFUSAL_IDS = {
  ownParent: "genealogy.refusal.ownParent",
  noParent: "genealogy.refusal.noParent",
  descendantAsParent: "genealogy.refusal.descendantAsParent",
  ownPartner: "genealogy.refusal.ownPartner",
  noPartner: "genealogy.refusal.noPartner",
  ownChild: "genealogy.refusal.ownChild",
  noChild: "genealogy.refusal.noChild",
  noSuchPartner: "genealogy.refusal.noSuchPartner",
  unknownEventKind: "genealogy.refusal.unknownEventKind",
  noSuchEvent: "genealogy.refusal.noSuchEvent",
  unreadableDate: "genealogy.dateInput.unreadable",
} as const satisfies Record<string, MessageId>;
/** The same in Lithuanian (for the code not yet moved to TREE_REFUSAL_IDS). */
export const TREE_REFUSALS = Object.fromEntries(Object.entries(TREE_REFUSAL_IDS).map(([why, id]) => [why, lt[id]])) as Record<
  keyof typeof TREE_REFUSAL_IDS,
  string
>;
export type TreeRefusal = keyof typeof TREE_REFUSALS;

/** Why a person typed into a form was not found (genealogy/editing.ts's resolvePerson). */
export type PersonNotFound =
  | { reason: "noSuchNumber"; id: number }
  | { reason: "noMatch"; typed: string }
  | { reason: "severalMatch"; typed: string; matches: readonly { id: number; name: string }[] };

/** What the editor reads when the person they typed is not found. */
export function personNotFoundMessage(notFound: PersonNotFound): Message {
  switch (notFound.reason) {
    case "noSuchNumber":
      return { id: "genealogy.personNotFound.noSuchNumber", values: { id: String(notFound.id) } };
    case "noMatch":
      return { id: "genealogy.personNotFound.noMatch", values: { typed: notFound.typed } };
    case "severalMatch":
      return {
        id: "genealogy.personNotFound.severalMatch",
        values: { typed: notFound.typed, matches: notFound.matches.map((m) => `${m.name} #${m.id}`).join(", ") },
      };
  }
}

/** The same in Lithuanian (for the code not yet moved to personNotFoundMessage). */
export function personNotFoundText(notFound: PersonNotFound): string {
  const { id, values = {} } = personNotFoundMessage(notFound) as { id: GenealogyId; values?: Record<string, string> };
  return lt[id].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
}
