import { data } from "react-router";
import type { Route } from "./+types/on-this-day";
import { services } from "#app/.server/platform/context.ts";
import { anniversaries, monthDayParam, otherDay, parseMonthDay } from "#app/.server/genealogy/on-this-day.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { AnniversaryList } from "#app/components/anniversaries.tsx";
import { PageHeading, PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { EmptyTree, TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { formatMonthDay } from "#app/lib/gedcom-date.ts";
import { familyDate } from "#app/lib/lithuanian.ts";
import { assertPageExists, requestedPage } from "#app/lib/paging.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

// "Šią dieną" (/medis/sia-diena): births, deaths and marriages of people who
// have died, on today's date in Lithuania's time zone or on ?diena=MM-DD
// (genealogy/on-this-day.ts). The day before and after are plain links.
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const asked = new URL(request.url).searchParams.get("diena");
  const day = asked === null ? familyDate() : parseMonthDay(asked);
  if (day === null) throw data("tree.error.badDay", { status: 400 });
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  const days = {
    current: { month: day.month, day: day.day },
    previous: monthDayParam(otherDay(day.month, day.day, -1)),
    next: monthDayParam(otherDay(day.month, day.day, 1)),
  };
  if (treeId === null) {
    assertPageExists({ page, pages: 1 });
    return { tree: false as const, page, days, today: asked === null, found: null };
  }
  const found = await anniversaries(db, treeId, day.month, day.day, viewer, page);
  assertPageExists(found);
  return { tree: true as const, page, days, today: asked === null, found };
}

export default function OnThisDayPage({ loaderData: { tree, page, days, today, found } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const name = formatMonthDay(days.current.month, days.current.day, t.locale);
  const title = today ? t("tree.onThisDay.title") : `${name[0].toUpperCase()}${name.slice(1)}`;
  return (
    <>
      <PageTitle page={page}>{title}</PageTitle>
      <ShareMeta
        title={t("common.pageTitle", { page: title, family: familyName })}
        description={t("tree.onThisDay.share", { family: familyName, day: name })}
      />
      <PageHeading title={title} lead={today ? t("tree.onThisDay.leadToday", { day: name }) : t("tree.onThisDay.lead")} />
      <TreeIndexNav current="/medis/sia-diena" />
      <nav aria-label={t("tree.onThisDay.otherDays")} className="mb-6 flex flex-wrap gap-2">
        <Link
          to={`/medis/sia-diena?diena=${days.previous}`}
          rel="prev"
          className="btn min-h-11 border border-line bg-paper text-ink hover:bg-accent-soft"
        >
          <span aria-hidden="true">←</span> {t("tree.onThisDay.previous")}
        </Link>
        {!today ? (
          <Link to="/medis/sia-diena" className="btn min-h-11 border border-line bg-paper text-ink hover:bg-accent-soft">
            {t("tree.onThisDay.today")}
          </Link>
        ) : null}
        <Link
          to={`/medis/sia-diena?diena=${days.next}`}
          rel="next"
          className="btn min-h-11 border border-line bg-paper text-ink hover:bg-accent-soft"
        >
          {t("tree.onThisDay.next")} <span aria-hidden="true">→</span>
        </Link>
      </nav>
      {!tree ? (
        <EmptyTree />
      ) : found && found.total ? (
        <section aria-label={t("tree.onThisDay.anniversaries")} className="card max-w-3xl p-6">
          <AnniversaryList items={found.items} />
          <Pager page={found.page} pages={found.pages} label={t("tree.onThisDay.pages")} />
        </section>
      ) : (
        <p className="card p-6 text-ink-soft">{t("tree.onThisDay.none")}</p>
      )}
    </>
  );
}
