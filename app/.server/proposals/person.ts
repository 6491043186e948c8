import { z } from "zod";
import type { MessageId } from "#app/i18n/catalog.ts";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { dateInputToGedcom, DATE_FORMS_MESSAGE_ID, gedcomToDateInput } from "#app/lib/date-input.ts";
import { EDITABLE_EVENT_IDS, eventLabel } from "#app/lib/event-labels.ts";
import { PERSON_PROPOSAL_MAX } from "#app/lib/proposals.ts";
import { PERSON_FIELDS, personNotFoundMessage, SEX_LABEL_IDS, SEXES, TREE_REFUSAL_IDS, type Sex } from "#app/lib/person-fields.ts";
import { choiceField, readForm, refusedField, textField, type FormRead, type FormRefused } from "#app/.server/platform/form.ts";
import { requestLanguage, requestT } from "#app/.server/platform/request-language.ts";
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
import { membersSee } from "#app/.server/genealogy/restrictions.ts";
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
// refused naming its field (Made). What they say is a message id, or said in
// the request's language when it names a value; the lines and fields a kind
// shows are said in it too (proposals.ts).

/** A form's values made into a payload, or what is wrong and in which field. */
type Made<P> = { ok: true; payload: P } | { ok: false; field: string; message: string };

/** The first thing a refused form is told: a kind's parse answers with one message (the review queue shows it). */
const firstMessage = (read: FormRefused) => Object.values(read.errors)[0] ?? "";

const sexField = () => choiceField(SEXES, "account.proposal.error.sex");
const nameField = (label: string) => textField(label, { max: PERSON_PROPOSAL_MAX.name, optional: true });
/** A date in the tree's forms ("apie 1898"), or none. */
const dateField = (label: string) =>
  textField(label, { max: PERSON_PROPOSAL_MAX.date, optional: true }).check((ctx) => {
    if (dateInputToGedcom(ctx.value) === null)
      ctx.issues.push({ code: "custom", message: requestT()(DATE_FORMS_MESSAGE_ID), input: ctx.value });
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

const FIELD_LABELS: Record<keyof PersonFieldsPayload, MessageId> = {
  givenNames: "account.proposal.field.givenNames",
  surname: "account.proposal.field.surname",
  birthSurname: "account.proposal.field.birthSurname",
  sex: "account.proposal.field.sex",
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
  givenNames: nameField(PERSON_FIELDS.givenNames.id),
  surname: nameField(PERSON_FIELDS.surname.id),
  birthSurname: nameField(PERSON_FIELDS.birthSurname.id),
};
const namesGiven = (ctx: z.core.ParsePayload<{ givenNames: string; surname: string }>) => {
  if (!ctx.value.givenNames && !ctx.value.surname) issue(ctx, "givenNames", requestT()("account.proposal.error.name"));
};

/** The names and the sex: the member's form has the sex, a reviewer's edit only the names (fields() below). */
export const PERSON_FIELDS_FORM = z.object({ ...PERSON_FIELDS_SHAPE, sex: sexField().optional() }).check(namesGiven);

const personFieldsPayload = (value: z.output<typeof PERSON_FIELDS_FORM>): PersonFieldsPayload => {
  const { sex, ...names } = value;
  return (sex ? { ...names, sex } : names) as PersonFieldsPayload;
};

/** A field's value as the reader reads it: the sex by its name in the request's language. */
const shown = (field: keyof PersonFieldsPayload, value: string) =>
  field === "sex" && Object.hasOwn(SEX_LABEL_IDS, value) ? requestT()(SEX_LABEL_IDS[value as Sex]) : value;

export const personFieldsKind: ProposalKind<PersonFieldsPayload> = {
  label: "account.proposal.kind.personFields",
  // The member's form has the sex; a reviewer's edit has only the names of
  // fields() below, and what it leaves out stays as the member proposed
  // (decision 023): a sex read as "unknown" from its absence would overwrite it.
  async parse(_ctx, _subjectId, form) {
    const read = readForm(form, PERSON_FIELDS_FORM);
    return read.ok ? { ok: true, payload: personFieldsPayload(read.value) } : { ok: false, message: firstMessage(read) };
  },
  fields: (_ctx, _subjectId, p) => {
    const t = requestT();
    return [
      { name: "givenNames", label: t(FIELD_LABELS.givenNames), value: p.givenNames, type: "text" },
      { name: "surname", label: t(FIELD_LABELS.surname), value: p.surname, type: "text" },
      { name: "birthSurname", label: t(FIELD_LABELS.birthSurname), value: p.birthSurname, type: "text" },
    ];
  },
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
        lines.push({ label: requestT()(FIELD_LABELS[field]), before: shown(field, before), after: shown(field, payload[field]) });
    }
    return lines;
  },
  async change({ db }, subjectId) {
    return {
      subject: { kind: "person", id: subjectId, summary: "changes.summary.proposal.detailsCorrected" },
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

/**
 * The person's events (of one kind), as they read now: what an event proposal
 * is compared with (in Lithuanian, the words its baseline was stored in), or
 * the dates as a form in `locale` shows them.
 */
async function eventsOf(db: Database, personId: number, tag?: string, locale: Locale = SOURCE_LOCALE): Promise<EventNow[]> {
  // A fact the members may not see is not theirs to correct, nor shown as a baseline.
  const rows = (await personEvents(db, await treeOf(db), personId, tag)).filter((r) => membersSee(r.restriction));
  return rows.map((r) => ({
    id: r.id,
    tag: r.tag,
    date: r.date ? gedcomToDateInput(r.date, locale) : "",
    place: r.place ?? "",
    value: r.value ?? "",
  }));
}

const NO_EVENT_KIND: MessageId = "account.proposal.error.eventKind";
const NO_EVENT: MessageId = TREE_REFUSAL_IDS.noSuchEvent;

const EVENT_SHAPE = {
  date: dateField("account.proposal.field.date"),
  place: textField("account.proposal.field.place", { max: PERSON_PROPOSAL_MAX.place, optional: true }),
  value: textField("account.proposal.field.value", { max: PERSON_PROPOSAL_MAX.value, optional: true }),
  /** The event corrected (a member's correction). */
  eventId: z.string().optional(),
  /** The kind of a new one (a member's addition). */
  tag: z.string().optional(),
};
type EventForm = { date: string; place: string; value: string; eventId?: string; tag?: string };
const eventGiven = (ctx: z.core.ParsePayload<EventForm>) => {
  if (!ctx.value.date && !ctx.value.place && !ctx.value.value) issue(ctx, "date", requestT()("account.proposal.error.event"));
};
const eventNamed = (ctx: z.core.ParsePayload<EventForm>) => {
  const { eventId, tag } = ctx.value;
  if (eventId !== undefined) {
    if (!/^\d{1,9}$/.test(eventId)) issue(ctx, "eventId", requestT()(NO_EVENT));
  } else if (tag !== undefined && !Object.hasOwn(EDITABLE_EVENT_IDS, tag)) issue(ctx, "tag", requestT()(NO_EVENT_KIND));
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
      .select(["tag", "restriction"])
      .where("treeId", "=", await treeOf(db))
      .where("id", "=", eventId)
      .where("ownerKind", "=", "person")
      .where("ownerId", "=", Number(subjectId))
      .executeTakeFirst();
    if (!found || !membersSee(found.restriction)) return { ok: false, field: "eventId", message: NO_EVENT };
    tag = found.tag;
  }
  return { ok: true, payload: { eventId, tag, ...given } };
}

/** An event's fields as its lines name them ('Gimimas: data'). */
const EVENT_FIELDS = [
  ["date", "account.proposal.line.eventDate"],
  ["place", "account.proposal.line.eventPlace"],
  ["value", "account.proposal.line.eventValue"],
] as const satisfies readonly (readonly [string, MessageId])[];

export const eventKind: ProposalKind<EventPayload> = {
  label: "account.proposal.kind.event",
  // The member's form names the event corrected (eventId) or the kind of a
  // new one (tag); a reviewer's edit has only the fields below and keeps
  // which event it is as the member proposed (decision 023).
  async parse({ db }: ProposalContext, subjectId, form) {
    const read = readForm(form, EVENT_FORM);
    if (!read.ok) return { ok: false, message: firstMessage(read) };
    const made = await eventPayload(db, subjectId, read.value);
    return made.ok ? made : { ok: false, message: made.message };
  },
  fields: (_ctx, _subjectId, p) => {
    const t = requestT();
    return [
      { name: "date", label: t("account.proposal.field.date"), value: p.date, type: "text" },
      { name: "place", label: t("account.proposal.field.place"), value: p.place, type: "text" },
      { name: "value", label: t("account.proposal.field.value"), value: p.value, type: "text" },
    ];
  },
  baseline: async ({ db }, subjectId, payload) => eventsOf(db, Number(subjectId), payload.tag),
  async describe({ db }, subjectId, payload) {
    const t = requestT();
    const current =
      payload.eventId === null
        ? null
        : ((await eventsOf(db, Number(subjectId), payload.tag, requestLanguage())).find((e) => e.id === payload.eventId) ?? null);
    const event = t.say(eventLabel(payload.tag));
    const lines: ProposalLine[] = [];
    for (const [field, label] of EVENT_FIELDS) {
      const before = current?.[field] ?? "";
      // A date is the same whichever language's words it was typed in ('apie 1898', 'about 1898').
      const same =
        before === payload[field] || (field === "date" && before !== "" && dateInputToGedcom(before) === dateInputToGedcom(payload.date));
      if (!same) lines.push({ label: t(label, { event }), before, after: payload[field] });
    }
    return lines;
  },
  async change({ db }, subjectId, payload) {
    // The event kind's name as a message, said in the reader's language (a tag the catalog does not name, as it is).
    const label = eventLabel(payload.tag);
    const event = label === payload.tag ? payload.tag : { id: label as MessageId };
    return {
      subject: {
        kind: "person",
        id: subjectId,
        summary: {
          id: payload.eventId === null ? "changes.summary.proposal.eventAdded" : "changes.summary.proposal.eventCorrected",
          values: { event },
        },
      },
      scopes: personScopes(await treeOf(db), Number(subjectId)),
    };
  },
  async apply(tx, _ctx, subjectId, payload) {
    // A reviewer's edited date is checked as the member's was.
    if (dateInputToGedcom(payload.date) === null) throw new ProposalInputError(DATE_FORMS_MESSAGE_ID);
    const result = await saveEvent(tx, await treeOf(tx), Number(subjectId), payload);
    if (!result.ok) throw new ProposalInputError(TREE_REFUSAL_IDS[result.refused]);
    return result.id;
  },
};

// --- A relative: a parent, a partner or a child, in the tree or new -----------

/** Who a proposed relative is to the person: message ids of the account catalog. */
export const RELATIONS = {
  parent: "account.proposal.relation.parent",
  partner: "account.proposal.relation.partner",
  child: "account.proposal.relation.child",
} as const satisfies Record<string, MessageId>;
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
const OTHER_PARENT_UNKNOWN: MessageId = "account.proposal.otherParentUnknown";

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
  const hidden = await privateAmong(db, treeId, ids);
  const visible = ids.filter((id) => !hidden.has(id));
  return Promise.all(visible.map(async (id) => ({ id, name: await personLabel(db, treeId, id) })));
}

async function relativeLabel(db: Database, payload: RelationPayload): Promise<string> {
  if (payload.existingId !== null) {
    // Named only while the members may see them (one made private since reads as a number).
    if ((await privateAmong(db, await treeOf(db), [payload.existingId])).has(payload.existingId)) return `#${payload.existingId}`;
    return `${await personLabel(db, await treeOf(db), payload.existingId)} (#${payload.existingId})`;
  }
  const p = payload.newPerson!;
  const name = [p.givenNames, p.surname].filter(Boolean).join(" ");
  return p.birthDate
    ? requestT()("account.proposal.line.newPersonBorn", { name, born: p.birthDate })
    : requestT()("account.proposal.line.newPerson", { name });
}

const relationField = () => choiceField(Object.keys(RELATIONS) as [Relation, ...Relation[]], "account.proposal.error.relation");

const RELATION_SHAPE = {
  /** Left out of a reviewer's edit: what the member proposed stays. */
  relation: relationField().optional(),
  /** A child's other parent: a partner's number, or "" for another partner or not known. */
  otherParent: z.string().optional(),
  existing: textField("account.proposal.field.existing", { max: PERSON_PROPOSAL_MAX.existing, optional: true }),
  givenNames: nameField(PERSON_FIELDS.givenNames.id),
  surname: nameField(PERSON_FIELDS.surname.id),
  sex: sexField().optional(),
  birthDate: textField("account.proposal.field.birthDate", { max: PERSON_PROPOSAL_MAX.date, optional: true }),
};

/**
 * A relative: someone already in the tree (a number or a name, looked up
 * after reading), or a new person's name, sex and birth date.
 */
export const RELATION_FORM = z.object(RELATION_SHAPE).check(relativeGiven);

function relativeGiven(ctx: z.core.ParsePayload<{ existing: string; givenNames: string; surname: string; birthDate: string }>) {
  const { existing, givenNames, surname, birthDate } = ctx.value;
  if (existing) return;
  if (!givenNames && !surname) issue(ctx, "existing", requestT()("account.proposal.error.relative"));
  else if (dateInputToGedcom(birthDate) === null) issue(ctx, "birthDate", requestT()(DATE_FORMS_MESSAGE_ID));
}

const NOT_A_PARTNER: MessageId = "account.proposal.error.notAPartner";

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
  if (!found || "notFound" in found || (await privateAmong(db, await treeOf(db), [found.id])).has(found.id)) {
    return {
      ok: false,
      field: "existing",
      message: requestT()(
        found && "notFound" in found
          ? personNotFoundMessage(found.notFound)
          : { id: "genealogy.personNotFound.noMatch", values: { typed: existing } },
      ),
    };
  }
  if (found.id === Number(subjectId)) return { ok: false, field: "existing", message: "account.proposal.error.ownRelative" };
  if (found.id === otherParentId) return { ok: false, field: "existing", message: "account.proposal.error.childAsParent" };
  return { ok: true, payload: { ...common, existingId: found.id, newPerson: null } };
}

export const relationKind: ProposalKind<RelationPayload> = {
  label: "account.proposal.kind.relation",
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
    const t = requestT();
    const fields: ProposalField[] = [
      {
        name: "existing",
        label: t("account.proposal.field.existingEdit"),
        value: p.existingId === null ? "" : `#${p.existingId}`,
        type: "text",
      },
      { name: "givenNames", label: t("account.proposal.field.newGivenNames"), value: p.newPerson?.givenNames ?? "", type: "text" },
      { name: "surname", label: t("account.proposal.field.newSurname"), value: p.newPerson?.surname ?? "", type: "text" },
      {
        name: "sex",
        label: t("account.proposal.field.newSex"),
        value: p.newPerson?.sex ?? "U",
        type: "select",
        options: SEXES.map((value) => ({ value, label: t(SEX_LABEL_IDS[value]) })),
      },
      { name: "birthDate", label: t("account.proposal.field.newBirthDate"), value: p.newPerson?.birthDate ?? "", type: "text" },
    ];
    if (p.relation === "child") {
      const partners = await partnersOf(db, Number(subjectId));
      fields.push({
        name: "otherParent",
        label: t("account.proposal.field.otherParent"),
        value: p.otherParentId ? String(p.otherParentId) : "",
        type: "select",
        options: [
          ...partners.map((partner) => ({ value: String(partner.id), label: partner.name })),
          { value: "", label: t(OTHER_PARENT_UNKNOWN) },
        ],
      });
    }
    return fields;
  },
  baseline: async () => null,
  asked: (ctx, subjectId, payload) => relationKind.describe(ctx, subjectId, payload),
  async describe({ db }, _subjectId, payload) {
    const t = requestT();
    const lines: ProposalLine[] = [{ label: t(RELATIONS[payload.relation]), before: "", after: await relativeLabel(db, payload) }];
    if (payload.relation === "child") {
      const other = payload.otherParentId ? await personLabel(db, await treeOf(db), payload.otherParentId) : t(OTHER_PARENT_UNKNOWN);
      lines.push({ label: t("account.proposal.line.otherParent"), before: "", after: other });
    }
    return lines;
  },
  async change({ db }, subjectId, payload) {
    const treeId = await treeOf(db);
    return {
      // The relation by its code, which the message names in the reader's language.
      subject: {
        kind: "person",
        id: subjectId,
        summary: { id: "changes.summary.proposal.relativeAdded", values: { relation: payload.relation } },
      },
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
        if (!born.ok) throw new ProposalInputError(TREE_REFUSAL_IDS[born.refused]);
      }
    }
    const result =
      payload.relation === "parent"
        ? await setParents(tx, treeId, subject, relative, null)
        : payload.relation === "partner"
          ? await addPartner(tx, treeId, subject, relative)
          : await addChild(tx, treeId, subject, await stillPartner(tx, subject, payload.otherParentId ?? null), relative);
    if (!result.ok) throw new ProposalInputError(TREE_REFUSAL_IDS[result.refused]);
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
      if (ctx.value.eventId === undefined && ctx.value.tag === undefined) issue(ctx, "tag", requestT()(NO_EVENT_KIND));
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

/**
 * What the member's proposal form starts from: the person's names and their
 * facts of the kinds a member may propose (dates in the request's language,
 * each fact's name a message id).
 */
export async function proposalStart(db: Database, personId: number) {
  const fields = await personFields(db, personId);
  if (!fields) return null;
  // The kinds a member may propose, grouped in the form's order.
  const all = await eventsOf(db, personId, undefined, requestLanguage());
  const events = Object.keys(EDITABLE_EVENT_IDS).flatMap((tag) =>
    all.filter((e) => e.tag === tag).map((e) => ({ ...e, label: EDITABLE_EVENT_IDS[tag] })),
  );
  return {
    fields: { givenNames: fields.givenNames, surname: fields.surname, birthSurname: fields.birthSurname, sex: fields.sex },
    events,
  };
}
