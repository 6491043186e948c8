import { data } from "react-router";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/person-proposal";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import {
  PERSON_PROPOSAL_KINDS,
  partnersOf,
  proposalStart,
  readMemberProposal,
  RELATIONS,
  type PersonProposalKind,
} from "#app/.server/proposals/person.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { proposalsLeftToday, submitProposal, SUBMIT_REFUSAL_STATUS } from "#app/.server/proposals/proposals.ts";
import { refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError, type FieldErrors } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { NameFields, SexSelect } from "#app/components/person-fields.tsx";
import { EDITABLE_EVENT_IDS } from "#app/lib/event-labels.ts";
import { parseId } from "#app/lib/numbers.ts";
import { PERSON_PROPOSAL_MAX } from "#app/lib/proposals.ts";

// A member proposes a correction of a person (names, sex) or a fact added or
// corrected (issue 17). Plain forms; each becomes a proposal that an editor
// reviews at /admin/perziura (proposals/person.ts).

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

const NOT_FOUND = "account.person.notFound";

/** The person, when the member may see them (the living are shown to members; private people are not). */
async function visiblePerson(context: Route.LoaderArgs["context"], raw: string | undefined) {
  const { treeId, viewer } = await treeViewer(context);
  const id = parseId(raw);
  const person = treeId === null || id === null ? null : await personDetail(services(context).db, treeId, id, viewer);
  if (!person || person.summary.hidden) throw data(NOT_FOUND, { status: 404 });
  return person.summary;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  const { db } = services(context);
  const person = await visiblePerson(context, params.id);
  const start = await proposalStart(db, person.id);
  if (!start) throw data(NOT_FOUND, { status: 404 });
  return {
    person: { id: person.id, name: person.name },
    ...start,
    relations: RELATIONS,
    partners: await partnersOf(db, person.id),
    left: await proposalsLeftToday(db, user.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  const person = await visiblePerson(context, params.id);
  const form = await request.formData();
  const kind = String(form.get("kind") ?? "");
  if (!Object.hasOwn(PERSON_PROPOSAL_KINDS, kind)) throw data("account.person.unknownKind", { status: 400 });
  // What the member typed comes back with a message by field, to the form that was sent (without JavaScript too).
  const read = await readMemberProposal(ctx, kind as PersonProposalKind, String(person.id), form);
  if (!read.ok) return refuseForm(read);
  const result = await submitProposal(ctx, user, { kind, subjectKind: "person", subjectId: String(person.id), payload: read.value });
  if (!result.ok) return refusal(result.reason, SUBMIT_REFUSAL_STATUS[result.reason], { typed: read.typed, errors: {} });
  await onNewItem(ctx, { kind: "proposal", id: result.id });
  return redirectWithToast("/paskyra/pasiulymai", "proposalSent");
}

/** Each field of a form by the name it is sent under, and the id it has on the page (several forms here send a 'date'). */
type Ids = Record<string, string>;

const eventIds = (prefix: string): Ids => ({
  tag: `${prefix}-tag`,
  date: `${prefix}-date`,
  place: `${prefix}-place`,
  value: `${prefix}-value`,
});
const RELATION_IDS: Ids = {
  relation: "relation",
  existing: "existing",
  givenNames: "rel-givenNames",
  surname: "rel-surname",
  sex: "rel-sex",
  birthDate: "rel-birthDate",
  otherParent: "otherParent",
};
const NAME_IDS: Ids = { givenNames: "givenNames", surname: "surname", birthSurname: "birthSurname", sex: "sex" };

function EventFields({ ids, values, errors }: { ids: Ids; values: Record<"date" | "place" | "value", string>; errors: FieldErrors }) {
  const t = useT();
  return (
    <>
      <Field
        id={ids.date}
        name="date"
        label={t("account.person.date")}
        defaultValue={values.date}
        maxLength={PERSON_PROPOSAL_MAX.date}
        hint={t("account.person.dateHint")}
        error={errors.date}
      />
      <Field
        id={ids.place}
        name="place"
        label={t("account.person.place")}
        defaultValue={values.place}
        maxLength={PERSON_PROPOSAL_MAX.place}
        error={errors.place}
      />
      <Field
        id={ids.value}
        name="value"
        label={t("account.person.value")}
        defaultValue={values.value}
        maxLength={PERSON_PROPOSAL_MAX.value}
        hint={t("account.person.valueHint")}
        error={errors.value}
      />
    </>
  );
}

/** A select's message, tied to it (SexSelect and the page's own selects). */
function SelectError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
      <Say text={error} />
    </p>
  ) : null;
}

/** Which of the page's forms a sent form was: its messages and what was typed go back to it. */
function formKey(sent: Record<string, string>): string {
  return sent.kind === "event" ? `event-${sent.eventId ?? "new"}` : sent.kind;
}

export default function PersonProposalPage({
  loaderData: { person, fields, events, relations, partners, left },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  const sent = actionData?.typed ?? null;
  const errors: FieldErrors = actionData?.errors ?? {};
  const forms = ["event-new", ...events.map((e) => `event-${e.id}`), "relation", "person-fields"];
  // A form no longer on the page (its event removed meanwhile), or the day's cap: the message goes on top.
  const failed = sent && left > 0 && forms.includes(formKey(sent)) ? formKey(sent) : null;
  /** What the member typed in the form that was refused, else the field's starting value. */
  const typed = (key: string, name: string, start: string) => (failed === key ? (sent?.[name] ?? start) : start);
  /** The refused form's messages; none for the others. */
  const errorsOf = (key: string): FieldErrors => (failed === key ? errors : {});
  const alert = (key: string) =>
    failed === key ? (
      <>
        <FormAlert toast={actionData?.toast} />
        {/* The event corrected is gone: said here, there is no field for it. */}
        {errors.eventId ? (
          <p className="mb-4 text-red-800">
            <Say text={errors.eventId} />
          </p>
        ) : null}
      </>
    ) : null;
  // The first field refused takes the focus (by its id on the page).
  const ids: Ids =
    failed === "relation"
      ? RELATION_IDS
      : failed === "person-fields"
        ? NAME_IDS
        : failed
          ? eventIds(failed === "event-new" ? "new" : `e${sent?.eventId}`)
          : {};
  useFocusFirstError(
    Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (ids[field] ? [[ids[field], message]] : []))),
    actionData?.toast.id,
    Object.values(ids),
  );
  const newEvent = eventIds("new");
  const nameErrors = errorsOf("person-fields");
  const relationErrors = errorsOf("relation");
  return (
    <>
      <PageTitle>{t("account.person.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to={`/asmuo/${person.id}`}>{t("account.propose.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold">{t("account.person.title")}</h1>
      <p className="mt-2 text-lg text-ink-soft">
        {/* A name, as the family wrote it. */}
        <InLanguage lang="lt">{person.name}</InLanguage>
      </p>
      <p className="mt-4 max-w-2xl text-ink-soft">
        {t.rich("account.person.lead", { link: (chunks) => <Link to="/paskyra/pasiulymai">{chunks}</Link> })}
      </p>
      {actionData?.toast && failed === null ? (
        <div className="mt-4 max-w-2xl">
          <FormAlert toast={actionData.toast} />
          {Object.values(errors).map((message) => (
            <p key={message} className="mb-4 text-red-800">
              <Say text={message ?? ""} />
            </p>
          ))}
        </div>
      ) : null}
      {left === 0 ? (
        <p className="mt-6 text-accent">{t("account.propose.capReached")}</p>
      ) : (
        <div className="mt-6 grid max-w-2xl gap-6">
          <p className="text-sm text-ink-soft">{t("account.person.left", { left })}</p>
          <section aria-labelledby="faktai" className="card p-6">
            <h2 id="faktai" className="mb-4 text-xl font-semibold">
              {t("account.person.addEvent")}
            </h2>
            {alert("event-new")}
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="kind" value="event" />
              <div>
                <label htmlFor={newEvent.tag} className="field-label">
                  {t("account.person.eventKind")}
                </label>
                <select
                  id={newEvent.tag}
                  name="tag"
                  className="field-input"
                  defaultValue={typed("event-new", "tag", "BIRT")}
                  aria-invalid={errorsOf("event-new").tag ? true : undefined}
                  aria-describedby={errorsOf("event-new").tag ? `${newEvent.tag}-error` : undefined}
                >
                  {Object.entries(EDITABLE_EVENT_IDS).map(([tag, label]) => (
                    <option key={tag} value={tag}>
                      {t(label)}
                    </option>
                  ))}
                </select>
                <SelectError id={newEvent.tag} error={errorsOf("event-new").tag} />
              </div>
              <EventFields
                ids={newEvent}
                values={{
                  date: typed("event-new", "date", ""),
                  place: typed("event-new", "place", ""),
                  value: typed("event-new", "value", ""),
                }}
                errors={errorsOf("event-new")}
              />
              <button type="submit" className="btn-primary">
                {t("account.person.proposeEvent")}
              </button>
            </Form>
          </section>
          {events.map((event) => {
            const key = `event-${event.id}`;
            return (
              <section key={event.id} aria-labelledby={`ivykis-${event.id}`} className="card p-6">
                <h2 id={`ivykis-${event.id}`} className="mb-4 text-xl font-semibold">
                  {t("account.person.correctEvent", { event: t(event.label) })}
                </h2>
                {alert(key)}
                <Form method="post" noValidate className="space-y-4">
                  <input type="hidden" name="kind" value="event" />
                  <input type="hidden" name="eventId" value={event.id} />
                  <EventFields
                    ids={eventIds(`e${event.id}`)}
                    values={{
                      date: typed(key, "date", event.date),
                      place: typed(key, "place", event.place),
                      value: typed(key, "value", event.value),
                    }}
                    errors={errorsOf(key)}
                  />
                  <button type="submit" className="btn-primary">
                    {t("account.person.proposeCorrection")}
                  </button>
                </Form>
              </section>
            );
          })}
          <section aria-labelledby="giminaitis" className="card p-6">
            <h2 id="giminaitis" className="mb-4 text-xl font-semibold">
              {t("account.person.addRelative")}
            </h2>
            {alert("relation")}
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="kind" value="relation" />
              <div>
                <label htmlFor="relation" className="field-label">
                  {t("account.person.relation")}
                </label>
                <select
                  id="relation"
                  name="relation"
                  className="field-input"
                  defaultValue={typed("relation", "relation", "child")}
                  aria-invalid={relationErrors.relation ? true : undefined}
                  aria-describedby={relationErrors.relation ? "relation-error" : undefined}
                >
                  {Object.entries(relations).map(([value, label]) => (
                    <option key={value} value={value}>
                      {t(label)}
                    </option>
                  ))}
                </select>
                <SelectError id="relation" error={relationErrors.relation} />
              </div>
              <Field
                id="existing"
                label={t("account.person.existing")}
                defaultValue={typed("relation", "existing", "")}
                maxLength={PERSON_PROPOSAL_MAX.existing}
                hint={t("account.person.existingHint")}
                error={relationErrors.existing}
              />
              <fieldset className="space-y-3">
                <legend className="field-label">{t("account.person.newPerson")}</legend>
                <Field
                  id={RELATION_IDS.givenNames}
                  name="givenNames"
                  label={t("account.person.givenNames")}
                  defaultValue={typed("relation", "givenNames", "")}
                  maxLength={PERSON_PROPOSAL_MAX.name}
                  error={relationErrors.givenNames}
                />
                <Field
                  id={RELATION_IDS.surname}
                  name="surname"
                  label={t("account.person.surname")}
                  defaultValue={typed("relation", "surname", "")}
                  maxLength={PERSON_PROPOSAL_MAX.name}
                  error={relationErrors.surname}
                />
                <div>
                  <SexSelect id={RELATION_IDS.sex} defaultValue={typed("relation", "sex", "U")} />
                  <SelectError id={RELATION_IDS.sex} error={relationErrors.sex} />
                </div>
                <Field
                  id={RELATION_IDS.birthDate}
                  name="birthDate"
                  label={t("account.person.birthDate")}
                  defaultValue={typed("relation", "birthDate", "")}
                  maxLength={PERSON_PROPOSAL_MAX.date}
                  hint={t("account.person.birthDateHint")}
                  error={relationErrors.birthDate}
                />
              </fieldset>
              <div>
                <label htmlFor="otherParent" className="field-label">
                  {t("account.person.otherParent")}
                </label>
                <select
                  id="otherParent"
                  name="otherParent"
                  className="field-input"
                  defaultValue={typed("relation", "otherParent", partners.length === 1 ? String(partners[0].id) : "")}
                  aria-invalid={relationErrors.otherParent ? true : undefined}
                  aria-describedby={relationErrors.otherParent ? "otherParent-error" : undefined}
                >
                  {partners.map((partner) => (
                    <option key={partner.id} value={partner.id}>
                      {partner.name}
                    </option>
                  ))}
                  <option value="">{t("account.person.otherParentUnknown")}</option>
                </select>
                <SelectError id="otherParent" error={relationErrors.otherParent} />
              </div>
              <button type="submit" className="btn-primary">
                {t("account.person.proposeRelative")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="vardas" className="card p-6">
            <h2 id="vardas" className="mb-4 text-xl font-semibold">
              {t("account.person.nameAndSex")}
            </h2>
            {alert("person-fields")}
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="kind" value="person-fields" />
              <NameFields
                values={{
                  givenNames: typed("person-fields", "givenNames", fields.givenNames),
                  surname: typed("person-fields", "surname", fields.surname),
                  birthSurname: typed("person-fields", "birthSurname", fields.birthSurname ?? ""),
                  sex: typed("person-fields", "sex", fields.sex),
                }}
                errors={nameErrors}
              />
              <button type="submit" className="btn-primary">
                {t("account.person.proposeCorrection")}
              </button>
            </Form>
          </section>
        </div>
      )}
    </>
  );
}
