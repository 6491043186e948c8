// Paragraphs of a text the family typed: the history's fields and every
// site text shown as prose. A module of its own so that the page frame's
// text block (components/page.tsx, on every page) does not bring the
// history's field table with it.

/** Splits text into paragraphs at blank lines; single line breaks stay inside a paragraph. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}
