import type { Route } from "./+types/tree-statistics";
import { services } from "#app/.server/platform/context.ts";
import { treeIndexes } from "#app/.server/genealogy/prepared-indexes.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { PageHeading, PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { EmptyTree, TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

// The tree in numbers (/medis/statistika), counted over the people the viewer
// may see in full (genealogy/tree-statistics.ts), built in the background
// after each change (genealogy/prepared-indexes.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  return { statistics: treeId === null ? null : (await treeIndexes(db, treeId, viewer)).statistics };
}

/** A number of years to one decimal, as the language writes it ('72,5' / '72.5'). */
const oneDecimal = {
  lt: new Intl.NumberFormat("lt", { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat("en", { maximumFractionDigits: 1 }),
};

export default function TreeStatisticsPage({ loaderData: { statistics: s } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const years = (value: number | null) =>
    value === null ? "–" : t("tree.statistics.years", { years: oneDecimal[t.locale].format(value) });
  return (
    <>
      <PageTitle>{t("tree.statistics.title")}</PageTitle>
      <ShareMeta
        title={t("tree.statistics.shareTitle", { family: familyName })}
        description={t("tree.statistics.share", { family: familyName })}
      />
      <PageHeading title={t("tree.statistics.title")} />
      <TreeIndexNav current="/medis/statistika" />
      {!s ? (
        <EmptyTree />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="skaiciai" className="card p-6">
            <h2 id="skaiciai" className="text-xl font-semibold">
              {t("tree.statistics.numbers")}
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-ink-soft">{t("tree.statistics.people")}</dt>
              <dd>{s.people}</dd>
              <dt className="text-ink-soft">{t("tree.statistics.generations")}</dt>
              <dd>{s.generations}</dd>
              <dt className="text-ink-soft">{t("tree.statistics.averageLifespan")}</dt>
              <dd>{years(s.lifespans.average)}</dd>
              <dt className="text-ink-soft">{t("tree.statistics.medianLifespan")}</dt>
              <dd>{years(s.lifespans.median)}</dd>
              <dt className="text-ink-soft">{t("tree.statistics.oldest")}</dt>
              <dd>
                {s.oldest ? (
                  <>
                    <Link to={`/asmuo/${s.oldest.id}`}>{s.oldest.name}</Link> ({t("tree.statistics.age", { count: s.oldest.age })})
                  </>
                ) : (
                  "–"
                )}
              </dd>
            </dl>
            <p className="mt-3 text-sm text-ink-soft">{t("tree.statistics.lifespanNote", { count: s.lifespans.count })}</p>
          </section>
          <section aria-labelledby="vardai" className="card p-6">
            <h2 id="vardai" className="text-xl font-semibold">
              {t("tree.statistics.commonNames")}
            </h2>
            <div className="mt-3 grid gap-6 sm:grid-cols-2">
              <TopList caption={t("tree.statistics.givenNames")} rows={s.givenNames.map((g) => ({ label: g.name, people: g.people }))} />
              <TopList
                caption={t("tree.statistics.surnames")}
                rows={s.surnames.map((g) => ({
                  label: g.surname,
                  people: g.people,
                  href: `/medis/pavardes?pavarde=${encodeURIComponent(g.surname)}`,
                }))}
              />
            </div>
          </section>
          <section aria-labelledby="desimtmeciai" className="card p-6 lg:col-span-2">
            <h2 id="desimtmeciai" className="text-xl font-semibold">
              {t("tree.statistics.birthsByDecade")}
            </h2>
            {s.birthsPerDecade.length ? (
              <DecadeChart rows={s.birthsPerDecade} />
            ) : (
              <p className="mt-3 text-ink-soft">{t("tree.statistics.noBirths")}</p>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function TopList({ caption, rows }: { caption: string; rows: { label: string; people: number; href?: string }[] }) {
  const t = useT();
  return (
    <table className="w-full text-left">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">{t("tree.statistics.people")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-t border-line">
            <td className="py-1 pr-2">{r.href ? <Link to={r.href}>{r.label}</Link> : r.label}</td>
            <td className="py-1 text-right tabular-nums">{r.people}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The births per decade as a table whose rows carry their bars: read as a table by a screen reader, seen as a chart. */
function DecadeChart({ rows }: { rows: { decade: number; births: number }[] }) {
  const t = useT();
  const most = Math.max(...rows.map((r) => r.births), 1);
  return (
    <table className="mt-3 w-full text-left">
      <thead>
        <tr className="text-sm text-ink-soft">
          <th scope="col" className="w-24 py-1 font-normal">
            {t("tree.statistics.decade")}
          </th>
          <th scope="col" className="w-20 py-1 pr-3 text-right font-normal">
            {t("tree.statistics.born")}
          </th>
          <th scope="col" className="py-1 font-normal">
            <span className="sr-only">{t("tree.statistics.bar")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.decade}>
            <th scope="row" className="py-0.5 font-normal tabular-nums">
              {r.decade}–{r.decade + 9}
            </th>
            <td className="py-0.5 pr-3 text-right tabular-nums">{r.births}</td>
            <td className="py-0.5" aria-hidden="true">
              {/* An SVG bar: its width is an attribute, as the site's policy allows no inline styles. */}
              <svg className="block h-4 w-full text-accent" focusable="false">
                {r.births ? <rect width={`${Math.max((r.births / most) * 100, 0.5)}%`} height="100%" rx="2" fill="currentColor" /> : null}
              </svg>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
