import { Link } from "react-router";
import type { Route } from "./+types/genealogy-site-changes";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { siteChanges } from "#app/.server/genealogy/merge/prepare.ts";
import { PageTitle } from "#app/components/page.tsx";
import { readableDifferences, siteChangeLine, siteChangeWho } from "#app/lib/merge-words.ts";

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
  return (
    <>
      <PageTitle>Svetainės pakeitimai šeimos istorikui</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/admin/medis">← Giminės medis</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">Svetainės pakeitimai šeimos istorikui</h1>
      {!treeExists ? (
        <p className="text-ink-soft">Giminės medžio dar nėra.</p>
      ) : !found ? (
        <p className="text-ink-soft">
          Dabartinis medis importuotas, kai svetainė dar nesaugojo importuoto failo, todėl palyginti nėra su kuo. Po kito importo šis
          sąrašas rodys, ką šeima pakeitė svetainėje.
        </p>
      ) : (
        <>
          <p className="text-ink-soft">
            Ką šeima pakeitė svetainėje ir ko dar nėra faile „{found.file}“, iš kurio importuotas dabartinis medis. Perduokite tai medį savo
            programoje vedančiam žmogui: sąrašą skaityti, o GEDCOM failą importuoti į jo programą (svetainėje sukurti asmenys turi savo UID,
            todėl kitą kartą bus atpažinti).
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <a href="/admin/medis/svetaines-pakeitimai/sarasas" className="btn-primary" download>
              Atsisiųsti sąrašą (.txt)
            </a>
            <a href="/admin/medis/eksportas?versija=5.5.1" className="btn-secondary" download>
              Visas svetainės medis (GEDCOM 5.5.1)
            </a>
            <a href="/admin/medis/eksportas?versija=7.0" className="btn-secondary" download>
              Visas svetainės medis (GEDCOM 7.0)
            </a>
          </div>
          {found.changes.length === 0 ? (
            <p className="mt-6">Pakeitimų nėra: svetainės medis toks pat kaip failas.</p>
          ) : (
            <ul className="mt-6 space-y-4">
              {found.changes.map((change) => (
                <li key={`${change.subject.kind} ${change.subject.key}`} className="card p-4" data-testid="site-change">
                  <h2 className="font-semibold">{change.subject.label}</h2>
                  <ul className="mt-1 space-y-1 text-sm">
                    {readableDifferences(change.items).map((item) => (
                      <li key={item.slot}>{siteChangeLine(item, found.names)}</li>
                    ))}
                  </ul>
                  {siteChangeWho(change) ? <p className="mt-2 text-sm text-ink-soft">{siteChangeWho(change)}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
