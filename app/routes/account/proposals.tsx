import { data } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/proposals";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { ownProposals, proposalViews, withdrawProposal } from "#app/.server/proposals/proposals.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ChangeLines, MorePager } from "#app/components/proposal-lines.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { requestedPage } from "#app/lib/paging.ts";

// A member's own proposals and what became of them (issue 17). Never anyone
// else's: the list is read by the user's id, and withdrawing asks for it too.

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  const page = requestedPage(request);
  const { items, more } = await ownProposals(ctx.db, user.id, page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  // (Their kinds' and lines' words said in the page's language.)
  return { proposals: await proposalViews(ctx, items), page, more };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const form = await request.formData();
  const id = parseId(form.get("id"));
  if (form.get("intent") !== "withdraw" || id === null) throw data("account.error.unknownAction", { status: 400 });
  return (await withdrawProposal(services(context), id, user.id))
    ? redirectWithToast("/paskyra/pasiulymai", "proposalWithdrawn")
    : refusal({ title: "account.proposals.notPending", variant: "error" }, 404);
}

const STATUS_CLASS = {
  pending: "bg-accent-soft text-ink",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-50 text-red-900",
  withdrawn: "bg-line text-ink-soft",
} as const;

export default function OwnProposals({ loaderData: { proposals, page, more }, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageTitle page={page}>{t("account.proposals.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/paskyra">{t("account.proposals.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold">{t("account.proposals.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">{t("account.proposals.lead")}</p>
      <div className="mt-4 max-w-2xl">
        <FormAlert toast={actionData?.toast} />
      </div>
      {proposals.length === 0 ? (
        <p className="mt-6 text-ink-soft">{t("account.proposals.none")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {proposals.map((p) => (
            <li key={p.id} className="card p-4" data-testid="proposal">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="font-semibold">{p.label}</h2>
                <span className={`rounded px-2 py-0.5 text-sm ${STATUS_CLASS[p.status]}`}>{p.statusLabel}</span>
                <time dateTime={p.createdAt} className="text-sm text-ink-soft">
                  {t.dateTime(p.createdAt)}
                </time>
                {p.subjectLink ? (
                  <Link to={p.subjectLink} className="tap text-sm">
                    {p.subjectName ? t("account.proposals.about", { name: p.subjectName }) : t("account.proposals.view")}
                  </Link>
                ) : null}
              </div>
              <ChangeLines lines={p.lines} caption={t("account.proposals.caption", { label: p.label })} />
              {p.status === "rejected" || p.status === "approved" ? (
                <p className="mt-3 text-sm">
                  {t("account.proposals.decidedBy", { approved: String(p.status === "approved"), by: p.decidedBy ?? "" })}
                  {p.decidedAt ? `, ${t.dateTime(p.decidedAt)}` : ""}
                  {p.decisionNote ? (
                    <>
                      : <q className="whitespace-pre-line">{p.decisionNote}</q>
                    </>
                  ) : (
                    "."
                  )}
                </p>
              ) : null}
              {p.status === "pending" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" name="intent" value="withdraw" className="btn-secondary">
                    {t("account.proposals.withdraw")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <MorePager page={page} more={more} label={t("account.proposals.pages")} />
    </>
  );
}
