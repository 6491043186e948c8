import { data, Form, Link } from "react-router";
import type { Route } from "./+types/proposals";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { ownProposals, proposalViews, withdrawProposal } from "#app/.server/proposals/proposals.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ChangeLines, MorePager } from "#app/components/proposal-lines.tsx";
import { formatDateTime } from "#app/lib/lithuanian.ts";
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
  return { proposals: await proposalViews(ctx, items), page, more };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const form = await request.formData();
  const id = parseId(form.get("id"));
  if (form.get("intent") !== "withdraw" || id === null) throw data("Nežinomas veiksmas", { status: 400 });
  return (await withdrawProposal(services(context), id, user.id))
    ? redirectWithToast("/paskyra/pasiulymai", "proposalWithdrawn")
    : refusal({ title: "Tokio laukiančio pasiūlymo nėra.", variant: "error" }, 404);
}

const STATUS_CLASS = {
  pending: "bg-accent-soft text-ink",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-50 text-red-900",
  withdrawn: "bg-line text-ink-soft",
} as const;

export default function OwnProposals({ loaderData: { proposals, page, more }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle page={page}>{"Mano pasiūlymai"}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/paskyra">← Paskyra</Link>
      </p>
      <h1 className="text-3xl font-bold">Mano pasiūlymai</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Ką pasiūlėte medžiui ir galerijai, ir ką nusprendė redaktoriai. Pasiūlyti galite asmens puslapyje („Pasiūlyti pataisymą“, „Pridėti
        prisiminimą“) ir galerijoje.
      </p>
      <div className="mt-4 max-w-2xl">
        <FormAlert toast={actionData?.toast} />
      </div>
      {proposals.length === 0 ? (
        <p className="mt-6 text-ink-soft">Pasiūlymų dar nepateikėte.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {proposals.map((p) => (
            <li key={p.id} className="card p-4" data-testid="proposal">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="font-semibold">{p.label}</h2>
                <span className={`rounded px-2 py-0.5 text-sm ${STATUS_CLASS[p.status]}`}>{p.statusLabel}</span>
                <time dateTime={p.createdAt} className="text-sm text-ink-soft">
                  {formatDateTime(p.createdAt)}
                </time>
                {p.subjectLink ? (
                  <Link to={p.subjectLink} className="tap text-sm">
                    {p.subjectName ? `Apie: ${p.subjectName}` : "Peržiūrėti"}
                  </Link>
                ) : null}
              </div>
              <ChangeLines lines={p.lines} caption={`Pasiūlymas: ${p.label}`} />
              {p.status === "rejected" || p.status === "approved" ? (
                <p className="mt-3 text-sm">
                  {p.status === "approved" ? "Priėmė" : "Atmetė"} {p.decidedBy}
                  {p.decidedAt ? `, ${formatDateTime(p.decidedAt)}` : ""}
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
                    Atsiimti
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <MorePager page={page} more={more} label="Pasiūlymų puslapiai" />
    </>
  );
}
