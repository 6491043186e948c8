import { Link } from "react-router";
import type { Route } from "./+types/tree-statistics";
import { services } from "#app/.server/platform/context.ts";
import { treeStatistics } from "#app/.server/genealogy/tree-statistics.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { PageHeading, PageTitle, useSiteSettings } from "#app/components/page.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { EmptyTree, TreeIndexNav } from "#app/components/tree-indexes.tsx";
import { plural } from "#app/lib/lithuanian.ts";

// The tree in numbers (/medis/statistika), counted over the people the viewer
// may see in full (genealogy/tree-statistics.ts).
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  return { statistics: treeId === null ? null : await treeStatistics(db, treeId, viewer) };
}

const YEARS = ["metai", "metai", "metų"] as const;
const PEOPLE = ["asmuo", "asmenys", "asmenų"] as const;
const oneDecimal = new Intl.NumberFormat("lt", { maximumFractionDigits: 1 });

export default function TreeStatisticsPage({ loaderData: { statistics: s } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  return (
    <>
      <PageTitle>Statistika</PageTitle>
      <ShareMeta title={`Giminės medžio statistika – ${familyName}`} description={`${familyName}: giminės medis skaičiais.`} />
      <PageHeading title="Statistika" />
      <TreeIndexNav current="/medis/statistika" />
      {!s ? (
        <EmptyTree />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="skaiciai" className="card p-6">
            <h2 id="skaiciai" className="text-xl font-semibold">
              Medis skaičiais
            </h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-ink-soft">Asmenų</dt>
              <dd>{s.people}</dd>
              <dt className="text-ink-soft">Kartų</dt>
              <dd>{s.generations}</dd>
              <dt className="text-ink-soft">Vidutinė gyvenimo trukmė</dt>
              <dd>{s.lifespans.average === null ? "–" : `${oneDecimal.format(s.lifespans.average)} m.`}</dd>
              <dt className="text-ink-soft">Gyvenimo trukmės mediana</dt>
              <dd>{s.lifespans.median === null ? "–" : `${oneDecimal.format(s.lifespans.median)} m.`}</dd>
              <dt className="text-ink-soft">Ilgiausiai gyveno</dt>
              <dd>
                {s.oldest ? (
                  <>
                    <Link to={`/asmuo/${s.oldest.id}`}>{s.oldest.name}</Link> ({plural(s.oldest.age, YEARS)})
                  </>
                ) : (
                  "–"
                )}
              </dd>
            </dl>
            <p className="mt-3 text-sm text-ink-soft">
              Gyvenimo trukmė skaičiuojama iš {plural(s.lifespans.count, PEOPLE)}, kurių gimimo ir mirties metai žinomi.
            </p>
          </section>
          <section aria-labelledby="vardai" className="card p-6">
            <h2 id="vardai" className="text-xl font-semibold">
              Dažniausi vardai ir pavardės
            </h2>
            <div className="mt-3 grid gap-6 sm:grid-cols-2">
              <TopList caption="Vardai" rows={s.givenNames.map((g) => ({ label: g.name, people: g.people }))} />
              <TopList
                caption="Pavardės"
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
              Gimimai pagal dešimtmečius
            </h2>
            {s.birthsPerDecade.length ? <DecadeChart rows={s.birthsPerDecade} /> : <p className="mt-3 text-ink-soft">Gimimo datų nėra.</p>}
          </section>
        </div>
      )}
    </>
  );
}

function TopList({ caption, rows }: { caption: string; rows: { label: string; people: number; href?: string }[] }) {
  return (
    <table className="w-full text-left">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{caption}</th>
          <th scope="col">Asmenų</th>
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
  const most = Math.max(...rows.map((r) => r.births), 1);
  return (
    <table className="mt-3 w-full text-left">
      <thead>
        <tr className="text-sm text-ink-soft">
          <th scope="col" className="w-24 py-1 font-normal">
            Dešimtmetis
          </th>
          <th scope="col" className="w-20 py-1 pr-3 text-right font-normal">
            Gimė
          </th>
          <th scope="col" className="py-1 font-normal">
            <span className="sr-only">Stulpelis</span>
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
