import type { Route } from "./+types/gallery-upload";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { addGalleryItemFromForm } from "#app/.server/gallery/gallery.ts";
import { readUploadForm, UploadRejected } from "#app/.server/media/intake.ts";

// The gallery editor's upload endpoint: the browser sends the form here with
// XMLHttpRequest (for its progress bar) and gets JSON back. Without JavaScript
// the same form goes to the page's own action instead.
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db, media } = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, media, "image");
  } catch (error) {
    if (error instanceof UploadRejected) {
      return Response.json({ ok: false, toast: { title: error.message, variant: "error" } }, { status: error.status });
    }
    throw error;
  }
  const result = await addGalleryItemFromForm(db, media, upload.form, upload.file, user);
  return Response.json(result, { status: result.ok ? 201 : 400 });
}
