import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { HONEYPOT_FIELD, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH } from "#app/lib/guestbook.ts";
import { pageCount, pageOffset } from "#app/lib/paging.ts";
import type { ToastKey } from "#app/lib/toasts.ts";
import type { Database, GuestbookStatus } from "#app/.server/platform/db/schema.ts";
import { record, scope, type Actor, type Scope } from "#app/.server/changes/changes.ts";
import type { SummaryId } from "#app/.server/changes/summary.ts";
import { textField } from "#app/.server/platform/form.ts";
import { installationSecret } from "#app/.server/site-texts/settings.ts";
import { siteCookie } from "#app/.server/platform/cookies.ts";
import { isExampleEntry } from "#app/.server/seed/example.ts";

// The public guestbook. Entries are stored at once but shown only after the
// administrator approves them. A public form attracts spam, so before anything
// is stored a submission must pass: an empty honeypot field, a signed token
// showing the form was on screen for a few seconds, at most 3 entries per
// address in 10 minutes, and at most 2 links. A refusal says nothing about
// which check failed, so a bot learns nothing from it. The token travels in a
// cookie set with every showing of the page (FORM_MOMENT_COOKIE), not in the
// page, so that the page is the same for every visitor and can be kept
// (server/render-cache.ts).

export interface GuestbookEntry {
  id: number;
  name: string;
  message: string;
  createdAt: string;
  /** One of the example family's invented messages (marked wherever shown). */
  example: boolean;
}

export interface ReviewedEntry extends GuestbookEntry {
  status: GuestbookStatus;
}

/** How many approved entries a page of the guestbook shows. */
export const GUESTBOOK_PAGE_SIZE = 10;
export const MIN_FILL_SECONDS = 3;
/** A form older than this is stale: its token no longer counts. */
export const MAX_FORM_AGE_SECONDS = 24 * 60 * 60;
export const RATE_LIMIT = { entries: 3, windowMinutes: 10 };
export const MAX_LINKS = 2;

/** One page of approved entries, newest first, and how many there are. */
export async function listApprovedEntries(
  db: Database,
  page = 1,
): Promise<{ entries: GuestbookEntry[]; total: number; page: number; pages: number }> {
  const approved = db.selectFrom("guestbookEntries").where("status", "=", "approved");
  const [{ total }, entries] = await Promise.all([
    approved.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow(),
    approved
      .select(["id", "name", "message", "createdAt"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(GUESTBOOK_PAGE_SIZE)
      .offset(pageOffset(Math.max(1, page), GUESTBOOK_PAGE_SIZE))
      .execute(),
  ]);
  return {
    entries: entries.map((entry) => ({ ...entry, example: isExampleEntry(entry) })),
    total: Number(total),
    page,
    pages: pageCount(Number(total), GUESTBOOK_PAGE_SIZE),
  };
}

/** Every entry for the administrator: waiting ones first, then newest first. */
export async function listEntriesForReview(db: Database): Promise<ReviewedEntry[]> {
  const entries = await db
    .selectFrom("guestbookEntries")
    .select(["id", "name", "message", "createdAt", "status"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const rank: Record<GuestbookStatus, number> = { pending: 0, approved: 1, hidden: 2 };
  return entries.map((entry) => ({ ...entry, example: isExampleEntry(entry) })).sort((a, b) => rank[a.status] - rank[b.status]);
}

export async function countPendingEntries(db: Database): Promise<number> {
  const { n } = await db
    .selectFrom("guestbookEntries")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

const MODERATION_SUMMARIES = {
  approved: "changes.summary.guestbook.approved",
  hidden: "changes.summary.guestbook.hidden",
  deleted: "changes.summary.guestbook.deleted",
} as const satisfies Record<string, SummaryId>;

/** An editor's moderation of one entry, recorded in the change history. */
function moderated(
  db: Database,
  by: Actor | null,
  id: number,
  what: keyof typeof MODERATION_SUMMARIES,
  write: (tx: Database) => Promise<boolean>,
) {
  return record(
    db,
    { actor: by, subject: { kind: "guestbook", id, summary: MODERATION_SUMMARIES[what] }, scopes: [entryScope(id)] },
    write,
  ).then((r) => r.result);
}

/** Approves or hides an entry; false if there is no such entry. */
export async function setEntryStatus(db: Database, id: number, status: "approved" | "hidden", by: Actor | null = null): Promise<boolean> {
  return moderated(db, by, id, status, async (tx) => {
    const result = await tx.updateTable("guestbookEntries").set({ status }).where("id", "=", id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

/** An entry's row, for the change history of moderation. */
export function entryScope(id: number): Scope {
  return scope("guestbookEntries", (q) => q.where("id", "=", id));
}

/** Deletes an entry; false if there is no such entry. */
export async function deleteEntry(db: Database, id: number, by: Actor | null = null): Promise<boolean> {
  return moderated(db, by, id, "deleted", async (tx) => {
    const result = await tx.deleteFrom("guestbookEntries").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

async function secret(db: Database): Promise<string> {
  return installationSecret(db, "guestbook");
}

function sign(key: string, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}

/** The cookie that carries the form's token: set in front of the router with every showing of the guestbook (server/guestbook-moment.ts). */
export const FORM_MOMENT_COOKIE = "zenklas";

function momentCookie() {
  return siteCookie(FORM_MOMENT_COOKIE, MAX_FORM_AGE_SECONDS);
}

/** The Set-Cookie header of a showing of the form, now. */
export async function formMomentCookie(db: Database, now = Date.now()): Promise<string> {
  return momentCookie().serialize(await issueFormToken(db, now));
}

/** The token of the form's last showing that a request carries, or "" (checked by submitEntry). */
export async function formMomentOf(request: Request): Promise<string> {
  const value: unknown = await momentCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : "";
}

/** The token of a showing of the form: when it was shown, signed so it cannot be backdated. */
export async function issueFormToken(db: Database, now = Date.now()): Promise<string> {
  const shownAt = String(Math.floor(now / 1000));
  return `${shownAt}.${sign(await secret(db), `form:${shownAt}`)}`;
}

async function formTokenValid(db: Database, token: string, now: number): Promise<boolean> {
  const [shownAt, signature] = token.split(".");
  if (!shownAt || !signature || !/^\d+$/.test(shownAt)) return false;
  const expected = Buffer.from(sign(await secret(db), `form:${shownAt}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const age = now / 1000 - Number(shownAt);
  return age >= MIN_FILL_SECONDS && age <= MAX_FORM_AGE_SECONDS;
}

/** Links in a message: words that are web addresses or link markup, each counted once. */
export function countLinks(text: string): number {
  return text.split(/\s+/).filter((word) => /https?:\/\/|www\.|href=|\[url/i.test(word)).length;
}

/**
 * The public form: the name and the message, both required, within the
 * spec's limits; and what a person never fills in, the honeypot and the
 * form's token, checked by submitEntry.
 */
export const GUESTBOOK_FORM = z.object({
  name: textField("guestbook.form.name", { max: NAME_MAX_LENGTH }),
  message: textField("guestbook.form.message", { max: MESSAGE_MAX_LENGTH }),
  [HONEYPOT_FIELD]: z.string().default(""),
});

export type SubmitResult = { ok: true; id: number } | { ok: false; refusal: Extract<ToastKey, "guestbookRefused"> };

/**
 * Stores a submission from the public form (as GUESTBOOK_FORM reads it, with
 * the token of the form's showing: formMomentOf) as waiting for review,
 * unless it looks like spam. Every refusal stores nothing.
 */
export async function submitEntry(
  db: Database,
  entry: z.output<typeof GUESTBOOK_FORM>,
  token: string,
  clientAddress: string,
  now = Date.now(),
): Promise<SubmitResult> {
  const { name, message } = entry;
  const spam = { ok: false, refusal: "guestbookRefused" } as const;
  if (entry[HONEYPOT_FIELD].trim() !== "") return spam;
  if (!(await formTokenValid(db, token.trim(), now))) return spam;
  if (countLinks(`${name}\n${message}`) > MAX_LINKS) return spam;

  const clientHash = createHash("sha256")
    .update(`${await secret(db)}:${clientAddress}`)
    .digest("hex");
  const since = new Date(now - RATE_LIMIT.windowMinutes * 60_000).toISOString();
  const { recent } = await db
    .selectFrom("guestbookEntries")
    .select((eb) => eb.fn.countAll().as("recent"))
    .where("clientHash", "=", clientHash)
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(recent) >= RATE_LIMIT.entries) return spam;

  const { id } = await db
    .insertInto("guestbookEntries")
    .values({ name, message, createdAt: new Date(now).toISOString(), status: "pending", clientHash })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id };
}
