import type { Route } from "./+types/notifications";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { NOTIFY_FORM, notifySettings, saveNotifySettings } from "#app/.server/accounts/notifications.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import { EMAIL_MAX_LENGTH } from "#app/lib/accounts.ts";
import { DIGEST_HOUR, NOTIFY_MODES, type NotifyMode } from "#app/lib/notifications.ts";
import type { MessageId } from "#app/i18n/catalog.ts";

// The administrator chooses how to hear of new proposals and guestbook
// entries by e-mail: not at all, a letter each, or a daily digest
// (accounts/notifications.ts). Mail needs SMTP_URL; without it the page says so.

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "administratorius");
  const { db, config } = services(context);
  const [settings, site] = await Promise.all([notifySettings(db), getSiteSettings(db)]);
  return { settings, contactEmail: site.contactEmail, mailConfigured: config.mail !== undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "administratorius");
  const read = readForm(await request.formData(), NOTIFY_FORM);
  if (!read.ok) return refuseForm(read);
  await saveNotifySettings(services(context).db, read.value);
  return redirectWithToast("/admin/pranesimai", "notifySaved");
}

/** Each way of hearing, as the page names it (the modes themselves: app/lib/notifications.ts). */
const MODE_LABELS: Record<NotifyMode, MessageId> = {
  none: "adminContent.notifications.mode.none",
  each: "adminContent.notifications.mode.each",
  digest: "adminContent.notifications.mode.digest",
};

export default function NotificationsPage({ loaderData: { settings, contactEmail, mailConfigured }, actionData }: Route.ComponentProps) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  const values = { mode: actionData?.typed.mode ?? settings.mode, email: actionData?.typed.email ?? settings.email };
  useFocusFirstError(errors, actionData?.toast.id, ["mode", "email"]);
  return (
    <>
      <PageTitle>{t("adminContent.notifications.title")}</PageTitle>
      <h1 className="text-3xl font-bold">{t("adminContent.notifications.heading")}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">{t("adminContent.notifications.intro")}</p>
      {mailConfigured ? null : (
        <p role="status" className="card mt-6 max-w-2xl border-accent p-4">
          {t("adminContent.notifications.noMail")}
        </p>
      )}
      <section aria-labelledby="pranesimu-nustatymai" className="card mt-6 max-w-2xl p-6">
        <h2 id="pranesimu-nustatymai" className="text-xl font-semibold">
          {t("adminContent.notifications.settings")}
        </h2>
        <FormAlert toast={actionData?.toast} />
        {/* noValidate: the server's message, not the browser's, says what is wrong. */}
        <Form method="post" noValidate className="mt-4 space-y-4" key={actionData?.toast.id}>
          <fieldset
            id="mode"
            role="radiogroup"
            tabIndex={-1}
            aria-invalid={errors?.mode ? true : undefined}
            aria-describedby={errors?.mode ? "mode-error" : undefined}
          >
            <legend className="field-label">{t("adminContent.notifications.send")}</legend>
            <div className="mt-2 space-y-2">
              {(Object.keys(NOTIFY_MODES) as NotifyMode[]).map((mode) => (
                <div key={mode} className="flex items-start gap-2">
                  <input id={`mode-${mode}`} type="radio" name="mode" value={mode} defaultChecked={values.mode === mode} />
                  <label htmlFor={`mode-${mode}`}>
                    {t(MODE_LABELS[mode])}
                    {mode === "digest" ? (
                      <span className="text-sm text-ink-soft">{` ${t("adminContent.notifications.digestHour", { hour: DIGEST_HOUR })}`}</span>
                    ) : null}
                  </label>
                </div>
              ))}
            </div>
            {errors?.mode ? (
              <p id="mode-error" className="mt-1 text-sm text-red-800">
                {errors.mode}
              </p>
            ) : null}
          </fieldset>
          <Field
            id="email"
            type="email"
            label={t("adminContent.notifications.email")}
            defaultValue={values.email}
            maxLength={EMAIL_MAX_LENGTH}
            hint={t("adminContent.notifications.emailHint", { email: contactEmail })}
            error={errors?.email}
          />
          <button type="submit" className="btn-primary">
            {t("admin.common.save")}
          </button>
        </Form>
      </section>
    </>
  );
}
