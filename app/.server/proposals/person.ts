import { z } from "zod";
import { dateInputToGedcom, DATE_FORMS_MESSAGE, gedcomToDateInput } from "#app/lib/date-input.ts";
import { EDITABLE_EVENTS, EVENT_LABELS } from "#app/lib/event-labels.ts";
import { PERSON_PROPOSAL_MAX } from "#app/lib/proposals.ts";
import { personNotFoundText, SEX_LABELS, SEXES, TREE_REFUSALS, type Sex } from "#app/lib/person-fields.ts";
import { choiceField, readForm, refusedField, textField, type FormRead, type FormRefused } from "#app/.server/platform/form.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { ProposalInputError } from "./error.ts";
import type { ProposalContext, ProposalField, ProposalKind, ProposalLine } from "./proposals.ts";
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

async function treeOf(db: Database): Promise<number> {
  const treeId = await currentTreeId(db);
  if (treeId === null) throw new Error("no tree");
  return treeId;
}

// The forms (proposal pages and the reviewer's edit) are read by the one form
// reader (platform/form.ts): each kind's schema below, its fields named as
// the member's page names them. What the schema cannot know (the event still
// there, the relative found in the tree) is looked up after reading and
// refused naming its field (Made).

/** A form's values made into a payload, or what is wrong and in which field. */
type Made<P> = { ok: true; payload: P } | { ok: false; field: string; message: string };

/** The first thing a refused form is told: a kind's parse answers with one message (the review queue shows it). */
const firstMessage = (read: FormRefused) => Object.values(read.errors)[0] ?? "";

const sexField = () => choiceField(SEXES, "Pasirinkite lytį iš sąrašo.");
const nameField = (label: string) => textField(label, { max: PERSON_PROPOSAL_MAX.name, optional: true });
/** A date in the tree's forms ("apie 1898"), or none. */
const dateField = (label: string) =>
  textField(label, { max: PERSON_PROPOSAL_MAX.date, optional: true }).check((ctx) => {
    if (dateInputToGedcom(ctx.value) === null) ctx.issues.push({ code: "custom", message: DATE_FORMS_MESSAGE, input: ctx.value });
  });
const issue = (ctx: { issues: z.core.$ZodRawIssue[]; value: unknown }, field: string, message: string) =>
  ctx.issues.push({ code: "custom", message, path: [field], input: ctx.value });

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

const PERSON_FIELDS_SHAPE = {
  givenNames: nameField("Vardas (vardai)"),
  surname: nameField("Pavardė"),
  birthSurname: nameField("Mergautinė (gimimo) pavardė"),
};
const namesGiven = (ctx: z.core.ParsePayload<{ givenNames: string; surname: string }>) => {
  if (!ctx.value.givenNames && !ctx.value.surname) issue(ctx, "givenNames", "Įrašykite vardą arba pavardę.");
};

/** The names and the sex: the member's form has the sex, a reviewer's edit only the names (fields() below). */
export const PERSON_FIELDS_FORM = z.object({ ...PERSON_FIELDS_SHAPE, sex: sexField().optional() }).check(namesGiven);

const personFieldsPayload = (value: z.output<typeof PERSON_FIELDS_FORM>): PersonFieldsPayload => {
  const { sex, ...names } = value;
  return (sex ? { ...names, sex } : names) as PersonFieldsPayload;
};

const shown = (field: keyof PersonFieldsPayload, value: string) => (field === "sex" ? (SEX_LABELS[value as Sex] ?? value) : value);

export const personFieldsKind: ProposalKind<PersonFieldsPayload> = {
  label: "Vardo ar lyties pataisymas",
  // The member's form has the sex; a reviewer's edit has only the names of
  // fields() below, and what it leaves out stays as the member proposed
  // (decision 023): a sex read as "unknown" from its absence would overwrite it.
  async parse(_ctx, _subjectId, form) {
    const read = readForm(form, PERSON_FIELDS_FORM);
    return read.ok ? { ok: true, payload: personFieldsPayload(read.value) } : { ok: false, message: firstMessage(read) };
  },
  fields: (_ctx, _subjectId, p) => [
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
const NO_EVENT = TREE_REFUSALS.noSuchEvent;

const EVENT_SHAPE = {
  date: dateField("Data"),
  place: textField("Vieta", { max: PERSON_PROPOSAL_MAX.place, optional: true }),
  value: textField("Aprašymas", { max: PERSON_PROPOSAL_MAX.value, optional: true }),
  /** The event corrected (a member's correction). */
  eventId: z.string().optional(),
  /** The kind of a new one (a member's addition). */
  tag: z.string().optional(),
};
type EventForm = { date: string; place: string; value: string; eventId?: string; tag?: string };
const eventGiven = (ctx: z.core.ParsePayload<EventForm>) => {
  if (!ctx.value.date && !ctx.value.place && !ctx.value.value) issue(ctx, "date", "Įrašykite datą, vietą arba aprašymą.");
};
const eventNamed = (ctx: z.core.ParsePayload<EventForm>) => {
  const { eventId, tag } = ctx.value;
  if (eventId !== undefined) {
    if (!/^\d{1,9}$/.test(eventId)) issue(ctx, "eventId", NO_EVENT);
  } else if (tag !== undefined && !Object.hasOwn(EDITABLE_EVENTS, tag)) issue(ctx, "tag", NO_EVENT_KIND);
};

/**
 * A fact: a date, a place or a description (one at least); the member's form
 * also says which event it corrects or what kind of new one it is, a
 * reviewer's edit neither (the payload keeps the member's).
 */
export const EVENT_FORM = z.object(EVENT_SHAPE).check(eventGiven).check(eventNamed);

/** The payload, with the event corrected looked up (it must be this person's). */
async function eventPayload(db: Database, subjectId: string | null, value: EventForm): Promise<Made<EventPayload>> {
  const given = { date: value.date, place: value.place, value: value.value };
  if (value.eventId === undefined && value.tag === undefined) return { ok: true, payload: given as EventPayload };
  let tag = value.tag ?? "";
  const eventId = value.eventId === undefined ? null : Number(value.eventId);
  if (eventId !== null) {
    // A correction keeps the event's own kind, whatever the form says.
    const found = await db
      .selectFrom("genealogyEvents")
      .select("tag")
      .where("treeId", "=", await treeOf(db))
      .where("id", "=", eventId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "=", Number(subjectId))
      .executeTakeFirst();
    if (!found) return { ok: false, field: "eventId", message: NO_EVENT };
    tag = found.tag;
  }
  return { ok: true, payload: { eventId, tag, ...given } };
}

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
    const read = readForm(form, EVENT_FORM);
    if (!read.ok) return { ok: false, message: firstMessage(read) };
    const made = await eventPayload(db, subjectId, read.value);
    return made.ok ? made : { ok: false, message: made.message };
  },
  fields: (_ctx, _subjectId, p) => [
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
    if (!result.ok) throw new ProposalInputError(TREE_REFUSALS[result.refused]);
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
  /** A child's other parent: one of the person's partners, or null (another partner, or not known). Absent in older proposals. */
  otherParentId?: number | null;
  newPerson: {
    givenNames: string;
    surname: string;
    sex: "M" | "F" | "X" | "U";
    /** In the editor's forms ("1920", "apie 1920"); "" or absent: not known. */
    birthDate?: string;
  } | null;
}

/** "Another partner, or not known": a child's other parent left open. */
const OTHER_PARENT_UNKNOWN = "kitas partneris arba nežinomas";

/**
 * The person's partners the members may see, as a child's other parent is
 * chosen among them: the families they are a partner in, the other partner.
 */
export async function partnersOf(db: Database, personId: number): Promise<{ id: number; name: string }[]> {
  const treeId = await treeOf(db);
  const families = await db
    .selectFrom("genealogyFamilies")
    .select(["partner1Id", "partner2Id"])
    .where("treeId", "=", treeId)
    .where((eb) => eb.or([eb("partner1Id", "=", personId), eb("partner2Id", "=", personId)]))
    .orderBy("id")
    .execute();
  const ids = [...new Set(families.map((f) => (f.partner1Id === personId ? f.partner2Id : f.partner1Id)))].filter(
    (id): id is number => id !== null && id !== personId,
  );
  const hidden = await privateAmong(db, ids);
  const visible = ids.filter((id) => !hidden.has(id));
  return Promise.all(visible.map(async (id) => ({ id, name: await personLabel(db, treeId, id) })));
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

const relationField = () =>
  choiceField(Object.keys(RELATIONS) as [Relation, ...Relation[]], "Pasirinkite, kas tai: tėvas ar motina, partneris ar vaikas.");

const RELATION_SHAPE = {
  /** Left out of a reviewer's edit: what the member proposed stays. */
  relation: relationField().optional(),
  /** A child's other parent: a partner's number, or "" for another partner or not known. */
  otherParent: z.string().optional(),
  existing: textField("Jau yra medyje", { max: PERSON_PROPOSAL_MAX.existing, optional: true }),
  givenNames: nameField("Vardas (vardai)"),
  surname: nameField("Pavardė"),
  sex: sexField().optional(),
  birthDate: textField("Gimimo data", { max: PERSON_PROPOSAL_MAX.date, optional: true }),
};

/**
 * A relative: someone already in the tree (a number or a name, looked up
 * after reading), or a new person's name, sex and birth date.
 */
export const RELATION_FORM = z.object(RELATION_SHAPE).check(relativeGiven);

function relativeGiven(ctx: z.core.ParsePayload<{ existing: string; givenNames: string; surname: string; birthDate: string }>) {
  const { existing, givenNames, surname, birthDate } = ctx.value;
  if (existing) return;
  if (!givenNames && !surname)
    issue(ctx, "existing", "Nurodykite esamą asmenį (numerį ar vardą) arba įrašykite naujo asmens vardą ar pavardę.");
  else if (dateInputToGedcom(birthDate) === null) issue(ctx, "birthDate", DATE_FORMS_MESSAGE);
}

const NOT_A_PARTNER = "Pasirinkite vieną iš šio asmens partnerių arba „kitas partneris arba nežinomas“.";

/**
 * The payload, with the relative already in the tree found (one the members
 * may see, and not the person themselves) and a child's other parent among
 * the person's partners. A reviewer's edit has no relation: the payload then
 * leaves it out, and the member's stays.
 */
async function relationPayload(
  db: Database,
  subjectId: string | null,
  value: z.output<typeof RELATION_FORM>,
): Promise<Made<Omit<RelationPayload, "relation"> & { relation?: Relation }>> {
  const { relation, existing, givenNames, surname, sex, birthDate, otherParent } = value;
  let otherParentId: number | null | undefined;
  if (otherParent !== undefined && (relation === undefined || relation === "child")) {
    otherParentId = otherParent === "" ? null : Number(otherParent);
    const partners = await partnersOf(db, Number(subjectId));
    if (otherParentId !== null && !partners.some((p) => p.id === otherParentId))
      return { ok: false, field: "otherParent", message: NOT_A_PARTNER };
  }
  const common = { ...(relation === undefined ? {} : { relation }), ...(otherParentId === undefined ? {} : { otherParentId }) };
  if (!existing)
    return { ok: true, payload: { ...common, existingId: null, newPerson: { givenNames, surname, sex: sex ?? "U", birthDate } } };
  const found = await resolvePerson(db, await treeOf(db), existing);
  // A person the members may not see is not named to them either.
  if (!found || "notFound" in found || (await privateAmong(db, [found.id])).has(found.id)) {
    return {
      ok: false,
      field: "existing",
      message: found && "notFound" in found ? personNotFoundText(found.notFound) : `Asmens „${existing}“ nerasta.`,
    };
  }
  if (found.id === Number(subjectId)) return { ok: false, field: "existing", message: "Asmuo negali būti pats sau giminaitis." };
  if (found.id === otherParentId) return { ok: false, field: "existing", message: "Vaikas negali būti savo paties tėvas ar motina." };
  return { ok: true, payload: { ...common, existingId: found.id, newPerson: null } };
}

const SEX_OPTIONS = SEXES.map((value) => ({ value, label: SEX_LABELS[value] }));

export const relationKind: ProposalKind<RelationPayload> = {
  label: "Giminaitis",
  async parse({ db }, subjectId, form) {
    const read = readForm(form, RELATION_FORM);
    if (!read.ok) return { ok: false, message: firstMessage(read) };
    const made = await relationPayload(db, subjectId, read.value);
    // (The relation left out is the member's, laid under this by the approval.)
    return made.ok ? (made as { ok: true; payload: RelationPayload }) : { ok: false, message: made.message };
  },
  // A reviewer may correct who it is (someone in the tree, or the new person's
  // name, sex and birth) and a child's other parent, as for a fact (issue 28).
  async fields({ db }, subjectId, p) {
    const fields: ProposalField[] = [
      {
        name: "existing",
        label: "Jau yra medyje (numeris ar vardas)",
        value: p.existingId === null ? "" : `#${p.existingId}`,
        type: "text",
      },
      { name: "givenNames", label: "Naujo asmens vardas (vardai)", value: p.newPerson?.givenNames ?? "", type: "text" },
      { name: "surname", label: "Naujo asmens pavardė", value: p.newPerson?.surname ?? "", type: "text" },
      { name: "sex", label: "Naujo asmens lytis", value: p.newPerson?.sex ?? "U", type: "select", options: SEX_OPTIONS },
      { name: "birthDate", label: "Naujo asmens gimimo data", value: p.newPerson?.birthDate ?? "", type: "text" },
    ];
    if (p.relation === "child") {
      const partners = await partnersOf(db, Number(subjectId));
      fields.push({
        name: "otherParent",
        label: "Kitas vaiko tėvas ar motina",
        value: p.otherParentId ? String(p.otherParentId) : "",
        type: "select",
        options: [
          ...partners.map((partner) => ({ value: String(partner.id), label: partner.name })),
          { value: "", label: OTHER_PARENT_UNKNOWN },
        ],
      });
    }
    return fields;
  },
  baseline: async () => null,
  asked: (ctx, subjectId, payload) => relationKind.describe(ctx, subjectId, payload),
  async describe({ db }, _subjectId, payload) {
    const lines: ProposalLine[] = [{ label: RELATIONS[payload.relation], before: "", after: await relativeLabel(db, payload) }];
    if (payload.relation === "child") {
      const other = payload.otherParentId ? await personLabel(db, await treeOf(db), payload.otherParentId) : OTHER_PARENT_UNKNOWN;
      lines.push({ label: "Kitas tėvas ar motina", before: "", after: other });
    }
    return lines;
  },
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
        if (!born.ok) throw new ProposalInputError(TREE_REFUSALS[born.refused]);
      }
    }
    const result =
      payload.relation === "parent"
        ? await setParents(tx, treeId, subject, relative, null)
        : payload.relation === "partner"
          ? await addPartner(tx, treeId, subject, relative)
          : await addChild(tx, treeId, subject, await stillPartner(tx, subject, payload.otherParentId ?? null), relative);
    if (!result.ok) throw new ProposalInputError(TREE_REFUSALS[result.refused]);
    return { newId };
  },
};

/** A child's other parent as chosen, if still the person's partner at approval (else the approval says so). */
async function stillPartner(db: Database, personId: number, otherParentId: number | null): Promise<number | null> {
  if (otherParentId === null) return null;
  if (!(await partnersOf(db, personId)).some((p) => p.id === otherParentId)) throw new ProposalInputError(NOT_A_PARTNER);
  return otherParentId;
}

/** The kinds above by the names they are registered under (proposal-kinds.ts). */
export const PERSON_PROPOSAL_KINDS = { event: eventKind, "person-fields": personFieldsKind, relation: relationKind } as const;
export type PersonProposalKind = keyof typeof PERSON_PROPOSAL_KINDS;

/**
 * The member's forms (/paskyra/pasiulymai/asmuo/…), each a kind's schema made
 * whole: a kind's parse also reads a reviewer's edit, which leaves out what
 * is not to be edited, but a member's form must name which event and the
 * sex, or a crafted one would file half a proposal.
 */
export const MEMBER_PROPOSAL_FORMS = {
  event: z
    .object({ kind: z.literal("event"), ...EVENT_SHAPE })
    .check((ctx) => {
      if (ctx.value.eventId === undefined && ctx.value.tag === undefined) issue(ctx, "tag", NO_EVENT_KIND);
    })
    .check(eventGiven)
    .check(eventNamed),
  "person-fields": z.object({ kind: z.literal("person-fields"), ...PERSON_FIELDS_SHAPE, sex: sexField() }).check(namesGiven),
  relation: z.object({ kind: z.literal("relation"), ...RELATION_SHAPE, relation: relationField() }).check(relativeGiven),
} as const;

/**
 * Reads a member's proposal form with its schema, then what only the tree
 * can say (the event corrected is still the person's, the relative is found):
 * the payload, or the refusal naming the field, in the reader's shape.
 */
export async function readMemberProposal(
  ctx: ProposalContext,
  kind: PersonProposalKind,
  subjectId: string,
  form: FormData,
): Promise<FormRead<unknown>> {
  let made: Made<unknown>;
  let typed: Record<string, string>;
  if (kind === "event") {
    const read = readForm(form, MEMBER_PROPOSAL_FORMS.event);
    if (!read.ok) return read;
    ({ typed } = read);
    made = await eventPayload(ctx.db, subjectId, read.value);
  } else if (kind === "relation") {
    const read = readForm(form, MEMBER_PROPOSAL_FORMS.relation);
    if (!read.ok) return read;
    ({ typed } = read);
    made = await relationPayload(ctx.db, subjectId, read.value);
  } else {
    const read = readForm(form, MEMBER_PROPOSAL_FORMS["person-fields"]);
    if (!read.ok) return read;
    ({ typed } = read);
    const { kind: _, ...value } = read.value;
    made = { ok: true, payload: personFieldsPayload(value) };
  }
  return made.ok ? { ok: true, value: made.payload, typed } : refusedField(typed, made.field, made.message);
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
