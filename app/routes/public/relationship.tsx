import { data } from "react-router";
import type { Route } from "./+types/relationship";
import { services } from "#app/.server/platform/context.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { relationship } from "#app/.server/kinship/relationship.ts";
import { SEARCH_QUERY_MAX, searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { PageHeading, PageTitle } from "#app/components/page.tsx";
import { RelationshipChart } from "#app/components/relationship-chart.tsx";
import { RelationshipPicker } from "#app/components/relationship-picker.tsx";
import { localeOf } from "#app/i18n/locales.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link, useLocalized } from "#app/i18n/router.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { DEFAULT_LIMITS } from "#app/lib/relationship.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

// "Kaip susiję?": /giminyste?a=<id>&b=<id> names b's relationship to a and draws the paths.
// Without both, a GET form chooses them (?paieska= finds people by name). A person who is
// not in the tree, or whom the viewer may not see in full (a living person to a visitor),
// is answered alike: 404, "Asmuo nerastas", so the page tells nothing of them. The
// relationship is named in the page's language: /en/giminyste in English, with the
// Lithuanian word beside it where it says more (app/lib/relationship-en.ts).

const RESULTS = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const given = (name: string) => (params.get(name) ?? "").trim();
  const a = parseId(given("a"));
  const b = parseId(given("b"));
  // A value that is not an id: the form again, with a word on what was wrong.
  const malformed = (given("a") !== "" && a === null) || (given("b") !== "" && b === null);
  const query = given("paieska").slice(0, SEARCH_QUERY_MAX);
  const { db } = services(context);
  const { treeId, viewer } = await treeViewer(context);
  const base = { a: null as PersonSummary | null, query, results: null as Awaited<ReturnType<typeof searchPeoplePage>> | null };
  if (treeId === null) return data({ ...base, state: "empty" as const }, { status: a || b ? 404 : 200 });

  const known = await summaries(
    db,
    treeId,
    [a, b].filter((id): id is number => id !== null),
    viewer,
  );
  const visible = (id: number | null) => id !== null && known[id] !== undefined && !known[id].hidden;
  if ((a !== null && !visible(a)) || (b !== null && !visible(b))) {
    return data({ ...base, state: "notFound" as const }, { status: 404 });
  }
  if (a !== null && b !== null) {
    const found = await relationship(db, treeId, a, b, viewer, { locale: localeOf(new URL(request.url).pathname) });
    if (!found || found.kind === "hidden") return data({ ...base, state: "notFound" as const }, { status: 404 });
    return { ...base, a: known[a], state: "answer" as const, answer: found };
  }
  const results = query ? await searchPeoplePage(db, treeId, query, viewer, 1, RESULTS) : null;
  return data(
    { ...base, a: a !== null ? known[a] : null, b: b !== null ? known[b] : null, results, state: "choose" as const },
    { status: malformed ? 400 : 200 },
  );
}

export default function RelationshipPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageTitle>{t("kinship.title")}</PageTitle>
      <PageHeading title={t("kinship.title")} lead={t("kinship.lead")} />
      {loaderData.state === "empty" ? (
        <p className="card max-w-2xl p-5 text-ink-soft">{t("kinship.empty")}</p>
      ) : loaderData.state === "notFound" ? (
        <div className="card max-w-2xl p-5">
          <p className="text-lg font-semibold">{t("kinship.notFound.heading")}</p>
          <p className="mt-2 text-ink-soft">{t("kinship.notFound.text")}</p>
          <p className="mt-4">
            <Link to="/giminyste">{t("kinship.notFound.again")}</Link>
          </p>
        </div>
      ) : loaderData.state === "answer" ? (
        <Answer answer={loaderData.answer} />
      ) : (
        <Choose a={loaderData.a} b={loaderData.b} query={loaderData.query} results={loaderData.results} />
      )}
    </>
  );
}

type Loaded = Route.ComponentProps["loaderData"];
type AnswerData = Extract<Loaded, { state: "answer" }>["answer"];

function PersonLine({ person }: { person: PersonSummary }) {
  return (
    <>
      <Link to={`/asmuo/${person.id}`} className="tap font-semibold">
        {person.name}
      </Link>
      {person.years ? <span className="text-ink-soft"> ({person.years})</span> : null}
    </>
  );
}

/** The answer: no declension of the names is needed ("Antrasis asmuo pirmajam yra: pusbrolis"). */
function Answer({ answer }: { answer: AnswerData }) {
  const t = useT();
  const terms = answer.kind === "found" ? [...new Set(answer.paths.map((p) => p.term))] : [];
  // In English, the Lithuanian words that say more than the English terms, each once.
  const explained =
    answer.kind === "found"
      ? [
          ...new Map(
            answer.paths.flatMap((p) =>
              p.lithuanian ? [[`${p.term}|${p.lithuanian.word}|${p.lithuanian.meaning}`, { term: p.term, ...p.lithuanian }] as const] : [],
            ),
          ).values(),
        ]
      : [];
  const b = answer.kind === "same" ? answer.a : answer.b;
  return (
    <>
      <section aria-labelledby="atsakymas" className="card max-w-3xl p-5">
        <h2 id="atsakymas" className="sr-only">
          {t("kinship.answer.heading")}
        </h2>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="text-ink-soft">{t("kinship.answer.first")}</dt>
          <dd>
            <PersonLine person={answer.a} />
          </dd>
          <dt className="text-ink-soft">{t("kinship.answer.second")}</dt>
          <dd>
            <PersonLine person={b} />
          </dd>
          <dt className="text-ink-soft">{t("kinship.answer.is")}</dt>
          <dd className="text-2xl font-semibold" data-testid="relationship-terms">
            {answer.kind === "same" ? t("kinship.answer.same") : answer.kind === "none" ? t("kinship.answer.none") : terms.join("; ")}
          </dd>
        </dl>
        {explained.length > 0 ? (
          <div className="mt-3 text-ink-soft">
            <p className="text-sm">{t("kinship.answer.inLithuanian")}</p>
            <ul>
              {explained.map(({ term, word, meaning }) => (
                <li key={`${term}|${word}|${meaning}`}>
                  {t.rich("kinship.answer.lithuanianWord", {
                    term,
                    word,
                    meaning,
                    lt: (chunks) => (
                      <span lang="lt" className="font-semibold text-ink">
                        {chunks}
                      </span>
                    ),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {answer.kind === "found" && answer.paths.some((p) => !p.blood) ? (
          <p className="mt-3 font-medium text-accent">{t("kinship.answer.byMarriage")}</p>
        ) : null}
        {answer.kind === "none" ? (
          <p className="mt-3 text-ink-soft">
            {t("kinship.answer.searched", { generations: DEFAULT_LIMITS.generations, steps: DEFAULT_LIMITS.marriageSteps * 2 })}
          </p>
        ) : null}
        <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {answer.kind !== "same" ? <Link to={`/giminyste?a=${b.id}&b=${answer.a.id}`}>{t("kinship.answer.swap")}</Link> : null}
          <Link to={`/giminyste?a=${answer.a.id}`}>{t("kinship.answer.otherSecond")}</Link>
        </p>
      </section>
      {answer.kind === "found" ? (
        <section aria-labelledby="keliai" className="mt-8">
          <h2 id="keliai" className="mb-3 text-xl font-semibold">
            {answer.paths.length === 1 ? t("kinship.paths.one") : t("kinship.paths.many", { count: answer.paths.length })}
          </h2>
          <ol className="grid gap-6 lg:grid-cols-2">
            {answer.paths.map((path, i) => {
              const term = path.blood ? path.term : t("kinship.path.byMarriage", { term: path.term });
              return (
                <li key={i} className="card p-4">
                  <h3 className="mb-3 text-center font-semibold">
                    {answer.paths.length > 1 ? t("kinship.path.numbered", { number: i + 1, term }) : term}
                  </h3>
                  <RelationshipChart path={path} />
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </>
  );
}

/** Choosing the two people: the first, then the second, each by a name search. */
function Choose({ a, b, query, results }: Pick<Loaded, "a" | "query" | "results"> & { b?: PersonSummary | null }) {
  const t = useT();
  const localized = useLocalized();
  const href = (id: number) => (a ? `/giminyste?a=${a.id}&b=${id}` : `/giminyste?a=${id}${b ? `&b=${b.id}` : ""}`);
  return (
    <section aria-labelledby="pasirinkti" className="card max-w-3xl p-5">
      <h2 id="pasirinkti" className="mb-2 text-xl font-semibold">
        {a ? t("kinship.choose.second") : t("kinship.choose.first")}
      </h2>
      {a ? (
        <p className="mb-3">{t.rich("kinship.choose.firstIs", { person: <PersonLine person={a} /> })}</p>
      ) : b ? (
        <p className="mb-3">{t.rich("kinship.choose.secondIs", { person: <PersonLine person={b} /> })}</p>
      ) : null}
      {a ? (
        <RelationshipPicker personId={a.id} query={query} inputId="paieska" />
      ) : (
        <form
          method="get"
          action={localized("/giminyste")}
          role="search"
          aria-label={t("kinship.choose.searchFirst")}
          className="flex flex-wrap items-end gap-2"
        >
          {b ? <input type="hidden" name="b" value={b.id} /> : null}
          <div className="min-w-56 flex-1">
            <label htmlFor="paieska" className="field-label">
              {t("kinship.choose.name")}
            </label>
            <input id="paieska" name="paieska" type="search" defaultValue={query} className="field-input" />
          </div>
          <button type="submit" className="btn-primary">
            {t("kinship.choose.submit")}
          </button>
        </form>
      )}
      {results ? (
        <div className="mt-4" aria-live="polite">
          {results.total ? (
            <>
              <p className="mb-2 text-sm text-ink-soft">
                {results.more
                  ? t("kinship.results.more", { count: results.total })
                  : results.total > results.items.length
                    ? t("kinship.results.some", { count: results.total, shown: results.items.length })
                    : t("kinship.results.all", { count: results.total })}
              </p>
              <ul className="flex flex-wrap gap-2">
                {results.items.map((p) => (
                  <li key={p.id}>
                    <Link to={href(p.id)} className="btn-secondary">
                      {p.name} {p.years ? `(${p.years})` : ""}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-ink-soft">{t("kinship.results.none", { query })}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
