import type { MessageId } from "#app/i18n/catalog.ts";
import { lt } from "#app/i18n/catalogs/account.ts";

// Who may do what. Roles are ranked: each may do what the ones below it may.
//   narys: sees the living family and what is for the family only
//   redaktorius: edits the content (history, texts, gallery, documents, the
//     tree's people, the guestbook)
//   administratorius: everything, and the users, settings, backups and trees
// A visitor (no session) is below them all.

export const ROLES = ["narys", "redaktorius", "administratorius"] as const;
export type Role = (typeof ROLES)[number];

/** The roles' names: message ids of the account catalog, said in the reader's language. */
export const ROLE_LABEL_IDS = {
  narys: "account.role.narys",
  redaktorius: "account.role.redaktorius",
  administratorius: "account.role.administratorius",
} as const satisfies Record<Role, MessageId>;

/** Lithuanian only, for the code not yet moved to ROLE_LABEL_IDS (the catalog's own words). */
export const ROLE_LABELS: Record<Role, string> = {
  narys: lt[ROLE_LABEL_IDS.narys],
  redaktorius: lt[ROLE_LABEL_IDS.redaktorius],
  administratorius: lt[ROLE_LABEL_IDS.administratorius],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Where a user lands after logging in: the administration for editors and above, the site for a member. */
export function landingOf(role: Role): string {
  return atLeast(role, "redaktorius") ? "/admin" : "/";
}

/** Whether a user of `role` (null: a visitor) may do what `needed` may. */
export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return role != null && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
