import { useLocation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import { pageHref } from "#app/lib/paging.ts";

const TARGET = "btn min-h-11 min-w-11 px-3"; // at least 44 × 44 px to touch
const OTHER = `${TARGET} border border-line bg-paper text-ink hover:bg-accent-soft`;
const CURRENT = `${TARGET} bg-accent text-white hover:bg-accent-dark`;

/** The page numbers to show: the first, the last, and the current one with its neighbours; null where some are left out. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1] > 1 ? [null, n] : [n]));
}

/**
 * The pages of a list as plain links (so they work without JavaScript): the
 * previous and the next page, and on a wider screen the page numbers around
 * the current one. The other parameters of the address (a search, an order)
 * are kept. Nothing is shown for a list of one page.
 */
export function Pager({
  page,
  pages,
  label,
  previous,
  next,
}: {
  page: number;
  pages: number;
  /** What the pages are of, for a screen reader: 'Dokumentų puslapiai'. */
  label: string;
  previous?: string;
  next?: string;
}) {
  const { pathname, search } = useLocation();
  const t = useT();
  if (pages <= 1) return null;
  const href = (n: number) => pageHref(pathname, search, n);
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={OTHER}>
              <span aria-hidden="true">←</span> {previous ?? t("common.pager.previous")}
            </Link>
          </li>
        ) : null}
        {/* On a phone the numbers give way to 'Puslapis 2 iš 7' on a line of its own, the buttons below it. */}
        <li className="w-full text-center text-sm text-ink-soft max-sm:order-first sm:hidden">
          {t("common.pager.position", { page, pages })}
        </li>
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} aria-hidden="true" className="px-1 text-ink-soft max-sm:hidden">
              …
            </li>
          ) : (
            <li key={n} className="max-sm:hidden">
              <Link
                to={href(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("common.pager.number", { page: n })}
                className={n === page ? CURRENT : OTHER}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={OTHER}>
              {next ?? t("common.pager.next")} <span aria-hidden="true">→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
