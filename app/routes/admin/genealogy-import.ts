import fs from "node:fs/promises";
import type { Route } from "./+types/genealogy-import";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import type { CodePageChoice } from "#app/.server/genealogy/gedcom/charset.ts";
import { ImportRefused } from "#app/.server/genealogy/gedcom/reader.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { receiveRawUpload, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";

const CODE_PAGES: Record<string, CodePageChoice> = { auto: "auto", "1257": "windows-1257", "1252": "windows-1252" };

// The import page sends the file itself as the request body (so a large file
// streams to disk and the browser can show the upload's progress), with its
// name and the chosen code page in the query. The answer is JSON; a refused
// file's reason is said in the language of the page that sent it.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("administratorius")];

export async function action({ request, context }: Route.ActionArgs) {
  requireRole(context, "administratorius");
  const { db, media, config, imports } = services(context);
  const url = new URL(request.url);
  const sourceName = (url.searchParams.get("failas") ?? "medis.ged").slice(0, 255);
  const codePage = CODE_PAGES[url.searchParams.get("koduote") ?? "auto"] ?? "auto";
  let file: string;
  try {
    file = await receiveRawUpload(request, media, config.maxGedcomBytes);
  } catch (error) {
    if (error instanceof UploadRejected) return Response.json({ ok: false, message: serverT(request)(uploadRefusal(error)) }, { status: error.status });
    throw error;
  }
  try {
    const summary = await imports.run(db, file, { sourceName, codePage });
    return Response.json({ ok: true, treeId: summary.treeId, current: summary.current }, { status: 201 });
  } catch (error) {
    if (error instanceof ImportRefused) return Response.json({ ok: false, message: serverT(request)(error.said) }, { status: 400 });
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
}
