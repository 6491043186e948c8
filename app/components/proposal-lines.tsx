import { useLocation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import type { ImageRef } from "#app/lib/media.ts";
import { pageHref } from "#app/lib/paging.ts";
import { GalleryPicture } from "./gallery.tsx";

/** What a proposal or a change does, as before → after rows (their words said by the server). Texts are shown as text. */
export function ChangeLines({
  lines,
  caption,
}: {
  lines: { label: string; before: string; after: string; images?: ImageRef[] }[];
  caption: string;
}) {
  const t = useT();
  if (lines.length === 0) return null;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-ink-soft">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("account.lines.what")}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t("account.lines.before")}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t("account.lines.after")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className="border-b border-line align-top last:border-0">
              <th scope="row" className="py-1 pr-3 font-medium">
                {line.label}
              </th>
              <td className="py-1 pr-3 break-words whitespace-pre-line text-ink-soft">
                {line.before ? <del className="decoration-ink-soft/60">{line.before}</del> : "–"}
              </td>
              <td className="py-1 break-words whitespace-pre-line">
                {line.after ? <ins className="no-underline">{line.after}</ins> : "–"}
                {line.images?.length ? (
                  <span className="mt-2 grid max-w-md grid-cols-2 gap-2">
                    {line.images.map((image) => (
                      <GalleryPicture key={image.id} image={image} alt={t("account.lines.photo")} sizes="12rem" />
                    ))}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next links of a list read `limit + 1` at a time (no total is counted). */
export function MorePager({ page, more, label }: { page: number; more: boolean; label: string }) {
  const { pathname, search } = useLocation();
  const t = useT();
  if (page === 1 && !more) return null;
  return (
    <nav aria-label={label} className="mt-6 flex gap-3">
      {page > 1 ? (
        <Link to={pageHref(pathname, search, page - 1)} className="btn-secondary">
          {t("account.pager.previous")}
        </Link>
      ) : null}
      {more ? (
        <Link to={pageHref(pathname, search, page + 1)} className="btn-secondary">
          {t("account.pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
