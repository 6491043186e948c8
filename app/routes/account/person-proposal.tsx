import { data, Form, Link } from "react-router";
import type { Route } from "./+types/person-proposal";
import { roleMiddleware } from "../../.server/access.ts";
import { requireRole, services } from "../../.server/context.ts";
import { personDetail } from "../../.server/genealogy/person-page.ts";
import { proposalStart, RELATIONS } from "../../.server/genealogy/person-proposals.ts";
import { treeViewer } from "../../.server/genealogy/viewer.ts";
import { onNewItem } from "../../.server/notifications.ts";
import { PROPOSAL_KINDS } from "../../.server/proposal-kinds.ts";
import { proposalsLeftToday, submitProposal } from "../../.server/proposals.ts";
import { redirectWithToast, refusal } from "../../.server/toast.ts";
import { Field } from "../../components/fields.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { PageTitle } from "../../components/page.tsx";
import { NameFields } from "../../components/person-fields.tsx";
import { EDITABLE_EVENTS } from "../../lib/event-labels.ts";
import { parseId } from "../../lib/numbers.ts";

// A member proposes a correction of a person (names, sex) or a fact added or
// corrected (issue 17). Plain forms; each becomes a proposal that an editor
// reviews at /admin/perziura (genealogy/person-proposals.ts).

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
  if (kind !== "event" && kind !== "person-fields" && kind !== "relation") throw data("Nežinomas pasiūlymas", { status: 400 });
  const parsed = await PROPOSAL_KINDS[kind].parse(ctx, String(person.id), form);
  if (!parsed.ok)
    return refusal({ title: parsed.message, variant: "error" }, 400, { form: Object.fromEntries(form) as Record<string, string> });
  const result = await submitProposal(ctx, user, { kind, subjectKind: "person", subjectId: String(person.id), payload: parsed.payload });
  if (!result.ok)
    return refusal({ title: result.message, variant: "error" }, 429, { form: Object.fromEntries(form) as Record<string, string> });
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

export default function PersonProposalPage({ loaderData: { person, fields, events, relations, left }, actionData }: Route.ComponentProps) {
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
      <div className="mt-4 max-w-2xl">
        <FormAlert toast={actionData?.toast} />
      </div>
      {left === 0 ? (
        <p className="mt-6 text-accent">Šiandien pasiūlymų riba pasiekta. Pabandykite rytoj.</p>
      ) : (
        <div className="mt-6 grid max-w-2xl gap-6">
          <p className="text-sm text-ink-soft">Šiandien dar galite pateikti pasiūlymų: {left}.</p>
          <section aria-labelledby="faktai" className="card p-6">
            <h2 id="faktai" className="mb-4 text-xl font-semibold">
              Pridėti faktą ar įvykį
            </h2>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="event" />
              <div>
                <label htmlFor="new-tag" className="field-label">
                  Kas
                </label>
                <select id="new-tag" name="tag" className="field-input" defaultValue="BIRT">
                  {Object.entries(EDITABLE_EVENTS).map(([tag, label]) => (
                    <option key={tag} value={tag}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <EventFields prefix="new" date="" place="" value="" />
              <button type="submit" className="btn-primary">
                Siūlyti faktą
              </button>
            </Form>
          </section>
          {events.map((event) => (
            <section key={event.id} aria-labelledby={`ivykis-${event.id}`} className="card p-6">
              <h2 id={`ivykis-${event.id}`} className="mb-4 text-xl font-semibold">
                Pataisyti: {event.label}
              </h2>
              <Form method="post" className="space-y-4">
                <input type="hidden" name="kind" value="event" />
                <input type="hidden" name="eventId" value={event.id} />
                <EventFields prefix={`e${event.id}`} date={event.date} place={event.place} value={event.value} />
                <button type="submit" className="btn-primary">
                  Siūlyti pataisymą
                </button>
              </Form>
            </section>
          ))}
          <section aria-labelledby="giminaitis" className="card p-6">
            <h2 id="giminaitis" className="mb-4 text-xl font-semibold">
              Pridėti giminaitį
            </h2>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="relation" />
              <div>
                <label htmlFor="relation" className="field-label">
                  Kas jis ar ji šiam asmeniui
                </label>
                <select id="relation" name="relation" className="field-input" defaultValue="child">
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
                hint="Asmens numeris (pvz., #12) arba tikslus vardas ir pavardė. Jei jo medyje nėra, palikite tuščią ir įrašykite žemiau."
              />
              <fieldset className="space-y-3">
                <legend className="field-label">Naujas asmuo</legend>
                <Field id="rel-givenNames" name="givenNames" label="Vardas (vardai)" />
                <Field id="rel-surname" name="surname" label="Pavardė" />
                <div>
                  <label htmlFor="rel-sex" className="field-label">
                    Lytis
                  </label>
                  <select id="rel-sex" name="sex" className="field-input" defaultValue="U">
                    <option value="U">Nenurodyta</option>
                    <option value="M">Vyras</option>
                    <option value="F">Moteris</option>
                    <option value="X">Kita</option>
                  </select>
                </div>
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
            <Form method="post" className="space-y-4">
              <input type="hidden" name="kind" value="person-fields" />
              <NameFields values={fields} />
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
