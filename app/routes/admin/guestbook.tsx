import { data } from "react-router";
import type { Route } from "./+types/guestbook";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { deleteEntry, listEntriesForReview, setEntryStatus } from "#app/.server/guestbook/guestbook.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { ExampleMark } from "#app/components/example-mark.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ConfirmRemovePanel, RemoveForm } from "#app/components/remove-form.tsx";
import { parseId } from "#app/lib/numbers.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";

const PAGE = "/admin/sveciai";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  return { entries: await listEntriesForReview(services(context).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const form = await request.formData();
  const id = parseId(form.get("id")) ?? 0;
  switch (form.get("intent")) {
    case "approve":
      return (await setEntryStatus(db, id, "approved", user))
        ? redirectWithToast(PAGE, "guestbookApproved")
        : refusal("guestbookNotFound", 404);
    case "hide":
      return (await setEntryStatus(db, id, "hidden", user))
        ? redirectWithToast(PAGE, "guestbookHidden")
        : refusal("guestbookNotFound", 404);
    case "remove": {
      if (form.get("confirmed") !== "1") {
        const entry = (await listEntriesForReview(db)).find((e) => e.id === id);
        return entry ? data({ confirmRemove: { id: entry.id, name: entry.name } }) : refusal("guestbookNotFound", 404);
      }
      return (await deleteEntry(db, id, user)) ? redirectWithToast(PAGE, "guestbookDeleted") : refusal("guestbookNotFound", 404);
    }
  }
  throw data(serverT(request)("adminContent.guestbook.unknownAction"), { status: 400 });
}

const SECTIONS = [
  { status: "pending", title: "adminContent.guestbook.pending", empty: "adminContent.guestbook.pendingEmpty" },
  { status: "approved", title: "adminContent.guestbook.approved", empty: "adminContent.guestbook.approvedEmpty" },
  { status: "hidden", title: "adminContent.guestbook.hidden", empty: "adminContent.guestbook.hiddenEmpty" },
] as const satisfies readonly { status: string; title: MessageId; empty: MessageId }[];

export default function GuestbookModeration({ loaderData: { entries }, actionData }: Route.ComponentProps) {
  const t = useT();
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const removeQuestion = (name: string) => t("adminContent.guestbook.removeQuestion", { name });
  return (
    <>
      <PageTitle>{t("adminContent.guestbook.title")}</PageTitle>
      <h1 className="mb-2 text-3xl font-bold">{t("adminContent.guestbook.title")}</h1>
      <p className="mb-6 text-ink-soft">
        {t("adminContent.guestbook.intro")} <Link to="/admin/pakeitimai?tema=guestbook">{t("admin.common.changeHistory")}</Link>
      </p>
      <FormAlert toast={actionData && "toast" in actionData ? actionData.toast : null} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={removeQuestion(confirmRemove.name)}
          detail={t("adminContent.guestbook.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      {SECTIONS.map((section) => {
        const list = entries.filter((e) => e.status === section.status);
        return (
          <section key={section.status} aria-labelledby={`skyrius-${section.status}`} className="mb-10">
            <h2 id={`skyrius-${section.status}`} className="mb-3 text-xl font-semibold">
              {t(section.title, { count: list.length })}
            </h2>
            {list.length === 0 ? (
              <p className="text-ink-soft">{t(section.empty)}</p>
            ) : (
              <ul className="space-y-3">
                {list.map((entry) => (
                  <li key={entry.id} data-testid="guestbook-entry" className="card flex flex-wrap items-start gap-4 p-4">
                    <article className="min-w-0 flex-1 basis-60">
                      <header className="flex flex-wrap items-baseline gap-x-3">
                        <h3 className="font-semibold break-words">{entry.name}</h3>
                        <time dateTime={entry.createdAt} className="text-sm text-ink-soft">
                          {t.dateTime(entry.createdAt)}
                        </time>
                        <ExampleMark example={entry.example} />
                      </header>
                      <p lang="lt" className="mt-1 whitespace-pre-line break-words">
                        {entry.message}
                      </p>
                    </article>
                    <div className="ml-auto flex flex-wrap items-center gap-2">
                      {entry.status !== "approved" ? (
                        <Form method="post">
                          <input type="hidden" name="id" value={entry.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="approve"
                            className="btn-primary"
                            aria-label={t("adminContent.guestbook.approveLabel", { name: entry.name })}
                          >
                            {t("adminContent.guestbook.approve")}
                          </button>
                        </Form>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="id" value={entry.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="hide"
                            className="btn-secondary"
                            aria-label={t("adminContent.guestbook.hideLabel", { name: entry.name })}
                          >
                            {t("adminContent.guestbook.hide")}
                          </button>
                        </Form>
                      )}
                      <RemoveForm id={entry.id} question={removeQuestion(entry.name)}>
                        <button
                          type="submit"
                          className="btn border border-red-200 bg-paper text-red-800 hover:bg-red-50"
                          aria-label={t("adminContent.guestbook.deleteLabel", { name: entry.name })}
                        >
                          {t("adminContent.guestbook.delete")}
                        </button>
                      </RemoveForm>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <p className="text-sm text-ink-soft">{t("adminContent.guestbook.total", { count: entries.length })}</p>
    </>
  );
}
