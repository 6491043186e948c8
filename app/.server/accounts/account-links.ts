import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import { EMAIL_MAX_LENGTH, INVITE_PERSON_MAX } from "#app/lib/accounts.ts";
import type { UnusableLink } from "#app/lib/account-links.ts";
import { ROLES, type Role } from "#app/lib/roles.ts";
import { choiceField, emailField, textField } from "#app/.server/platform/form.ts";
import { isUniqueViolation, now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { destroyUserSessions } from "./session.ts";
import { createUser, newPasswordFields, newPasswordPair, setPassword, usernameField } from "./users.ts";

// Invitations and password-reset links. There is no public sign-up: the
// administrator makes a link for a role (an invitation) or for a user (a new
// password), and shares it. A link is a random token, of which only the
// SHA-256 is stored; it works once, for seven days, and can be revoked.

export const LINK_LIFETIME_DAYS = 7;

export type LinkKind = "invite" | "reset";

/** The address a link opens (its token in it). */
export function linkPath(kind: LinkKind, token: string): string {
  return kind === "invite" ? `/kvietimas/${token}` : `/slaptazodis/${token}`;
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

function expiry(from: Date): string {
  return new Date(from.getTime() + LINK_LIFETIME_DAYS * 86_400_000).toISOString();
}

/**
 * The administrator's invitation form (/admin/nariai): the role, who the
 * invitee is in the tree (a name or a number, looked up after reading) and
 * an address to send the link to, both optional.
 */
export const INVITE_FORM = z.object({
  role: choiceField(ROLES, "account.invite.chooseRole"),
  person: textField("account.invite.person", { max: INVITE_PERSON_MAX, optional: true }),
  email: emailField("account.notices.email", EMAIL_MAX_LENGTH, { optional: true }),
});

export interface NewInvitation {
  role: Role;
  /** The tree's person the invitee is ("tai aš"). */
  personId: number | null;
  email: string | null;
  createdBy: number;
}

/** A new invitation; returns its token (shown once: it is not kept). */
export async function createInvitation(db: Database, invitation: NewInvitation): Promise<string> {
  const token = newToken();
  const at = new Date();
  await db
    .insertInto("accountLinks")
    .values({ tokenHash: hash(token), kind: "invite", ...invitation, userId: null, createdAt: at.toISOString(), expiresAt: expiry(at) })
    .execute();
  return token;
}

/** A new link for a user to set a new password (earlier unused ones stop working); returns its token. */
export async function createResetLink(db: Database, userId: number, createdBy: number): Promise<string> {
  const token = newToken();
  const at = new Date();
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("accountLinks")
      .set({ revokedAt: at.toISOString() })
      .where("kind", "=", "reset")
      .where("userId", "=", userId)
      .where("usedAt", "is", null)
      .where("revokedAt", "is", null)
      .execute();
    await tx
      .insertInto("accountLinks")
      .values({
        tokenHash: hash(token),
        kind: "reset",
        role: null,
        personId: null,
        userId,
        email: null,
        createdBy,
        createdAt: at.toISOString(),
        expiresAt: expiry(at),
      })
      .execute();
  });
  return token;
}

export interface PendingInvitation {
  /** The token's hash: names the invitation in the administrator's forms (it opens nothing). */
  id: string;
  role: Role;
  personId: number | null;
  email: string | null;
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
}

/** Invitations still waiting to be accepted. */
export async function pendingInvitations(db: Database): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("accountLinks")
    .leftJoin("users", "users.id", "accountLinks.createdBy")
    .select([
      "accountLinks.tokenHash as id",
      "accountLinks.role",
      "accountLinks.personId",
      "accountLinks.email",
      "accountLinks.createdAt",
      "accountLinks.expiresAt",
      "users.username as createdBy",
    ])
    .where("accountLinks.kind", "=", "invite")
    .where("accountLinks.usedAt", "is", null)
    .where("accountLinks.revokedAt", "is", null)
    .where("accountLinks.expiresAt", ">", now())
    .orderBy("accountLinks.createdAt", "desc")
    .execute();
  return rows.map((r) => ({ ...r, role: r.role! }));
}

/** Revokes an invitation or a reset link not used yet; false when there is no such link. */
export async function revokeLink(db: Database, id: string): Promise<boolean> {
  const result = await db
    .updateTable("accountLinks")
    .set({ revokedAt: now() })
    .where("tokenHash", "=", id)
    .where("usedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type LinkState = { state: "ok"; kind: LinkKind; role: Role | null; username: string | null } | { state: UnusableLink };

/** What a link is now, for its page: usable (and for what), or why not. */
export async function linkState(db: Database, kind: LinkKind, token: string): Promise<LinkState> {
  const row = await db
    .selectFrom("accountLinks")
    .leftJoin("users", "users.id", "accountLinks.userId")
    .select([
      "accountLinks.kind",
      "accountLinks.role",
      "accountLinks.usedAt",
      "accountLinks.revokedAt",
      "accountLinks.expiresAt",
      "users.username",
    ])
    .where("accountLinks.tokenHash", "=", hash(token))
    .executeTakeFirst();
  if (!row || row.kind !== kind) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.revokedAt) return { state: "revoked" };
  if (row.expiresAt <= now()) return { state: "expired" };
  return { state: "ok", kind: row.kind, role: row.role, username: row.username };
}

export type LinkUse<T> = { ok: true; value: T } | { ok: false; state: LinkState["state"] };

/**
 * Takes the link for this use, or finds that it cannot be taken (used, revoked,
 * expired, unknown): one conditional update, so two requests with the same
 * link cannot both succeed. Runs inside the caller's transaction.
 */
async function claim(tx: Database, kind: LinkKind, token: string) {
  const at = now();
  const row = await tx
    .updateTable("accountLinks")
    .set({ usedAt: at })
    .where("tokenHash", "=", hash(token))
    .where("kind", "=", kind)
    .where("usedAt", "is", null)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", at)
    .returning(["role", "personId", "userId"])
    .executeTakeFirst();
  return row ?? null;
}

class Refused extends Error {
  readonly use: LinkUse<never>;
  constructor(use: LinkUse<never>) {
    super("refused");
    this.use = use;
  }
}

/** An invitation's page (/kvietimas/…): the name and the password the invitee chooses. */
export const INVITATION_FORM = z
  .object({
    username: usernameField("auth.invitation.username"),
    ...newPasswordFields({ next: "auth.invitation.password", repeated: "auth.invitation.repeat" }),
  })
  .check(newPasswordPair);

/** A new-password link's page (/slaptazodis/…): the new password, typed twice. */
export const RESET_FORM = z
  .object(newPasswordFields({ next: "auth.reset.password", repeated: "auth.reset.repeat" }))
  .check(newPasswordPair);

/**
 * Accepts an invitation: a new user with the name and password chosen (as
 * INVITATION_FORM reads them), and the invitation's role. The account's
 * language (its letters, the site after logging in) is the one the
 * invitation was accepted in. A name already taken leaves the link as it was.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  chosen: { username: string; next: string },
  language: Locale = SOURCE_LOCALE,
): Promise<LinkUse<{ id: number; username: string; role: Role }> | { ok: false; reason: "usernameTaken" }> {
  try {
    const user = await db.transaction().execute(async (tx) => {
      const link = await claim(tx, "invite", token);
      if (!link) throw new Refused({ ok: false, state: (await linkState(tx, "invite", token)).state });
      const created = await createUser(tx, chosen.username, chosen.next, link.role!, link.personId);
      if (language !== SOURCE_LOCALE) await tx.updateTable("users").set({ language }).where("id", "=", created.id).execute();
      await tx.updateTable("accountLinks").set({ usedBy: created.id }).where("tokenHash", "=", hash(token)).execute();
      return created;
    });
    return { ok: true, value: user };
  } catch (error) {
    if (error instanceof Refused) return error.use;
    if (isUniqueViolation(error)) return { ok: false, reason: "usernameTaken" };
    throw error;
  }
}

/** Uses a reset link: the user's new password (as RESET_FORM reads it); every session and passkey of theirs ends. */
export async function redeemResetLink(
  db: Database,
  token: string,
  chosen: { next: string },
): Promise<LinkUse<{ id: number; username: string }>> {
  let userId: number;
  try {
    userId = await db.transaction().execute(async (tx) => {
      const link = await claim(tx, "reset", token);
      if (!link?.userId) throw new Refused({ ok: false, state: (await linkState(tx, "reset", token)).state });
      await tx.updateTable("accountLinks").set({ usedBy: link.userId }).where("tokenHash", "=", hash(token)).execute();
      return link.userId;
    });
  } catch (error) {
    if (error instanceof Refused) return error.use;
    throw error;
  }
  await setPassword(db, userId, chosen.next);
  await destroyUserSessions(db, userId);
  // A new-password link is a way back in for someone who lost theirs, or whose
  // account someone else may have used: a passkey added meanwhile goes too.
  await db.deleteFrom("passkeys").where("userId", "=", userId).execute();
  const user = await db.selectFrom("users").select(["id", "username"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return { ok: true, value: user };
}
