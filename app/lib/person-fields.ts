// A person's fields as the editors type them (a new person, the person
// editor's name and notes, an event's date, place and description): their
// labels and limits, shared by the forms and the server that reads them.

export const PERSON_FIELDS = {
  givenNames: { label: "Vardas (vardai)", max: 120 },
  surname: { label: "Pavardė", max: 120 },
  birthSurname: { label: "Mergautinė (gimimo) pavardė", max: 120 },
  note: { label: "Pastabos", max: 20_000 },
} as const;

/** The sexes a person may have: unknown (not given), male, female, other. */
export const SEXES = ["U", "M", "F", "X"] as const;
export type Sex = (typeof SEXES)[number];

export const EVENT_FIELDS = {
  date: { label: "Data", max: 120 },
  place: { label: "Vieta", max: 300 },
  value: { label: "Aprašas", max: 300 },
} as const;
