import type { Route } from "./+types/tree-gedcom-members";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { exportDownload } from "#app/.server/genealogy/gedcom/download.ts";

// The members' GEDCOM export: the current tree with the living family, without
// the people the administrator keeps private. Made fresh for each download
// and never cached by anyone but the member's browser.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "narys");
  const { db, media } = services(context);
  return exportDownload(request, db, media, {
    version: "5.5.1",
    audience: "members",
    filename: "gimines-medis-nariams.ged",
    cacheControl: "private, no-store",
  });
}
