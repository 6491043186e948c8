import { PERSON_FIELDS } from "./person-fields.ts";

// Limits of what a member proposes about a person (proposals/person.ts) and
// of the reviewer's note, checked in the browser and again on the server.
// A person's fields are the person editor's own (genealogy/editing.ts):
// an approved proposal is applied with its functions.

export const PERSON_PROPOSAL_MAX = {
  /** Given names, surname, birth surname: as the person editor's (the same form, components/person-fields.tsx). */
  name: PERSON_FIELDS.givenNames.max,
  /** A date as typed ("apie 1898"). */
  date: 120,
  place: 300,
  value: 300,
  /** Someone already in the tree, as typed: a name or a number ("#12"). */
  existing: 200,
} as const;

/** How many proposals a member may make in 24 hours. */
export const PROPOSALS_PER_DAY = 20;

/** The reviewer's note to the member when a proposal is rejected. */
export const REVIEW_NOTE_MAX = 2000;
