import { data } from "react-router";
import type { Route } from "./+types/surnames";
import { services } from "#app/.server/platform/context.ts";
import { treeIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { surnamePeople } from "#app/.server/genealogy/surnames.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { PageHeading, PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { EmptyTree, TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { assertPageExists, pageOf, requestedPage } from "#app/lib/paging.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

/** Surnames a page of the index shows. */
const SURNAMES_PAGE_SIZE = 200;

// The surnames index (/medis/pavardes) and the people of one surname
// (/medis/pavardes?pavarde=Kalvaitis): only people the viewer may see in full
// count (genealogy/surnames.ts); the index is built in the background
// after each change (genealogy/prepared-indexes.ts). A surname nobody the viewer may see bore is
// not found (404), as one that is not in the tree at all.
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  // Control characters are no part of a name (and PostgreSQL refuses a NUL in text).
  const asked = (new URL(request.url).searchParams.get("pavarde") ?? "").replace(/\p{C}/gu, "").trim().slice(0, 120);
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  if (treeId === null) {
    assertPageExists({ page, pages: 1 });
    return { tree: false as const, page };
  }
  if (asked) {
    const found = await surnamePeople(db, treeId, asked, viewer, page);
    if (found.people.total === 0) throw data("tree.error.noSurname", { status: 404 });
    assertPageExists(found.people);
    return { tree: true as const, page, surname: found.surname, people: found.people, index: null };
  }
  const index = pageOf((await treeIndexes(db, treeId, viewer)).surnames, page, SURNAMES_PAGE_SIZE);
  assertPageExists(index);
  return { tree: true as const, page, surname: null, people: null, index };
}

export default function SurnamesPage({ loaderData }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const title = loaderData.tree && loaderData.surname ? t("tree.surnames.one", { surname: loaderData.surname }) : t("tree.surnames.title");
  return (
    <>
      <PageTitle page={loaderData.page}>{title}</PageTitle>
      <ShareMeta
        title={t("common.pageTitle", { page: title, family: familyName })}
        description={t("tree.surnames.share", { family: familyName })}
      />
      <PageHeading title={title} />
      <TreeIndexNav current="/medis/pavardes" />
      {!loaderData.tree ? (
        <EmptyTree />
      ) : loaderData.people ? (
        <section aria-labelledby="pavardes-asmenys" className="card max-w-3xl p-6">
          <h2 id="pavardes-asmenys" className="text-xl font-semibold">
            {t("tree.people", { count: loaderData.people.total })}
          </h2>
          <ul className="mt-3 space-y-2">
            {loaderData.people.items.map((p) => (
              <li key={p.id}>
                <Link to={`/asmuo/${p.id}`}>{p.name}</Link>
                {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
              </li>
            ))}
          </ul>
          <Pager page={loaderData.people.page} pages={loaderData.people.pages} label={t("tree.surnames.peoplePages")} />
          <p className="mt-6">
            <Link to="/medis/pavardes">{t("tree.surnames.all")}</Link>
          </p>
        </section>
      ) : loaderData.index && loaderData.index.total ? (
        <section aria-labelledby="pavardziu-sarasas">
          <h2 id="pavardziu-sarasas" className="mb-3 text-ink-soft">
            {t("tree.surnames.count", { count: loaderData.index.total })}
          </h2>
          <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.index.items.map((s) => (
              <li key={s.surname}>
                <Link to={`/medis/pavardes?pavarde=${encodeURIComponent(s.surname)}`}>{s.surname}</Link>{" "}
                <span className="text-sm text-ink-soft">({t("tree.people", { count: s.people })})</span>
              </li>
            ))}
          </ul>
          <Pager page={loaderData.index.page} pages={loaderData.index.pages} label={t("tree.surnames.pages")} />
        </section>
      ) : (
        <p className="card p-6 text-ink-soft">{t("tree.surnames.empty")}</p>
      )}
    </>
  );
}
