import { data, Form, Link } from "react-router";
import type { Route } from "./+types/person";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { personForEditing } from "#app/.server/genealogy/editing.ts";
import { PERSON_EDITS } from "#app/.server/genealogy/person-edits.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { personExists } from "#app/.server/genealogy/people.ts";
import { privateAmong } from "#app/.server/genealogy/living.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { NameFields } from "#app/components/person-fields.tsx";
import { ConfirmRemovePanel, RemoveForm } from "#app/components/remove-form.tsx";
import { EDITABLE_EVENTS } from "#app/lib/event-labels.ts";
import { DATE_FORMS_MESSAGE, gedcomToDateInput } from "#app/lib/date-input.ts";
import { parseId } from "#app/lib/numbers.ts";
import { EVENT_FIELDS, PERSON_FIELDS, RELATION_FIELDS, TREE_REFUSALS } from "#app/lib/person-fields.ts";
import { atLeast } from "#app/lib/roles.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { treeId, viewer } = await treeViewer(context);
  const id = parseId(params.id);
  const { db } = services(context);
  const person = treeId === null || id === null ? null : await personForEditing(db, treeId, id, viewer);
  if (!person) throw data(null, { status: 404 });
  const role = requireRole(context, "redaktorius").role;
  return { ...person, isPrivate: (await privateAmong(db, [id!])).has(id!), canMarkPrivate: atLeast(role, "administratorius") };
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
  if (!edit) throw data("Nežinomas veiksmas", { status: 400 });
  if (edit.role) requireRole(context, edit.role);
  const outcome = await edit.run({ db, by: user, treeId, personId }, form);
  if ("confirmRemove" in outcome) return data({ confirmRemove: true });
  if ("missing" in outcome) return refusal("personNotFound", 404);
  if ("invalid" in outcome) return refuseForm(outcome.invalid);
  if ("refused" in outcome) return refusal({ title: TREE_REFUSALS[outcome.refused], variant: "error" }, outcome.status);
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
  return (
    <div className="min-w-48 flex-1">
      <Field
        id={id}
        name={field}
        label={RELATION_FIELDS[field].label}
        placeholder="Vardas Pavardė arba #numeris"
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
  const { person, summary, events, parents, families, gallery, documents, isPrivate, canMarkPrivate } = loaderData;
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
  const removeQuestion = `Ar tikrai pašalinti asmenį „${summary.name}“ iš giminės medžio?`;
  return (
    <>
      <PageTitle>{`Asmuo: ${summary.name}`}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis/asmenys">← Giminės asmenys</Link> · <Link to={`/asmuo/${person.id}`}>Viešas puslapis</Link> ·{" "}
        <Link to={`/admin/pakeitimai?tema=person&id=${person.id}`}>Pakeitimų istorija</Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">
        {summary.name} <span className="text-base font-normal text-ink-soft">#{person.id}</span>
      </h1>
      <FormAlert toast={actionData && "toast" in actionData ? actionData.toast : null} />
      {confirm ? (
        <ConfirmRemovePanel
          id={person.id}
          question={removeQuestion}
          detail="Bus pašalinti ir jo įvykiai bei ryšiai su kitais asmenimis."
          cancelTo={`/admin/medis/asmenys/${person.id}`}
        />
      ) : null}
      {canMarkPrivate ? (
        <Form method="post" className="card mb-6 flex flex-wrap items-center gap-3 p-4">
          <input type="hidden" name="intent" value="private" />
          <label className="flex items-center gap-2">
            <input type="checkbox" name="private" value="1" defaultChecked={isPrivate} />
            Privatus: nerodyti ir prisijungusiems giminės nariams (mato tik redaktoriai ir administratorius)
          </label>
          <button type="submit" className="btn-secondary">
            Išsaugoti
          </button>
        </Form>
      ) : isPrivate ? (
        <p className="card mb-6 p-4 text-sm text-accent">Privatus asmuo: nariai ir lankytojai jo nemato.</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="duomenys" className="card p-6">
          <h2 id="duomenys" className="mb-3 text-xl font-semibold">
            Vardas ir pastabos
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
              label={PERSON_FIELDS.note.label}
              multiline
              rows={4}
              maxLength={PERSON_FIELDS.note.max}
              defaultValue={which === "details" ? (typed?.note ?? person.note) : person.note}
              error={which === "details" ? errors.note : undefined}
            />
            <button type="submit" className="btn-primary">
              Išsaugoti
            </button>
          </Form>
        </section>

        <section aria-labelledby="ivykiai" className="card p-6">
          <h2 id="ivykiai" className="mb-3 text-xl font-semibold">
            Gyvenimo įvykiai
          </h2>
          <ul className="space-y-3">
            {events.map((e) => (
              <li key={e.id} className="rounded border border-line p-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="event" />
                  <input type="hidden" name="eventId" value={e.id} />
                  <input type="hidden" name="tag" value={e.tag} />
                  <span className="w-full font-medium">{EDITABLE_EVENTS[e.tag] ?? e.tag}</span>
                  <EventFields
                    date={e.date ? gedcomToDateInput(e.date) : ""}
                    place={e.place ?? ""}
                    value={e.value ?? ""}
                    idPrefix={`e${e.id}`}
                    refused={refusedHere(`event:${e.id}`)}
                  />
                  <button type="submit" className="btn-secondary">
                    Išsaugoti
                  </button>
                </Form>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="removeEvent" />
                  <input type="hidden" name="eventId" value={e.id} />
                  <button type="submit" className="tap text-sm text-red-800 underline">
                    Pašalinti įvykį
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 border-t border-line pt-4">
            <input type="hidden" name="intent" value="event" />
            <div>
              <label htmlFor="new-tag" className="field-label">
                Naujas įvykis
              </label>
              <select
                id="new-tag"
                name="tag"
                className="field-input"
                defaultValue={which === "event:" ? typed?.tag : undefined}
                aria-invalid={which === "event:" && errors.tag ? true : undefined}
                aria-describedby={which === "event:" && errors.tag ? "new-tag-error" : undefined}
              >
                {Object.entries(EDITABLE_EVENTS).map(([tag, label]) => (
                  <option key={tag} value={tag}>
                    {label}
                  </option>
                ))}
              </select>
              {which === "event:" && errors.tag ? (
                <p id="new-tag-error" className="mt-1 text-sm text-red-800">
                  {errors.tag}
                </p>
              ) : null}
            </div>
            <EventFields date="" place="" value="" idPrefix="new" refused={refusedHere("event:")} />
            <button type="submit" className="btn-primary">
              Pridėti įvykį
            </button>
          </Form>
          <p className="mt-2 text-xs text-ink-soft">{DATE_FORMS_MESSAGE.replace("Data neatpažinta. ", "")}</p>
        </section>

        <section aria-labelledby="tevai" className="card p-6">
          <h2 id="tevai" className="mb-3 text-xl font-semibold">
            Tėvai
          </h2>
          {parents.length ? (
            <ul className="mb-3 space-y-1">
              {parents.map((f) => (
                <li key={f.familyId} className="flex flex-wrap items-center gap-2">
                  {f.parents.length ? f.parents.map((p, i) => <Who key={i} person={p} />) : "Nežinomi"}
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlinkChild" />
                    <input type="hidden" name="familyId" value={f.familyId} />
                    <input type="hidden" name="personId" value={person.id} />
                    <button type="submit" className="tap text-sm text-red-800 underline">
                      Atsieti nuo šių tėvų
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-3 text-ink-soft">Tėvai nenurodyti.</p>
          )}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="parents" />
            {/* The fields' tops in line, so that a message under one does not shift the other. */}
            <div className="flex flex-wrap items-start gap-2">
              <PersonInput field="first" refused={refusedHere("parents")} />
              <PersonInput field="second" refused={refusedHere("parents")} />
            </div>
            <button type="submit" className="btn-secondary">
              Nurodyti tėvus
            </button>
          </Form>
        </section>

        <section aria-labelledby="seimos" className="card p-6">
          <h2 id="seimos" className="mb-3 text-xl font-semibold">
            Partneriai ir vaikai
          </h2>
          {families.map((f) => (
            <div key={f.familyId} className="mb-4 rounded border border-line p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Partneris:</span> {f.partner ? <Who person={f.partner} /> : "nežinomas"}
                {f.partner ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlinkPartner" />
                    <input type="hidden" name="familyId" value={f.familyId} />
                    <input type="hidden" name="personId" value={f.partner.id} />
                    <button type="submit" className="tap text-sm text-red-800 underline">
                      Atsieti
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
                  Pridėti
                </button>
              </Form>
            </div>
          ))}
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="partner" />
            <PersonInput field="partner" refused={refusedHere("partner")} />
            <button type="submit" className="btn-secondary">
              Pridėti partnerį
            </button>
          </Form>
        </section>

        <section aria-labelledby="nuorodos" className="card p-6 lg:col-span-2">
          <h2 id="nuorodos" className="mb-3 text-xl font-semibold">
            Nuotraukos ir dokumentai
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="links" />
            <div className="grid gap-6 sm:grid-cols-2">
              <fieldset>
                <legend className="field-label">Galerijos nuotraukos</legend>
                {gallery.map((g) => (
                  <label key={g.id} className="flex items-center gap-2 py-0.5">
                    <input type="checkbox" name="gallery" value={g.id} defaultChecked={g.linked} /> {g.title}
                  </label>
                ))}
              </fieldset>
              <fieldset>
                <legend className="field-label">Dokumentai</legend>
                {documents.map((d) => (
                  <label key={d.id} className="flex items-center gap-2 py-0.5">
                    <input type="checkbox" name="document" value={d.id} defaultChecked={d.linked} /> {d.title}
                  </label>
                ))}
              </fieldset>
            </div>
            <button type="submit" className="btn-primary mt-3">
              Išsaugoti nuorodas
            </button>
          </Form>
        </section>
      </div>
      <div className="mt-8">
        <RemoveForm id={person.id} question={removeQuestion}>
          <button type="submit" className="btn border border-red-200 bg-paper text-red-800 hover:bg-red-50">
            Pašalinti asmenį
          </button>
        </RemoveForm>
      </div>
    </>
  );
}

/** An event's date, place and description: as stored, or as typed when the server refused them (each message beside its field). */
function EventFields({
  date,
  place,
  value,
  idPrefix,
  refused,
}: {
  date: string;
  place: string;
  value: string;
  idPrefix: string;
  refused: { typed: Typed; errors: Errors } | null;
}) {
  const stored = { date, place, value };
  const fields = [
    { name: "date", placeholder: "pvz., apie 1900", className: "" },
    { name: "place", placeholder: undefined, className: "min-w-40 flex-1" },
    { name: "value", placeholder: "pvz., profesija", className: "min-w-32" },
  ] as const;
  return (
    <>
      {fields.map(({ name, placeholder, className }) => (
        <div key={name} className={className || undefined}>
          <Field
            id={`${idPrefix}-${name}`}
            name={name}
            label={EVENT_FIELDS[name].label}
            defaultValue={refused?.typed[name] ?? stored[name]}
            placeholder={placeholder}
            maxLength={EVENT_FIELDS[name].max}
            error={refused?.errors[name]}
          />
        </div>
      ))}
    </>
  );
}
