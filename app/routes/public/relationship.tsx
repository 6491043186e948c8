import { data } from "react-router";
import type { Route } from "./+types/relationship";
import { services } from "#app/.server/platform/context.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { relationship } from "#app/.server/kinship/relationship.ts";
import { searchPeoplePage } from "#app/.server/genealogy/search.ts";
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
  const query = given("paieska").slice(0, 100);
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
