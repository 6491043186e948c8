import { useState } from "react";
import { Say, useT } from "#app/i18n/react.tsx";
import { data, useNavigation } from "react-router";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/history";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import {
  compareHistoryRevision,
  editHistory,
  englishFromForm,
  getHistory,
  historyEnglish,
  HISTORY_FORM,
  listHistoryRevisions,
  restoreHistory,
} from "#app/.server/site-texts/history-text.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { MembersOnlyBox } from "#app/components/members-only.tsx";
import { HistoryArticle } from "#app/components/history-article.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { Revisions } from "#app/components/revisions.tsx";
import {
  HISTORY_FIELD_MESSAGES,
  HISTORY_FIELD_MAX_LENGTH,
  HISTORY_FIELDS,
  type HistoryContent,
  type HistoryField,
} from "#app/lib/history.ts";
import { parseId } from "#app/lib/numbers.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  // ?palyginti=12: what restoring version 12 would change.
  const compared = parseId(new URL(request.url).searchParams.get("palyginti"));
  const [{ id, createdAt, author, periodMembersOnly, translations, ...content }, revisions, comparison] = await Promise.all([
    getHistory(db, MEMBERS),
    listHistoryRevisions(db),
    compared === null ? null : compareHistoryRevision(db, compared),
  ]);
  return {
    revisionId: id,
    content,
    english: historyEnglish({ id, createdAt, author, periodMembersOnly, translations, ...content }),
    periodMembersOnly: periodMembersOnly === 1,
    revisions,
    comparison: comparison && { id: compared!, fields: comparison },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const form = await request.formData();

  if (form.get("intent") === "restore") {
    const revisionId = parseId(form.get("revisionId")) ?? 0;
    const restored = await restoreHistory(db, user, revisionId, form.get("confirmed") === "1");
    if (restored === "missing") throw data(serverT(request)("adminContent.history.noSuchVersion"), { status: 404 });
    if (restored === "confirm") return data({ confirmRestore: revisionId });
    return redirectWithToast("/admin/istorija", "historyRestored");
  }

  const read = readForm(form, HISTORY_FORM);
  if (!read.ok) return refuseForm(read);
  const { periodMembersOnly, ...fields } = read.value;
  const content = Object.fromEntries(HISTORY_FIELDS.map((field) => [field, fields[field]])) as HistoryContent;
  await editHistory(db, user, content, periodMembersOnly, englishFromForm(fields));
  return redirectWithToast("/admin/istorija", "historySaved");
}

/** The text as the editor typed it, when the save was refused: every field, typed or not. */
function refusedContent(typed: Record<string, string> | undefined): HistoryContent | null {
  return typed ? (Object.fromEntries(HISTORY_FIELDS.map((field) => [field, typed[field] ?? ""])) as HistoryContent) : null;
}

/** The English as typed, when the save was refused. */
function refusedEnglish(typed: Record<string, string>): HistoryContent {
  return Object.fromEntries(HISTORY_FIELDS.map((field) => [field, typed[`${field}En`] ?? ""])) as HistoryContent;
}

const SINGLE_LINE: ReadonlySet<HistoryField> = new Set(["title", "periodTitle"]);

export default function HistoryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = refusedForm(actionData);
  return (
    <>
      <PageTitle>{t("adminContent.history.title")}</PageTitle>
      <h1 className="mb-2 text-3xl font-bold">{t("adminContent.history.title")}</h1>
      <p className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/istorija/pasakojimai">{t("adminContent.history.stories")}</Link>
        <Link to="/admin/pakeitimai?tema=history">{t("admin.common.changeHistory")}</Link>
      </p>
      {/* A new key after each save starts the form from the stored text. */}
      <Editor
        key={loaderData.revisionId}
        initial={refusedContent(refused?.typed) ?? loaderData.content}
        errors={refused?.errors ?? {}}
        refusal={refused?.toast}
        periodMembersOnly={refused ? refused.typed.periodMembersOnly === "1" : loaderData.periodMembersOnly}
        english={refused ? refusedEnglish(refused.typed) : loaderData.english}
      />
      <Revisions
        revisions={loaderData.revisions}
        currentId={loaderData.revisionId}
        comparison={loaderData.comparison}
        confirmId={actionData && "confirmRestore" in actionData ? actionData.confirmRestore : null}
        emptyWarning={t("adminContent.history.emptyWarning")}
        note={t("adminContent.history.revisionsNote")}
      />
    </>
  );
}

interface EditorProps {
  initial: HistoryContent;
  errors: Partial<Record<HistoryField, string>>;
  refusal?: React.ComponentProps<typeof FormAlert>["toast"];
  periodMembersOnly: boolean;
  english: HistoryContent;
}

function Editor({ initial, errors, refusal, periodMembersOnly, english }: EditorProps) {
  const t = useT();
  const [content, setContent] = useState(initial);
  const saving = useNavigation().state === "submitting";
  // A refused save: the first field in error takes the focus, and a toast says so.
  useFocusFirstError(errors, refusal?.id, HISTORY_FIELDS);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <Form method="post" className="card space-y-4 p-6" aria-label={t("adminContent.history.form")}>
        <FormAlert toast={refusal} />
        {HISTORY_FIELDS.map((field) => {
          const common = {
            id: field,
            name: field,
            // The family's own words, in Lithuanian whatever the page's language.
            lang: "lt",
            value: content[field],
            maxLength: HISTORY_FIELD_MAX_LENGTH[field],
            className: "field-input",
            "aria-invalid": Boolean(errors[field]),
            "aria-describedby": errors[field] ? `${field}-error` : undefined,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              setContent((c) => ({ ...c, [field]: e.target.value })),
          };
          return (
            <div key={field}>
              <label htmlFor={field} className="field-label">
                {t(HISTORY_FIELD_MESSAGES[field])}
              </label>
              {SINGLE_LINE.has(field) ? <input type="text" {...common} /> : <textarea {...common} rows={field === "intro" ? 3 : 6} />}
              {errors[field] ? (
                <p id={`${field}-error`} className="mt-1 text-sm text-red-800">
                  <Say text={errors[field]} />
                </p>
              ) : null}
            </div>
          );
        })}
        <MembersOnlyBox name="periodMembersOnly" label={t("adminContent.history.membersOnly")} defaultChecked={periodMembersOnly} />
        <details className="rounded-md border border-line p-4" open={HISTORY_FIELDS.some((field) => english[field]) || undefined}>
          <summary className="cursor-pointer font-semibold">{t("adminContent.history.english")}</summary>
          <p className="mt-2 text-sm text-ink-soft">{t("adminContent.history.englishHelp")}</p>
          <div className="mt-4 space-y-4">
            {HISTORY_FIELDS.map((field) => (
              <Field
                key={field}
                id={`${field}En`}
                lang="en"
                label={t("adminContent.texts.englishOf", { label: t(HISTORY_FIELD_MESSAGES[field]) })}
                multiline={!SINGLE_LINE.has(field)}
                rows={field === "intro" ? 3 : 6}
                maxLength={HISTORY_FIELD_MAX_LENGTH[field]}
                defaultValue={english[field]}
                error={(errors as Record<string, string | undefined>)[`${field}En`]}
              />
            ))}
          </div>
        </details>
        <p className="text-sm text-ink-soft">{t("adminContent.history.paragraphs")}</p>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("admin.common.saving") : t("admin.common.save")}
        </button>
      </Form>
      <section aria-labelledby="perziura">
        <h2 id="perziura" className="mb-3 text-sm font-semibold tracking-wide text-ink-soft uppercase">
          {t("admin.common.preview")}
        </h2>
        <div className="card p-6">
          <HistoryArticle content={content} headingLevel={2} />
        </div>
      </section>
    </div>
  );
}
