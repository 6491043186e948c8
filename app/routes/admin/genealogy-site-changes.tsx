import type { Route } from "./+types/genealogy-site-changes";
import { useT } from "#app/i18n/react.tsx";
import { Link, useLocalized } from "#app/i18n/router.tsx";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { siteChanges } from "#app/.server/genealogy/merge/prepare.ts";
import { PageTitle } from "#app/components/page.tsx";
import { readableDifferences, siteChangeLine, siteChangeWho, subjectLabel } from "#app/lib/merge-words.ts";

// What the family changed on the site that the family historian's file does
// not have (issue 29): a list to read or download (…/sarasas, the same as
// text), and the whole tree in GEDCOM for their program, people made on the
// site with their UIDs.

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const treeId = await currentTreeId(db);
  return { treeExists: treeId !== null, found: treeId === null ? null : await siteChanges(db, media, treeId) };
}

export default function SiteChanges({ loaderData: { treeExists, found } }: Route.ComponentProps) {
  const t = useT();
  // The list is written in the page's language.
  const localized = useLocalized();
  return (
    <>
      <PageTitle>{t("adminTree.siteChanges.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis">{t("adminTree.backToTree")}</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">{t("adminTree.siteChanges.title")}</h1>
      {!treeExists ? (
        <p className="text-ink-soft">{t("adminTree.siteChanges.noTree")}</p>
      ) : !found ? (
        <p className="text-ink-soft">{t("adminTree.siteChanges.noBase")}</p>
      ) : (
        <>
          <p className="text-ink-soft">{t("adminTree.siteChanges.intro", { file: found.file })}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href={localized("/admin/medis/svetaines-pakeitimai/sarasas")} className="btn-primary" download>
              {t("adminTree.siteChanges.download")}
            </a>
            <a href="/admin/medis/eksportas?versija=5.5.1" className="btn-secondary" download>
              {t("adminTree.siteChanges.wholeTree", { version: "5.5.1" })}
            </a>
            <a href="/admin/medis/eksportas?versija=7.0" className="btn-secondary" download>
              {t("adminTree.siteChanges.wholeTree", { version: "7.0" })}
            </a>
          </div>
          {found.changes.length === 0 ? (
            <p className="mt-6">{t("adminTree.siteChanges.none")}</p>
          ) : (
            <ul className="mt-6 space-y-4">
              {found.changes.map((change) => (
                <li key={`${change.subject.kind} ${change.subject.key}`} className="card p-4" data-testid="site-change">
                  <h2 className="font-semibold">{subjectLabel(t, change.subject)}</h2>
                  <ul className="mt-1 space-y-1 text-sm">
                    {readableDifferences(change.items).map((item) => (
                      <li key={item.slot}>{siteChangeLine(t, item, found.names)}</li>
                    ))}
                  </ul>
                  {siteChangeWho(t, change) ? <p className="mt-2 text-sm text-ink-soft">{siteChangeWho(t, change)}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
