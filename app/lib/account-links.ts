import type { MessageId } from "#app/i18n/catalog.ts";

// Why an invitation or a password-reset link does not work, as its page says it.

export type UnusableLink = "expired" | "used" | "revoked" | "unknown";

/** The message ids (auth catalog) of a refused link's toast, said in the reader's language. */
export const LINK_STATE_IDS = {
  expired: "auth.link.expired",
  used: "auth.link.used",
  revoked: "auth.link.revoked",
  unknown: "auth.link.unknown",
} as const satisfies Record<UnusableLink, MessageId>;
