import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { PersonSummary } from "../lib/tree-layout.ts";

/**
 * "Kaip susiję?" on a person page: a GET form to /giminyste that searches for
 * the other person by name (diacritics ignored) and works without JavaScript;
 * with it, suggestions while typing lead straight to the answer.
 */
export function RelationshipPicker({
  personId,
  query = "",
  inputId = "giminyste-kitas",
}: {
  personId: number;
  query?: string;
  inputId?: string;
}) {
  const fetcher = useFetcher<{ people: PersonSummary[] }>();
  const [text, setText] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim().length >= 2 && text !== query) fetcher.load(`/medis/paieska?q=${encodeURIComponent(text)}`);
    }, 200);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const suggestions =
    text.trim().length >= 2 && text !== query ? (fetcher.data?.people ?? []).filter((p) => p.id !== personId && !p.hidden) : [];
  return (
    <Form
      method="get"
      action="/giminyste"
      role="search"
      aria-label="Kaip susiję: kito asmens paieška"
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="a" value={personId} />
      <div className="relative min-w-56 flex-1">
        <label htmlFor={inputId} className="field-label">
          Kitas asmuo
        </label>
        <input
          id={inputId}
          name="paieska"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Vardas ar pavardė"
          autoComplete="off"
          className="field-input"
        />
        {suggestions.length ? (
          <ul aria-label="Pasiūlymai" className="absolute z-20 mt-1 w-full rounded-md border border-line bg-paper shadow-lg">
            {suggestions.map((p) => (
              <li key={p.id}>
                <Link to={`/giminyste?a=${personId}&b=${p.id}`} className="block px-3 py-2 no-underline hover:bg-accent-soft">
                  {p.name} {p.years ? <span className="text-sm text-ink-soft">({p.years})</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="submit" className="btn-primary">
        Ieškoti
      </button>
    </Form>
  );
}

/** The picker as a section of a person page. */
export function RelationshipSection({ personId }: { personId: number }) {
  return (
    <section aria-labelledby="kaip-susije" className="card mt-6 p-5">
      <h2 id="kaip-susije" className="mb-2 text-xl font-semibold">
        Kaip susiję?
      </h2>
      <p className="mb-3 text-ink-soft">Raskite kitą giminės medžio asmenį ir pamatysite, kaip jis susijęs su šiuo.</p>
      <RelationshipPicker personId={personId} />
    </section>
  );
}
