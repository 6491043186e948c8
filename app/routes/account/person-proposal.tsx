import { data, Form, Link } from "react-router";
import type { Route } from "./+types/person-proposal";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { personDetail } from "#app/.server/genealogy/person-page.ts";
import {
  parseMemberForm,
  PERSON_PROPOSAL_KINDS,
  proposalStart,
  RELATIONS,
  type PersonProposalKind,
} from "#app/.server/proposals/person.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { proposalsLeftToday, submitProposal } from "#app/.server/proposals/proposals.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { NameFields, SexSelect } from "#app/components/person-fields.tsx";
import { EDITABLE_EVENTS } from "#app/lib/event-labels.ts";
import { parseId } from "#app/lib/numbers.ts";

// A member proposes a correction of a person (names, sex) or a fact added or
// corrected (issue 17). Plain forms; each becomes a proposal that an editor
// reviews at /admin/perziura (proposals/person.ts).

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

const NOT_FOUND = "Tokio asmens nėra.";

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
  return { person: { id: person.id, name: person.name }, ...start, relations: RELATIONS, left: await proposalsLeftToday(db, user.id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  const person = await visiblePerson(context, params.id);
  const form = await request.formData();
  const kind = String(form.get("kind") ?? "");
  if (!Object.hasOwn(PERSON_PROPOSAL_KINDS, kind)) throw data("Nežinomas pasiūlymas", { status: 400 });
  // What the member typed comes back with the message, for the form that was sent (without JavaScript too).
  const typed = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
  const parsed = await parseMemberForm(ctx, kind as PersonProposalKind, String(person.id), form);
  if (!parsed.ok) return refusal({ title: parsed.message, variant: "error" }, 400, { form: typed });
  const result = await submitProposal(ctx, user, { kind, subjectKind: "person", subjectId: String(person.id), payload: parsed.payload });
  if (!result.ok) return refusal({ title: result.message, variant: "error" }, 429, { form: typed });
  await onNewItem(ctx, { kind: "proposal", id: result.id });
  return redirectWithToast("/paskyra/pasiulymai", "proposalSent");
}

function EventFields({ prefix, date, place, value }: { prefix: string; date: string; place: string; value: string }) {
  return (
    <>
      <Field
        id={`${prefix}-date`}
        name="date"
        label="Data"
        defaultValue={date}
        hint="Pvz.: 1898, 1898-03-05, apie 1898, prieš 1898, tarp 1850 ir 1860."
      />
      <Field id={`${prefix}-place`} name="place" label="Vieta" defaultValue={place} />
      <Field id={`${prefix}-value`} name="value" label="Aprašymas (nebūtina)" defaultValue={value} hint="Pvz., profesija ar mokykla." />
    </>
  );
}

/** Which of the page's forms a sent form was: its message and what was typed go back to it. */
function formKey(sent: Record<string, string>): string {
  return sent.kind === "event" ? `event-${sent.eventId ?? "new"}` : sent.kind;
}

export default function PersonProposalPage({ loaderData: { person, fields, events, relations, left }, actionData }: Route.ComponentProps) {
  const sent = actionData?.form ?? null;
  const forms = ["event-new", ...events.map((e) => `event-${e.id}`), "relation", "person-fields"];
  // A form no longer on the page (its event removed meanwhile), or the day's cap: the message goes on top.
  const failed = sent && left > 0 && forms.includes(formKey(sent)) ? formKey(sent) : null;
  /** What the member typed in the form that was refused, else the field's starting value. */
  const typed = (key: string, name: string, start: string) => (failed === key ? (sent?.[name] ?? start) : start);
  const alert = (key: string) => (failed === key ? <FormAlert toast={actionData?.toast} /> : null);
  return (
    <>
      <PageTitle>Pasiūlyti pataisymą</PageTitle>
      <p className="mb-2 text-sm">
        <Link to={`/asmuo/${person.id}`}>← Atgal</Link>
      </p>
      <h1 className="text-3xl font-bold">Pasiūlyti pataisymą</h1>
      <p className="mt-2 text-lg text-ink-soft">{person.name}</p>
      <p className="mt-4 max-w-2xl text-ink-soft">
        Pasiūlymą peržiūrės redaktorius; medyje jis atsiras tik jam pritarus. Savo pasiūlymus ir jų likimą matysite{" "}
        <Link to="/paskyra/pasiulymai">savo pasiūlymų sąraše</Link>.
      </p>
      {actionData?.toast && failed === null ? (
        <div className="mt-4 max-w-2xl">
          <FormAlert toast={actionData.toast} />
        </div>
      ) : null}
      {left === 0 ? (
        <p className="mt-6 text-accent">Šiandien pasiūlymų riba pasiekta. Pabandykite rytoj.</p>
      ) : (
        <div className="mt-6 grid max-w-2xl gap-6">
          <p className="text-sm text-ink-soft">Šiandien dar galite pateikti pasiūlymų: {left}.</p>
          <section aria-labelledby="faktai" className="card p-6">
            <h2 id="faktai" className="mb-4 text-xl font-semibold">
              Pridėti faktą ar įvykį
            </h2>
            {alert("event-new")}
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="event" />
              <div>
                <label htmlFor="new-tag" className="field-label">
                  Kas
                </label>
                <select id="new-tag" name="tag" className="field-input" defaultValue={typed("event-new", "tag", "BIRT")}>
                  {Object.entries(EDITABLE_EVENTS).map(([tag, label]) => (
                    <option key={tag} value={tag}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <EventFields
                prefix="new"
                date={typed("event-new", "date", "")}
                place={typed("event-new", "place", "")}
                value={typed("event-new", "value", "")}
              />
              <button type="submit" className="btn-primary">
                Siūlyti faktą
              </button>
            </Form>
          </section>
          {events.map((event) => {
            const key = `event-${event.id}`;
            return (
              <section key={event.id} aria-labelledby={`ivykis-${event.id}`} className="card p-6">
                <h2 id={`ivykis-${event.id}`} className="mb-4 text-xl font-semibold">
                  Pataisyti: {event.label}
                </h2>
                {alert(key)}
                <Form method="post" className="space-y-4">
                  <input type="hidden" name="kind" value="event" />
                  <input type="hidden" name="eventId" value={event.id} />
                  <EventFields
                    prefix={`e${event.id}`}
                    date={typed(key, "date", event.date)}
                    place={typed(key, "place", event.place)}
                    value={typed(key, "value", event.value)}
                  />
                  <button type="submit" className="btn-primary">
                    Siūlyti pataisymą
                  </button>
                </Form>
              </section>
            );
          })}
          <section aria-labelledby="giminaitis" className="card p-6">
            <h2 id="giminaitis" className="mb-4 text-xl font-semibold">
              Pridėti giminaitį
            </h2>
            {alert("relation")}
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="relation" />
              <div>
                <label htmlFor="relation" className="field-label">
                  Kas jis ar ji šiam asmeniui
                </label>
                <select id="relation" name="relation" className="field-input" defaultValue={typed("relation", "relation", "child")}>
                  {Object.entries(relations).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                id="existing"
                label="Jau yra medyje (nebūtina)"
                defaultValue={typed("relation", "existing", "")}
                hint="Asmens numeris (pvz., #12) arba tikslus vardas ir pavardė. Jei jo medyje nėra, palikite tuščią ir įrašykite žemiau."
              />
              <fieldset className="space-y-3">
                <legend className="field-label">Naujas asmuo</legend>
                <Field id="rel-givenNames" name="givenNames" label="Vardas (vardai)" defaultValue={typed("relation", "givenNames", "")} />
                <Field id="rel-surname" name="surname" label="Pavardė" defaultValue={typed("relation", "surname", "")} />
                <div>
                  <SexSelect id="rel-sex" defaultValue={typed("relation", "sex", "U")} />
                </div>
                <Field
                  id="rel-birthDate"
                  name="birthDate"
                  label="Gimimo data (nebūtina)"
                  defaultValue={typed("relation", "birthDate", "")}
                  hint="Pvz.: 1898, 1898-03-05, apie 1898."
                />
              </fieldset>
              <button type="submit" className="btn-primary">
                Siūlyti giminaitį
              </button>
            </Form>
          </section>
          <section aria-labelledby="vardas" className="card p-6">
            <h2 id="vardas" className="mb-4 text-xl font-semibold">
              Vardas ir lytis
            </h2>
            {alert("person-fields")}
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="person-fields" />
              <NameFields
                values={
                  failed === "person-fields" && sent
                    ? {
                        givenNames: sent.givenNames ?? "",
                        surname: sent.surname ?? "",
                        birthSurname: sent.birthSurname ?? "",
                        sex: sent.sex ?? "U",
                      }
                    : fields
                }
              />
              <button type="submit" className="btn-primary">
                Siūlyti pataisymą
              </button>
            </Form>
          </section>
        </div>
      )}
    </>
  );
}
