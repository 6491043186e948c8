import type { ReactNode } from "react";
import { data, useLocation } from "react-router";
import type { Route } from "./+types/changes";
import {
  changeAuthors,
  findChange,
  isSubjectKind,
  listChanges,
  needsAdministrator,
  SUBJECT_KINDS,
  type ChangeFilter,
  type SubjectKind,
} from "#app/.server/changes/changes.ts";
import { undoChangeWithFiles } from "#app/.server/changes/files.ts";
import { changeLines, namesFor } from "#app/.server/changes/readable.ts";
import { summaryIn, undoneSummary } from "#app/.server/changes/summary.ts";
import { NOT_ALLOWED, requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ChangeLines, MorePager } from "#app/components/proposal-lines.tsx";
import { useT } from "#app/i18n/react.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { Form, Link, useLocalized } from "#app/i18n/router.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { requestedPage } from "#app/lib/paging.ts";
import { atLeast } from "#app/lib/roles.ts";

// "Pakeitimų istorija" (issue 17): every change by anyone, newest first, with
// its rows before and after (changes/changes.ts), and undo. The whole site's history
// is the administrator's; an editor opens the history of one subject
// (?tema=person&id=12) from the editor or the person's page.

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Where a change's subject is seen or edited, when there is such a page. */
function subjectLink(kind: SubjectKind, id: string | null): string | null {
  switch (kind) {
    case "person":
      return id ? `/asmuo/${id}` : null;
    case "gallery":
      return "/admin/galerija";
    case "document":
      return id ? `/admin/dokumentai?redaguoti=${id}` : "/admin/dokumentai";
    case "history":
      return "/admin/istorija";
    case "story":
      return id ? `/admin/istorija/pasakojimai/${id}` : "/admin/istorija/pasakojimai";
    case "texts":
      return "/admin/tekstai";
    case "guestbook":
      return "/admin/sveciai";
    case "tree":
      return "/admin/medis";
    default:
      return null;
  }
}

function filterOf(params: URLSearchParams): ChangeFilter {
  const tema = params.get("tema");
  const filter: ChangeFilter = {};
  if (tema) {
    if (!isSubjectKind(tema)) throw data("adminMembers.changes.error.unknownSubject", { status: 400 });
    filter.subjectKind = tema;
    const id = params.get("id");
    if (id) {
      if (parseId(id) === null) throw data("adminMembers.changes.error.badNumber", { status: 400 });
      filter.subjectId = id;
    }
  }
  const user = params.get("naudotojas");
  if (user) {
    const userId = parseId(user);
    if (userId === null) throw data("adminMembers.changes.error.badUser", { status: 400 });
    filter.userId = userId;
  }
  for (const [param, key] of [
    ["nuo", "from"],
    ["iki", "to"],
  ] as const) {
    const value = params.get(param);
    if (!value) continue;
    if (!DATE.test(value)) throw data("adminMembers.changes.error.badDate", { status: 400 });
    filter[key] = value;
  }
  return filter;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const params = new URL(request.url).searchParams;
  const filter = filterOf(params);
  // The whole site's history is the administrator's; an editor sees a subject's.
  if (filter.subjectKind === undefined && !atLeast(user.role, "administratorius")) throw data(NOT_ALLOWED, { status: 403 });
  const page = requestedPage(request);
  const { items, more } = await listChanges(db, filter, page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  const names = await namesFor(db, items);
  // The lines and the summaries are said here, in the request's language (a legacy row's summary as written).
  const t = serverT(request);
  return {
    changes: items.map((c) => ({
      id: c.id,
      at: c.at,
      username: c.username,
      kindLabel: isSubjectKind(c.subjectKind) ? t(SUBJECT_KINDS[c.subjectKind]) : c.subjectKind,
      link: subjectLink(c.subjectKind, c.subjectId),
      summary: summaryIn(c.summary, t),
      ...undoneSummary(c.summary, t),
      lines: changeLines(c.rows, names, t),
      undoOf: c.undoOf,
      undoneBy: c.undoneBy,
    })),
    authors: atLeast(user.role, "administratorius") ? await changeAuthors(db) : [],
    filter: {
      tema: params.get("tema") ?? "",
      id: params.get("id") ?? "",
      naudotojas: params.get("naudotojas") ?? "",
      nuo: params.get("nuo") ?? "",
      iki: params.get("iki") ?? "",
    },
    subject: filter.subjectKind
      ? filter.subjectId
        ? t("adminMembers.changes.subjectNumbered", { kind: t(SUBJECT_KINDS[filter.subjectKind]), number: filter.subjectId })
        : t(SUBJECT_KINDS[filter.subjectKind])
      : null,
    wholeSite: atLeast(user.role, "administratorius"),
    kinds: SUBJECT_KINDS,
    page,
    more,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const form = await request.formData();
  const id = parseId(form.get("id"));
  if (form.get("intent") !== "undo" || id === null) throw data("adminMembers.error.unknownAction", { status: 400 });
  const { db, media } = services(context);
  const change = await findChange(db, id);
  if (change && needsAdministrator(change) && !atLeast(user.role, "administratorius")) throw data(NOT_ALLOWED, { status: 403 });
  const result = await undoChangeWithFiles(db, media, id, user);
  // Back to the same list (its filters kept); the request may be the page's data request.
  const params = new URL(request.url).searchParams;
  params.delete("_routes");
  const back = params.size > 0 ? `/admin/pakeitimai?${params}` : "/admin/pakeitimai";
  if (result.ok) return redirectWithToast(back, "changeUndone");
  // The later changes in its way, to undo first (newest first, as the list shows them).
  const t = serverT(request);
  const later = "later" in result ? (result.later ?? []).toReversed().map((l) => ({ ...l, ...undoneSummary(l.summary, t) })) : [];
  return refusal(result.reason, 409, { id, later });
}

/**
 * A change's summary, said in the page's language by the loader (a row
 * recorded before summaries were messages: its Lithuanian words as written,
 * marked so on an English page), inside an undo's "Atšaukta: " for each undo
 * in its chain.
 */
function Summary({ undos, record, lang }: { undos: number; record: string; lang: Locale | null }) {
  const t = useT();
  let shown: ReactNode = lang ? <InLanguage lang={lang}>{record}</InLanguage> : record;
  for (let i = 0; i < undos; i++) shown = t.rich("changes.summary.undone", { summary: shown });
  return shown;
}

export default function ChangeHistory({
  loaderData: { changes, authors, filter, subject, wholeSite, kinds, page, more },
  actionData,
}: Route.ComponentProps) {
  const { search } = useLocation();
  const t = useT();
  const localized = useLocalized();
  const failedId = actionData && "id" in actionData ? actionData.id : null;
  return (
    <>
      <PageTitle page={page}>{t("adminMembers.changes.title")}</PageTitle>
      <h1 className="mb-2 text-3xl font-bold">{t("adminMembers.changes.title")}</h1>
      <p className="mb-6 max-w-2xl text-ink-soft">
        {subject ? t("adminMembers.changes.leadSubject", { subject }) : t("adminMembers.changes.lead")} {t("adminMembers.changes.undoNote")}
        {subject && wholeSite ? (
          <>
            {" "}
            <Link to="/admin/pakeitimai">{t("adminMembers.changes.wholeSite")}</Link>
          </>
        ) : null}
      </p>
      {wholeSite ? (
        <Form method="get" className="card mb-6 flex flex-wrap items-end gap-3 p-4">
          {filter.id ? <input type="hidden" name="id" value={filter.id} /> : null}
          <div>
            <label htmlFor="tema" className="field-label">
              {t("adminMembers.changes.filter.what")}
            </label>
            <select id="tema" name="tema" defaultValue={filter.tema} className="field-input">
              <option value="">{t("adminMembers.changes.filter.everything")}</option>
              {Object.entries(kinds).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {t(label)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="naudotojas" className="field-label">
              {t("adminMembers.changes.filter.who")}
            </label>
            <select id="naudotojas" name="naudotojas" defaultValue={filter.naudotojas} className="field-input">
              <option value="">{t("adminMembers.changes.filter.everyone")}</option>
              {authors.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.username}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="nuo" className="field-label">
              {t("adminMembers.changes.filter.from")}
            </label>
            <input id="nuo" name="nuo" type="date" defaultValue={filter.nuo} className="field-input" />
          </div>
          <div>
            <label htmlFor="iki" className="field-label">
              {t("adminMembers.changes.filter.to")}
            </label>
            <input id="iki" name="iki" type="date" defaultValue={filter.iki} className="field-input" />
          </div>
          <button type="submit" className="btn-secondary">
            {t("adminMembers.changes.filter.show")}
          </button>
        </Form>
      ) : null}
      {failedId === null ? <FormAlert toast={actionData?.toast} /> : null}
      {changes.length === 0 ? (
        <p className="text-ink-soft">{t("adminMembers.changes.none")}</p>
      ) : (
        <ol className="space-y-4">
          {changes.map((c) => (
            <li key={c.id} className="card p-4" data-testid="change" id={`pakeitimas-${c.id}`}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="font-semibold">
                  <Summary undos={c.undos} record={c.record} lang={c.lang} />
                </h2>
                <span className="text-sm text-ink-soft">
                  {c.kindLabel} · {c.username ?? t("adminMembers.changes.system")} · <time dateTime={c.at}>{t.dateTime(c.at)}</time>
                </span>
                {c.link ? (
                  <Link to={c.link} className="tap text-sm">
                    {t("adminMembers.changes.view")}
                  </Link>
                ) : null}
              </div>
              <ChangeLines lines={c.lines} caption={t("adminMembers.changes.caption", { summary: c.summary })} />
              {failedId === c.id ? (
                <div className="mt-3">
                  <FormAlert toast={actionData?.toast} />
                  {actionData && "later" in actionData && actionData.later.length > 0 ? (
                    <section aria-labelledby={`pirma-${c.id}`} className="rounded-md border border-line p-3">
                      <h3 id={`pirma-${c.id}`} className="text-sm font-semibold">
                        {t("adminMembers.changes.undoFirst")}
                      </h3>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                        {actionData.later.map((l) => (
                          <li key={l.id}>
                            <a href={localized(`/admin/pakeitimai#pakeitimas-${l.id}`)}>
                              <Summary undos={l.undos} record={l.record} lang={l.lang} />
                            </a>{" "}
                            · {l.username ?? t("adminMembers.changes.system")} · <time dateTime={l.at}>{t.dateTime(l.at)}</time>
                          </li>
                        ))}
                      </ul>
                    </section>
                  ) : null}
                </div>
              ) : null}
              {c.undoneBy !== null ? (
                <p className="mt-3 text-sm text-ink-soft">
                  {t.rich("adminMembers.changes.undoneBy", {
                    number: String(c.undoneBy),
                    link: (chunks) => <a href={`${search ? search : "?"}#pakeitimas-${c.undoneBy}`}>{chunks}</a>,
                  })}
                </p>
              ) : (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={c.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="undo"
                    className="btn-secondary"
                    aria-label={t("adminMembers.changes.undoNamed", { summary: c.summary })}
                  >
                    {t("adminMembers.changes.undo")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
      <MorePager page={page} more={more} label={t("adminMembers.changes.pages")} />
    </>
  );
}
