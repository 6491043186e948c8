import type { MessageId } from "#app/i18n/catalog.ts";
import { documentTypeName } from "#app/lib/documents.ts";
import { shownDocumentYear } from "#app/lib/document-year.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/documents";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { MembersOnlyBadge } from "#app/components/members-only.tsx";
import { requestLocale, services } from "#app/.server/platform/context.ts";
import { countDocuments, documentsPage, documentTypes, DOCUMENTS_PAGE_SIZE } from "#app/.server/documents/documents.ts";
import { documentPeople } from "#app/.server/documents/people.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { PageHeading, PageTitle, TextBlock, useSiteSettings, useTextLanguage } from "#app/components/page.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { documentQueryString, parseDocumentQuery, SORT_COLUMNS, type DocumentQuery, type SortColumn } from "#app/lib/documents.ts";
import { scanUrl, type ScanRef } from "#app/lib/media.ts";
import { assertPageExists, pageOffset, requestedPage } from "#app/lib/paging.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseDocumentQuery(new URL(request.url).searchParams);
  const page = requestedPage(request);
  const { db } = services(context);
  const audience = audienceOf(context);
  const filtered = Boolean(query.type || query.search);
  const [found, all, types, { treeId, viewer }, { documentsLead, archiveNote, lithuanian }] = await Promise.all([
    documentsPage(db, audience, query, page),
    filtered ? countDocuments(db, audience) : null,
    documentTypes(db, audience),
    treeViewer(context),
    siteSettingsIn(db, requestLocale(context)),
  ]);
  assertPageExists(found);
  // The person links of this page's rows only, in a fixed number of queries.
  const people = treeId === null ? new Map<number, number>() : await documentPeople(db, treeId, found.items, viewer);
  const documents = found.items.map((d) => ({ ...d, personId: people.get(d.id) ?? null }));
  const { total: matching, pages } = found;
  const first = pageOffset(page, DOCUMENTS_PAGE_SIZE) + 1;
  return { documents, matching, total: all ?? matching, page, pages, first, types, query, documentsLead, archiveNote, lithuanian };
}

const COLUMN_LABELS: Record<SortColumn, MessageId> = {
  pavadinimas: "gallery.documents.column.title",
  asmuo: "gallery.documents.column.person",
  metai: "gallery.documents.column.year",
  tipas: "gallery.documents.column.type",
};

const CELL =
  "px-4 py-3 break-words max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:font-semibold max-sm:before:text-ink-soft max-sm:before:content-[attr(data-label)]";

export default function DocumentsPage({
  loaderData: { documents, matching, total, page, pages, first, types, query, documentsLead, archiveNote, lithuanian },
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const lang = useTextLanguage(lithuanian);
  const filtered = Boolean(query.type || query.search);
  return (
    <>
      <PageTitle page={page}>{t("gallery.documents.title")}</PageTitle>
      <ShareMeta
        page={page}
        title={t("common.pageTitle", { page: t("gallery.documents.heading"), family: familyName })}
        description={[documentsLead, t("gallery.documents.inList", { count: total })].filter(Boolean).join(" ")}
      />
      <PageHeading
        title={t("gallery.documents.heading")}
        lead={
          documentsLead ? (
            <InLanguage lang={lang("documentsLead")} note>
              {documentsLead}
            </InLanguage>
          ) : undefined
        }
      />
      {total === 0 ? (
        <p className="card p-6 text-ink-soft">{t("gallery.documents.empty")}</p>
      ) : (
        <>
          <Filters types={types} query={query} filtered={filtered} />
          <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
            {filtered ? t("gallery.documents.found", { count: matching, total }) : t("gallery.documents.total", { count: total })}
            {pages > 1 && documents.length ? ` ${t("gallery.documents.shown", { from: first, to: first + documents.length - 1 })}` : ""}
          </p>
          {documents.length === 0 ? (
            <p className="card p-6 text-ink-soft">{t("gallery.documents.none")}</p>
          ) : (
            <div className="card overflow-hidden">
              {/* On a phone each row becomes a card: cells stack, each with its column's name. */}
              <table className="w-full border-collapse text-left max-sm:block">
                <caption className="sr-only">{t("gallery.documents.caption")}</caption>
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
                      <td className={`${CELL} font-medium`} data-label={t("gallery.documents.column.title")}>
                        <span>
                          <InLanguage lang="lt">{doc.title}</InLanguage>
                          {doc.membersOnly ? <MembersOnlyBadge /> : null}
                          {doc.scan ? <ScanLink scan={doc.scan} title={doc.title} /> : null}
                        </span>
                      </td>
                      <td className={CELL} data-label={t("gallery.documents.column.person")}>
                        {doc.personId !== null ? <Link to={`/asmuo/${doc.personId}`}>{doc.person}</Link> : doc.person}
                      </td>
                      <td className={`${CELL} whitespace-nowrap`} data-label={t("gallery.documents.column.year")}>
                        {shownDocumentYear(doc.year, t.locale)}
                      </td>
                      <td className={CELL} data-label={t("gallery.documents.column.type")}>
                        {documentTypeName(t, doc.type)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pages={pages} label={t("gallery.documents.pages")} />
        </>
      )}
      {archiveNote ? (
        <aside className="mt-8 max-w-3xl rounded-lg border-l-4 border-moss bg-paper p-6">
          <h2 className="text-xl font-semibold">{t("gallery.documents.archive")}</h2>
          <TextBlock text={archiveNote} lang={lang("archiveNote")} className="mt-2 text-ink-soft" />
        </aside>
      ) : null}
    </>
  );
}

function SortHeader({ column, query }: { column: SortColumn; query: DocumentQuery }) {
  const active = query.sort === column;
  const next = { ...query, sort: column, descending: active ? !query.descending : false };
  const direction = active ? (query.descending ? "descending" : "ascending") : undefined;
  const t = useT();
  return (
    <th scope="col" className="px-4 py-3" aria-sort={direction}>
      <Link
        to={documentQueryString(next) || "?"}
        preventScrollReset
        className="tap inline-flex items-center gap-1 text-ink no-underline hover:underline"
      >
        {t(COLUMN_LABELS[column])}
        <span aria-hidden="true" className={active ? "text-accent" : "text-ink-soft/50"}>
          {active && query.descending ? "▼" : "▲"}
        </span>
        {active ? (
          <span className="sr-only">
            {t(query.descending ? "gallery.documents.sorted.descending" : "gallery.documents.sorted.ascending")}
          </span>
        ) : null}
      </Link>
    </th>
  );
}

function Filters({ types, query, filtered }: { types: string[]; query: DocumentQuery; filtered: boolean }) {
  const t = useT();
  return (
    // Keyed by the query, so the fields show what the URL says after "Išvalyti" or Back.
    <Form
      key={`${query.type}|${query.search}|${query.sort}|${query.descending}`}
      method="get"
      role="search"
      aria-label={t("gallery.documents.search")}
      className="mb-4 flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <div className="min-w-48 flex-1">
        <label htmlFor="paieska" className="field-label">
          {t("gallery.documents.search.label")}
        </label>
        <input
          id="paieska"
          name="paieska"
          type="search"
          defaultValue={query.search}
          placeholder={t("gallery.documents.search.placeholder")}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="tipas" className="field-label">
          {t("gallery.documents.column.type")}
        </label>
        <select id="tipas" name="tipas" defaultValue={query.type} className="field-input">
          <option value="">{t("gallery.documents.allTypes")}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {documentTypeName(t, type)}
            </option>
          ))}
        </select>
      </div>
      {/* On a phone the column headers are hidden, so the order is chosen here;
          on a wider screen these stay in the form (hidden) and keep the headers' order. */}
      <div className="sm:hidden">
        <label htmlFor="rikiuoti" className="field-label">
          {t("gallery.documents.sortBy")}
        </label>
        <select id="rikiuoti" name="rikiuoti" defaultValue={query.sort} className="field-input">
          {(Object.keys(SORT_COLUMNS) as SortColumn[]).map((column) => (
            <option key={column} value={column}>
              {t(COLUMN_LABELS[column])}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:hidden">
        <label htmlFor="tvarka" className="field-label">
          {t("gallery.order")}
        </label>
        <select id="tvarka" name="tvarka" defaultValue={query.descending ? "mazejanti" : "didejanti"} className="field-input">
          <option value="didejanti">{t("gallery.documents.ascending")}</option>
          <option value="mazejanti">{t("gallery.documents.descending")}</option>
        </select>
      </div>
      <button type="submit" className="btn-primary">
        {t("common.search")}
      </button>
      {filtered ? (
        <Link to={documentQueryString({ ...query, type: "", search: "" }) || "?"} className="btn-secondary">
          {t("gallery.documents.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

function ScanLink({ scan, title }: { scan: ScanRef; title: string }) {
  const t = useT();
  return (
    <a href={scanUrl(scan)} className="mt-1 block w-fit text-sm font-normal" aria-label={t("gallery.documents.scan.of", { title })}>
      {t(scan.kind === "pdf" ? "gallery.documents.scan.pdf" : "gallery.documents.scan")}
    </a>
  );
}
