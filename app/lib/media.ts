// Where the images derived from an upload are served, and in which sizes.
// The server writes exactly these files (app/.server/media/pipeline.ts); the names never
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

/**
 * The deep-zoom renditions' widths for a picture this wide whose display image
 * is `displayWidth` wide: doubling from twice the display's, ending at the
 * full width, so each step at least halves the blur of the one before. None
 * when the original is hardly larger than the display image.
 */
export function zoomWidths(width: number, displayWidth: number): number[] {
  if (width < displayWidth * 1.2) return [];
  const widths: number[] = [];
  for (let w = displayWidth * 2; w * 1.5 <= width; w *= 2) widths.push(w);
  return [...widths, width];
}

export function zoomUrl(image: Pick<ImageRef, "id">, width: number): string {
  return `/media/${image.id}/zoom-${width}.jpg`;
}

/** One deep-zoom rendition, as the photo's page offers it. */
export interface ZoomLevel {
  url: string;
  width: number;
  height: number;
}

export interface ScanRef {
  id: string;
  kind: "image" | "pdf";
}

/** Where a document's scan opens: the large image, or the PDF itself. */
export function scanUrl(scan: ScanRef): string {
  return scan.kind === "pdf" ? `/media/${scan.id}/scan.pdf` : displayUrl(scan);
}
