import { z } from "zod";
import { DATE_FORMS_MESSAGE_ID, dateInputToGedcom } from "#app/lib/date-input.ts";
import { EDITABLE_EVENT_IDS } from "#app/lib/event-labels.ts";
import { EVENT_FIELDS, PERSON_FIELDS, RELATION_FIELDS, SEXES, TREE_REFUSAL_IDS } from "#app/lib/person-fields.ts";
import { choiceField, idField, lineField, textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { isRestriction } from "#app/lib/restrictions.ts";

// The tree's forms as the one form reader reads them (platform/form.ts): a
// new person (/admin/medis/asmenys), and the person editor's name and notes,
// an event, the parents, a partner and a child (/admin/medis/asmenys/:id, the
// intents "details", "event", "parents", "partner" and "child"). Labels and
// messages are message ids, said in the language of the request being answered.

const text = (field: keyof typeof PERSON_FIELDS) => textField(PERSON_FIELDS[field].id, { max: PERSON_FIELDS[field].max, optional: true });

const names = {
  givenNames: text("givenNames"),
  surname: text("surname"),
  birthSurname: text("birthSurname"),
  sex: choiceField(SEXES, "adminTree.person.chooseSex", "U"),
};

/** A person is named by a given name or a surname: at least one of them (the given name's field is marked). */
function named(person: { givenNames?: string; surname?: string }, ctx: z.RefinementCtx) {
  if (!person.givenNames && !person.surname)
    ctx.addIssue({ code: "custom", path: ["givenNames"], message: requestT()("adminTree.person.nameRequired") });
}
// Checked together with the fields (an over-long surname and a missing name are named at once).
const always = { when: () => true };

/** GEDCOM's mark (restrictions.ts) as a form's select gives it: '' for none, null when the form has no such field. */
const restrictionField = z
  .string()
  .optional()
  .check((ctx) => {
    if (ctx.value !== undefined && ctx.value !== "" && !isRestriction(ctx.value))
      ctx.issues.push({ code: "custom", message: requestT()("genealogy.restriction.unknown"), input: ctx.value });
  })
  .transform((value) => (value === undefined ? undefined : isRestriction(value) ? value : null));

/** Who sees a person (the administrator's): GEDCOM's mark, or none (the living rule alone). */
export const RESTRICTION_FORM = z.object({ intent: z.literal("private"), restriction: restrictionField });

/** A new person: the names and the sex. */
export const NEW_PERSON_FORM = z.object(names).superRefine(named, always);

/** The person editor's "details": the names, the sex and the person's own notes. */
export const PERSON_DETAILS_FORM = z
  .object({
    intent: z.literal("details"),
    ...names,
    note: textField(PERSON_FIELDS.note.id, { max: PERSON_FIELDS.note.max, optional: true }),
  })
  .superRefine(named, always);

/**
 * An event of the person, new (its kind chosen, `tag`) or one of theirs
 * (`eventId`; its kind stays): the date in a form lib/date-input.ts reads,
 * the place and the description.
 */
export const EVENT_FORM = z
  .object({
    intent: z.literal("event"),
    eventId: idField(TREE_REFUSAL_IDS.noSuchEvent),
    tag: z.string().default(""),
    date: textField(EVENT_FIELDS.date.id, { max: EVENT_FIELDS.date.max, optional: true }).check((ctx) => {
      if (ctx.value.length <= EVENT_FIELDS.date.max && dateInputToGedcom(ctx.value) === null)
        ctx.issues.push({ code: "custom", message: requestT()(DATE_FORMS_MESSAGE_ID), input: ctx.value });
    }),
    place: textField(EVENT_FIELDS.place.id, { max: EVENT_FIELDS.place.max, optional: true }),
    value: textField(EVENT_FIELDS.value.id, { max: EVENT_FIELDS.value.max, optional: true }),
    restriction: restrictionField,
  })
  .superRefine((event, ctx) => {
    if (event.eventId === null && !Object.hasOwn(EDITABLE_EVENT_IDS, event.tag))
      ctx.addIssue({ code: "custom", path: ["tag"], message: requestT()(TREE_REFUSAL_IDS.unknownEventKind) });
  }, always);

/** Another person of the tree, as typed: '#12', '12' or a name (genealogy/editing.ts's resolvePerson finds them). */
const relative = (field: keyof typeof RELATION_FIELDS, required?: string) =>
  lineField(RELATION_FIELDS[field].id, { max: RELATION_FIELDS[field].max, optional: !required, required });

/** The person's parents: one of them at least (the father's field is marked when both are empty). */
export const PARENTS_FORM = z
  .object({ intent: z.literal("parents"), first: relative("first"), second: relative("second") })
  .superRefine((parents, ctx) => {
    if (!parents.first && !parents.second)
      ctx.addIssue({ code: "custom", path: ["first"], message: requestT()(TREE_REFUSAL_IDS.noParent) });
  }, always);

/** A new partner of the person. */
export const PARTNER_FORM = z.object({ intent: z.literal("partner"), partner: relative("partner", TREE_REFUSAL_IDS.noPartner) });

/** A child of the person and one of their partners (`partnerId`; none: a child of the person alone). */
export const CHILD_FORM = z.object({
  intent: z.literal("child"),
  child: relative("child", TREE_REFUSAL_IDS.noChild),
  partnerId: idField(TREE_REFUSAL_IDS.noSuchPartner),
});
