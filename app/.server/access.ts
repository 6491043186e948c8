import type { MiddlewareFunction } from "react-router";
import { requiredRole } from "../lib/access.ts";
import { requireRole } from "./context.ts";

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
