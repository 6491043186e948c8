import { createDecoder, detectCharset, type CharsetInfo, type CodePageChoice } from "./charset.ts";

// Reads a GEDCOM file as a stream of level-0 records. Bytes are decoded as
// they arrive (the charset is decided from the first 64 kB), split into lines
// at any line end (CR, LF, CRLF, LFCR), parsed, and assembled into nodes, with
// CONT and CONC folded into their parent's value. Memory holds one record at a
// time, never the file.

/** One GEDCOM structure: its tag, optional cross-reference id and value, and substructures. */
export interface GedcomNode {
  tag: string;
  xref?: string;
  value?: string;
  /** Line number in the file, for warnings. */
  line: number;
  children: GedcomNode[];
}

export interface Warning {
  line: number;
  message: string;
}

/** Not a GEDCOM file at all: nothing is imported. */
export class NotGedcomError extends Error {
  constructor(message = "Tai ne GEDCOM failas: jis turi prasidėti eilute „0 HEAD“.") {
    super(message);
    this.name = "NotGedcomError";
  }
}

const DETECT_BYTES = 64 * 1024;
const LINE = /^\s*(\d{1,2})\s+(?:(@[^@\s][^@]*@)\s+)?([A-Za-z0-9_]+)(?: (.*))?$/s;

export interface ReadOptions {
  codePage?: CodePageChoice;
  onCharset?: (info: CharsetInfo) => void;
  onWarning?: (warning: Warning) => void;
}

/** Decoded text of a byte stream, after deciding its charset from the first bytes. */
async function* decode(source: AsyncIterable<Uint8Array>, options: ReadOptions): AsyncGenerator<string> {
  const head: Uint8Array[] = [];
  let headBytes = 0;
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  while (headBytes < DETECT_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const start = Buffer.concat(head);
  const info = detectCharset(start, options.codePage);
  options.onCharset?.(info);
  const decoder = createDecoder(info.charset);
  yield decoder.decode(start, { stream: !done });
  while (!done) {
    const next = await iterator.next();
    if (next.done) break;
    yield decoder.decode(next.value, { stream: true });
  }
  if (!done) yield decoder.decode(new Uint8Array(0));
}

/** Lines with their numbers; a CR/LF pair in either order ends one line. */
async function* lines(text: AsyncIterable<string>): AsyncGenerator<{ text: string; line: number }> {
  let pending = "";
  let line = 1;
  for await (const chunk of text) {
    pending += chunk;
    let start = 0;
    let i = 0;
    while (i < pending.length) {
      const c = pending[i];
      if (c !== "\r" && c !== "\n") {
        i++;
        continue;
      }
      // A lone CR or LF at the very end may be the first half of a pair: wait for more.
      if (i === pending.length - 1) break;
      const next = pending[i + 1];
      yield { text: pending.slice(start, i), line };
      line++;
      i += (c === "\r" && next === "\n") || (c === "\n" && next === "\r") ? 2 : 1;
      start = i;
    }
    pending = pending.slice(start);
  }
  const rest = pending.replace(/[\r\n]+$/, "");
  if (rest) yield { text: rest, line };
}

/**
 * The file's level-0 records, in order, the first being HEAD. Throws
 * NotGedcomError when the file does not start like a GEDCOM file.
 */
export async function* readGedcom(source: AsyncIterable<Uint8Array>, options: ReadOptions = {}): AsyncGenerator<GedcomNode> {
  const warn = options.onWarning ?? (() => {});
  let root: GedcomNode | null = null;
  let stack: GedcomNode[] = [];
  let first = true;
  for await (const { text, line } of lines(decode(source, options))) {
    const raw = first ? text.replace(/^\uFEFF/, "") : text;
    if (raw.trim() === "") continue;
    const m = LINE.exec(raw);
    if (first) {
      if (!m || m[1] !== "0" || m[3].toUpperCase() !== "HEAD") throw new NotGedcomError();
      first = false;
    }
    if (!m) {
      warn({ line, message: `Eilutė nesuprantama ir praleista: „${raw.slice(0, 60)}“.` });
      continue;
    }
    const level = Number(m[1]);
    // Standard tags are upper case; extension tags (_Tag) keep theirs.
    const tag = m[3].startsWith("_") ? m[3] : m[3].toUpperCase();
    // An empty payload ('1 RESI ') is no payload.
    const value = m[4] === "" ? undefined : m[4];
    if (level === 0) {
      if (root) yield root;
      root = { tag, line, children: [], ...(m[2] ? { xref: m[2] } : {}), ...(value !== undefined ? { value } : {}) };
      stack = [root];
      continue;
    }
    if (!root) continue;
    const parent = stack[Math.min(level, stack.length) - 1];
    if (level > stack.length) warn({ line, message: `Per didelis lygis ${level}: struktūra priskirta artimiausiai ankstesnei.` });
    if (tag === "CONT" || tag === "CONC") {
      parent.value = (parent.value ?? "") + (tag === "CONT" ? "\n" : "") + (value ?? "");
      continue;
    }
    const node: GedcomNode = { tag, line, children: [], ...(m[2] ? { xref: m[2] } : {}), ...(value !== undefined ? { value } : {}) };
    parent.children.push(node);
    stack = stack.slice(0, Math.min(level, stack.length));
    stack.push(node);
  }
  if (first) throw new NotGedcomError();
  if (root) yield root;
}
