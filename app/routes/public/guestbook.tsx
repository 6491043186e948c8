import { useEffect, useRef, useState } from "react";
import { Say } from "#app/i18n/react.tsx";
import { useNavigation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import type { Route } from "./+types/guestbook";
import { requestInfo, requestLocale, services } from "#app/.server/platform/context.ts";
import { formMomentOf, GUESTBOOK_FORM, listApprovedEntries, submitEntry } from "#app/.server/guestbook/guestbook.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { useFocusFirstError, type FieldErrors } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageHeading, PageTitle, useSiteSettings, useTextLanguage } from "#app/components/page.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { Pager } from "#app/components/pager.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { ExampleMark } from "#app/components/example-mark.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { HONEYPOT_FIELD, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from "#app/lib/guestbook.ts";
import { assertPageExists, requestedPage } from "#app/lib/paging.ts";
import { resolveToast } from "#app/lib/toasts.ts";

const FIELDS = ["name", "message"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const { db } = services(context);
  const { entries, pages } = await listApprovedEntries(db, page);
  assertPageExists({ page, pages });
  const { guestbookLead, lithuanian } = await siteSettingsIn(db, requestLocale(context));
  // What the server answers a form sent empty, field by field: the page's own check says the same.
  const empty = readForm(new FormData(), GUESTBOOK_FORM);
  const required: FieldErrors = empty.ok ? {} : empty.errors;
  // (The form's moment is a cookie of every showing, set in front of the router: the page is the same for everyone.)
  return { entries, page, pages, guestbookLead, lithuanian, required };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = readForm(await request.formData(), GUESTBOOK_FORM);
  if (!read.ok) {
    // The spec's words for a field left empty ('Klaida!', 'Užpildykite visus privalomus laukus.'); each field marked either way.
    const empty = FIELDS.some((field) => !read.typed[field]?.trim());
    return empty ? refusal("guestbookMissingFields", 400, { typed: read.typed, errors: read.errors }) : refuseForm(read);
  }
  const result = await submitEntry(services(context).db, read.value, await formMomentOf(request), requestInfo(context).clientAddress);
  // (A refusal of spam says nothing of why, and keeps what was typed.)
  if (!result.ok) return refusal(result.refusal, 400, { typed: read.typed, errors: {} });
  await onNewItem(services(context), { kind: "guestbook", id: result.id });
  return redirectWithToast("/sveciai", "guestbookAdded");
}

export default function GuestbookPage({
  loaderData: { entries, page, pages, guestbookLead, lithuanian, required },
  actionData,
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const lang = useTextLanguage(lithuanian);
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const toast = useToast();
  const submitting = navigation.state === "submitting";
  // The page's own check of the empty fields (no request sent), else the server's answer.
  const [checked, setChecked] = useState<{ errors: FieldErrors; id: string } | null>(null);
  const errors: FieldErrors | undefined = checked?.errors ?? actionData?.errors;
  useFocusFirstError(errors, checked?.id ?? actionData?.toast.id, FIELDS);

  // After a successful submission the action redirects here without action
  // data: the fields are cleared for the next message.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (!actionData) form.current?.reset();
    }
  }, [navigation.state, actionData]);

  function checkRequired(event: React.FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget);
    const empty = FIELDS.filter((name) => String(fields.get(name) ?? "").trim() === "");
    if (empty.length === 0) {
      setChecked(null);
      return;
    }
    event.preventDefault();
    toast(resolveToast("guestbookMissingFields"));
    setChecked({ errors: Object.fromEntries(empty.map((name) => [name, required[name]])), id: crypto.randomUUID() });
  }

  return (
    <>
      <PageTitle page={page}>{t("guestbook.title")}</PageTitle>
      <ShareMeta
        page={page}
        title={t("common.pageTitle", { page: t("guestbook.title"), family: familyName })}
        description={guestbookLead || t("guestbook.description")}
      />
      <PageHeading
        title={t("guestbook.title")}
        lead={
          guestbookLead ? (
            <InLanguage lang={lang("guestbookLead")} note>
              {guestbookLead}
            </InLanguage>
          ) : undefined
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="naujas-irasas" className="card h-fit p-6">
          <h2 id="naujas-irasas" className="mb-4 text-xl font-semibold">
            {t("guestbook.new")}
          </h2>
          <FormAlert toast={actionData?.toast} />
          {/* The page's script stops an empty form before it is sent; the server checks it again, and without the script it is the one to answer. Either way each field refused is marked. */}
          <Form method="post" ref={form} onSubmit={checkRequired} noValidate>
            {/* The honeypot: hidden from people and screen readers, filled in by bots. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label>
                {t("guestbook.form.honeypot")}
                <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
              </label>
            </div>
            <label htmlFor="name" className="field-label">
              {t("guestbook.form.name")} <span aria-hidden="true">*</span>
            </label>
            <input
              id="name"
              name="name"
              type="text"
              className="field-input"
              maxLength={NAME_MAX_LENGTH}
              aria-required="true"
              autoComplete="name"
              defaultValue={actionData?.typed.name}
              {...marked("name", errors)}
            />
            <FieldError field="name" errors={errors} />
            <label htmlFor="message" className="field-label mt-4">
              {t("guestbook.form.message")} <span aria-hidden="true">*</span>
            </label>
            <textarea
              id="message"
              name="message"
              rows={6}
              className="field-input"
              maxLength={MESSAGE_MAX_LENGTH}
              aria-required="true"
              defaultValue={actionData?.typed.message}
              {...marked("message", errors)}
            />
            <FieldError field="message" errors={errors} />
            <p className="mt-2 text-sm text-ink-soft">{t("guestbook.form.moderated")}</p>
            <button type="submit" className="btn-primary mt-4" disabled={submitting}>
              {t(submitting ? "guestbook.form.sending" : "guestbook.form.send")}
            </button>
          </Form>
        </section>
        <section aria-labelledby="irasai">
          <h2 id="irasai" className="mb-4 text-xl font-semibold">
            {t("guestbook.entries")}
          </h2>
          {entries.length === 0 ? (
            <p className="text-ink-soft">{t("guestbook.empty")}</p>
          ) : (
            <ol className="space-y-4">
              {entries.map((entry) => (
                <li key={entry.id} className="card p-5">
                  <article>
                    <header className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="flex flex-wrap items-baseline gap-x-3 font-semibold break-words">
                        {entry.name}
                        <ExampleMark example={entry.example} />
                      </h3>
                      <time dateTime={entry.createdAt} className="text-sm text-ink-soft">
                        {t.date(entry.createdAt)}
                      </time>
                    </header>
                    <p className="mt-2 whitespace-pre-line break-words">
                      {/* A guest's words, in the site's language as far as it knows. */}
                      <InLanguage lang="lt">{entry.message}</InLanguage>
                    </p>
                  </article>
                </li>
              ))}
            </ol>
          )}
          <Pager page={page} pages={pages} label={t("guestbook.pages")} previous={t("guestbook.newer")} next={t("guestbook.older")} />
        </section>
      </div>
    </>
  );
}

/** A field the server refused: marked, and tied to its message. */
function marked(field: string, errors: Partial<Record<string, string>> | undefined) {
  return { "aria-invalid": errors?.[field] ? true : undefined, "aria-describedby": errors?.[field] ? `${field}-error` : undefined };
}

function FieldError({ field, errors }: { field: string; errors: Partial<Record<string, string>> | undefined }) {
  return errors?.[field] ? (
    <p id={`${field}-error`} className="mt-1 text-sm text-red-800">
      <Say text={errors[field]} />
    </p>
  ) : null;
}
