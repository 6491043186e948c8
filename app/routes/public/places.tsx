import { data } from "react-router";
import type { Route } from "./+types/places";
import { services } from "#app/.server/platform/context.ts";
import { placeEvents } from "#app/.server/genealogy/places.ts";
import { treeIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { PageHeading, PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { EmptyTree, TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { assertPageExists, pageOf, requestedPage } from "#app/lib/paging.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

const PLACES_PAGE_SIZE = 200;

// The places index (/medis/vietos) and one place's events
// (/medis/vietos?vieta=12): only events of people the viewer may see in full
// (genealogy/places.ts). A place where the viewer may see nothing is not
// found (404), as one that does not exist.
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const asked = new URL(request.url).searchParams.get("vieta");
  const placeId = asked === null ? null : parseId(asked);
  if (asked !== null && placeId === null) throw data("tree.error.badPlace", { status: 400 });
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  if (treeId === null) {
    if (placeId !== null) throw data("tree.error.noPlace", { status: 404 });
    assertPageExists({ page, pages: 1 });
    return { tree: false as const, page };
  }
  if (placeId !== null) {
    const place = await placeEvents(db, treeId, placeId, viewer, page);
    if (!place) throw data("tree.error.noPlace", { status: 404 });
    assertPageExists(place.events);
    return { tree: true as const, page, place, index: null };
  }
  const index = pageOf((await treeIndexes(db, treeId, viewer)).places, page, PLACES_PAGE_SIZE);
  assertPageExists(index);
  return { tree: true as const, page, place: null, index };
}

export default function PlacesPage({ loaderData }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const title = loaderData.tree && loaderData.place ? loaderData.place.name : t("tree.places.title");
  return (
    <>
      <PageTitle page={loaderData.page}>{title}</PageTitle>
      <ShareMeta
        title={t("common.pageTitle", { page: title, family: familyName })}
        description={t("tree.places.share", { family: familyName })}
      />
      <PageHeading title={title} />
      <TreeIndexNav current="/medis/vietos" />
      {!loaderData.tree ? (
        <EmptyTree />
      ) : loaderData.place ? (
        <section aria-labelledby="vietos-ivykiai" className="card max-w-3xl p-6">
          <h2 id="vietos-ivykiai" className="text-xl font-semibold">
            {t("tree.places.events", { count: loaderData.place.events.total })}
          </h2>
          <ul className="mt-3 space-y-3">
            {loaderData.place.events.items.map((e) => (
              <li key={e.id} className="border-l-4 border-accent pl-4">
                <span className="font-semibold">{t.say(e.what)}</span>
                {e.when ? <span className="text-ink-soft"> · {e.when}</span> : null}
                <span className="block">
                  {e.people.map((p, i) => (
                    <span key={p.id}>
                      {i > 0 ? ` ${t("tree.and")} ` : ""}
                      <Link to={`/asmuo/${p.id}`}>{p.name}</Link>
                      {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={loaderData.place.events.page} pages={loaderData.place.events.pages} label={t("tree.places.eventPages")} />
          <p className="mt-6">
            <Link to="/medis/vietos">{t("tree.places.all")}</Link>
          </p>
        </section>
      ) : loaderData.index && loaderData.index.total ? (
        <section aria-labelledby="vietu-sarasas">
          <h2 id="vietu-sarasas" className="mb-3 text-ink-soft">
            {t("tree.places.count", { count: loaderData.index.total })}
          </h2>
          <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {loaderData.index.items.map((p) => (
              <li key={p.id}>
                <Link to={`/medis/vietos?vieta=${p.id}`}>{p.name}</Link>{" "}
                <span className="text-sm text-ink-soft">({t("tree.places.events", { count: p.events })})</span>
              </li>
            ))}
          </ul>
          <Pager page={loaderData.index.page} pages={loaderData.index.pages} label={t("tree.places.pages")} />
        </section>
      ) : (
        <p className="card p-6 text-ink-soft">{t("tree.places.empty")}</p>
      )}
    </>
  );
}
