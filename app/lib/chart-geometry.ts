// The chart's measures, shared by the layout (on the server) and the drawing
// (in the browser), kept apart from the layout so the page's script does not
// carry the letter widths the layout fits names with.

export interface ChartGeometry {
  box: { width: number; height: number };
  /** Between boxes side by side, and between a row's boxes and the lines above and below them. */
  gap: number;
  rowGap: number;
  /** The name's font size and line height, and the box's padding around the text. */
  name: { size: number; lineHeight: number; padding: number };
  /** The years' font size. */
  years: number;
}

/** From a tablet's width up: names at 14 px. */
export const WIDE: ChartGeometry = {
  box: { width: 164, height: 72 },
  gap: 20,
  rowGap: 44,
  name: { size: 14, lineHeight: 18, padding: 8 },
  years: 12,
};

/**
 * A phone: the person, both parents and a partner fit 390 px less the page's
 * margins, with names at 14 px, the least a name is drawn at (issue 28:
 * older eyes), at the chart's first zoom.
 */
export const NARROW: ChartGeometry = {
  box: { width: 134, height: 68 },
  gap: 10,
  rowGap: 36,
  name: { size: 14, lineHeight: 17, padding: 6 },
  years: 12,
};

/** A portrait's place in a box: its size (a face is taller than wide) at the box's left, and where the name starts then. */
export function portraitArea(geometry: ChartGeometry): { width: number; height: number; textX: number } {
  const height = geometry.box.height - 2 * geometry.name.padding;
  const width = Math.round(height * 0.8);
  return { width, height, textX: geometry.name.padding + width + geometry.name.padding };
}
