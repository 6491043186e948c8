import type { Route } from "./+types/tree-gedcom";
import { services } from "../../.server/context.ts";
import { exportDownload } from "../../.server/genealogy/download.ts";

// The public GEDCOM export: the current tree without living people (their
// families' dates, and media and notes only they point to, stay out too).
export async function loader({ context }: Route.LoaderArgs) {
  const { db, media } = services(context);
  return exportDownload(db, media, { version: "5.5.1", publicOnly: true, filename: "gimines-medis.ged", cacheControl: "no-store" });
}
