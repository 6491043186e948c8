import { Form, Link } from "react-router";
import type { Route } from "./+types/documents";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { MembersOnlyBadge } from "#app/components/members-only.tsx";
import { services } from "#app/.server/platform/context.ts";
import { countDocuments, documentsPage, documentTypes, DOCUMENTS_PAGE_SIZE } from "#app/.server/documents/documents.ts";
import { documentPeople } from "#app/.server/documents/people.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { PageHeading, PageTitle, TextBlock, useSiteSettings } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { documentQueryString, parseDocumentQuery, SORT_COLUMNS, type DocumentQuery, type SortColumn } from "#app/lib/documents.ts";
import { plural } from "#app/lib/lithuanian.ts";
import { scanUrl, type ScanRef } from "#app/lib/media.ts";
import { assertPageExists, pageOffset, pageTitle, requestedPage } from "#app/lib/paging.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseDocumentQuery(new URL(request.url).searchParams);
  const page = requestedPage(request);
  const { db } = services(context);
  const audience = audienceOf(context);
  const filtered = Boolean(query.type || query.search);
  const [found, all, types, { treeId, viewer }, { documentsLead, archiveNote }] = await Promise.all([
    documentsPage(db, audience, query, page),
    filtered ? countDocuments(db, audience) : null,
    documentTypes(db, audience),
    treeViewer(context),
    getSiteSettings(db),
  ]);
  assertPageExists(found);
  // The person links of this page's rows only, in a fixed number of queries.
  const people = treeId === null ? new Map<number, number>() : await documentPeople(db, treeId, found.items, viewer);
  const documents = found.items.map((d) => ({ ...d, personId: people.get(d.id) ?? null }));
  const { total: matching, pages } = found;
  const first = pageOffset(page, DOCUMENTS_PAGE_SIZE) + 1;
  return { documents, matching, total: all ?? matching, page, pages, first, types, query, documentsLead, archiveNote };
}

const COLUMN_LABELS: Record<SortColumn, string> = { pavadinimas: "Pavadinimas", asmuo: "Asmuo", metai: "Metai", tipas: "Tipas" };

const CELL =
  "px-4 py-3 break-words max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-semibold max-sm:before:text-ink-soft max-sm:before:content-[attr(data-label)]";

export default function DocumentsPage({
  loaderData: { documents, matching, total, page, pages, first, types, query, documentsLead, archiveNote },
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const filtered = Boolean(query.type || query.search);
  return (
    <>
      <PageTitle>{pageTitle("Dokumentai", page)}</PageTitle>
      <ShareMeta
        page={page}
        title={`Istoriniai dokumentai – ${familyName}`}
        description={[documentsLead, `Sąraše – ${plural(total, ["dokumentas", "dokumentai", "dokumentų"])}.`].filter(Boolean).join(" ")}
      />
      <PageHeading title="Istoriniai dokumentai" lead={documentsLead || undefined} />
      {total === 0 ? (
        <p className="card p-6 text-ink-soft">Dokumentų sąrašas kol kas tuščias.</p>
      ) : (
        <>
          <Filters types={types} query={query} filtered={filtered} />
          <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
            {filtered
              ? `Rasta: ${plural(matching, ["dokumentas", "dokumentai", "dokumentų"])} iš ${total}.`
              : `Iš viso ${plural(total, ["dokumentas", "dokumentai", "dokumentų"])}.`}
            {pages > 1 && documents.length ? ` Rodomi ${first}–${first + documents.length - 1}.` : ""}
          </p>
          {documents.length === 0 ? (
            <p className="card p-6 text-ink-soft">Pagal šią paiešką dokumentų nerasta.</p>
          ) : (
            <div className="card overflow-hidden">
              {/* On a phone each row becomes a card: cells stack, each with its column's name. */}
              <table className="w-full border-collapse text-left max-sm:block">
                <caption className="sr-only">Dokumentų sąrašas</caption>
                <thead className="bg-accent-soft text-sm max-sm:sr-only">
                  <tr>
                    {(Object.keys(SORT_COLUMNS) as SortColumn[]).map((column) => (
                      <SortHeader key={column} column={column} query={query} />
                    ))}
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {documents.map((doc) => (
                    <tr key={doc.id} className="border-t border-line first:max-sm:border-t-0 max-sm:block max-sm:py-2">
                      <td className={`${CELL} font-medium`} data-label="Pavadinimas">
                        <span>
                          {doc.title}
                          {doc.membersOnly ? <MembersOnlyBadge /> : null}
                          {doc.scan ? <ScanLink scan={doc.scan} title={doc.title} /> : null}
                        </span>
                      </td>
                      <td className={CELL} data-label="Asmuo">
                        {doc.personId !== null ? <Link to={`/asmuo/${doc.personId}`}>{doc.person}</Link> : doc.person}
                      </td>
                      <td className={`${CELL} whitespace-nowrap`} data-label="Metai">
                        {doc.year}
                      </td>
                      <td className={CELL} data-label="Tipas">
                        {doc.type}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={pages} label="Dokumentų sąrašo puslapiai" />
        </>
      )}
      {archiveNote ? (
        <aside className="mt-8 max-w-3xl rounded-lg border-l-4 border-moss bg-paper p-6">
          <h2 className="text-xl font-semibold">Apie archyvą</h2>
          <TextBlock text={archiveNote} className="mt-2 text-ink-soft" />
        </aside>
      ) : null}
    </>
  );
}

function SortHeader({ column, query }: { column: SortColumn; query: DocumentQuery }) {
  const active = query.sort === column;
  const next = { ...query, sort: column, descending: active ? !query.descending : false };
  const direction = active ? (query.descending ? "descending" : "ascending") : undefined;
  return (
    <th scope="col" className="px-4 py-3" aria-sort={direction}>
      <Link
        to={documentQueryString(next) || "?"}
        preventScrollReset
        className="tap inline-flex items-center gap-1 text-ink no-underline hover:underline"
      >
        {COLUMN_LABELS[column]}
        <span aria-hidden="true" className={active ? "text-accent" : "text-ink-soft/50"}>
          {active && query.descending ? "▼" : "▲"}
        </span>
        {active ? <span className="sr-only">{query.descending ? "(mažėjančia tvarka)" : "(didėjančia tvarka)"}</span> : null}
      </Link>
    </th>
  );
}

function Filters({ types, query, filtered }: { types: string[]; query: DocumentQuery; filtered: boolean }) {
  return (
    // Keyed by the query, so the fields show what the URL says after "Išvalyti" or Back.
    <Form
      key={`${query.type}|${query.search}|${query.sort}|${query.descending}`}
      method="get"
      role="search"
      aria-label="Dokumentų paieška"
      className="mb-4 flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <div className="min-w-48 flex-1">
        <label htmlFor="paieska" className="field-label">
          Paieška
        </label>
        <input
          id="paieska"
          name="paieska"
          type="search"
          defaultValue={query.search}
          placeholder="Pavadinimas, asmuo, metai…"
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="tipas" className="field-label">
          Tipas
        </label>
        <select id="tipas" name="tipas" defaultValue={query.type} className="field-input">
          <option value="">Visi tipai</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      {/* On a phone the column headers are hidden, so the order is chosen here;
          on a wider screen these stay in the form (hidden) and keep the headers' order. */}
      <div className="sm:hidden">
        <label htmlFor="rikiuoti" className="field-label">
          Rikiuoti pagal
        </label>
        <select id="rikiuoti" name="rikiuoti" defaultValue={query.sort} className="field-input">
          {(Object.keys(SORT_COLUMNS) as SortColumn[]).map((column) => (
            <option key={column} value={column}>
              {COLUMN_LABELS[column]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:hidden">
        <label htmlFor="tvarka" className="field-label">
          Tvarka
        </label>
        <select id="tvarka" name="tvarka" defaultValue={query.descending ? "mazejanti" : "didejanti"} className="field-input">
          <option value="didejanti">Didėjančia</option>
          <option value="mazejanti">Mažėjančia</option>
        </select>
      </div>
      <button type="submit" className="btn-primary">
        Ieškoti
      </button>
      {filtered ? (
        <Link to={documentQueryString({ ...query, type: "", search: "" }) || "?"} className="btn-secondary">
          Išvalyti
        </Link>
      ) : null}
    </Form>
  );
}

function ScanLink({ scan, title }: { scan: ScanRef; title: string }) {
  return (
    <a href={scanUrl(scan)} className="mt-1 block w-fit text-sm font-normal" aria-label={`Peržiūrėti skeną: ${title}`}>
      {scan.kind === "pdf" ? "Peržiūrėti skeną (PDF)" : "Peržiūrėti skeną"}
    </a>
  );
}
