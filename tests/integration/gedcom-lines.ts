import { createDecoder, detectCharset } from "#app/.server/genealogy/gedcom/charset.ts";

// A GEDCOM file as the items it says, for comparing an import with its
// export line by line, whatever the order of substructures. Written apart
// from the importer's reader, so that the comparison does not trust it.

export interface Item {
  /** The record (its xref, or its tag and number among records without one) and the tags down to this line. */
  key: string;
  /** The payload, with CONT and CONC folded in. */
  value: string;
  line: number;
}

/** The normalisations an export makes on purpose (README, "The family tree"; decision 008). */
export const NORMALISATIONS = [
  "the header's GEDC, CHAR, SOUR, DATE, FILE, DEST, SUBM and what they hold are written anew",
  "CONT and CONC lines are split anew (the text they carry is compared)",
  "tags are written in upper case (extension tags as they were)",
  "an identifier the export makes up for a record that had none is no identifier",
  "an @ in a text is written as its version wants it (@@ everywhere in 5.x, at the start in 7.0), whatever the original did",
] as const;

const REWRITTEN_HEAD = new Set(["GEDC", "CHAR", "SOUR", "DATE", "FILE", "DEST", "SUBM"]);
const MADE_UP = /^@X[A-Z]\d+(_\d+)?@$/;

/** Decodes a file's bytes in its character set, as any reader would. */
export function decodeGedcom(bytes: Uint8Array): string {
  const info = detectCharset(bytes);
  return createDecoder(info.charset).decode(bytes.subarray(info.bomLength));
}

/** The items of a GEDCOM text of a version family (5 or 7). */
export function items(text: string, family: "5" | "7"): Item[] {
  const unescape = (value: string) =>
    /^@[^@\s][^@]*@$/.test(value) ? value : family === "7" ? value.replace(/^@@/, "@") : value.replaceAll("@@", "@");
  const out: Item[] = [];
  const path: string[] = [];
  const unnamed = new Map<string, number>();
  let last: Item | null = null;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n\r|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const m = /^\s*(\d+)\s+(?:(@[^@\s][^@]*@)\s+)?([A-Za-z0-9_]+)(?: (.*))?$/s.exec(raw);
    if (!m) continue;
    const level = Number(m[1]);
    const tag = m[3].startsWith("_") ? m[3] : m[3].toUpperCase();
    const value = m[4] ?? "";
    if (tag === "CONT" || tag === "CONC") {
      if (last) last.value += (tag === "CONT" ? "\n" : "") + unescape(value);
      continue;
    }
    if (level === 0) {
      const xref = m[2] && !MADE_UP.test(m[2]) ? m[2].toUpperCase() : null;
      const n = unnamed.get(tag) ?? 0;
      if (!xref) unnamed.set(tag, n + 1);
      path.length = 0;
      path.push(xref ?? `${tag}#${n}`);
      if (tag === "HEAD" || tag === "TRLR") {
        last = null;
        continue;
      }
    } else {
      path.length = Math.min(level, path.length);
      path.push(tag);
    }
    // The header's rewritten parts are not compared.
    if (path[0] === "HEAD#0" && path.length > 1 && REWRITTEN_HEAD.has(path[1])) {
      last = null;
      continue;
    }
    last = { key: [...path, ...(level === 0 ? [tag] : [])].join("/"), value: unescape(value), line: index + 1 };
    out.push(last);
  }
  return out;
}

/** The original's items the exported text does not have (as many times as the original has them). */
export function lostItems(original: Item[], exported: Item[]): Item[] {
  const available = new Map<string, number>();
  const id = (i: Item) => `${i.key}\u0000${i.value}`;
  for (const i of exported) available.set(id(i), (available.get(id(i)) ?? 0) + 1);
  const lost: Item[] = [];
  for (const i of original) {
    const left = available.get(id(i)) ?? 0;
    if (left > 0) available.set(id(i), left - 1);
    else lost.push(i);
  }
  return lost;
}

/** A 7.0 text's HEAD.SCHMA: each extension tag with the URIs it is declared with. */
export function declaredSchema(text: string): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  const lines = text.split(/\r?\n/);
  for (let i = lines.indexOf("1 SCHMA") + 1; i > 0 && lines[i]?.startsWith("2 TAG "); i++) {
    const [tag, uri] = lines[i].slice(6).trim().split(/\s+/);
    declared.set(tag, [...(declared.get(tag) ?? []), uri]);
  }
  return declared;
}
