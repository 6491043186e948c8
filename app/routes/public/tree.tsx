import type { Route } from "./+types/tree";
import { InLanguage } from "#app/components/in-language.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { ownPerson, requestLocale, services } from "#app/.server/platform/context.ts";
import {
  ancestorList,
  CHART_DEPTH,
  chartRoot,
  descendantList,
  familyGroups,
  neighbourhood,
  type ChartMode,
  type LineageNode,
} from "#app/.server/genealogy/chart.ts";
import { SEARCH_QUERY_MAX, searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { FamilyChart } from "#app/components/family-chart.tsx";
import { FamilyGroups } from "#app/components/family-groups.tsx";
import { FanChart } from "#app/components/fan-chart.tsx";
import { PersonSuggestField } from "#app/components/person-suggest.tsx";
import { NARROW } from "#app/lib/chart-geometry.ts";
import { layoutFan } from "#app/lib/fan-layout.ts";
import { PageHeading, PageTitle, TextBlock, useSiteSettings } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { layoutChart, type PersonSummary } from "#app/lib/tree-layout.ts";
import { parseId } from "#app/lib/numbers.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { assertPageExists, requestedPage } from "#app/lib/paging.ts";

const MODES: Record<ChartMode, MessageId> = {
  abu: "tree.mode.both",
  proteviai: "tree.mode.ancestors",
  palikuonys: "tree.mode.descendants",
  veduokle: "tree.mode.fan",
  seima: "tree.mode.family",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  // Pages are the search results': without a search there is only the first.
  const page = requestedPage(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("paieska") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  if (!query) assertPageExists({ page, pages: 1 });
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  // A member's tree opens at their own person (the page is kept for each such person apart).
  const root = treeId === null ? null : await chartRoot(db, treeId, [parseId(params.get("asmuo")), () => ownPerson(context)]);
  const { treePlaceholder, branches, branchesWithTree, treeContact, lithuanian } = await siteSettingsIn(db, requestLocale(context));
  const texts = { treePlaceholder, branches, branchesWithTree, treeContact, lithuanian };
  if (treeId === null || root === null) {
    assertPageExists({ page, pages: 1 });
    return { tree: null, texts, member: viewer.members, page };
  }
  const asMode = params.get("kryptis") ?? "abu";
  const mode: ChartMode = Object.hasOwn(CHART_DEPTH, asMode) ? (asMode as ChartMode) : "abu";
  const [chart, groups, results] = await Promise.all([
    neighbourhood(db, treeId, root, mode, viewer),
    mode === "seima" ? familyGroups(db, treeId, root, viewer) : null,
    query ? searchPeoplePage(db, treeId, query, viewer, page) : null,
  ]);
  if (results) assertPageExists(results);
  return {
    tree: {
      root: chart.people[root],
      mode,
      // Only what the view draws goes to the page.
      layout: mode === "veduokle" || mode === "seima" ? null : layoutChart(chart),
      // A phone's first view: one generation up, smaller boxes (the wider views are a zoom or a view away).
      narrow:
        mode === "veduokle" || mode === "seima"
          ? null
          : layoutChart(mode === "abu" ? { ...chart, up: Math.min(chart.up, 1) } : chart, NARROW),
      fan: mode === "veduokle" ? layoutFan(chart) : null,
      groups,
      ancestors: ancestorList(chart),
      descendants: descendantList(chart),
      query,
      results,
    },
    texts,
    member: viewer.members,
    page,
  };
}

export default function TreePage({ loaderData: { tree, texts, member, page } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  return (
    <>
      <PageTitle page={page}>{t("tree.title")}</PageTitle>
      <ShareMeta
        title={t("tree.share.title", { family: familyName })}
        description={tree ? t("tree.share.description", { family: familyName }) : texts.treePlaceholder}
      />
      <PageHeading title={t("tree.title")} />
      {tree ? <Chart tree={tree} /> : <Placeholder texts={texts} />}
      {/* The indexes below the chart and its lists, which open the page on a phone. */}
      {tree ? (
        <div className="mt-10">
          <TreeIndexNav current="/medis" />
        </div>
      ) : null}
      {tree ? <Branches texts={texts} member={member} /> : null}
    </>
  );
}

type Texts = Route.ComponentProps["loaderData"]["texts"];

function BranchList({ branches, heading: Heading }: { branches: Texts["branches"]; heading: "h2" | "h3" }) {
  const t = useT();
  if (branches.length === 0) return null;
  return (
    <>
      <Heading className={Heading === "h2" ? "text-2xl font-semibold" : "text-xl font-semibold"}>{t("tree.branches.heading")}</Heading>
      <ul className="mt-3 space-y-3">
        {/* The branches are written in Lithuanian only: marked so on an English page. */}
        {branches.map((branch, i) => (
          <li key={i} className="border-l-4 border-accent pl-4">
            <InLanguage lang="lt">
              <strong>{branch.name}</strong>
              {branch.text ? <span className="block text-ink-soft">{branch.text}</span> : null}
            </InLanguage>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The language one of the family's texts is in on this page: Lithuanian where no English was written. */
function lang(texts: Texts, field: "treePlaceholder" | "treeContact"): Locale | undefined {
  return texts.lithuanian.includes(field) ? "lt" : undefined;
}

/** The spec's placeholder, shown while the tree is empty: the family's own words, the branches beside them. */
function Placeholder({ texts }: { texts: Texts }) {
  const t = useT();
  return (
    <div className={texts.branches.length ? "grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" : ""}>
      <section className="card h-fit max-w-3xl p-6 sm:p-8">
        <h2 className="text-2xl font-semibold">{t("tree.placeholder.heading")}</h2>
        <TextBlock text={texts.treePlaceholder} lang={lang(texts, "treePlaceholder")} className="mt-3 text-ink-soft" />
        <TextBlock text={texts.treeContact} lang={lang(texts, "treeContact")} className="mt-6" />
      </section>
      {texts.branches.length ? (
        <section className="card h-fit p-6 sm:p-8">
          <BranchList branches={texts.branches} heading="h2" />
        </section>
      ) : null}
    </div>
  );
}

function Branches({ texts, member }: { texts: Texts; member: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="apie-medi" className="card mt-10 max-w-3xl p-6">
      <h2 id="apie-medi" className="sr-only">
        {t("tree.about.heading")}
      </h2>
      {texts.branchesWithTree ? <BranchList branches={texts.branches} heading="h3" /> : null}
      <TextBlock text={texts.treeContact} lang={lang(texts, "treeContact")} className="mt-4" />
      <p className="mt-4 text-sm">
        <a href="/medis/gedcom">{t("tree.download.public")}</a>
      </p>
      {member ? (
        <p className="mt-2 text-sm">
          <a href="/medis/gedcom/nariams">{t("tree.download.members")}</a>
        </p>
      ) : null}
    </section>
  );
}

type Tree = NonNullable<Route.ComponentProps["loaderData"]["tree"]>;

function Chart({ tree }: { tree: Tree }) {
  const t = useT();
  const modeHref = (mode: ChartMode) => `/medis?asmuo=${tree.root.id}${mode === "abu" ? "" : `&kryptis=${mode}`}`;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-ink-soft">{t("tree.chart.centredOn")}</p>
          <p className="text-xl font-semibold">
            <Link to={`/asmuo/${tree.root.id}`}>{tree.root.name}</Link>
            {tree.root.years ? <span className="ml-2 text-base font-normal text-ink-soft">{tree.root.years}</span> : null}
          </p>
        </div>
        <nav aria-label={t("tree.chart.views")} className="flex flex-wrap gap-1">
          {(Object.keys(MODES) as ChartMode[]).map((mode) => (
            <Link
              key={mode}
              to={modeHref(mode)}
              aria-current={mode === tree.mode ? "page" : undefined}
              className={`btn ${mode === tree.mode ? "bg-accent text-white" : "border border-line bg-paper text-ink hover:bg-accent-soft"}`}
            >
              {t(MODES[mode])}
            </Link>
          ))}
        </nav>
      </div>
      <PersonSearch tree={tree} />
      {tree.layout ? (
        <FamilyChart wide={tree.layout} narrow={tree.narrow ?? undefined} label={t("tree.chart.label", { name: tree.root.name })} />
      ) : null}
      {tree.fan ? <FanChart layout={tree.fan} label={t("tree.fan.label", { name: tree.root.name })} /> : null}
      {tree.groups ? <FamilyGroups groups={tree.groups} /> : null}
      <section aria-labelledby="sarasas" className="mt-8 grid gap-8 md:grid-cols-2">
        <h2 id="sarasas" className="sr-only">
          {t("tree.list.heading")}
        </h2>
        <div>
          <h3 className="text-xl font-semibold">{t("tree.list.ancestors")}</h3>
          {tree.ancestors.length ? <Lineage nodes={tree.ancestors} /> : <p className="mt-2 text-ink-soft">{t("tree.list.noAncestors")}</p>}
        </div>
        <div>
          <h3 className="text-xl font-semibold">{t("tree.list.descendants")}</h3>
          {tree.descendants.length ? (
            <Lineage nodes={tree.descendants} />
          ) : (
            <p className="mt-2 text-ink-soft">{t("tree.list.noDescendants")}</p>
          )}
        </div>
      </section>
    </>
  );
}

function PersonLink({ person }: { person: PersonSummary }) {
  return (
    <>
      <Link to={`/asmuo/${person.id}`}>{person.name}</Link>
      {person.years ? <span className="text-sm text-ink-soft"> ({person.years})</span> : null}
    </>
  );
}

/** Ancestors or descendants as nested lists: readable without the chart, and without JavaScript. */
function Lineage({ nodes }: { nodes: LineageNode[] }) {
  return (
    <ul className="mt-2 space-y-1 border-l border-line pl-4">
      {nodes.map((node) => (
        <li key={node.person.id}>
          <PersonLink person={node.person} />
          {node.children.length ? <Lineage nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Finding a person: a GET form (results as a list, without JavaScript), and with
 * JavaScript suggestions while typing.
 */
function PersonSearch({ tree }: { tree: Tree }) {
  const t = useT();
  return (
    <div className="mb-4">
      <Form method="get" role="search" aria-label={t("tree.search.label")} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="asmuo" value={tree.root.id} />
        {tree.mode !== "abu" ? <input type="hidden" name="kryptis" value={tree.mode} /> : null}
        <PersonSuggestField
          id="paieska"
          label={t("tree.search.field")}
          placeholder={t("tree.search.placeholder")}
          query={tree.query}
          href={(p) => `/medis?asmuo=${p.id}${tree.mode === "abu" ? "" : `&kryptis=${tree.mode}`}`}
        />
        <button type="submit" className="btn-primary">
          {t("tree.search.submit")}
        </button>
      </Form>
      {tree.results ? (
        <div className="mt-3" aria-live="polite">
          {tree.results.total ? (
            <>
              <p className="mb-2 text-sm text-ink-soft">
                {tree.results.more
                  ? t("tree.search.more", { count: tree.results.total })
                  : t("tree.search.found", { count: tree.results.total })}
              </p>
              <ul className="flex flex-wrap gap-2">
                {tree.results.items.map((p) => (
                  <li key={p.id}>
                    <Link to={`/medis?asmuo=${p.id}${tree.mode === "abu" ? "" : `&kryptis=${tree.mode}`}`} className="btn-secondary">
                      {p.name} {p.years ? `(${p.years})` : ""}
                    </Link>
                  </li>
                ))}
              </ul>
              <Pager page={tree.results.page} pages={tree.results.pages} label={t("tree.search.pages")} />
            </>
          ) : (
            <p className="text-ink-soft">{t("tree.search.none", { query: tree.query })}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
