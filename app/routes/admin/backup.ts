import path from "node:path";
import type { Route } from "./+types/backup";
import { writeBackup } from "#app/.server/backup/backup.ts";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { fileResponse, removeTemporary, temporaryDownloadDir } from "#app/.server/platform/download.ts";

// The dashboard's "download a backup": the same archive as `npm run backup`,
// made on request and streamed to the administrator.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "administratorius");
  const day = new Date().toISOString().slice(0, 10);
  const headers = {
    "Content-Type": "application/gzip",
    "Content-Disposition": `attachment; filename="seimos-svetaine-${day}.tar.gz"`,
    "Cache-Control": "private, no-store",
  };
  // A HEAD request learns what a download would be without one being made.
  if (request.method === "HEAD") return new Response(null, { headers });
  const { db, config, media } = services(context);
  const dir = await temporaryDownloadDir("kopija");
  const file = path.join(dir, "kopija.tar.gz");
  try {
    await writeBackup(db, config.database.kind, media, file);
  } catch (error) {
    await removeTemporary(dir);
    throw error;
  }
  return fileResponse(request, file, headers, { temporaryDir: dir });
}
