import { atLeast, type Role } from "./roles.ts";
import { withoutLocale } from "#app/i18n/locales.ts";

// Who may open which address, in one table. The server checks it in front of
// every route (app/.server/accounts/access.ts): a page, its data request, a form posted
// to it, a file it sends. A route added under one of these prefixes is
// covered without a word of its own; every action still asks requireRole()
// for what it does. Menus use the same table to show only what a user may open.
// The public pages are open to everyone and show each role what it may see.

export const ACCESS: readonly { prefix: string; role: Role }[] = [
  // Users, backups, removing the example family and replacing the tree: the administrator only.
  { prefix: "/admin/nariai", role: "administratorius" },
  { prefix: "/admin/atsargine-kopija", role: "administratorius" },
  { prefix: "/admin/pavyzdys", role: "administratorius" },
  { prefix: "/admin/medis/importuoti", role: "administratorius" },
  { prefix: "/admin/pranesimai", role: "administratorius" },
  // Editing the content.
  { prefix: "/admin", role: "redaktorius" },
  // One's own account, and the tree with the living family.
  { prefix: "/paskyra", role: "narys" },
  { prefix: "/medis/gedcom/nariams", role: "narys" },
];

/**
 * The address as the router matches it: percent-decoded, in lower case
 * (React Router matches '/Admin' and '/%61dmin' to '/admin') and in either
 * language ('/en/admin' is '/admin').
 */
function matchable(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // An address that does not decode matches no route.
  }
  return withoutLocale(decoded.toLowerCase()).replace(/\/+$/, "") || "/";
}

/** The least role an address needs; null: everyone may open it. */
export function requiredRole(pathname: string): Role | null {
  const path = matchable(pathname);
  const rule = ACCESS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return rule?.role ?? null;
}

/** Whether a user of this role may open the address (the menus show only those). */
export function mayOpen(role: Role | null, pathname: string): boolean {
  const needed = requiredRole(pathname);
  return needed === null || (role !== null && atLeast(role, needed));
}
