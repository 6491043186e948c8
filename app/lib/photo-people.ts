// Who is in a photo (issue 18): the rectangle a person is marked with, as
// fractions of the photo's width and height, so it fits every rendition.

export interface PhotoBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A free name's longest form ("Nežinoma kaimynė"). */
export const PHOTO_NAME_MAX = 200;
/** The smallest rectangle worth keeping: a slip of the mouse is not a face. */
export const PHOTO_BOX_MIN = 0.01;

/** A box from the database's four columns; null when none is marked. */
export function boxOf(row: {
  boxLeft: number | null;
  boxTop: number | null;
  boxWidth: number | null;
  boxHeight: number | null;
}): PhotoBox | null {
  if (row.boxLeft === null || row.boxTop === null || row.boxWidth === null || row.boxHeight === null) return null;
  return { left: row.boxLeft, top: row.boxTop, width: row.boxWidth, height: row.boxHeight };
}

/**
 * A box from a form's four fields, kept within the photo; null when the form
 * marks none (all empty), "invalid" when they are not numbers or too small.
 */
export function parseBox(fields: { left: unknown; top: unknown; width: unknown; height: unknown }): PhotoBox | null | "invalid" {
  const values = [fields.left, fields.top, fields.width, fields.height];
  if (values.every((v) => v === null || v === undefined || v === "")) return null;
  const [left, top, width, height] = values.map((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN));
  if (![left, top, width, height].every(Number.isFinite)) return "invalid";
  const x = Math.min(1, Math.max(0, left));
  const y = Math.min(1, Math.max(0, top));
  const w = Math.min(1 - x, Math.max(0, width));
  const h = Math.min(1 - y, Math.max(0, height));
  if (w < PHOTO_BOX_MIN || h < PHOTO_BOX_MIN) return "invalid";
  const round = (n: number) => Math.round(n * 10000) / 10000;
  return { left: round(x), top: round(y), width: round(w), height: round(h) };
}

/**
 * The part of a picture `width` x `height` to show as a face's crop: the box
 * grown by a margin into a square around its centre, kept within the picture
 * (an SVG viewBox, in the picture's pixels).
 */
export function faceViewBox(box: PhotoBox, width: number, height: number): string {
  const side = Math.min(width, height, Math.max(box.width * width, box.height * height) * 1.3);
  const cx = (box.left + box.width / 2) * width;
  const cy = (box.top + box.height / 2) * height;
  const x = Math.min(width - side, Math.max(0, cx - side / 2));
  const y = Math.min(height - side, Math.max(0, cy - side / 2));
  return [x, y, side, side].map((n) => Math.round(n * 10) / 10).join(" ");
}
