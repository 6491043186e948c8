// A person's fields as the editors type them (a new person, the person
// editor's name and notes, an event's date, place and description): their
// labels and limits, shared by the forms and the server that reads them.

import { DATE_FORMS_MESSAGE } from "./date-input.ts";

export const PERSON_FIELDS = {
  givenNames: { label: "Vardas (vardai)", max: 120 },
  surname: { label: "Pavardė", max: 120 },
  birthSurname: { label: "Mergautinė (gimimo) pavardė", max: 120 },
  note: { label: "Pastabos", max: 20_000 },
} as const;

/** The sexes a person may have: unknown (not given), male, female, other. */
export const SEXES = ["U", "M", "F", "X"] as const;
export type Sex = (typeof SEXES)[number];
/** The sexes as the forms and the review read them, in the forms' order. */
export const SEX_LABELS: Record<Sex, string> = { U: "Nenurodyta", M: "Vyras", F: "Moteris", X: "Kita" };

export const EVENT_FIELDS = {
  date: { label: "Data", max: 120 },
  place: { label: "Vieta", max: 300 },
  value: { label: "Aprašas", max: 300 },
} as const;

/**
 * The person editor's relation forms: another person of the tree named by
 * '#12', '12' or a name that fits one person. As long as a full name may be.
 */
export const RELATION_FIELDS = {
  first: { label: "Tėvas", max: 300 },
  second: { label: "Motina", max: 300 },
  partner: { label: "Naujas partneris", max: 300 },
  child: { label: "Pridėti vaiką", max: 300 },
} as const;

/** Why the tree's editing refused an edit (what genealogy/editing.ts returns), and the words the editor reads. */
export const TREE_REFUSALS = {
  ownParent: "Asmuo negali būti pats sau tėvas ar motina.",
  noParent: "Nurodykite bent vieną iš tėvų.",
  descendantAsParent: "Palikuonis negali būti savo protėvio tėvas ar motina.",
  ownPartner: "Asmuo negali būti pats sau partneris.",
  noPartner: "Nurodykite partnerį.",
  ownChild: "Vaikas negali būti tas pats asmuo.",
  noChild: "Nurodykite vaiką.",
  noSuchPartner: "Tokio partnerio nėra.",
  unknownEventKind: "Nežinomas įvykio tipas.",
  noSuchEvent: "Tokio įvykio nėra.",
  unreadableDate: DATE_FORMS_MESSAGE,
} as const;
export type TreeRefusal = keyof typeof TREE_REFUSALS;

/** Why a person typed into a form was not found (genealogy/editing.ts's resolvePerson). */
export type PersonNotFound =
  | { reason: "noSuchNumber"; id: number }
  | { reason: "noMatch"; typed: string }
  | { reason: "severalMatch"; typed: string; matches: readonly { id: number; name: string }[] };

/** What the editor reads when the person they typed is not found. */
export function personNotFoundText(notFound: PersonNotFound): string {
  switch (notFound.reason) {
    case "noSuchNumber":
      return `Asmens Nr. ${notFound.id} nėra.`;
    case "noMatch":
      return `Asmens „${notFound.typed}“ nerasta.`;
    case "severalMatch":
      return `„${notFound.typed}“ atitinka kelis asmenis (${notFound.matches.map((m) => `${m.name} #${m.id}`).join(", ")}): įrašykite numerį.`;
  }
}
