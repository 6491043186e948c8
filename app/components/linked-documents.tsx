import { InLanguage } from "./in-language.tsx";
import { documentTypeName } from "#app/lib/documents.ts";
import { shownDocumentYear } from "#app/lib/document-year.ts";
import type { ScanRef } from "#app/lib/media.ts";
import { useT } from "#app/i18n/react.tsx";
import { scanUrl } from "#app/lib/media.ts";

/**
 * The documents linked to a person or a photo, as a card: each title with
 * its year and type, and its scan when there is one.
 */
export function LinkedDocuments({
  documents,
}: {
  documents: { id: number; title: string; year: string; type: string; scan: ScanRef | null }[];
}) {
  const t = useT();
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="dokumentai" className="card mt-6 p-5">
      <h2 id="dokumentai" className="mb-2 text-xl font-semibold">
        {t("gallery.documents.title")}
      </h2>
      <ul className="space-y-1">
        {documents.map((d) => (
          <li key={d.id}>
            <InLanguage lang="lt">{d.title}</InLanguage> ({shownDocumentYear(d.year, t.locale)}, {documentTypeName(t, d.type)})
            {d.scan ? (
              <a href={scanUrl(d.scan)} className="tap ml-2 text-sm">
                {t("gallery.documents.scan")}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
