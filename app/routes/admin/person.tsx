import { data } from "react-router";
import type { Route } from "./+types/person";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { personForEditing } from "#app/.server/genealogy/editing.ts";
import { PERSON_EDITS } from "#app/.server/genealogy/person-edits.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { personExists } from "#app/.server/genealogy/people.ts";
import { restrictionsAmong } from "#app/.server/genealogy/living.ts";
import { RESTRICTIONS, type Restriction } from "#app/lib/restrictions.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { refuseForm } from "#app/.server/platform/form.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { NameFields } from "#app/components/person-fields.tsx";
import { ConfirmRemovePanel, RemoveForm } from "#app/components/remove-form.tsx";
import { EDITABLE_EVENT_IDS } from "#app/lib/event-labels.ts";
import { DATE_FORMS_HINT_ID, gedcomToDateInput } from "#app/lib/date-input.ts";
import { parseId } from "#app/lib/numbers.ts";
import { EVENT_FIELDS, PERSON_FIELDS, RELATION_FIELDS, TREE_REFUSAL_IDS } from "#app/lib/person-fields.ts";
import { atLeast } from "#app/lib/roles.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { treeId, viewer } = await treeViewer(context);
  const id = parseId(params.id);
  const { db } = services(context);
  const person = treeId === null || id === null ? null : await personForEditing(db, treeId, id, viewer);
  if (!person) throw data(null, { status: 404 });
  const role = requireRole(context, "redaktorius").role;
  const restriction = (await restrictionsAmong(db, treeId!, [id!])).get(id!) ?? null;
  return { ...person, restriction, canMarkPrivate: atLeast(role, "administratorius") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const treeId = await currentTreeId(db);
  const personId = parseId(params.id);
  // Every change is about this person: one that does not exist changes nothing.
  if (treeId === null || personId === null || !(await personExists(db, treeId, personId))) return refusal("personNotFound", 404);
  const form = await request.formData();
  const edit = Object.hasOwn(PERSON_EDITS, String(form.get("intent"))) ? PERSON_EDITS[String(form.get("intent"))] : null;
  // Said here: the root's error page knows only the site's words.
  if (!edit) throw data(serverT(request)("adminTree.error.unknownAction"), { status: 400 });
  if (edit.role) requireRole(context, edit.role);
  const outcome = await edit.run({ db, by: user, treeId, personId }, form);
  if ("confirmRemove" in outcome) return data({ confirmRemove: true });
  if ("missing" in outcome) return refusal("personNotFound", 404);
  if ("invalid" in outcome) return refuseForm(outcome.invalid);
  if ("refused" in outcome) return refusal({ title: TREE_REFUSAL_IDS[outcome.refused], variant: "error" }, outcome.status);
  return redirectWithToast(outcome.goTo === "list" ? "/admin/medis/asmenys" : `/admin/medis/asmenys/${personId}`, outcome.saved);
}

function Who({ person }: { person: PersonSummary }) {
  return (
    <Link to={`/admin/medis/asmenys/${person.id}`}>
      {person.name} {person.years ? `(${person.years})` : ""} #{person.id}
    </Link>
  );
}

type Typed = Record<string, string>;
type Errors = Partial<Record<string, string>>;

/** A field naming another person ('#12', '12' or a unique name): as typed and with the server's message when its form was refused. */
function PersonInput({
  field,
  id = field,
  refused,
}: {
  field: keyof typeof RELATION_FIELDS;
  id?: string;
  refused: { typed: Typed; errors: Errors } | null;
}) {
  const t = useT();
  return (
    <div className="min-w-48 flex-1">
      <Field
        id={id}
        name={field}
        label={t(RELATION_FIELDS[field].id)}
        placeholder={t("adminTree.person.relativePlaceholder")}
        maxLength={RELATION_FIELDS[field].max}
        defaultValue={refused?.typed[field] ?? ""}
        error={refused?.errors[field]}
      />
    </div>
  );
}

/**
 * Which form a refusal was about: the person's details, one event ("event:12",
 * "event:" for a new one), the parents, a partner, or a child with one partner
 * ("child:7", "child:" for a child of the person alone).
 */
function formRefused(typed: Typed | undefined): string | null {
  if (!typed) return null;
  if (typed.intent === "event") return `event:${typed.eventId ?? ""}`;
  if (typed.intent === "child") return `child:${typed.partnerId ?? ""}`;
  return typed.intent ?? null;
}

/** The id of a refused form's field on this page, where several forms have the same fields (`family`: the refused child's). */
function fieldIdOf(which: string | null, field: string, typed: Typed | undefined, family: number | undefined): string {
  if (which?.startsWith("event:")) return `${which === "event:" ? "new" : `e${typed!.eventId}`}-${field}`;
  if (which?.startsWith("child:")) return `child-${family}`;
  return field;
}

export default function PersonEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { person, summary, events, parents, families, gallery, documents, restriction, canMarkPrivate } = loaderData;
  const confirm = actionData && "confirmRemove" in actionData;
  const refused = refusedForm(actionData);
  const typed: Typed | undefined = refused?.typed;
  const errors: Errors = refused?.errors ?? {};
  const which = formRefused(typed);
  // A child's form is told apart by the partner it posts; its field's id is the family's.
  const childOf = (f: (typeof families)[number]) => `child:${f.partner?.id ?? ""}`;
  const refusedFamily = families.find((f) => childOf(f) === which)?.familyId;
  // The first field named takes the focus: an event's or a child's field has an id of its own ("new-date", "e12-date", "child-7").
  const byId: Errors = Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [fieldIdOf(which, field, typed, refusedFamily), message]),
  );
  useFocusFirstError(
    byId,
    refused?.toast.id,
    ["givenNames", "surname", "birthSurname", "sex", "note", "tag", "date", "place", "value"].map((field) =>
      fieldIdOf(which, field, typed, refusedFamily),
    ),
  );
  const refusedHere = (form: string) => (which === form ? { typed: typed!, errors } : null);
  const removeQuestion = t("adminTree.person.removeQuestion", { name: summary.name });
  return (
    <>
      <PageTitle>{t("adminTree.person.title", { name: summary.name })}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis/asmenys">{t("adminTree.person.backToPeople")}</Link> ·{" "}
        <Link to={`/asmuo/${person.id}`}>{t("adminTree.person.publicPage")}</Link> ·{" "}
        <Link to={`/admin/pakeitimai?tema=person&id=${person.id}`}>{t("adminTree.person.history")}</Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">
        {summary.name} <span className="text-base font-normal text-ink-soft">#{person.id}</span>
      </h1>
      <FormAlert toast={actionData && "toast" in actionData ? actionData.toast : null} />
      {confirm ? (
        <ConfirmRemovePanel
          id={person.id}
          question={removeQuestion}
          detail={t("adminTree.person.removeDetail")}
          cancelTo={`/admin/medis/asmenys/${person.id}`}
        />
      ) : null}
      {canMarkPrivate ? (
        <Form method="post" className="card mb-6 flex flex-wrap items-end gap-3 p-4">
          <input type="hidden" name="intent" value="private" />
          <RestrictionSelect
            id="restriction"
            of="person"
            value={which === "private" ? (typed?.restriction ?? "") : (restriction ?? "")}
            error={which === "private" ? errors.restriction : undefined}
          />
          <button type="submit" className="btn-secondary">
            {t("adminTree.save")}
          </button>
        </Form>
      ) : restriction ? (
        <p className="card mb-6 p-4 text-sm text-accent">{t(`adminTree.person.is.${restriction}`)}</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="duomenys" className="card p-6">
          <h2 id="duomenys" className="mb-3 text-xl font-semibold">
            {t("adminTree.person.details")}
          </h2>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="details" />
            <NameFields
              values={
                which === "details" && typed
                  ? {
                      givenNames: typed.givenNames ?? person.givenNames,
                      surname: typed.surname ?? person.surname,
                      birthSurname: typed.birthSurname ?? person.birthSurname,
                      sex: typed.sex ?? person.sex,
                    }
                  : person
              }
              errors={which === "details" ? errors : undefined}
            />
            <Field
              id="note"
              label={t(PERSON_FIELDS.note.id)}
              multiline
              rows={4}
              maxLength={PERSON_FIELDS.note.max}
              defaultValue={which === "details" ? (typed?.note ?? person.note) : person.note}
              error={which === "details" ? errors.note : undefined}
            />
            <button type="submit" className="btn-primary">
              {t("adminTree.save")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="ivykiai" className="card p-6">
          <h2 id="ivykiai" className="mb-3 text-xl font-semibold">
            {t("adminTree.person.events")}
          </h2>
          <ul className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="rounded border border-line p-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="event" />
                  <input type="hidden" name="eventId" value={e.id} />
                  <input type="hidden" name="tag" value={e.tag} />
                  <span className="w-full font-medium">{EDITABLE_EVENT_IDS[e.tag] ? t(EDITABLE_EVENT_IDS[e.tag]) : e.tag}</span>
                  <EventFields
                    date={e.date ? gedcomToDateInput(e.date, t.locale) : ""}
                    place={e.place ?? ""}
                    value={e.value ?? ""}
                    restriction={e.restriction ?? ""}
                    idPrefix={`e${e.id}`}
                    refused={refusedHere(`event:${e.id}`)}
                  />
                  <button type="submit" className="btn-secondary">
                    {t("adminTree.save")}
                  </button>
                </Form>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="removeEvent" />
                  <input type="hidden" name="eventId" value={e.id} />
                  <button type="submit" className="tap text-sm text-red-800 underline">
                    {t("adminTree.person.removeEvent")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 border-t border-line pt-4">
            <input type="hidden" name="intent" value="event" />
            <div>
              <label htmlFor="new-tag" className="field-label">
                {t("adminTree.person.newEvent")}
              </label>
              <select
                id="new-tag"
                name="tag"
                className="field-input"
                defaultValue={which === "event:" ? typed?.tag : undefined}
                aria-invalid={which === "event:" && errors.tag ? true : undefined}
                aria-describedby={which === "event:" && errors.tag ? "new-tag-error" : undefined}
              >
                {Object.entries(EDITABLE_EVENT_IDS).map(([tag, label]) => (
                  <option key={tag} value={tag}>
                    {t(label)}
                  </option>
                ))}
              </select>
              {which === "event:" && errors.tag ? (
                <p id="new-tag-error" className="mt-1 text-sm text-red-800">
                  {t.say(errors.tag)}
                </p>
              ) : null}
            </div>
            <EventFields date="" place="" value="" restriction="" idPrefix="new" refused={refusedHere("event:")} />
            <button type="submit" className="btn-primary">
              {t("adminTree.person.addEvent")}
            </button>
          </Form>
          <p className="mt-2 text-xs text-ink-soft">{t(DATE_FORMS_HINT_ID)}</p>
        </section>

        <section aria-labelledby="tevai" className="card p-6">
          <h2 id="tevai" className="mb-3 text-xl font-semibold">
            {t("adminTree.person.parents")}
          </h2>
          {parents.length ? (
            <ul className="mb-3 space-y-1">
              {parents.map((f) => (
                <li key={f.familyId} className="flex flex-wrap items-center gap-2">
                  {f.parents.length ? f.parents.map((p, i) => <Who key={i} person={p} />) : t("adminTree.person.parentsUnknown")}
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlinkChild" />
                    <input type="hidden" name="familyId" value={f.familyId} />
                    <input type="hidden" name="personId" value={person.id} />
                    <button type="submit" className="tap text-sm text-red-800 underline">
                      {t("adminTree.person.unlinkParents")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-3 text-ink-soft">{t("adminTree.person.noParents")}</p>
          )}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="parents" />
            {/* The fields' tops in line, so that a message under one does not shift the other. */}
            <div className="flex flex-wrap items-start gap-2">
              <PersonInput field="first" refused={refusedHere("parents")} />
              <PersonInput field="second" refused={refusedHere("parents")} />
            </div>
            <button type="submit" className="btn-secondary">
              {t("adminTree.person.setParents")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="seimos" className="card p-6">
          <h2 id="seimos" className="mb-3 text-xl font-semibold">
            {t("adminTree.person.families")}
          </h2>
          {families.map((f) => (
            <div key={f.familyId} className="mb-4 rounded border border-line p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t("adminTree.person.partner")}</span>{" "}
                {f.partner ? <Who person={f.partner} /> : t("adminTree.person.partnerUnknown")}
                {f.partner ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlinkPartner" />
                    <input type="hidden" name="familyId" value={f.familyId} />
                    <input type="hidden" name="personId" value={f.partner.id} />
                    <button type="submit" className="tap text-sm text-red-800 underline">
                      {t("adminTree.person.unlink")}
                    </button>
                  </Form>
                ) : null}
              </div>
              <ul className="mt-2 ml-4 list-disc">
                {f.children.map((c) => (
                  <li key={c.id}>
                    <Who person={c} />
                  </li>
                ))}
              </ul>
              <Form method="post" className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="child" />
                {f.partner ? <input type="hidden" name="partnerId" value={f.partner.id} /> : null}
                <PersonInput
                  field="child"
                  id={`child-${f.familyId}`}
                  refused={f.familyId === refusedFamily ? refusedHere(childOf(f)) : null}
                />
                <button type="submit" className="btn-secondary">
                  {t("adminTree.person.add")}
                </button>
              </Form>
            </div>
          ))}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="partner" />
            <PersonInput field="partner" refused={refusedHere("partner")} />
            <button type="submit" className="btn-secondary">
              {t("adminTree.person.addPartner")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="nuorodos" className="card p-6 lg:col-span-2">
          <h2 id="nuorodos" className="mb-3 text-xl font-semibold">
            {t("adminTree.person.links")}
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="links" />
            <div className="grid gap-6 sm:grid-cols-2">
              <fieldset>
                <legend className="field-label">{t("adminTree.person.galleryPhotos")}</legend>
                {gallery.map((g) => (
                  <label key={g.id} className="flex items-center gap-2 py-0.5">
                    <input type="checkbox" name="gallery" value={g.id} defaultChecked={g.linked} /> <span lang="lt">{g.title}</span>
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend className="field-label">{t("adminTree.person.documents")}</legend>
                {documents.map((d) => (
                  <label key={d.id} className="flex items-center gap-2 py-0.5">
                    <input type="checkbox" name="document" value={d.id} defaultChecked={d.linked} /> <span lang="lt">{d.title}</span>
                  </label>
                ))}
              </fieldset>
            </div>
            <button type="submit" className="btn-primary mt-3">
              {t("adminTree.person.saveLinks")}
            </button>
          </Form>
        </section>
      </div>
      <div className="mt-8">
        <RemoveForm id={person.id} question={removeQuestion}>
          <button type="submit" className="btn border border-red-200 bg-paper text-red-800 hover:bg-red-50">
            {t("adminTree.person.remove")}
          </button>
        </RemoveForm>
      </div>
    </>
  );
}

/** An event's date, place and description: as stored, or as typed when the server refused them (each message beside its field). */
/**
 * Who sees a person or a fact: GEDCOM's mark (RESN, restrictions.ts) as a
 * select, nothing chosen meaning the living rule alone.
 */
function RestrictionSelect({ id, of, value, error }: { id: string; of: "person" | "event"; value: string; error?: string }) {
  const t = useT();
  const options: ("" | Restriction)[] = ["", ...RESTRICTIONS];
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t(`adminTree.${of}.restriction.label`)}
      </label>
      <select
        id={id}
        name="restriction"
        className="field-input"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`adminTree.${of}.restriction.${option || "none"}`)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {t.say(error)}
        </p>
      ) : null}
    </div>
  );
}

function EventFields({
  date,
  place,
  value,
  restriction,
  idPrefix,
  refused,
}: {
  date: string;
  place: string;
  value: string;
  restriction: string;
  idPrefix: string;
  refused: { typed: Typed; errors: Errors } | null;
}) {
  const t = useT();
  const stored = { date, place, value };
  const fields = [
    { name: "date", placeholder: t("adminTree.person.datePlaceholder"), className: "" },
    { name: "place", placeholder: undefined, className: "min-w-40 flex-1" },
    { name: "value", placeholder: t("adminTree.person.valuePlaceholder"), className: "min-w-32" },
  ] as const;
  return (
    <>
      {fields.map(({ name, placeholder, className }) => (
        <div key={name} className={className || undefined}>
          <Field
            id={`${idPrefix}-${name}`}
            name={name}
            label={t(EVENT_FIELDS[name].id)}
            defaultValue={refused?.typed[name] ?? stored[name]}
            placeholder={placeholder}
            maxLength={EVENT_FIELDS[name].max}
            error={refused?.errors[name]}
          />
        </div>
      ))}
      <RestrictionSelect
        id={`${idPrefix}-restriction`}
        of="event"
        value={refused?.typed.restriction ?? restriction}
        error={refused?.errors.restriction}
      />
    </>
  );
}
