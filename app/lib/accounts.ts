import type { MessageId } from "#app/i18n/catalog.ts";
import type { Message } from "#app/i18n/intl.ts";

// The accounts' forms: their limits, and what they say when the server
// refuses what the fields allowed (the reasons app/.server/accounts returns,
// as message ids of the account catalog, said in the reader's language).

/** An e-mail address (an invitation's, a member's, the administrator's notices'): RFC 5321's limit. */
export const EMAIL_MAX_LENGTH = 254;
/** Who an invitation is for in the tree, as typed: a name or a number ("#12"). */
export const INVITE_PERSON_MAX = 200;

export const ACCOUNT_REFUSALS = {
  wrongPassword: "account.refusal.wrongPassword",
  usernameTaken: (username: string): Message => ({ id: "account.refusal.usernameTaken", values: { username } }),
  noTree: "account.refusal.noTree",
  noMail: "account.refusal.noMail",
} as const satisfies Record<string, MessageId | ((username: string) => Message)>;

/** Why a new passkey was not kept (app/.server/accounts/passkeys.ts). */
export type PasskeyRefusal = "expired" | "tooMany" | "badResponse" | "notVerified";

/** Its message; `tooMany` names the most a user may have ({max}). */
export const PASSKEY_REFUSALS: Record<PasskeyRefusal, MessageId> = {
  expired: "account.passkeys.refusal.expired",
  tooMany: "account.passkeys.refusal.tooMany",
  badResponse: "account.passkeys.refusal.badResponse",
  notVerified: "account.passkeys.refusal.notVerified",
};
