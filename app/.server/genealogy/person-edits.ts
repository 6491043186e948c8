import type { Role } from "#app/lib/roles.ts";
import { EDITABLE_EVENT_IDS } from "#app/lib/event-labels.ts";
import { parseId } from "#app/lib/numbers.ts";
import { personNotFoundMessage, TREE_REFUSAL_IDS, type TreeRefusal } from "#app/lib/person-fields.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import type { Actor } from "#app/.server/changes/changes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { readForm, refusedField, type FormRefused } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import {
  addChild,
  addPartner,
  removeChildLink,
  removeEvent,
  removePartnerLink,
  removePerson,
  resolvePerson,
  saveEvent,
  setParents,
  setPersonLinks,
  updatePerson,
} from "./editing.ts";
import { setRestriction } from "./living.ts";
import { CHILD_FORM, EVENT_FORM, PARENTS_FORM, PARTNER_FORM, PERSON_DETAILS_FORM, RESTRICTION_FORM } from "./person-forms.ts";
import { recordPersonEdit, type PersonEdit } from "./person-changes.ts";

// The person editor's actions (/admin/medis/asmenys/:id), one handler per
// intent, each recorded in the change history where it is made: the route
// only finds the person, checks the role the table names, and answers with
// what the handler decided. (webtrees keeps one class per request handler;
// here a handler is a small function beside the domain writes it calls.)

/** Whom an edit is about: an existing person of the current tree, edited by `by`. */
export interface PersonEditTarget {
  db: Database;
  by: Actor;
  treeId: number;
  personId: number;
}

/** What a handler decided: saved (with the toast to show), a confirmation to ask for, a form refused by field, or a refusal. */
export type PersonEditOutcome =
  | { saved: ToastKey; goTo?: "list" }
  | { confirmRemove: true }
  | { missing: true }
  | { invalid: FormRefused }
  | { refused: TreeRefusal; status: number };

interface PersonEditHandler {
  /** The role the intent needs beyond the editor's (marking someone private is the administrator's). */
  role?: Role;
  run(target: PersonEditTarget, form: FormData): Promise<PersonEditOutcome>;
}

const SAVED: PersonEditOutcome = { saved: "personSaved" };

/** Runs one write of the editor, recorded as a change of this person (and of the others and families it names). */
function recorded<T>(target: PersonEditTarget, edit: PersonEdit, write: (db: Database) => Promise<T>): Promise<T> {
  return recordPersonEdit(target.db, target.by, target.treeId, target.personId, edit, write).then((r) => r.result);
}

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(parseId)
    .filter((id) => id !== null);

/** The person a relation form's field names ('#12', '12' or a unique name): their id (null when left empty), or the form refused there. */
async function named(
  target: PersonEditTarget,
  read: { typed: Record<string, string> },
  field: string,
  typed: string,
): Promise<{ id: number | null } | { invalid: FormRefused }> {
  const found = await resolvePerson(target.db, target.treeId, typed);
  if (found && "notFound" in found) return { invalid: refusedField(read.typed, field, requestT()(personNotFoundMessage(found.notFound))) };
  return { id: found?.id ?? null };
}

/** A refusal of the tree's editing, shown at the field it is about. */
const refusedAt = (read: { typed: Record<string, string> }, field: string, why: TreeRefusal): PersonEditOutcome => ({
  invalid: refusedField(read.typed, field, TREE_REFUSAL_IDS[why]),
});

export const PERSON_EDITS: Record<string, PersonEditHandler> = {
  // Who sees the person: GEDCOM's mark (restrictions.ts), the administrator's to set.
  private: {
    role: "administratorius",
    async run(target, form) {
      const read = readForm(form, RESTRICTION_FORM);
      if (!read.ok) return { invalid: read };
      const restriction = read.value.restriction ?? null;
      const summary: PersonEdit["summary"] =
        restriction === "confidential"
          ? "changes.summary.person.markedPrivate"
          : restriction === "privacy"
            ? "changes.summary.person.markedPrivacy"
            : "changes.summary.person.notPrivate";
      await recorded(target, { summary }, (db) => setRestriction(db, target.treeId, target.personId, restriction));
      return { saved: "privacySaved" };
    },
  },

  details: {
    async run(target, form) {
      const read = readForm(form, PERSON_DETAILS_FORM);
      if (!read.ok) return { invalid: read };
      const { intent: _, ...fields } = read.value;
      const updated = await recorded(target, { summary: "changes.summary.person.detailsChanged" }, (db) =>
        updatePerson(db, target.treeId, target.personId, fields),
      );
      return updated ? SAVED : { missing: true };
    },
  },

  event: {
    async run(target, form) {
      // An event id that is not one is no event of theirs (as one that has gone).
      if (form.get("eventId") && parseId(form.get("eventId")) === null) return { refused: "noSuchEvent", status: 404 };
      const read = readForm(form, EVENT_FORM);
      if (!read.ok) return { invalid: read };
      const { intent: _, ...event } = read.value;
      // The event kind's name as a message of its own, said in the reader's language.
      const label = { id: EDITABLE_EVENT_IDS[event.tag] ?? "genealogy.event.other" };
      const summary: PersonEdit["summary"] =
        event.eventId === null
          ? { id: "changes.summary.person.eventAdded", values: { event: label } }
          : "changes.summary.person.eventChanged";
      const result = await recorded(target, { summary }, (db) => saveEvent(db, target.treeId, target.personId, event));
      if (result.ok) return SAVED;
      if (result.refused === "noSuchEvent") return { refused: "noSuchEvent", status: 404 };
      return refusedAt(read, result.refused === "unknownEventKind" ? "tag" : "date", result.refused);
    },
  },

  removeEvent: {
    async run(target, form) {
      await recorded(target, { summary: "changes.summary.person.eventRemoved" }, (db) =>
        removeEvent(db, target.treeId, target.personId, parseId(form.get("eventId")) ?? 0),
      );
      return SAVED;
    },
  },

  parents: {
    async run(target, form) {
      const read = readForm(form, PARENTS_FORM);
      if (!read.ok) return { invalid: read };
      const first = await named(target, read, "first", read.value.first);
      if ("invalid" in first) return first;
      const second = await named(target, read, "second", read.value.second);
      if ("invalid" in second) return second;
      const result = await recorded(target, { summary: "changes.summary.person.parentsSet", others: [first.id, second.id] }, (db) =>
        setParents(db, target.treeId, target.personId, first.id, second.id),
      );
      return result.ok ? SAVED : refusedAt(read, result.which ?? "first", result.refused);
    },
  },

  partner: {
    async run(target, form) {
      const read = readForm(form, PARTNER_FORM);
      if (!read.ok) return { invalid: read };
      const partner = await named(target, read, "partner", read.value.partner);
      if ("invalid" in partner) return partner;
      const partnerId = partner.id!; // the field is required
      const result = await recorded(target, { summary: "changes.summary.person.partnerAdded", others: [partnerId] }, (db) =>
        addPartner(db, target.treeId, target.personId, partnerId),
      );
      return result.ok ? SAVED : refusedAt(read, "partner", result.refused);
    },
  },

  child: {
    async run(target, form) {
      const read = readForm(form, CHILD_FORM);
      if (!read.ok) return { invalid: read };
      const child = await named(target, read, "child", read.value.child);
      if ("invalid" in child) return child;
      const [childId, partnerId] = [child.id!, read.value.partnerId]; // the child's field is required
      const result = await recorded(target, { summary: "changes.summary.person.childAdded", others: [partnerId, childId] }, (db) =>
        addChild(db, target.treeId, target.personId, partnerId, childId),
      );
      return result.ok ? SAVED : refusedAt(read, "child", result.refused);
    },
  },

  unlinkChild: {
    async run(target, form) {
      const [familyId, child] = [parseId(form.get("familyId")) ?? 0, parseId(form.get("personId")) ?? 0];
      await recorded(target, { summary: "changes.summary.person.childUnlinked", others: [child], families: [familyId] }, (db) =>
        removeChildLink(db, target.treeId, familyId, child),
      );
      return SAVED;
    },
  },

  unlinkPartner: {
    async run(target, form) {
      const [familyId, partner] = [parseId(form.get("familyId")) ?? 0, parseId(form.get("personId")) ?? 0];
      await recorded(target, { summary: "changes.summary.person.partnerUnlinked", others: [partner], families: [familyId] }, (db) =>
        removePartnerLink(db, target.treeId, familyId, partner),
      );
      return SAVED;
    },
  },

  links: {
    async run(target, form) {
      await recorded(target, { summary: "changes.summary.person.linksChanged" }, (db) =>
        setPersonLinks(db, target.treeId, target.personId, ids(form, "gallery"), ids(form, "document")),
      );
      return SAVED;
    },
  },

  remove: {
    async run(target, form) {
      if (form.get("confirmed") !== "1") return { confirmRemove: true };
      await recorded(target, { summary: "changes.summary.person.removed" }, (db) => removePerson(db, target.treeId, target.personId));
      return { saved: "personRemoved", goTo: "list" };
    },
  },
};
