import type { Route } from "./+types/genealogy-export";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { exportDownload } from "#app/.server/genealogy/gedcom/download.ts";

// Downloads the current tree: ?versija=5.5.1|7.0, &gedzip=1 for the archive
// with media, &viesas=1 for the public export (without living and private
// people), &nariams=1 for the members' one (without the private).
export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const params = new URL(request.url).searchParams;
  const version = params.get("versija") === "7.0" ? "7.0" : "5.5.1";
  const zip = params.get("gedzip") === "1";
  const audience = params.get("viesas") === "1" ? "visitors" : params.get("nariams") === "1" ? "members" : undefined;
  const filename = `gimines-medis${audience === "visitors" ? "-viesas" : audience === "members" ? "-nariams" : ""}-${zip ? "7.0.gdz" : `${version}.ged`}`;
  return exportDownload(request, db, media, {
    version: zip ? "7.0" : version,
    zip,
    audience,
    filename,
    cacheControl: "private, no-store",
  });
}
