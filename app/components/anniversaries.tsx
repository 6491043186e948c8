import { Link } from "react-router";
import { ANNIVERSARY_VERBS } from "#app/lib/event-labels.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

export interface AnniversaryItem {
  eventId: number;
  tag: string;
  year: number;
  people: PersonSummary[];
}

/** '1898 m. gimė' and the person with their years: the page's list and the home page's block. */
export function AnniversaryList({ items }: { items: AnniversaryItem[] }) {
  return (
    <ul className="space-y-2">
      {items.map((a) => (
        <li key={a.eventId}>
          <span className="font-semibold">{a.year} m.</span> {ANNIVERSARY_VERBS[a.tag]}{" "}
          {a.people.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? " ir " : ""}
              <Link to={`/asmuo/${p.id}`}>{p.name}</Link>
              {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
