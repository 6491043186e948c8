// Where the images derived from an upload are served, and in which sizes.
// The server writes exactly these files (app/.server/media.ts); the names never
// change for an upload, so browsers may keep them forever.

/**
 * Grid images, by nominal width: each covers a 4:3 card that wide (at least
 * that wide and 3/4 of it high), so a wide photo's file is wider than its name
 * says. srcset uses the nominal width, which is what the card needs.
 */
export const GRID_WIDTHS = [400, 800] as const;

/** The spec's display image: fits within 1200 x 800, JPEG at quality 0.95. */
export const DISPLAY_BOX = { width: 1200, height: 800 } as const;
export const DISPLAY_QUALITY = 95;

export interface ImageRef {
  /** The media id. */
  id: string;
  /** Size of the display image. */
  width: number;
  height: number;
}

export function displayUrl(image: Pick<ImageRef, "id">): string {
  return `/media/${image.id}/display.jpg`;
}

export function gridUrl(image: Pick<ImageRef, "id">, width: number, format: "webp" | "jpg"): string {
  return `/media/${image.id}/w${width}.${format}`;
}

export function gridSrcSet(image: Pick<ImageRef, "id">, format: "webp" | "jpg"): string {
  return GRID_WIDTHS.map((w) => `${gridUrl(image, w, format)} ${w}w`).join(", ");
}

export interface ScanRef {
  id: string;
  kind: "image" | "pdf";
}

/** Where a document's scan opens: the large image, or the PDF itself. */
export function scanUrl(scan: ScanRef): string {
  return scan.kind === "pdf" ? `/media/${scan.id}/scan.pdf` : displayUrl(scan);
}
