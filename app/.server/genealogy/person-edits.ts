import type { Role } from "#app/lib/roles.ts";
import { EDITABLE_EVENTS } from "#app/lib/event-labels.ts";
import { parseId } from "#app/lib/numbers.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import type { Actor } from "#app/.server/changes/changes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { readForm, type FormRefused } from "#app/.server/platform/form.ts";
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
import { setPrivate } from "./living.ts";
import { EVENT_FORM, PERSON_DETAILS_FORM } from "./person-forms.ts";
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
  | { refused: string; description?: string; status?: number };

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

const text = (form: FormData, name: string) => String(form.get(name) ?? "");
const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(parseId)
    .filter((id) => id !== null);

/** Another person named in a form field ('#12', '12' or a unique name): their id, a refusal, or null when left empty. */
async function named(target: PersonEditTarget, form: FormData, field: string) {
  return resolvePerson(target.db, target.treeId, text(form, field));
}

export const PERSON_EDITS: Record<string, PersonEditHandler> = {
  private: {
    role: "administratorius",
    async run(target, form) {
      const marked = form.get("private") === "1";
      await recorded(target, { summary: marked ? "Pažymėtas privačiu" : "Nebe privatus" }, (db) => setPrivate(db, target.personId, marked));
      return { saved: "privacySaved" };
    },
  },

  details: {
    async run(target, form) {
      const read = readForm(form, PERSON_DETAILS_FORM);
      if (!read.ok) return { invalid: read };
      const { intent: _, ...fields } = read.value;
      const updated = await recorded(target, { summary: "Pakeisti asmens duomenys" }, (db) =>
        updatePerson(db, target.treeId, target.personId, fields),
      );
      return updated ? SAVED : { missing: true };
    },
  },

  event: {
    async run(target, form) {
      // An event id that is not one is no event of theirs (as one that has gone).
      if (form.get("eventId") && parseId(form.get("eventId")) === null) return { refused: "Tokio įvykio nėra.", status: 404 };
      const read = readForm(form, EVENT_FORM);
      if (!read.ok) return { invalid: read };
      const { intent: _, ...event } = read.value;
      const label = EDITABLE_EVENTS[event.tag] ?? "įvykis";
      const result = await recorded(target, { summary: event.eventId === null ? `Pridėtas įvykis „${label}“` : "Pakeistas įvykis" }, (db) =>
        saveEvent(db, target.treeId, target.personId, event),
      );
      return result.ok ? SAVED : { refused: "Įvykis neišsaugotas", description: result.message };
    },
  },

  removeEvent: {
    async run(target, form) {
      await recorded(target, { summary: "Pašalintas įvykis" }, (db) =>
        removeEvent(db, target.treeId, target.personId, parseId(form.get("eventId")) ?? 0),
      );
      return SAVED;
    },
  },

  parents: {
    async run(target, form) {
      const [first, second] = [await named(target, form, "first"), await named(target, form, "second")];
      for (const parent of [first, second]) if (parent && "error" in parent) return { refused: parent.error };
      const [a, b] = [first && "id" in first ? first.id : null, second && "id" in second ? second.id : null];
      const result = await recorded(target, { summary: "Nurodyti tėvai", others: [a, b] }, (db) =>
        setParents(db, target.treeId, target.personId, a, b),
      );
      return result.ok ? SAVED : { refused: result.message };
    },
  },

  partner: {
    async run(target, form) {
      const partner = await named(target, form, "partner");
      if (!partner) return { refused: "Nurodykite partnerį." };
      if ("error" in partner) return { refused: partner.error };
      const result = await recorded(target, { summary: "Pridėtas partneris", others: [partner.id] }, (db) =>
        addPartner(db, target.treeId, target.personId, partner.id),
      );
      return result.ok ? SAVED : { refused: result.message };
    },
  },

  child: {
    async run(target, form) {
      const child = await named(target, form, "child");
      if (!child) return { refused: "Nurodykite vaiką." };
      if ("error" in child) return { refused: child.error };
      const partnerId = form.get("partnerId") ? parseId(form.get("partnerId")) : null;
      const result = await recorded(target, { summary: "Pridėtas vaikas", others: [partnerId, child.id] }, (db) =>
        addChild(db, target.treeId, target.personId, partnerId, child.id),
      );
      return result.ok ? SAVED : { refused: result.message };
    },
  },

  unlinkChild: {
    async run(target, form) {
      const [familyId, child] = [parseId(form.get("familyId")) ?? 0, parseId(form.get("personId")) ?? 0];
      await recorded(target, { summary: "Atsietas vaikas", others: [child], families: [familyId] }, (db) =>
        removeChildLink(db, target.treeId, familyId, child),
      );
      return SAVED;
    },
  },

  unlinkPartner: {
    async run(target, form) {
      const [familyId, partner] = [parseId(form.get("familyId")) ?? 0, parseId(form.get("personId")) ?? 0];
      await recorded(target, { summary: "Atsietas partneris", others: [partner], families: [familyId] }, (db) =>
        removePartnerLink(db, target.treeId, familyId, partner),
      );
      return SAVED;
    },
  },

  links: {
    async run(target, form) {
      await recorded(target, { summary: "Pakeistos susietos nuotraukos ir dokumentai" }, (db) =>
        setPersonLinks(db, target.treeId, target.personId, ids(form, "gallery"), ids(form, "document")),
      );
      return SAVED;
    },
  },

  remove: {
    async run(target, form) {
      if (form.get("confirmed") !== "1") return { confirmRemove: true };
      await recorded(target, { summary: "Pašalintas asmuo" }, (db) => removePerson(db, target.treeId, target.personId));
      return { saved: "personRemoved", goTo: "list" };
    },
  },
};
