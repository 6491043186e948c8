import { dateInputToGedcom, DATE_FORMS_MESSAGE, gedcomToDateInput } from "#app/lib/date-input.ts";
import { EDITABLE_EVENTS, EVENT_LABELS } from "#app/lib/event-labels.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { ProposalInputError } from "./error.ts";
import type { ProposalContext, ProposalKind, ProposalLine } from "./proposals.ts";
import { peopleScopes, personScopes } from "#app/.server/genealogy/change-scopes.ts";
import {
  addChild,
  addPartner,
  createPerson,
  editableNote,
  personEvents,
  personLabel,
  resolvePerson,
  saveEvent,
  setParents,
  updatePerson,
  type PersonFields,
} from "#app/.server/genealogy/editing.ts";
import { privateAmong } from "#app/.server/genealogy/living.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";

// What a member proposes about a person (issue 17): a correction of their
// names and sex ("person-fields"), or a fact added or corrected ("event").
// Approval applies them with the editor's own functions (editing.ts), so the
// tree, the person pages and the GEDCOM exports show them as an edit.

const SEX_LABELS: Record<string, string> = { M: "Vyras", F: "Moteris", X: "Kita", U: "Nežinoma" };

async function treeOf(db: Database): Promise<number> {
  const treeId = await currentTreeId(db);
  if (treeId === null) throw new Error("no tree");
  return treeId;
}

const text = (form: FormData, name: string, max: number) =>
  String(form.get(name) ?? "")
    .replace(/\r\n?/g, "\n")
    .trim()
    .slice(0, max);

// --- A correction of the person's names and sex -------------------------------

export interface PersonFieldsPayload {
  givenNames: string;
  surname: string;
  birthSurname: string;
  sex: "M" | "F" | "X" | "U";
}

const FIELD_LABELS: Record<keyof PersonFieldsPayload, string> = {
  givenNames: "Vardai",
  surname: "Pavardė",
  birthSurname: "Pavardė gimus",
  sex: "Lytis",
};

async function personFields(db: Database, personId: number): Promise<(PersonFieldsPayload & { notes: string }) | null> {
  const row = await db
    .selectFrom("genealogyPeople")
    .select(["givenNames", "surname", "birthSurname", "sex", "notes"])
    .where("treeId", "=", await treeOf(db))
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!row) return null;
  const sex = (["M", "F", "X", "U"].includes(row.sex) ? row.sex : "U") as PersonFieldsPayload["sex"];
  return { givenNames: row.givenNames, surname: row.surname, birthSurname: row.birthSurname ?? "", sex, notes: row.notes };
}

function sexOf(form: FormData): PersonFieldsPayload["sex"] {
  const sex = String(form.get("sex") ?? "U");
  return (["M", "F", "X", "U"].includes(sex) ? sex : "U") as PersonFieldsPayload["sex"];
}

const shown = (field: keyof PersonFieldsPayload, value: string) => (field === "sex" ? (SEX_LABELS[value] ?? value) : value);

export const personFieldsKind: ProposalKind<PersonFieldsPayload> = {
  label: "Vardo ar lyties pataisymas",
  // The member's form has the sex; a reviewer's edit has only the names of
  // fields() below, and what it leaves out stays as the member proposed
  // (decision 023): a sex read as "unknown" from its absence would overwrite it.
  async parse(_ctx, _subjectId, form) {
    const payload: Partial<PersonFieldsPayload> = {
      givenNames: text(form, "givenNames", 120),
      surname: text(form, "surname", 120),
      birthSurname: text(form, "birthSurname", 120),
    };
    if (form.has("sex")) payload.sex = sexOf(form);
    if (!payload.givenNames && !payload.surname) return { ok: false, message: "Įrašykite vardą arba pavardę." };
    return { ok: true, payload: payload as PersonFieldsPayload };
  },
  fields: (p) => [
    { name: "givenNames", label: FIELD_LABELS.givenNames, value: p.givenNames, type: "text" },
    { name: "surname", label: FIELD_LABELS.surname, value: p.surname, type: "text" },
    { name: "birthSurname", label: FIELD_LABELS.birthSurname, value: p.birthSurname, type: "text" },
  ],
  async baseline({ db }, subjectId) {
    const current = await personFields(db, Number(subjectId));
    return current && { givenNames: current.givenNames, surname: current.surname, birthSurname: current.birthSurname, sex: current.sex };
  },
  async describe({ db }, subjectId, payload) {
    const current = await personFields(db, Number(subjectId));
    const lines: ProposalLine[] = [];
    for (const field of Object.keys(FIELD_LABELS) as (keyof PersonFieldsPayload)[]) {
      const before = current ? current[field] : "";
      if (before !== payload[field])
        lines.push({ label: FIELD_LABELS[field], before: shown(field, before), after: shown(field, payload[field]) });
    }
    return lines;
  },
  async change({ db }, subjectId) {
    return {
      subject: { kind: "person", id: subjectId, summary: "Pataisyti asmens duomenys" },
      scopes: personScopes(await treeOf(db), Number(subjectId)),
    };
  },
  async apply(tx, _ctx, subjectId, payload) {
    const current = await personFields(tx, Number(subjectId));
    if (!current) throw new Error("Asmens nebėra.");
    // The note is not part of the proposal: the person's own note stays as it is.
    const fields: PersonFields = { ...payload, note: editableNote(current.notes) };
    return updatePerson(tx, await treeOf(tx), Number(subjectId), fields);
  },
};

// --- A fact (event) added or corrected -----------------------------------------

export interface EventPayload {
  /** The event corrected; null: a new one. */
  eventId: number | null;
  tag: string;
  /** As the member typed it, in the editor's forms ("1901-03-04", "apie 1900"). */
  date: string;
  place: string;
  value: string;
}

interface EventNow {
  id: number;
  tag: string;
  date: string;
  place: string;
  value: string;
}

/** The person's events (of one kind), as they read now: what an event proposal is compared with. */
async function eventsOf(db: Database, personId: number, tag?: string): Promise<EventNow[]> {
  const rows = await personEvents(db, await treeOf(db), personId, tag);
  return rows.map((r) => ({
    id: r.id,
    tag: r.tag,
    date: r.date ? gedcomToDateInput(r.date) : "",
    place: r.place ?? "",
    value: r.value ?? "",
  }));
}

const NO_EVENT_KIND = "Pasirinkite, kokį faktą ar įvykį siūlote.";

const EVENT_FIELDS = [
  ["date", "Data"],
  ["place", "Vieta"],
  ["value", "Aprašymas"],
] as const;

export const eventKind: ProposalKind<EventPayload> = {
  label: "Faktas ar įvykis",
  // The member's form names the event corrected (eventId) or the kind of a
  // new one (tag); a reviewer's edit has only the fields below and keeps
  // which event it is as the member proposed (decision 023).
  async parse({ db }: ProposalContext, subjectId, form) {
    const given = { date: text(form, "date", 120), place: text(form, "place", 300), value: text(form, "value", 300) };
    if (dateInputToGedcom(given.date) === null) return { ok: false, message: DATE_FORMS_MESSAGE };
    if (!given.date && !given.place && !given.value) return { ok: false, message: "Įrašykite datą, vietą arba aprašymą." };
    if (!form.has("eventId") && !form.has("tag")) return { ok: true, payload: given as EventPayload };
    const rawEvent = String(form.get("eventId") ?? "");
    const eventId = /^\d{1,9}$/.test(rawEvent) ? Number(rawEvent) : null;
    let tag = String(form.get("tag") ?? "");
    if (form.has("eventId")) {
      if (eventId === null) return { ok: false, message: "Tokio įvykio nėra." };
      // A correction keeps the event's own kind, whatever the form says.
      const found = await db
        .selectFrom("genealogyEvents")
        .select("tag")
        .where("treeId", "=", await treeOf(db))
        .where("id", "=", eventId)
        .where("ownerKind", "=", "person")
        .where("ownerId", "=", Number(subjectId))
        .executeTakeFirst();
      if (!found) return { ok: false, message: "Tokio įvykio nėra." };
      tag = found.tag;
    } else if (!(tag in EDITABLE_EVENTS)) {
      return { ok: false, message: NO_EVENT_KIND };
    }
    return { ok: true, payload: { eventId, tag, ...given } };
  },
  fields: (p) => [
    { name: "date", label: "Data", value: p.date, type: "text" },
    { name: "place", label: "Vieta", value: p.place, type: "text" },
    { name: "value", label: "Aprašymas", value: p.value, type: "text" },
  ],
  baseline: async ({ db }, subjectId, payload) => eventsOf(db, Number(subjectId), payload.tag),
  async describe({ db }, subjectId, payload) {
    const current =
      payload.eventId === null
        ? null
        : ((await eventsOf(db, Number(subjectId), payload.tag)).find((e) => e.id === payload.eventId) ?? null);
    const kind = EVENT_LABELS[payload.tag] ?? payload.tag;
    const lines: ProposalLine[] = [];
    for (const [field, label] of EVENT_FIELDS) {
      const before = current?.[field] ?? "";
      if (before !== payload[field]) lines.push({ label: `${kind}: ${label.toLowerCase()}`, before, after: payload[field] });
    }
    return lines;
  },
  async change({ db }, subjectId, payload) {
    const kind = EVENT_LABELS[payload.tag] ?? payload.tag;
    return {
      subject: {
        kind: "person",
        id: subjectId,
        summary: payload.eventId === null ? `Pridėtas įvykis „${kind}“` : `Pataisytas įvykis „${kind}“`,
      },
      scopes: personScopes(await treeOf(db), Number(subjectId)),
    };
  },
  async apply(tx, _ctx, subjectId, payload) {
    // A reviewer's edited date is checked as the member's was.
    if (dateInputToGedcom(payload.date) === null) throw new ProposalInputError(DATE_FORMS_MESSAGE);
    const result = await saveEvent(tx, await treeOf(tx), Number(subjectId), payload);
    if (!result.ok) throw new ProposalInputError(result.message);
    return result.id;
  },
};

// --- A relative: a parent, a partner or a child, in the tree or new -----------

export const RELATIONS = { parent: "Tėvas ar motina", partner: "Partneris ar partnerė", child: "Vaikas" } as const;
export type Relation = keyof typeof RELATIONS;

export interface RelationPayload {
  relation: Relation;
  /** Someone already in the tree, or null for a new person. */
  existingId: number | null;
  newPerson: {
    givenNames: string;
    surname: string;
    sex: "M" | "F" | "X" | "U";
    /** In the editor's forms ("1920", "apie 1920"); "" or absent: not known. */
    birthDate?: string;
  } | null;
}

async function relativeLabel(db: Database, payload: RelationPayload): Promise<string> {
  if (payload.existingId !== null) {
    // Named only while the members may see them (one made private since reads as a number).
    if ((await privateAmong(db, [payload.existingId])).has(payload.existingId)) return `#${payload.existingId}`;
    return `${await personLabel(db, await treeOf(db), payload.existingId)} (#${payload.existingId})`;
  }
  const p = payload.newPerson!;
  const born = p.birthDate ? `, g. ${p.birthDate}` : "";
  return `naujas asmuo: ${[p.givenNames, p.surname].filter(Boolean).join(" ")}${born}`;
}

export const relationKind: ProposalKind<RelationPayload> = {
  label: "Giminaitis",
  async parse({ db }, subjectId, form) {
    const relation = String(form.get("relation") ?? "");
    if (!(relation in RELATIONS)) return { ok: false, message: "Pasirinkite, kas tai: tėvas ar motina, partneris ar vaikas." };
    const typed = text(form, "existing", 200);
    const newPerson = {
      givenNames: text(form, "givenNames", 120),
      surname: text(form, "surname", 120),
      sex: sexOf(form),
      birthDate: text(form, "birthDate", 120),
    };
    if (typed) {
      const found = await resolvePerson(db, await treeOf(db), typed);
      // A person the members may not see is not named to them either.
      if (!found || "error" in found || (await privateAmong(db, [found.id])).has(found.id)) {
        return { ok: false, message: found && "error" in found ? found.error : `Asmens „${typed}“ nerasta.` };
      }
      if (found.id === Number(subjectId)) return { ok: false, message: "Asmuo negali būti pats sau giminaitis." };
      return { ok: true, payload: { relation: relation as Relation, existingId: found.id, newPerson: null } };
    }
    if (!newPerson.givenNames && !newPerson.surname) {
      return { ok: false, message: "Nurodykite esamą asmenį (numerį ar vardą) arba įrašykite naujo asmens vardą ar pavardę." };
    }
    if (dateInputToGedcom(newPerson.birthDate) === null) return { ok: false, message: DATE_FORMS_MESSAGE };
    return { ok: true, payload: { relation: relation as Relation, existingId: null, newPerson } };
  },
  // Approve or reject: a relative is who they are, not a text to edit.
  fields: () => [],
  baseline: async () => null,
  describe: async ({ db }, _subjectId, payload) => [
    { label: RELATIONS[payload.relation], before: "", after: await relativeLabel(db, payload) },
  ],
  async change({ db }, subjectId, payload) {
    const treeId = await treeOf(db);
    return {
      subject: { kind: "person", id: subjectId, summary: `Pridėtas giminaitis: ${RELATIONS[payload.relation].toLowerCase()}` },
      scopes: peopleScopes(treeId, [Number(subjectId), payload.existingId]),
      created: (result) => {
        const created = (result as { newId: number | null }).newId;
        return created === null ? [] : personScopes(treeId, created);
      },
    };
  },
  async apply(tx, _ctx, subjectId, payload) {
    const treeId = await treeOf(tx);
    const subject = Number(subjectId);
    let newId: number | null = null;
    let relative = payload.existingId;
    if (relative === null) {
      const p = payload.newPerson!;
      newId = await createPerson(tx, { givenNames: p.givenNames, surname: p.surname, birthSurname: "", sex: p.sex, note: "" });
      relative = newId;
      if (p.birthDate) {
        const born = await saveEvent(tx, treeId, newId, { eventId: null, tag: "BIRT", date: p.birthDate, place: "", value: "" });
        if (!born.ok) throw new ProposalInputError(born.message);
      }
    }
    const result =
      payload.relation === "parent"
        ? await setParents(tx, treeId, subject, relative, null)
        : payload.relation === "partner"
          ? await addPartner(tx, treeId, subject, relative)
          : await addChild(tx, treeId, subject, null, relative);
    if (!result.ok) throw new ProposalInputError(result.message);
    return { newId };
  },
};

/** The kinds above by the names they are registered under (proposal-kinds.ts). */
export const PERSON_PROPOSAL_KINDS = { event: eventKind, "person-fields": personFieldsKind, relation: relationKind } as const;
export type PersonProposalKind = keyof typeof PERSON_PROPOSAL_KINDS;

/**
 * Reads a member's form. A kind's parse also reads a reviewer's edit, which
 * leaves out what is not to be edited; a member's form must be whole (which
 * event, the sex), or a crafted one would file half a proposal.
 */
export async function parseMemberForm(
  ctx: ProposalContext,
  kind: PersonProposalKind,
  subjectId: string,
  form: FormData,
): Promise<{ ok: true; payload: unknown } | { ok: false; message: string }> {
  if (kind === "event" && !form.has("eventId") && !form.has("tag")) return { ok: false, message: NO_EVENT_KIND };
  if (kind === "person-fields" && !form.has("sex")) return { ok: false, message: "Pasirinkite lytį." };
  return PERSON_PROPOSAL_KINDS[kind].parse(ctx, subjectId, form);
}

/** What the member's proposal form starts from: the person's names and their facts of the kinds a member may propose. */
export async function proposalStart(db: Database, personId: number) {
  const fields = await personFields(db, personId);
  if (!fields) return null;
  // The kinds a member may propose, grouped in the form's order.
  const all = await eventsOf(db, personId);
  const events = Object.keys(EDITABLE_EVENTS).flatMap((tag) =>
    all.filter((e) => e.tag === tag).map((e) => ({ ...e, label: EDITABLE_EVENTS[tag] })),
  );
  return {
    fields: { givenNames: fields.givenNames, surname: fields.surname, birthSurname: fields.birthSurname, sex: fields.sex },
    events,
  };
}
