import type { Route } from "./+types/gallery-upload";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { addGalleryUpload, addRefusedField, GALLERY_ADD_FORM } from "#app/.server/gallery/gallery.ts";
import { discardReceived, readUploadForm, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { readForm, type FormRefused } from "#app/.server/platform/form.ts";
import { saidToast } from "#app/.server/platform/toast.ts";

// The gallery editor's upload endpoint: the browser sends the form here with
// XMLHttpRequest (for its progress bar) and gets JSON back. Without JavaScript
// the same form goes to the page's own action instead. What it says is said
// in the language of the page that sent it (the script shows it as it is).
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db, media } = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, media, "image");
  } catch (error) {
    if (error instanceof UploadRejected) {
      const title = serverT(request)(uploadRefusal(error));
      return Response.json({ ok: false, toast: { title, variant: "error" } }, { status: error.status });
    }
    throw error;
  }
  const read = readForm(upload.form, GALLERY_ADD_FORM);
  if (!read.ok) {
    await discardReceived(upload.file);
    return refused(read);
  }
  const added = await addGalleryUpload(db, media, read.value, upload.file, user);
  return added.ok ? Response.json(added, { status: 201 }) : refused(addRefusedField(read.typed, added));
}

/** A refused form as the page's own action answers it (refuseForm), in JSON: the toast, what was typed, each field's message. */
function refused(read: FormRefused) {
  return Response.json({ ok: false, toast: saidToast("formInvalid"), typed: read.typed, errors: read.errors }, { status: 400 });
}
