import { useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { firstRunChecklist } from "#app/.server/dashboard/checklist.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { waitingCounts } from "#app/.server/accounts/notifications.ts";
import { getSiteSettings, saveSiteTexts } from "#app/.server/site-texts/settings.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { SETTINGS_FORM } from "#app/.server/site-texts/form.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { atLeast } from "#app/lib/roles.ts";
import { EMAIL_TOKEN, TEXT_FIELDS } from "#app/lib/site.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const user = requireRole(context, "redaktorius");
  // Settings, backups and the first-run checklist are the administrator's; an editor sees the editors.
  const isAdmin = atLeast(user.role, "administratorius");
  const [settings, waiting, checklist] = await Promise.all([
    getSiteSettings(db),
    waitingCounts(db),
    isAdmin ? firstRunChecklist(db, user.id) : [],
  ]);
  return { username: user.username, isAdmin, settings, pending: waiting.guestbook, proposals: waiting.proposals, checklist };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The family's name and address are settings: the administrator's.
  const user = requireRole(context, "administratorius");
  const read = readForm(await request.formData(), SETTINGS_FORM);
  if (!read.ok) return refuseForm(read);
  await saveSiteTexts(services(context).db, user, "nustatymai", read.value);
  return redirectWithToast("/admin", "settingsSaved");
}

const EDITORS: { to: string; title: MessageId; text: MessageId; editorText?: MessageId }[] = [
  { to: "/admin/tekstai", title: "admin.dashboard.editor.texts.title", text: "admin.dashboard.editor.texts.text" },
  { to: "/admin/istorija", title: "admin.dashboard.editor.history.title", text: "admin.dashboard.editor.history.text" },
  { to: "/admin/istorija/pasakojimai", title: "admin.dashboard.editor.stories.title", text: "admin.dashboard.editor.stories.text" },
  { to: "/admin/galerija", title: "admin.dashboard.editor.gallery.title", text: "admin.dashboard.editor.gallery.text" },
  { to: "/admin/dokumentai", title: "admin.dashboard.editor.documents.title", text: "admin.dashboard.editor.documents.text" },
  {
    to: "/admin/medis",
    title: "admin.dashboard.editor.tree.title",
    text: "admin.dashboard.editor.tree.text",
    // Importing is the administrator's: an editor corrects people and downloads the tree.
    editorText: "admin.dashboard.editor.tree.editorText",
  },
];

export default function Dashboard({
  loaderData: { username, isAdmin, settings, pending, proposals, checklist },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageTitle>{t("admin.dashboard.title")}</PageTitle>
      <h1 className="text-3xl font-bold">{t("admin.dashboard.welcome", { username })}</h1>
      <p className="mt-2 text-ink-soft">{t("admin.dashboard.intro")}</p>
      {checklist.length > 0 ? <Checklist steps={checklist} /> : null}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {EDITORS.map((editor) => (
          <li key={editor.to}>
            <Link to={editor.to} className="card flex h-full flex-col p-6 no-underline hover:shadow-md">
              <h2 className="text-xl font-semibold text-ink">{t(editor.title)}</h2>
              <p className="mt-2 text-ink-soft">{t(isAdmin ? editor.text : (editor.editorText ?? editor.text))}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/perziura"
        className={`card mt-6 flex flex-wrap items-center justify-between gap-3 p-5 no-underline hover:shadow-md ${proposals > 0 ? "border-accent" : ""}`}
      >
        <span>
          <span className="block text-lg font-semibold text-ink">{t("admin.dashboard.proposals.title")}</span>
          <span className="text-ink-soft">
            {proposals > 0 ? t("admin.dashboard.proposals.waiting", { count: proposals }) : t("admin.dashboard.proposals.none")}
          </span>
        </span>
        <span className="btn-secondary">{t("admin.dashboard.review")}</span>
      </Link>
      <Link
        to="/admin/sveciai"
        className={`card mt-6 flex flex-wrap items-center justify-between gap-3 p-5 no-underline hover:shadow-md ${pending > 0 ? "border-accent" : ""}`}
      >
        <span>
          <span className="block text-lg font-semibold text-ink">{t("admin.dashboard.guestbook.title")}</span>
          <span className="text-ink-soft">
            {pending > 0 ? t("admin.dashboard.guestbook.waiting", { count: pending }) : t("admin.dashboard.guestbook.none")}
          </span>
        </span>
        <span className="btn-secondary">{t("admin.dashboard.review")}</span>
      </Link>
      {isAdmin ? <BackupCard /> : null}
      {isAdmin ? (
        <p className="mt-4">
          <Link to="/admin/pranesimai">{t("admin.dashboard.notifications")}</Link>
          <br />
          <Link to="/admin/pakeitimai">{t("admin.dashboard.changes")}</Link>
        </p>
      ) : null}
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/">{t("admin.dashboard.publicSite")}</Link>
        <Link to="/paskyra">{t("admin.dashboard.account")}</Link>
      </p>

      {isAdmin ? <SettingsForm key={actionData?.toast.id ?? "saved"} settings={settings} refused={actionData} /> : null}
    </>
  );
}

function BackupCard() {
  const t = useT();
  return (
    <section aria-labelledby="kopija" className="card mt-6 p-5">
      <h2 id="kopija" className="text-lg font-semibold">
        {t("admin.dashboard.backup.title")}
      </h2>
      <p className="mt-1 text-ink-soft">{t("admin.dashboard.backup.text")}</p>
      {/* A file's download: one address in every language. */}
      <a href="/admin/atsargine-kopija" download className="btn-secondary mt-3">
        {t("admin.dashboard.backup.download")}
      </a>
    </section>
  );
}

/** What is left of a new installation's example content, each with a link to where it is done. */
function Checklist({ steps }: { steps: Route.ComponentProps["loaderData"]["checklist"] }) {
  const t = useT();
  return (
    <section aria-labelledby="pradzia" className="card mt-8 border-accent p-6">
      <h2 id="pradzia" className="text-xl font-semibold">
        {t("admin.checklist.title")}
      </h2>
      <p className="mt-1 text-ink-soft">{t("admin.checklist.left", { count: steps.length })}</p>
      <ol className="mt-4 space-y-2">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} className="flex items-start gap-3">
            <span aria-hidden className="mt-1.5 inline-block size-3 shrink-0 rounded-full border-2 border-accent" />
            <span>
              <Link to={step.to}>{t(step.title)}</Link>
              {step.left?.length ? (
                <span className="block text-sm text-ink-soft">
                  {t("admin.checklist.stillLeft", { items: step.left.map((part) => t(part)).join(", ") })}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

interface SettingsFormProps {
  settings: Route.ComponentProps["loaderData"]["settings"];
  refused: Route.ComponentProps["actionData"];
}

function SettingsForm({ settings, refused }: SettingsFormProps) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  const values = refused?.typed ?? settings;
  const saving = useNavigation().formAction?.endsWith("/admin?index") ?? false;
  useFocusFirstError(errors, refused?.toast.id, ["familyName", "contactEmail"]);
  return (
    <section aria-labelledby="nustatymai" className="card mt-10 max-w-xl p-6">
      <h2 id="nustatymai" className="text-xl font-semibold">
        {t("admin.dashboard.settings.title")}
      </h2>
      <FormAlert toast={refused?.toast} />
      {/* noValidate: the server's message, not the browser's, says what is wrong. */}
      <Form method="post" noValidate className="mt-4 space-y-4">
        <Field
          id="familyName"
          label={t("admin.dashboard.settings.familyName")}
          defaultValue={values.familyName}
          required
          maxLength={TEXT_FIELDS.familyName.max}
          error={errors?.familyName}
        />
        <Field
          id="contactEmail"
          type="email"
          label={t(TEXT_FIELDS.contactEmail.label)}
          hint={t("admin.dashboard.settings.contactEmailHint", { token: EMAIL_TOKEN })}
          defaultValue={values.contactEmail}
          required
          maxLength={TEXT_FIELDS.contactEmail.max}
          error={errors?.contactEmail}
        />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("admin.common.saving") : t("admin.dashboard.settings.save")}
        </button>
      </Form>
    </section>
  );
}
