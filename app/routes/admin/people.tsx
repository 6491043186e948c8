import { redirect } from "react-router";
import type { Route } from "./+types/people";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
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
  const t = useT();
  const typed = actionData?.typed;
  useFocusFirstError(actionData?.errors, actionData?.toast.id, ["givenNames", "surname", "birthSurname", "sex"]);
  return (
    <>
      <PageTitle>{t("adminTree.people.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis">{t("adminTree.backToTree")}</Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold">{t("adminTree.people.title")}</h1>
      <FormAlert toast={actionData?.toast} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="paieska-antraste" className="card p-6">
          <h2 id="paieska-antraste" className="text-xl font-semibold">
            {t("adminTree.people.find", { total: String(total) })}
          </h2>
          <Form method="get" className="mt-3 flex gap-2">
            <label htmlFor="asmenu-paieska" className="sr-only">
              {t("adminTree.people.searchLabel")}
            </label>
            <input
              id="asmenu-paieska"
              name="paieska"
              type="search"
              defaultValue={query}
              placeholder={t("adminTree.people.searchLabel")}
              className="field-input"
            />
            <button type="submit" className="btn-primary">
              {t("adminTree.search")}
            </button>
          </Form>
          {total === 0 ? (
            <p className="mt-4 text-ink-soft">{t("adminTree.people.empty")}</p>
          ) : people.length ? (
            <>
              {!query && total > people.length ? (
                <p className="mt-4 text-sm text-ink-soft">
                  {t("adminTree.people.firstShown", { shown: String(people.length), total: String(total) })}
                </p>
              ) : null}
              <ul className="mt-4 divide-y divide-line">
                {people.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span>
                      {p.name} {p.years ? <span className="text-sm text-ink-soft">({p.years})</span> : null}
                      {p.living ? <span className="ml-2 rounded bg-accent-soft px-1 text-xs">{t("adminTree.people.living")}</span> : null}
                      <span className="ml-2 text-xs text-ink-soft">#{p.id}</span>
                    </span>
                    <Link
                      to={`/admin/medis/asmenys/${p.id}`}
                      className="btn-secondary"
                      aria-label={t("adminTree.people.editLabel", { name: p.name })}
                    >
                      {t("adminTree.people.edit")}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-4 text-ink-soft">{t("adminTree.people.nothingFound")}</p>
          )}
        </section>
        <section aria-labelledby="naujas-asmuo" className="card p-6">
          <h2 id="naujas-asmuo" className="text-xl font-semibold">
            {t("adminTree.people.new")}
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
              {t("adminTree.people.add")}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
