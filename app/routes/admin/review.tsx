import { data } from "react-router";
import type { Route } from "./+types/review";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { onProposalDecided } from "#app/.server/accounts/notifications.ts";
import { PROPOSAL_KINDS } from "#app/.server/proposals/kinds.ts";
import {
  approveProposal,
  findProposal,
  pendingProposals,
  proposalViews,
  REJECT_FORM,
  rejectProposal,
} from "#app/.server/proposals/proposals.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal, type ShownToast } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ChangeLines, MorePager } from "#app/components/proposal-lines.tsx";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { parseId } from "#app/lib/numbers.ts";
import { requestedPage } from "#app/lib/paging.ts";
import { REVIEW_NOTE_MAX } from "#app/lib/proposals.ts";

// The review queue (issue 17): members' proposals, oldest first. Approving
// applies one in a transaction through the change history; rejecting keeps
// the note for the member; a reviewer may edit the fields before approving.

const PAGE = "/admin/perziura";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const ctx = services(context);
  const page = requestedPage(request);
  const { items, more } = await pendingProposals(ctx.db, page);
  if (page > 1 && items.length === 0) throw data(null, { status: 404 });
  return { proposals: await proposalViews(ctx, items, { review: true }), page, more };
}

export async function action({ request, context }: Route.ActionArgs) {
  const reviewer = requireRole(context, "redaktorius");
  const ctx = services(context);
  const form = await request.formData();
  const id = parseId(form.get("id"));
  const proposal = id === null ? null : await findProposal(ctx.db, id);
  if (!proposal || id === null) return refusal("proposalNotFound", 404);
  const failed = (message: string, status = 409) => refusal({ title: message, variant: "error" }, status, { id });
  switch (form.get("intent")) {
    case "approve":
    case "edit": {
      let payload: unknown;
      if (form.get("intent") === "edit") {
        const parsed = await PROPOSAL_KINDS[proposal.kind]?.parse(ctx, proposal.subjectId, form);
        if (!parsed) return refusal("proposalUnknownKind", 400, { id });
        if (!parsed.ok) return failed(parsed.message, 400);
        payload = parsed.payload;
      }
      const result = await approveProposal(ctx, id, reviewer, { payload, confirmConflict: form.get("confirmConflict") === "1" });
      if (!result.ok) return "reason" in result ? refusal(result.reason, 409, { id }) : failed(result.invalid);
      await onProposalDecided(ctx, id);
      return redirectWithToast(PAGE, "proposalApproved");
    }
    case "reject": {
      const read = readForm(form, REJECT_FORM);
      if (!read.ok) return refuseForm(read);
      const result = await rejectProposal(ctx, id, reviewer, read.value.note);
      if (!result.ok) return refusal(result.reason, 409, { id });
      await onProposalDecided(ctx, id);
      return redirectWithToast(PAGE, "proposalRejected");
    }
  }
  throw data("adminMembers.error.unknownAction", { status: 400 });
}

/** What the action answers when it refuses: the proposal it was about, and, for a refused note, what was typed and why. */
interface Refused {
  toast: ShownToast;
  id?: number;
  typed?: Record<string, string>;
  errors?: Partial<Record<string, string>>;
}

export default function ReviewQueue({ loaderData: { proposals, page, more }, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = actionData as Refused | undefined;
  const failedId = refused?.id ?? (refused?.typed ? Number(refused.typed.id) : null);
  // A refused note: its form open again, filled in as typed, the note marked and focused.
  const note = refused?.typed && failedId !== null ? { typed: refused.typed.note ?? "", error: refused.errors?.note } : null;
  useFocusFirstError(note?.error ? { [`note-${failedId}`]: note.error } : undefined, refused?.toast.id, [`note-${failedId}`]);
  return (
    <>
      <PageTitle page={page}>{t("adminMembers.review.title")}</PageTitle>
      <h1 className="mb-2 text-3xl font-bold">{t("adminMembers.review.title")}</h1>
      <p className="mb-6 max-w-2xl text-ink-soft">
        {t.rich("adminMembers.review.lead", { link: (chunks) => <Link to="/admin/pakeitimai">{chunks}</Link> })}
      </p>
      <FormAlert toast={actionData?.toast} />
      {proposals.length === 0 ? (
        <p className="text-ink-soft">{t("adminMembers.review.none")}</p>
      ) : (
        <>
          <p className="mb-4 text-ink-soft">{page === 1 && !more ? t("adminMembers.review.waiting", { count: proposals.length }) : null}</p>
          <ul className="space-y-6">
            {proposals.map((p) => (
              <li key={p.id} className="card p-4" data-testid="proposal">
                <article aria-labelledby={`pasiulymas-${p.id}`}>
                  <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <h2 id={`pasiulymas-${p.id}`} className="text-lg font-semibold">
                      {p.label}
                    </h2>
                    <span className="text-sm text-ink-soft">
                      {t.rich("adminMembers.review.proposedBy", {
                        username: p.username,
                        at: t.dateTime(p.createdAt),
                        time: (chunks) => <time dateTime={p.createdAt}>{chunks}</time>,
                      })}
                    </span>
                    {p.subjectLink ? (
                      <Link to={p.subjectLink} className="tap text-sm">
                        {p.subjectName ? t("account.proposals.about", { name: p.subjectName }) : t("adminMembers.review.subject")}
                      </Link>
                    ) : null}
                  </header>
                  {p.conflict ? (
                    <p role="alert" className="mt-3 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                      {t("adminMembers.review.conflict", { before: t("account.lines.before") })}
                    </p>
                  ) : null}
                  <ChangeLines lines={p.lines} caption={t("account.proposals.caption", { label: p.label })} />
                  {failedId === p.id ? (
                    <div className="mt-3">
                      <FormAlert toast={actionData?.toast} />
                    </div>
                  ) : null}
                  <div className="mt-4 flex flex-wrap items-start gap-3">
                    <Form method="post" className="flex flex-wrap items-center gap-3">
                      <input type="hidden" name="id" value={p.id} />
                      {p.conflict ? (
                        <label className="flex items-center gap-2 text-sm">
                          <input type="checkbox" name="confirmConflict" value="1" required /> {t("adminMembers.review.checked")}
                        </label>
                      ) : null}
                      <button
                        type="submit"
                        name="intent"
                        value="approve"
                        className="btn-primary"
                        aria-label={t("adminMembers.review.approveNamed", { label: p.label, username: p.username })}
                      >
                        {t("adminMembers.review.approve")}
                      </button>
                    </Form>
                  </div>
                  <details className="mt-4" open={note !== null && failedId === p.id}>
                    <summary className="cursor-pointer">{t("adminMembers.review.reject")}</summary>
                    <Form method="post" noValidate className="mt-2 max-w-xl space-y-3">
                      <input type="hidden" name="id" value={p.id} />
                      <Field
                        id={`note-${p.id}`}
                        name="note"
                        label={t("adminMembers.review.note")}
                        multiline
                        rows={3}
                        maxLength={REVIEW_NOTE_MAX}
                        defaultValue={note && failedId === p.id ? note.typed : undefined}
                        error={failedId === p.id ? note?.error : undefined}
                      />
                      <button type="submit" name="intent" value="reject" className="btn-secondary">
                        {t("adminMembers.review.rejectSubmit")}
                      </button>
                    </Form>
                  </details>
                  {p.fields.length > 0 ? (
                    <details className="mt-2">
                      <summary className="cursor-pointer">{t("adminMembers.review.edit")}</summary>
                      <Form method="post" className="mt-2 max-w-xl space-y-3">
                        <input type="hidden" name="id" value={p.id} />
                        {p.fields.map((field) =>
                          field.type === "select" ? (
                            <div key={field.name}>
                              <label htmlFor={`${field.name}-${p.id}`} className="field-label">
                                {field.label}
                              </label>
                              <select id={`${field.name}-${p.id}`} name={field.name} defaultValue={field.value} className="field-input">
                                {field.options?.map((option) => (
                                  <option key={option.value} value={option.value}>
                                    {option.label}
                                  </option>
                                ))}
                              </select>
                            </div>
                          ) : (
                            <Field
                              key={field.name}
                              id={`${field.name}-${p.id}`}
                              name={field.name}
                              label={field.label}
                              defaultValue={field.value}
                              multiline={field.type === "textarea"}
                            />
                          ),
                        )}
                        {p.conflict ? (
                          <label className="flex items-center gap-2 text-sm">
                            <input type="checkbox" name="confirmConflict" value="1" required /> {t("adminMembers.review.checked")}
                          </label>
                        ) : null}
                        <button type="submit" name="intent" value="edit" className="btn-primary">
                          {t("adminMembers.review.editSubmit")}
                        </button>
                      </Form>
                    </details>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      <MorePager page={page} more={more} label={t("account.proposals.pages")} />
    </>
  );
}
