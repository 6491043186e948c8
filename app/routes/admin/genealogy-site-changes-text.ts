import { data } from "react-router";
import type { Route } from "./+types/genealogy-site-changes-text";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { siteChanges } from "#app/.server/genealogy/merge/prepare.ts";
import { siteChangesText } from "#app/lib/merge-words.ts";

// The list of /admin/medis/svetaines-pakeitimai as a text file, for the family historian.
export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const treeId = await currentTreeId(db);
  const found = treeId === null ? null : await siteChanges(db, media, treeId);
  if (!found) throw data("Nėra su kuo palyginti", { status: 404 });
  return new Response(siteChangesText(found), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": 'attachment; filename="svetaines-pakeitimai.txt"',
      "Cache-Control": "private, no-store",
    },
  });
}
