import { useLocale, useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import { nameRelationship, type RelationPath, type StepKind } from "#app/lib/relationship.ts";
import { nameRelationshipEn } from "#app/lib/relationship-en.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

/** One path as the page shows it (what app/.server/kinship/relationship.ts returns). */
export interface ChartPath {
  /** B's relationship to A along this path, in the page's language. */
  term: string;
  blood: boolean;
  people: PersonSummary[];
  steps: StepKind[];
  partners: Record<number, PersonSummary>;
  up: number;
}

function PersonBox({ person, end }: { person: PersonSummary; end: boolean }) {
  return (
    <span className="block">
      <Link to={`/asmuo/${person.id}`} className={end ? "font-semibold" : ""}>
        {person.name}
      </Link>
      {person.years ? <span className="block text-sm text-ink-soft">{person.years}</span> : null}
    </span>
  );
}

/** A box: one person, or the couple a path turns at (both are the common ancestors). */
function Box({ person, partner, end }: { person: PersonSummary; partner?: PersonSummary; end: boolean }) {
  const t = useT();
  return (
    <div className={`rounded-md border bg-paper p-2 text-center break-words ${end ? "border-2 border-accent" : "border-line"}`}>
      <PersonBox person={person} end={end} />
      {partner ? (
        <>
          <span className="block text-sm text-ink-soft">{t("kinship.chart.and")}</span>
          <PersonBox person={partner} end={false} />
        </>
      ) : null}
    </div>
  );
}

const Line = () => <div aria-hidden="true" className="mx-auto h-5 w-px bg-ink-soft" />;

/**
 * A blood path: the common ancestor(s) on top, A's line down the left, B's
 * down the right (one column when one descends from the other). Plain HTML
 * boxes and links, readable at 390 px and without JavaScript.
 */
function BloodChart({ path }: { path: ChartPath }) {
  const t = useT();
  const last = path.people.length - 1;
  const apex = path.people[path.up];
  const left = path.people.slice(0, path.up).reverse();
  const right = path.people.slice(path.up + 1);
  const column = (people: PersonSummary[], label: string) => (
    <ol aria-label={label} className="min-w-0">
      {people.map((p) => (
        <li key={p.id}>
          <Line />
          <Box person={p} end={p.id === path.people[0].id || p.id === path.people[last].id} />
        </li>
      ))}
    </ol>
  );
  const both = left.length > 0 && right.length > 0;
  return (
    <div className="mx-auto max-w-xl">
      <div className={both ? "mx-auto w-1/2 min-w-40" : "mx-auto max-w-64"}>
        <Box person={apex} partner={path.partners[path.up]} end={path.up === 0 || path.up === last} />
      </div>
      {both ? (
        <>
          <Line />
          <div aria-hidden="true" className="mx-[25%] border-t border-ink-soft" />
          <div className="grid grid-cols-2 gap-2">
            {column(left, t("kinship.chart.firstLine"))}
            {column(right, t("kinship.chart.secondLine"))}
          </div>
        </>
      ) : (
        <div className="mx-auto max-w-64">{column(left.length ? left : right, t("kinship.chart.line"))}</div>
      )}
    </div>
  );
}

/** A path through marriages: the people one under another, each link named. */
function ChainChart({ path }: { path: ChartPath }) {
  const last = path.people.length - 1;
  // Each link in the page's language: 'tėvas', 'žmona'; 'father', 'wife'.
  const name = useLocale() === "en" ? (step: RelationPath) => nameRelationshipEn(step).term : nameRelationship;
  return (
    <ol className="mx-auto max-w-64">
      {path.people.map((p, i) => (
        <li key={`${p.id}-${i}`}>
          {i > 0 ? (
            <p className="py-1 text-center text-sm text-ink-soft">
              <span aria-hidden="true">↓ </span>
              {name({ fromSex: "U", steps: [{ kind: path.steps[i - 1], sex: p.sex }] })}
            </p>
          ) : null}
          <Box person={p} partner={path.partners[i]} end={i === 0 || i === last} />
        </li>
      ))}
    </ol>
  );
}

export function RelationshipChart({ path }: { path: ChartPath }) {
  const straight = path.blood && path.steps.every((s, i) => s !== "partner" && (i < path.up ? s === "parent" : s === "child"));
  return straight ? <BloodChart path={path} /> : <ChainChart path={path} />;
}
