import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

export interface AnniversaryItem {
  eventId: number;
  tag: string;
  year: number;
  people: PersonSummary[];
}

/** How an anniversary is said, by its event: '1898 m. gimė …'. */
const SAID: Record<string, MessageId> = { BIRT: "tree.anniversary.born", DEAT: "tree.anniversary.died", MARR: "tree.anniversary.married" };

/** '1898 m. gimė' and the person with their years: the page's list and the home page's block. */
export function AnniversaryList({ items }: { items: AnniversaryItem[] }) {
  const t = useT();
  return (
    <ul className="space-y-2">
      {items.map((a) => (
        <li key={a.eventId}>
          {t.rich(SAID[a.tag] ?? "tree.anniversary.other", {
            // The year as written ('1898', not a number's '1 898').
            year: String(a.year),
            y: (chunks) => <span className="font-semibold">{chunks}</span>,
            people: a.people.map((p, i) => (
              <span key={p.id}>
                {i > 0 ? ` ${t("tree.and")} ` : ""}
                <Link to={`/asmuo/${p.id}`}>{p.name}</Link>
                {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
              </span>
            )),
          })}
        </li>
      ))}
    </ul>
  );
}
