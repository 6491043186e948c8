import fs from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/gallery-original";
import { requireAdmin, services } from "../../.server/context.ts";
import { findGalleryOriginal } from "../../.server/gallery.ts";
import { originalPath } from "../../.server/media.ts";

// The archive copy of a photo, byte for byte as it was uploaded. Only the
// administrator may download it: it may carry the camera's GPS position.
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { db, media } = services(context);
  const original = await findGalleryOriginal(db, Number(params.id));
  if (!original) throw data("Nerasta", { status: 404 });
  const stream = fs.createReadStream(originalPath(media, original));
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": original.originalType,
      "Content-Length": String(original.originalSize),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(original.originalName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
