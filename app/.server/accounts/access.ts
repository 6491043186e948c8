import type { MiddlewareFunction } from "react-router";
import { requiredRole } from "#app/lib/access.ts";
import type { Role } from "#app/lib/roles.ts";
import { requireRole } from "#app/.server/platform/context.ts";

/**
 * The access table (app/lib/access.ts) in front of every route: the root
 * route's middleware, after the session is known and before any loader or
 * action runs.
 */
export const accessMiddleware: MiddlewareFunction<Response> = async ({ url, params, context }) => {
  // Only the catch-all route fills '*': no route answers here, and everyone
  // gets the same 'Puslapis nerastas' (the spec's 404 for any other path).
  if (params["*"] !== undefined) return;
  // `url` is the page's address: React Router has taken a data request's '.data' off.
  const role = requiredRole(url.pathname);
  if (role) requireRole(context, role);
};

/**
 * The same rule on a route itself (the admin layout, the administrator's
 * routes, one's own account): a route's middleware runs whenever the route
 * matches, however its address was spelt ('/Admin', '%61dmin') and whichever
 * loaders a data request names, so the table above is never the only check.
 */
export function roleMiddleware(role: Role): MiddlewareFunction<Response> {
  return async ({ context }) => {
    requireRole(context, role);
  };
}
