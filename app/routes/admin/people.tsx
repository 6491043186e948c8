import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/people";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { editableTree } from "#app/.server/genealogy/editing.ts";
import { NEW_PERSON_FORM } from "#app/.server/genealogy/person-forms.ts";
import { recordNewPerson } from "#app/.server/genealogy/person-changes.ts";
import { firstPeople, peopleCount } from "#app/.server/genealogy/people.ts";
import { searchPeople } from "#app/.server/genealogy/search.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { NameFields } from "#app/components/person-fields.tsx";

const LIST_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  const query = (new URL(request.url).searchParams.get("paieska") ?? "").trim();
  if (treeId === null) return { people: [], query, total: 0 };
  const people = query ? await searchPeople(db, treeId, query, viewer, LIST_SIZE) : await firstPeople(db, treeId, viewer, LIST_SIZE);
  return { people, query, total: await peopleCount(db, treeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const read = readForm(await request.formData(), NEW_PERSON_FORM);
  if (!read.ok) return refuseForm(read);
  const { db } = services(context);
  const treeId = await editableTree(db);
  const { result: id } = await recordNewPerson(db, user, treeId, { ...read.value, note: "" });
  return redirect(`/admin/medis/asmenys/${id}`);
}

export default function People({ loaderData: { people, query, total }, actionData }: Route.ComponentProps) {
  const typed = actionData?.typed;
  useFocusFirstError(actionData?.errors, actionData?.toast.id, ["givenNames", "surname", "birthSurname", "sex"]);
  return (
    <>
      <PageTitle>Giminės asmenys</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis">← Giminės medis</Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">Giminės asmenys</h1>
      <FormAlert toast={actionData?.toast} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="paieska-antraste" className="card p-6">
          <h2 id="paieska-antraste" className="text-xl font-semibold">
            Rasti asmenį ({total})
          </h2>
          <Form method="get" className="mt-3 flex gap-2">
            <label htmlFor="asmenu-paieska" className="sr-only">
              Vardas ar pavardė
            </label>
            <input
              id="asmenu-paieska"
              name="paieska"
              type="search"
              defaultValue={query}
              placeholder="Vardas ar pavardė"
              className="field-input"
            />
            <button type="submit" className="btn-primary">
              Ieškoti
            </button>
          </Form>
          {total === 0 ? (
            <p className="mt-4 text-ink-soft">Medyje dar nėra asmenų. Pridėkite pirmą asmenį arba importuokite GEDCOM failą.</p>
          ) : people.length ? (
            <>
              {!query && total > people.length ? (
                <p className="mt-4 text-sm text-ink-soft">
                  Rodomi pirmieji {people.length} iš {total}. Kitus raskite paieška.
                </p>
              ) : null}
              <ul className="mt-4 divide-y divide-line">
                {people.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span>
                      {p.name} {p.years ? <span className="text-sm text-ink-soft">({p.years})</span> : null}
                      {p.living ? <span className="ml-2 rounded bg-accent-soft px-1 text-xs">gyvas</span> : null}
                      <span className="ml-2 text-xs text-ink-soft">#{p.id}</span>
                    </span>
                    <Link to={`/admin/medis/asmenys/${p.id}`} className="btn-secondary" aria-label={`Redaguoti: ${p.name}`}>
                      Redaguoti
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-4 text-ink-soft">Nieko nerasta.</p>
          )}
        </section>
        <section aria-labelledby="naujas-asmuo" className="card p-6">
          <h2 id="naujas-asmuo" className="text-xl font-semibold">
            Naujas asmuo
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <NameFields
              values={
                typed
                  ? {
                      givenNames: typed.givenNames ?? "",
                      surname: typed.surname ?? "",
                      birthSurname: typed.birthSurname ?? "",
                      sex: typed.sex ?? "U",
                    }
                  : undefined
              }
              errors={actionData?.errors}
            />
            <button type="submit" className="btn-primary">
              Pridėti asmenį
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
