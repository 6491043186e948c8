import { isAscii } from "node:buffer";
import type { Message } from "#app/i18n/intl.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { charsetName, createDecoder, detectCharset, type CharsetInfo, type CodePageChoice } from "./charset.ts";

// Reads a GEDCOM file as a stream of level-0 records. Bytes are decoded as
// they arrive (the charset is decided from the first 64 kB that hold 8-bit
// bytes), split into lines at any line end (CR, LF, CRLF, LFCR), parsed, and
// assembled into nodes, with CONT and CONC folded into their parent's value.
// Memory holds one record at a time, never the file.

/** One GEDCOM structure: its tag, optional cross-reference id and value, and substructures. */
export interface GedcomNode {
  tag: string;
  xref?: string;
  value?: string;
  /** Line number in the file, for warnings. */
  line: number;
  children: GedcomNode[];
}

/**
 * Something the administrator should know about a file that was imported all
 * the same, at a line of it (0: the file as a whole): a message of the
 * adminTree catalog, with its values (tags, xrefs, the file's own text), said
 * in the reader's language. Kept with the tree as JSON (genealogyTrees.warnings).
 */
export interface Warning {
  line: number;
  message: Message;
}

/**
 * A warning as a tree keeps it: one stored before the warnings were messages
 * has its Lithuanian sentence instead, shown as it is (t.say).
 */
export interface StoredWarning {
  line: number;
  message: Message | string;
}

/**
 * A file the import refuses as a whole: nothing is imported. `said` is the
 * reason for the administrator's page, in their language; the error's own
 * message is the same in Lithuanian, for the server's log and the command line.
 */
export class ImportRefused extends Error {
  readonly said: Message;
  constructor(said: Message) {
    super(serverT("lt")(said));
    this.name = "ImportRefused";
    this.said = said;
  }
}

/** Not a GEDCOM file at all. */
export class NotGedcomError extends ImportRefused {
  constructor(said: Message = "adminTree.refused.notGedcom") {
    super(said);
    this.name = "NotGedcomError";
  }
}

const DETECT_BYTES = 64 * 1024;
const LINE = /^\s*(\d{1,2})\s+(?:(@[^@\s][^@]*@)\s+)?([A-Za-z0-9_]+)(?: (.*))?$/s;

export interface ReadOptions {
  codePage?: CodePageChoice;
  stats?: ReadStats;
  onCharset?: (info: CharsetInfo) => void;
  onWarning?: (warning: Warning) => void;
}

/**
 * Counts line ends in bytes as the line splitter does (CR, LF, CRLF, LFCR),
 * across chunks: the line a byte after them is on.
 */
class LineCounter {
  #ends = 0;
  // The last byte was a CR or LF that the next byte may pair with.
  #open: number | null = null;

  pass(bytes: Uint8Array): void {
    for (const byte of bytes) {
      if (byte !== 13 && byte !== 10) this.#open = null;
      else if (this.#open !== null && this.#open !== byte) this.#open = null;
      else {
        this.#ends++;
        this.#open = byte;
      }
    }
  }

  /** The line the next byte is on (a CR or LF that pairs with the last is still the last line's end). */
  lineOf(next: number | undefined): number {
    const paired = this.#open !== null && (next === 13 || next === 10) && next !== this.#open;
    return 1 + this.#ends - (paired ? 1 : 0);
  }
}

/** The warning that the bytes overruled the file's CHAR, naming both charsets and showing a line both ways. */
function overrideWarning(info: CharsetInfo): Warning | null {
  const { override, declared } = info;
  if (!override) return null;
  const values = {
    declared: declared ?? "",
    used: charsetName(info.charset),
    line: String(override.line),
    before: override.before,
    after: override.after,
  };
  const id =
    info.charset === "utf-8"
      ? "adminTree.warning.charsetIsUtf8"
      : declared === null
        ? "adminTree.warning.charsetUndeclared"
        : "adminTree.warning.charsetNotDeclared";
  return { line: 0, message: { id, values } };
}

/**
 * Decoded text of a byte stream. The charset is decided from the first 64 kB,
 * or, when those are all ASCII (which reads the same in every charset but
 * UTF-16), from the 64 kB that start with the first 8-bit byte: the bytes
 * decide what CHAR only hints at (detectCharset).
 */
async function* decode(source: AsyncIterable<Uint8Array>, options: ReadOptions): AsyncGenerator<string> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  const read = async (): Promise<Uint8Array | null> => {
    if (done) return null;
    const next = await iterator.next();
    if (next.done) done = true;
    return next.done ? null : next.value;
  };
  /** The chunks given, and more until there are DETECT_BYTES or the file ends. */
  const fill = async (chunks: Uint8Array[]): Promise<Buffer> => {
    let bytes = chunks.reduce((sum, c) => sum + c.length, 0);
    while (bytes < DETECT_BYTES) {
      const chunk = await read();
      if (!chunk) break;
      chunks.push(chunk);
      bytes += chunk.length;
    }
    return Buffer.concat(chunks);
  };
  const start = await fill([]);
  let sample = { bytes: start as Uint8Array, firstLine: 1 };
  if (!done && isAscii(start) && !["bom", "utf16-pattern"].includes(detectCharset(start).reason)) {
    // ASCII is handed on as it comes, up to its last line end: the bytes
    // judged start with a whole line (unless one line is longer than
    // DETECT_BYTES), for the summary's sample.
    const lines = new LineCounter();
    let rest = Buffer.alloc(0);
    let chunk: Uint8Array | null = start;
    while (chunk && isAscii(chunk)) {
      rest = Buffer.concat([rest, chunk]);
      const whole = rest.length > DETECT_BYTES ? rest.length : Math.max(rest.lastIndexOf(10), rest.lastIndexOf(13)) + 1;
      lines.pass(rest.subarray(0, whole));
      yield rest.toString("latin1", 0, whole);
      rest = rest.subarray(whole);
      chunk = await read();
    }
    const bytes = await fill(chunk ? [rest, chunk] : [rest]);
    sample = { bytes, firstLine: lines.lineOf(bytes[0]) };
  }
  const info = detectCharset(start, options.codePage, sample);
  options.onCharset?.(info);
  const warning = overrideWarning(info);
  if (warning) options.onWarning?.(warning);
  const decoder = createDecoder(info.charset);
  yield decoder.decode(sample.bytes, { stream: true });
  for (let chunk = await read(); chunk; chunk = await read()) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode(new Uint8Array(0));
}

/** The longest line, and the longest value assembled from CONT and CONC lines, kept whole (characters). */
export const MAX_LINE_LENGTH = 1024 * 1024;
/** The most substructures one record may have; a record with more is cut, with a warning. */
export const MAX_RECORD_STRUCTURES = 100_000;
/** Of a line over MAX_LINE_LENGTH, the start kept: enough for its level, xref and tag. */
const LONG_LINE_HEAD = 256;
/**
 * The longest first line a GEDCOM file may have (characters): it is "0 HEAD".
 * A file whose first line has not ended by then (one with no line ends at
 * all) is refused there, the rest never read.
 */
export const MAX_FIRST_LINE = 4096;

/** Work done splitting lines, for the test that proves it linear. */
export interface ReadStats {
  /** Characters the line splitter has looked at. */
  scanned: number;
}

interface Line {
  text: string;
  line: number;
  /** The line was longer than MAX_LINE_LENGTH: `text` is only its start. */
  cut: boolean;
}

/**
 * Splits text into lines with their numbers; a CR/LF pair in either order
 * ends one line. Each character is looked at once, whatever the lines'
 * lengths: the current line's pieces are kept apart and joined when it ends,
 * and of a line longer than MAX_LINE_LENGTH only the start is kept. Chunks
 * come in asynchronously; the lines of one chunk are handed out at once.
 */
class LineSplitter {
  #pieces: string[] = [];
  #length = 0;
  #line = 1;
  // The chunk ended with CR or LF: the next may start with its pair.
  #pairOf: string | null = null;
  readonly #stats: ReadStats | undefined;
  constructor(stats?: ReadStats) {
    this.#stats = stats;
  }

  #take(piece: string): void {
    if (this.#length < MAX_LINE_LENGTH) {
      this.#pieces.push(this.#length + piece.length > MAX_LINE_LENGTH ? piece.slice(0, MAX_LINE_LENGTH - this.#length + 1) : piece);
    }
    this.#length += piece.length;
  }

  #finish(): Line {
    const cut = this.#length > MAX_LINE_LENGTH;
    const joined = this.#pieces.length === 1 ? this.#pieces[0] : this.#pieces.join("");
    const result = { text: cut ? joined.slice(0, LONG_LINE_HEAD) : joined, line: this.#line++, cut };
    this.#pieces = [];
    this.#length = 0;
    return result;
  }

  push(chunk: string): Line[] {
    if (this.#stats) this.#stats.scanned += chunk.length;
    const out: Line[] = [];
    let from = 0;
    if (this.#pairOf !== null && chunk.length > 0) {
      if ((this.#pairOf === "\r" && chunk[0] === "\n") || (this.#pairOf === "\n" && chunk[0] === "\r")) from = 1;
      this.#pairOf = null;
    }
    // The next CR and the next LF, each found once (a file has one or both at
    // every line end): a regular expression's match for each of a million
    // lines cost more than the search.
    let cr = chunk.indexOf("\r", from);
    let lf = chunk.indexOf("\n", from);
    while (cr >= 0 || lf >= 0) {
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      // A line wholly in this chunk (nearly every line) is its slice; a line
      // that began in an earlier chunk, or a long one, is joined and cut.
      if (this.#length === 0 && end - from <= MAX_LINE_LENGTH) out.push({ text: chunk.slice(from, end), line: this.#line++, cut: false });
      else {
        this.#take(chunk.slice(from, end));
        out.push(this.#finish());
      }
      // CR LF and LF CR are one line end.
      const paired = end === cr ? lf === end + 1 : cr === end + 1;
      from = end + (paired ? 2 : 1);
      if (!paired && from === chunk.length) this.#pairOf = chunk[end];
      if (cr >= 0 && cr < from) cr = chunk.indexOf("\r", from);
      if (lf >= 0 && lf < from) lf = chunk.indexOf("\n", from);
    }
    if (from < chunk.length) this.#take(chunk.slice(from));
    return out;
  }

  end(): Line[] {
    return this.#length > 0 ? [this.#finish()] : [];
  }

  /** Characters of the line not yet ended. */
  get pending(): number {
    return this.#length;
  }
}

/** A line's parts: its level, cross-reference id, tag (as written) and payload ('' or undefined when none). */
interface LineParts {
  level: number;
  xref: string | undefined;
  tag: string;
  value: string | undefined;
}

/** A line's parts; null when it does not read. */
function readLine(raw: string): LineParts | null {
  return usualLine(raw) ?? linePattern(raw);
}

/** A line's parts as LINE reads them: any line GEDCOM allows, and what readers are lenient about (spaces, tabs). */
export function linePattern(raw: string): LineParts | null {
  const m = LINE.exec(raw);
  return m && { level: Number(m[1]), xref: m[2], tag: m[3], value: m[4] };
}

const isTagCode = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;

/**
 * The parts of a line in the form nearly every line has, read without LINE (a
 * regular expression and its five strings for each of a big file's million
 * lines were a tenth of reading it): the level, one space, an xref of
 * printable ASCII and one space if any, the tag, then nothing or a space and
 * the payload. Null for any other line, which LINE reads: what this reads,
 * LINE reads alike (reader.test.ts compares the two).
 */
export function usualLine(raw: string): LineParts | null {
  let c = raw.charCodeAt(0);
  if (!(c >= 48 && c <= 57)) return null;
  let level = c - 48;
  let i = 1;
  c = raw.charCodeAt(1);
  if (c >= 48 && c <= 57) {
    level = level * 10 + c - 48;
    i = 2;
  }
  if (raw.charCodeAt(i) !== 32) return null;
  i++;
  let xref: string | undefined;
  if (raw.charCodeAt(i) === 64) {
    const end = raw.indexOf("@", i + 1);
    if (end <= i + 1 || raw.charCodeAt(end + 1) !== 32) return null;
    for (let k = i + 1; k < end; k++) {
      c = raw.charCodeAt(k);
      if (c <= 32 || c >= 127) return null;
    }
    xref = raw.slice(i, end + 1);
    i = end + 2;
  }
  const start = i;
  while (i < raw.length && isTagCode(raw.charCodeAt(i))) i++;
  if (i === start) return null;
  if (i === raw.length) return { level, xref, tag: raw.slice(start), value: undefined };
  if (raw.charCodeAt(i) !== 32) return null;
  return { level, xref, tag: raw.slice(start, i), value: raw.slice(i + 1) };
}

/** Whether a tag has no lower-case letter (nearly all do not: toUpperCase would cost more than looking). */
function isUpperCase(tag: string): boolean {
  for (let i = 0; i < tag.length; i++) {
    const c = tag.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
  }
  return true;
}

function structure(tag: string, line: number, xref: string | undefined, value: string | undefined): GedcomNode {
  // Every structure has the same fields, set or undefined: one object shape for
  // the importer's every `node.value`, rather than four.
  return { tag, xref: xref || undefined, value, line, children: [] };
}

/**
 * The file's level-0 records, in order, the first being HEAD. Throws
 * NotGedcomError when the file does not start like a GEDCOM file. A line or
 * a CONT/CONC value over MAX_LINE_LENGTH, or a record over
 * MAX_RECORD_STRUCTURES, is cut with a warning naming its line.
 */
export async function* readGedcom(source: AsyncIterable<Uint8Array>, options: ReadOptions = {}): AsyncGenerator<GedcomNode> {
  const records: GedcomNode[] = [];
  for await (const _ of eachGedcomRecord(source, options, (record) => records.push(record))) yield* records.splice(0);
}

/**
 * readGedcom for the import: each record is handed to `onRecord` as soon as
 * it ends, synchronously, and the generator steps once after each chunk of
 * the file (about 64 kB), the records that ended in it handed. An
 * asynchronous step for every record was a twentieth of a big import's time;
 * records collected for a step of their own lived long enough to double the
 * garbage collector's time.
 */
export async function* eachGedcomRecord(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions,
  onRecord: (record: GedcomNode) => void,
): AsyncGenerator<void> {
  const warn = options.onWarning ?? (() => {});
  let root: GedcomNode | null = null;
  let stack: GedcomNode[] = [];
  let structures = 0;
  let first = true;
  const valueCut = new Set<GedcomNode>();
  const splitter = new LineSplitter(options.stats);
  const chunks = decode(source, options)[Symbol.asyncIterator]();
  // Characters read in no charset (U+FFFD): never kept without saying so.
  const unreadable = { count: 0, line: 0 };
  let replacedBefore = false;
  for (;;) {
    const next = await chunks.next();
    // Lines are looked at for U+FFFD only where a chunk had one (or the line began in one that had).
    const replaced: boolean = replacedBefore || (!next.done && next.value.includes("\ufffd"));
    const lines = next.done ? splitter.end() : splitter.push(next.value);
    replacedBefore = replaced && splitter.pending > 0;
    for (const { text, line, cut } of lines) {
      const raw = first ? text.replace(/^\uFEFF/, "") : text;
      if (replaced && raw.includes("\ufffd")) {
        unreadable.count += raw.split("\ufffd").length - 1;
        unreadable.line ||= line;
      }
      const m = readLine(raw);
      // A blank line is skipped (a line that reads is never blank: it starts with its level).
      if (!m && raw.trim() === "") continue;
      if (first) {
        if (!m || m.level !== 0 || m.tag.toUpperCase() !== "HEAD") throw new NotGedcomError();
        first = false;
      }
      if (!m) {
        warn({ line, message: { id: "adminTree.warning.unreadableLine", values: { text: raw.slice(0, 60) } } });
        continue;
      }
      if (cut) warn({ line, message: { id: "adminTree.warning.longLine", values: { max: String(MAX_LINE_LENGTH / 1024 / 1024) } } });
      const { level } = m;
      // Standard tags are upper case; extension tags (_Tag) keep theirs.
      const tag = m.tag.charCodeAt(0) === 95 || isUpperCase(m.tag) ? m.tag : m.tag.toUpperCase();
      // An empty payload ('1 RESI ') is no payload; a cut line's payload is not kept.
      const value = m.value === "" || cut ? undefined : m.value;
      if (level === 0) {
        if (root) onRecord(root);
        root = structure(tag, line, m.xref, value);
        stack = [root];
        structures = 0;
        continue;
      }
      if (!root) continue;
      const parent = stack[Math.min(level, stack.length) - 1];
      if (level > stack.length) warn({ line, message: { id: "adminTree.warning.levelTooDeep", values: { level: String(level) } } });
      if (tag === "CONT" || tag === "CONC") {
        const more = (tag === "CONT" ? "\n" : "") + (value ?? "");
        if ((parent.value?.length ?? 0) + more.length <= MAX_LINE_LENGTH) parent.value = (parent.value ?? "") + more;
        else if (!valueCut.has(parent)) {
          valueCut.add(parent);
          warn({ line, message: { id: "adminTree.warning.longText", values: { max: String(MAX_LINE_LENGTH / 1024 / 1024) } } });
        }
        continue;
      }
      if (++structures > MAX_RECORD_STRUCTURES) {
        if (structures === MAX_RECORD_STRUCTURES + 1) {
          warn({ line, message: { id: "adminTree.warning.tooManyStructures", values: { max: String(MAX_RECORD_STRUCTURES) } } });
        }
        continue;
      }
      const node = structure(tag, line, m.xref, value);
      parent.children.push(node);
      // Popped, not cut by setting the length: V8 does that in its runtime, a call a line.
      while (stack.length > level) stack.pop();
      stack.push(node);
    }
    if (next.done) break;
    if (first && splitter.pending > MAX_FIRST_LINE) {
      throw new NotGedcomError({ id: "adminTree.refused.noLineEnd", values: { max: MAX_FIRST_LINE } });
    }
    yield;
  }
  if (first) throw new NotGedcomError();
  if (unreadable.count > 0) {
    // Said at the top of the summary, beside the charset: it is about the file as a whole.
    warn({
      line: 0,
      message: { id: "adminTree.warning.unreadableCharacters", values: { count: unreadable.count, line: String(unreadable.line) } },
    });
  }
  if (root) {
    onRecord(root);
    yield;
  }
}
