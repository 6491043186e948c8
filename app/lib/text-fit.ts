import { TEXT_WIDTHS } from "./text-widths.ts";

// Fitting a name into a box of the chart, on the server. No browser measures
// the text there, so it is measured with Inter's own letter widths
// (text-widths.ts, generated from the font the page uses); a letter the table
// lacks counts as a wide one. Kerning is left out, which a small margin covers.

const UNKNOWN = 700;
const MARGIN = 1.04;
const ELLIPSIS = "…";

/** The width of a text in CSS px at a font size and weight (400 or 600). */
export function textWidth(text: string, size: number, weight: 400 | 600): number {
  const table = TEXT_WIDTHS[weight];
  let total = 0;
  for (const letter of text) total += table[letter.codePointAt(0)!] ?? UNKNOWN;
  return (total * size * MARGIN) / 1000;
}

/** The longest start of the text (cut between letters) that fits with an ellipsis after it. */
function cut(text: string, width: number, size: number, weight: 400 | 600): string {
  const letters = [...text];
  while (letters.length > 0 && textWidth(`${letters.join("").trimEnd()}${ELLIPSIS}`, size, weight) > width) letters.pop();
  return `${letters.join("").trimEnd()}${ELLIPSIS}`;
}

/**
 * A name in at most `lines` lines of the given width: whole words to a line,
 * the last line shortened with an ellipsis when the rest does not fit.
 * `cut` says whether anything was left out (the full name then goes to the
 * accessible name and the tooltip).
 */
export function fitText(text: string, width: number, size: number, weight: 400 | 600, lines = 2): { lines: string[]; cut: boolean } {
  const words = text.split(/\s+/).filter(Boolean);
  const fits = (line: string) => textWidth(line, size, weight) <= width;
  const out: string[] = [];
  let shortened = false;
  let i = 0;
  while (i < words.length && out.length < lines) {
    if (out.length === lines - 1) {
      const rest = words.slice(i).join(" ");
      i = words.length;
      shortened ||= !fits(rest);
      out.push(fits(rest) ? rest : cut(rest, width, size, weight));
      break;
    }
    let line = words[i++];
    if (!fits(line)) {
      // One word wider than the box: cut, and what follows starts the next line.
      line = cut(line, width, size, weight);
      shortened = true;
    } else {
      while (i < words.length && fits(`${line} ${words[i]}`)) line = `${line} ${words[i++]}`;
    }
    out.push(line);
  }
  return { lines: out, cut: shortened || i < words.length };
}
