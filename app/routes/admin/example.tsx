import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/example";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { BackupError, keepBackup } from "#app/.server/backup/backup.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { exampleContent, exampleCount, removeExampleContent } from "#app/.server/seed/example.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";

// The example family a new site starts with, listed as it still is, and
// removed in one confirmed step (a backup on the server first, one change in
// the history to undo it). The administrator's, like backups.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "administratorius");
  const example = await exampleContent(services(context).db);
  return { example, count: exampleCount(example) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "administratorius");
  const { db, config, media } = services(context);
  const form = await request.formData();
  if (form.get("confirmed") !== "1") return refusal("exampleNotConfirmed");
  try {
    await keepBackup(db, config.database.kind, media, config.dataDir, "pries-pavyzdzio-salinima");
  } catch (error) {
    // A backup that could not be made (a file missing from the disk): nothing is removed.
    if (error instanceof BackupError) {
      // Said here: the toaster outside the administration's pages knows only the site's messages.
      const t = serverT(request);
      return refusal({ title: t("adminContent.example.remove.failed"), description: t.say(error.said), variant: "error" }, 500);
    }
    throw error;
  }
  const changeId = await removeExampleContent(db, media, user);
  return redirectWithToast("/admin", changeId === null ? "exampleNothingLeft" : "exampleRemoved");
}

export default function ExampleContentPage({ loaderData: { example, count }, actionData }: Route.ComponentProps) {
  const t = useT();
  const removing = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle>{t("adminContent.example.title")}</PageTitle>
      <p className="mb-4 text-sm">
        <Link to="/admin">{t("admin.common.backToDashboard")}</Link>
      </p>
      <h1 className="text-3xl font-bold">{t("adminContent.example.title")}</h1>
      {count > 0 ? (
        <>
          <p className="mt-2 max-w-3xl text-ink-soft">{t("adminContent.example.intro")}</p>
          <div className="mt-6 grid max-w-4xl gap-6 sm:grid-cols-2">
            {example.history ? (
              <Group title={t("adminContent.example.history")}>
                <li>{t.rich("adminContent.example.historyItem", { title: <span lang="lt">{example.history}</span> })}</li>
              </Group>
            ) : null}
            <Group title={t("adminContent.example.photos", { count: example.photos.length })} hidden={example.photos.length === 0}>
              {example.photos.map((photo) => (
                <li key={photo.id}>{t.rich("adminContent.example.quoted", { title: <span lang="lt">{photo.title}</span> })}</li>
              ))}
            </Group>
            <Group title={t("adminContent.example.documents", { count: example.documents.length })} hidden={example.documents.length === 0}>
              {example.documents.map((doc) => (
                <li key={doc.id}>{t.rich("adminContent.example.quoted", { title: <span lang="lt">{doc.title}</span> })}</li>
              ))}
            </Group>
            <Group title={t("adminContent.example.guestbook", { count: example.guestbook.length })} hidden={example.guestbook.length === 0}>
              {example.guestbook.map((entry) => (
                <li key={entry.id}>{entry.name}</li>
              ))}
            </Group>
            <Group title={t("adminContent.example.texts", { count: example.texts.length })} hidden={example.texts.length === 0}>
              {example.texts.map((field) => (
                <li key={field}>{t(`adminContent.example.text.${field}`)}</li>
              ))}
            </Group>
          </div>
          <section aria-labelledby="salinti" className="card mt-8 max-w-3xl border-red-300 p-6">
            <h2 id="salinti" className="text-xl font-semibold">
              {t("adminContent.example.remove.title")}
            </h2>
            <p className="mt-1 text-sm text-ink-soft">{t("adminContent.example.remove.text")}</p>
            <FormAlert toast={actionData?.toast} />
            <Form method="post" className="mt-4 space-y-4">
              <label className="flex min-h-6 items-start gap-3">
                <input type="checkbox" name="confirmed" value="1" required />
                <span>{t("adminContent.example.remove.confirm", { count })}</span>
              </label>
              <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={removing}>
                {removing ? t("adminContent.example.remove.removing") : t("adminContent.example.remove.button")}
              </button>
            </Form>
          </section>
        </>
      ) : (
        <p className="card mt-6 max-w-3xl p-6 text-ink-soft">
          {t("adminContent.example.none")} <Link to="/admin/pakeitimai">{t("admin.common.changeHistory")}</Link>
        </p>
      )}
    </>
  );
}

function Group({ title, hidden = false, children }: { title: string; hidden?: boolean; children: ReactNode }) {
  if (hidden) return null;
  return (
    <section className="card p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>
    </section>
  );
}
