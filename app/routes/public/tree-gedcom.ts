import path from "node:path";
import { data } from "react-router";
import type { Route } from "./+types/tree-gedcom";
import { services } from "#app/.server/platform/context.ts";
import { clientHas, fileResponse } from "#app/.server/platform/download.ts";
import { publicGedcom } from "#app/.server/genealogy/prepared-indexes.ts";
import { serverT } from "#app/.server/platform/i18n.ts";

// The public GEDCOM export: the current tree without living people (their
// families' dates, and media and notes only they point to, stay out too).
// Made once per version of the site (genealogy/published.ts), a large tree's
// in the background (prepared-indexes.ts); a client that has this version
// gets 304.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, media, config } = services(context);
  const published = await publicGedcom(db, media, path.join(config.dataDir, "cache"));
  // A file's route answers with the sentence itself, in the request's language.
  if (!published) throw data(serverT(request)("tree.error.noTree"), { status: 404 });
  const etag = `"${published.tag}"`;
  const headers = {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Disposition": 'attachment; filename="gimines-medis.ged"',
    "Cache-Control": "public, no-cache",
    ETag: etag,
  };
  if (clientHas(request, etag))
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": headers["Cache-Control"] } });
  return fileResponse(request, published.file, headers);
}
