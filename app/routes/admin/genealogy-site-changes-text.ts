import { data } from "react-router";
import type { Route } from "./+types/genealogy-site-changes-text";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { siteChanges } from "#app/.server/genealogy/merge/prepare.ts";
import { siteChangesText } from "#app/lib/merge-words.ts";

// The list of /admin/medis/svetaines-pakeitimai as a text file, for the family
// historian, written in the language of the page it was asked from.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const t = serverT(request);
  const treeId = await currentTreeId(db);
  const found = treeId === null ? null : await siteChanges(db, media, treeId);
  // A file's route answers with the sentence itself.
  if (!found) throw data(t("adminTree.siteChanges.nothingToCompare"), { status: 404 });
  return new Response(siteChangesText(t, found), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${t.locale === "en" ? "site-changes" : "svetaines-pakeitimai"}.txt"`,
      "Cache-Control": "private, no-store",
    },
  });
}
