import path from "node:path";
import { data } from "react-router";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { fileResponse, removeTemporary, temporaryDownloadDir } from "#app/.server/platform/download.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import { exportFile, type ExportFileOptions } from "#app/.server/genealogy/trees.ts";
import { serverT } from "#app/.server/platform/i18n.ts";

/**
 * An export of the current tree as a download (the administrator's, made
 * fresh each time): written to a temporary file (a large tree never sits in
 * memory), streamed, then deleted. 404 when there is no tree.
 */
export async function exportDownload(
  request: Request,
  db: Database,
  store: MediaStore,
  options: ExportFileOptions & { filename: string; cacheControl: string },
): Promise<Response> {
  const headers = {
    "Content-Type": options.zip ? "application/zip" : "text/plain; charset=utf-8",
    "Content-Disposition": `attachment; filename="${options.filename}"`,
    "Cache-Control": options.cacheControl,
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const dir = await temporaryDownloadDir("gedcom");
  const file = path.join(dir, options.zip ? "medis.gdz" : "medis.ged");
  const result = await exportFile(db, store, file, options).catch(async (error: unknown) => {
    await removeTemporary(dir);
    throw error;
  });
  if (!result) {
    await removeTemporary(dir);
    // A file's route answers with the sentence itself, in the request's language.
    throw data(serverT(request)("tree.error.noTree"), { status: 404 });
  }
  return fileResponse(request, file, headers, { temporaryDir: dir });
}
