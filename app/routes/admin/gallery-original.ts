import { data } from "react-router";
import type { Route } from "./+types/gallery-original";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { fileResponse } from "#app/.server/platform/download.ts";
import { findGalleryOriginal } from "#app/.server/gallery/gallery.ts";
import { originalPath } from "#app/.server/media/storage.ts";
import { parseId } from "#app/lib/numbers.ts";

// The archive copy of a photo, byte for byte as it was uploaded. Only editors
// and the administrator (who manage the gallery) may download it: it may carry
// the camera's GPS position, so it is never public.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const id = parseId(params.id);
  const original = id === null ? null : await findGalleryOriginal(db, id);
  if (!original) throw data(null, { status: 404 });
  return fileResponse(request, originalPath(media, original), {
    "Content-Type": original.originalType,
    "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(original.originalName)}`,
    "Cache-Control": "private, no-store",
  });
}
