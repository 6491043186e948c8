import type { Selectable } from "kysely";
import { z } from "zod";
import type { ImageRef } from "#app/lib/media.ts";
import { PROPOSALS_PER_DAY, REVIEW_NOTE_MAX } from "#app/lib/proposals.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { T } from "#app/i18n/intl.ts";
import { textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { record, type Actor, type ChangeSubject, type Scope } from "#app/.server/changes/changes.ts";
import { proposedSummary } from "#app/.server/changes/summary.ts";
import { inTransaction, now } from "#app/.server/platform/db/writes.ts";
import type { Database, ProposalsTable, ProposalStatus } from "#app/.server/platform/db/schema.ts";
import { placeItemMedia, type MediaStore } from "#app/.server/media/storage.ts";
import { ProposalInputError } from "./error.ts";
import { PROPOSAL_KINDS } from "./kinds.ts";
import { DEFAULT_LIVING_YEARS, editorViewer, livingYearsSetting, memberViewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";

// What members propose (issue 17): a correction or an addition to a person,
// a memory, a photo. Nothing a member proposes is public or changes the tree
// until an editor approves it; approving applies it in one transaction
// through the change history (changes.ts), so an approved proposal can be
// undone like any change. Each kind of proposal is a handler (ProposalKind)
// registered in proposal-kinds.ts (tests may pass their own); this module keeps the rules common to all:
// the daily cap, who sees what, conflicts, and the decision.

// What a kind says (its name, its lines, its fields' labels) is said in the
// language of the request being answered (platform/request-language.ts): the
// member's list and the review queue in their page's language, a letter in
// its reader's (accounts/notifications.ts answers in it).

/** The statuses' names: message ids of the account catalog. */
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, MessageId> = {
  pending: "account.proposal.status.pending",
  approved: "account.proposal.status.approved",
  rejected: "account.proposal.status.rejected",
  withdrawn: "account.proposal.status.withdrawn",
};

/** One line of what a proposal changes, for the review queue and the member's list (said in the request's language). */
export interface ProposalLine {
  label: string;
  /** "" when the proposal adds the thing. */
  before: string;
  after: string;
  /** Photos the line is about (a memory's or an upload's), shown beside it. */
  images?: ImageRef[];
}

/** A field the reviewer may edit before approving (and the member fills in); its label said in the request's language. */
export interface ProposalField {
  name: string;
  label: string;
  value: string;
  type: "text" | "textarea" | "date" | "select";
  /** A select's choices, the value as sent and the label as read. */
  options?: { value: string; label: string }[];
}

export interface ProposalContext {
  db: Database;
  media: MediaStore;
}

/**
 * One kind of proposal. The payload is what the member asked for (JSON); the
 * baseline is the subject as it was when they asked, compared with the
 * subject as it is at review time to show a conflict.
 */
export interface ProposalKind<P = unknown> {
  /** How the kind is named in lists ('account.proposal.kind.memory'): a message id, or a name as it is (a test's kind). */
  label: MessageId | string;
  /** The subject as it is now (JSON-able); null when the kind adds something new with nothing to conflict with. */
  baseline(ctx: ProposalContext, subjectId: string | null, payload: P): Promise<unknown>;
  /** Before → after, as the reviewer reads it. */
  describe(ctx: ProposalContext, subjectId: string | null, payload: P): Promise<ProposalLine[]>;
  /** What applying it touches and how it is named in the history. */
  change(
    ctx: ProposalContext,
    subjectId: string | null,
    payload: P,
  ): Promise<{ subject: ChangeSubject; scopes: Scope[]; created?: (result: unknown) => Scope[] }>;
  /** Applies it, inside the approval's transaction. */
  apply(tx: Database, ctx: ProposalContext, subjectId: string | null, payload: P, author: Actor): Promise<unknown>;
  /**
   * Reads the form (the member's, or the reviewer's edit of the fields below) into a payload, or what is wrong:
   * a message id, or a message said in the request's language (one that names a value).
   */
  parse(ctx: ProposalContext, subjectId: string | null, form: FormData): Promise<{ ok: true; payload: P } | { ok: false; message: string }>;
  /** The fields of the payload the reviewer may edit before approving (a select's choices may come from the tree). */
  fields(ctx: ProposalContext, subjectId: string | null, payload: P): ProposalField[] | Promise<ProposalField[]>;
  /** What was asked, for a decided proposal, when its fields do not say it best (a relative: who they are). */
  asked?(ctx: ProposalContext, subjectId: string | null, payload: P): Promise<ProposalLine[]>;
  /** Frees what a rejected proposal held (uploaded photos). */
  discard?(ctx: ProposalContext, payload: P): Promise<void>;
  /** The photos it carries: they wait out of a visitor's sight and are placed by what shows them once approved. */
  photos?(payload: P): string[];
}

export type Kinds = Record<string, ProposalKind<any>>;

export interface Proposal {
  id: number;
  userId: number | null;
  username: string;
  createdAt: string;
  kind: string;
  subjectKind: string;
  subjectId: string | null;
  payload: unknown;
  baseline: unknown;
  status: ProposalStatus;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string;
  changeId: number | null;
}

function toProposal(row: Selectable<ProposalsTable>): Proposal {
  return { ...row, payload: JSON.parse(row.payload), baseline: JSON.parse(row.baseline) };
}

/** A proposal filed, or why not (the day's cap reached, a kind the site does not know). */
export type SubmitResult = { ok: true; id: number } | { ok: false; reason: SubmitRefusal };
type SubmitRefusal = Extract<ToastKey, "proposalCap" | "proposalUnknownKind">;

/** The status a refused proposal is answered with: too many today is 429 (Too Many Requests). */
export const SUBMIT_REFUSAL_STATUS: Record<SubmitRefusal, number> = { proposalCap: 429, proposalUnknownKind: 400 };

/**
 * Files a member's proposal, unless they reached the day's cap. The cap is
 * counted in the same transaction as the insert, so two requests at once
 * cannot both take the last place.
 */
export async function submitProposal(
  ctx: ProposalContext,
  author: Actor,
  proposal: { kind: string; subjectKind: string; subjectId: string | null; payload: unknown },
  kinds: Kinds = PROPOSAL_KINDS,
): Promise<SubmitResult> {
  const handler = kinds[proposal.kind];
  if (!handler) return { ok: false, reason: "proposalUnknownKind" };
  const baseline = await handler.baseline(ctx, proposal.subjectId, proposal.payload);
  return inTransaction(ctx.db, async (tx) => {
    const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const { n } = await tx
      .selectFrom("proposals")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("userId", "=", author.id)
      .where("createdAt", ">=", since)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PROPOSALS_PER_DAY) return { ok: false, reason: "proposalCap" };
    const { id } = await tx
      .insertInto("proposals")
      .values({
        userId: author.id,
        username: author.username,
        createdAt: now(),
        kind: proposal.kind,
        subjectKind: proposal.subjectKind,
        subjectId: proposal.subjectId,
        payload: JSON.stringify(proposal.payload),
        baseline: JSON.stringify(baseline ?? null),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, id };
  });
}

/** Whether the member may still propose today (for the forms: say so before they type). */
export async function proposalsLeftToday(db: Database, userId: number): Promise<number> {
  const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const { n } = await db
    .selectFrom("proposals")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("userId", "=", userId)
    .where("createdAt", ">=", since)
    .executeTakeFirstOrThrow();
  return Math.max(0, PROPOSALS_PER_DAY - Number(n));
}

/** A member's own proposals, newest first; never anyone else's. */
export async function ownProposals(
  db: Database,
  userId: number,
  page: number,
  perPage = 30,
): Promise<{ items: Proposal[]; more: boolean }> {
  const rows = await db
    .selectFrom("proposals")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
    .execute();
  return { items: rows.slice(0, perPage).map(toProposal), more: rows.length > perPage };
}

/** The review queue: pending proposals, oldest first. */
export async function pendingProposals(db: Database, page: number, perPage = 30): Promise<{ items: Proposal[]; more: boolean }> {
  const rows = await db
    .selectFrom("proposals")
    .selectAll()
    .where("status", "=", "pending")
    .orderBy("id", "asc")
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
    .execute();
  return { items: rows.slice(0, perPage).map(toProposal), more: rows.length > perPage };
}

export async function countPendingProposals(db: Database): Promise<number> {
  const { n } = await db
    .selectFrom("proposals")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findProposal(db: Database, id: number): Promise<Proposal | null> {
  const row = await db.selectFrom("proposals").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toProposal(row) : null;
}

/** Whether the subject changed since the member proposed (the reviewer is shown both). */
export async function hasConflict(ctx: ProposalContext, proposal: Proposal, kinds: Kinds = PROPOSAL_KINDS): Promise<boolean> {
  const handler = kinds[proposal.kind];
  if (!handler || proposal.baseline === null) return false;
  const current = await handler.baseline(ctx, proposal.subjectId, proposal.payload);
  return JSON.stringify(current) !== JSON.stringify(proposal.baseline);
}

/**
 * A proposal approved, or why not: a reason the review page names, or the
 * words of a reviewer's edit the kind refused (a date it cannot read).
 */
export type DecisionResult =
  | { ok: true; changeId: number | null }
  | { ok: false; reason: Extract<ToastKey, "proposalDecided" | "proposalUnknownKind" | "proposalConflict"> }
  | { ok: false; invalid: string };

/**
 * Approves a pending proposal: applies it (the payload as the reviewer may
 * have edited it) and records the change, in one transaction with the
 * decision. A proposal whose subject changed since is refused unless the
 * reviewer saw the conflict and confirmed.
 */
export async function approveProposal(
  ctx: ProposalContext,
  id: number,
  reviewer: Actor,
  options: { payload?: unknown; confirmConflict?: boolean; note?: string } = {},
  kinds: Kinds = PROPOSAL_KINDS,
): Promise<DecisionResult> {
  const proposal = await findProposal(ctx.db, id);
  if (!proposal || proposal.status !== "pending") return { ok: false, reason: "proposalDecided" };
  const handler = kinds[proposal.kind];
  if (!handler) return { ok: false, reason: "proposalUnknownKind" };
  if (!options.confirmConflict && (await hasConflict(ctx, proposal, kinds))) return { ok: false, reason: "proposalConflict" };
  // A reviewer's form carries only the editable fields: they are laid over
  // what the member proposed (a memory's photos and subject stay).
  const payload =
    options.payload && typeof options.payload === "object" && proposal.payload && typeof proposal.payload === "object"
      ? { ...(proposal.payload as object), ...(options.payload as object) }
      : (options.payload ?? proposal.payload);
  const change = await handler.change(ctx, proposal.subjectId, payload);
  try {
    return await approveInTransaction(ctx, handler, proposal, id, reviewer, payload, change, options.note ?? "");
  } catch (error) {
    if (error instanceof ProposalInputError) return { ok: false, invalid: error.message };
    throw error;
  } finally {
    // Its photos go where what now shows them says (public/ for a public page), approved or not.
    await placeItemMedia(ctx.db, ctx.media, handler.photos?.(payload) ?? []);
  }
}

async function approveInTransaction(
  ctx: ProposalContext,
  handler: ProposalKind<any>,
  proposal: Proposal,
  id: number,
  reviewer: Actor,
  payload: unknown,
  change: Awaited<ReturnType<ProposalKind["change"]>>,
  note: string,
): Promise<DecisionResult> {
  const author: Actor = { id: proposal.userId ?? reviewer.id, username: proposal.username };
  return inTransaction(ctx.db, async (tx) => {
    // Decided first, under the condition that it is still pending: a second reviewer's approval changes nothing.
    const taken = await tx
      .updateTable("proposals")
      .set({
        status: "approved",
        decidedAt: now(),
        decidedBy: reviewer.username,
        decisionNote: note,
        payload: JSON.stringify(payload),
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return { ok: false, reason: "proposalDecided" };
    const { changeId } = await record(
      tx,
      {
        actor: reviewer,
        subject: { ...change.subject, summary: proposedSummary(change.subject.summary, proposal.username) },
        scopes: change.scopes,
        created: change.created,
        proposalId: id,
      },
      (inner) => handler.apply(inner, ctx, proposal.subjectId, payload, author),
    );
    await tx.updateTable("proposals").set({ changeId }).where("id", "=", id).execute();
    return { ok: true, changeId };
  });
}

/** The review queue's rejection (/admin/perziura): which proposal, and the reviewer's note to the member, if any. */
export const REJECT_FORM = z.object({
  intent: z.literal("reject"),
  id: z.string().default(""),
  note: textField("account.proposal.field.note", { max: REVIEW_NOTE_MAX, optional: true }),
});

/** Rejects a pending proposal with the reviewer's note (as REJECT_FORM reads it), which the member reads. */
export async function rejectProposal(
  ctx: ProposalContext,
  id: number,
  reviewer: Actor,
  note: string,
  kinds: Kinds = PROPOSAL_KINDS,
): Promise<{ ok: true } | { ok: false; reason: Extract<ToastKey, "proposalDecided"> }> {
  const proposal = await findProposal(ctx.db, id);
  const taken = await ctx.db
    .updateTable("proposals")
    .set({ status: "rejected", decidedAt: now(), decidedBy: reviewer.username, decisionNote: note.trim() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!proposal || Number(taken.numUpdatedRows) === 0) return { ok: false, reason: "proposalDecided" };
  await kinds[proposal.kind]?.discard?.(ctx, proposal.payload);
  return { ok: true };
}

/** A member takes back their own pending proposal. */
export async function withdrawProposal(ctx: ProposalContext, id: number, userId: number, kinds: Kinds = PROPOSAL_KINDS): Promise<boolean> {
  const proposal = await findProposal(ctx.db, id);
  const taken = await ctx.db
    .updateTable("proposals")
    .set({ status: "withdrawn", decidedAt: now() })
    .where("id", "=", id)
    .where("userId", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!proposal || Number(taken.numUpdatedRows) === 0) return false;
  await kinds[proposal.kind]?.discard?.(ctx, proposal.payload);
  return true;
}

/** A proposal as the member's list and the review queue show it. */
export interface ProposalView {
  id: number;
  username: string;
  createdAt: string;
  kind: string;
  /** The kind's name and the status's, said in the request's language. */
  label: string;
  status: ProposalStatus;
  statusLabel: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string;
  /** Where the subject is on the site, and its name (a person, a photo) as the reader may see it. */
  subjectLink: string | null;
  subjectName: string | null;
  lines: ProposalLine[];
  /** For the queue: the fields a reviewer may edit, and whether the subject changed since. */
  fields: ProposalField[];
  conflict: boolean;
}

/**
 * Whom or what each proposal is about, by name (by proposal id), looked up
 * once for the whole list: the editors see everyone; a member, only those
 * the members see (a person made private since is not named to them).
 */
async function subjectNames(db: Database, proposals: Proposal[], review: boolean): Promise<Map<number, string>> {
  const ids = (kind: string) => [
    ...new Set(proposals.filter((p) => p.subjectKind === kind && p.subjectId !== null).map((p) => Number(p.subjectId))),
  ];
  const [personIds, photoIds] = [ids("person"), ids("gallery")];
  const treeId = personIds.length ? await currentTreeId(db) : null;
  const people =
    treeId === null
      ? {}
      : await summaries(db, treeId, personIds, review ? editorViewer(DEFAULT_LIVING_YEARS) : memberViewer(await livingYearsSetting(db)));
  const photos = photoIds.length ? await db.selectFrom("galleryItems").select(["id", "title"]).where("id", "in", photoIds).execute() : [];
  const names = new Map<number, string>();
  for (const proposal of proposals) {
    const id = Number(proposal.subjectId);
    const person = proposal.subjectKind === "person" ? people[id] : undefined;
    if (person && !person.hidden) names.set(proposal.id, person.name);
    const photo = proposal.subjectKind === "gallery" ? photos.find((p) => p.id === id) : undefined;
    if (photo) names.set(proposal.id, photo.title);
  }
  return names;
}

function subjectLink(proposal: Proposal): string | null {
  if (proposal.subjectKind === "person" && proposal.subjectId) return `/asmuo/${proposal.subjectId}`;
  if (proposal.subjectKind === "gallery") return "/galerija";
  return null;
}

/**
 * A decided proposal as what was asked: its kind's own words when it has them
 * (a relative: who they are), else the fields it carried, else its description.
 */
async function askedLines(ctx: ProposalContext, handler: ProposalKind<any>, proposal: Proposal): Promise<ProposalLine[]> {
  if (handler.asked) return handler.asked(ctx, proposal.subjectId, proposal.payload).catch(() => []);
  const lines = (await handler.fields(ctx, proposal.subjectId, proposal.payload))
    .filter((field) => field.value !== "")
    .map((field) => ({
      label: field.label,
      before: "",
      after: field.options?.find((option) => option.value === field.value)?.label ?? field.value,
    }));
  return lines.length ? lines : handler.describe(ctx, proposal.subjectId, proposal.payload).catch(() => []);
}

/** Proposals as the lists show them, said in the language of the request being answered (a letter answers in its reader's). */
export async function proposalViews(
  ctx: ProposalContext,
  proposals: Proposal[],
  { review = false } = {},
  kinds: Kinds = PROPOSAL_KINDS,
): Promise<ProposalView[]> {
  const t: T = requestT();
  const views: ProposalView[] = [];
  const names = await subjectNames(ctx.db, proposals, review);
  for (const proposal of proposals) {
    const handler = kinds[proposal.kind];
    const pending = proposal.status === "pending";
    views.push({
      id: proposal.id,
      username: proposal.username,
      createdAt: proposal.createdAt,
      kind: proposal.kind,
      label: t.say(handler?.label ?? proposal.kind),
      status: proposal.status,
      statusLabel: t(PROPOSAL_STATUS_LABELS[proposal.status]),
      decidedBy: proposal.decidedBy,
      decidedAt: proposal.decidedAt,
      decisionNote: proposal.decisionNote,
      subjectLink: subjectLink(proposal),
      subjectName: names.get(proposal.id) ?? null,
      // A pending proposal against the subject as it is now; a decided one by
      // what was asked (once applied, "now" already is what was asked).
      lines: !handler
        ? []
        : pending
          ? await handler.describe(ctx, proposal.subjectId, proposal.payload).catch(() => [])
          : await askedLines(ctx, handler, proposal),
      fields: review && pending && handler ? await handler.fields(ctx, proposal.subjectId, proposal.payload) : [],
      conflict: review && pending ? await hasConflict(ctx, proposal, kinds) : false,
    });
  }
  return views;
}
