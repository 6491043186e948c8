import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Link, useLocalized } from "#app/i18n/router.tsx";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

/**
 * A name field inside a GET search form (which works without JavaScript): with
 * JavaScript, people whose names match (diacritics ignored, /medis/paieska)
 * are suggested while typing, each a link made by `href`. `query` is what the
 * page was searched for, which needs no suggestions.
 */
export function PersonSuggestField({
  id,
  label,
  placeholder,
  query,
  href,
  exclude = () => false,
}: {
  id: string;
  label: string;
  placeholder: string;
  query: string;
  href: (person: PersonSummary) => string;
  exclude?: (person: PersonSummary) => boolean;
}) {
  const fetcher = useFetcher<{ people: PersonSummary[] }>();
  const t = useT();
  const localized = useLocalized();
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  // What was typed before the page's script ran (a visitor's page starts it after its first paint) is
  // in the field but not yet in React's state: take it, so its suggestions come.
  useEffect(() => {
    if (input.current && input.current.value !== text) setText(input.current.value);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const asking = text.trim().length >= 2 && text !== query;
  useEffect(() => {
    const timer = setTimeout(() => {
      // In the page's language: a living person is named as the page names them.
      if (asking) fetcher.load(localized(`/medis/paieska?q=${encodeURIComponent(text)}`));
    }, 200);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  const suggestions = asking ? (fetcher.data?.people ?? []).filter((p) => !exclude(p)) : [];
  return (
    <div className="relative min-w-56 flex-1">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name="paieska"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="field-input"
      />
      {suggestions.length ? (
        <ul
          aria-label={t("tree.search.suggestions")}
          className="absolute z-20 mt-1 w-full rounded-md border border-line bg-paper shadow-lg"
        >
          {suggestions.map((p) => (
            <li key={p.id}>
              <Link to={href(p)} className="block px-3 py-2 no-underline hover:bg-accent-soft" onClick={() => setText("")}>
                {p.name} {p.years ? <span className="text-sm text-ink-soft">({p.years})</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
