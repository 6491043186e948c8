import { isAscii } from "node:buffer";
import iconv from "iconv-lite";

// Character sets of GEDCOM files: UTF-8 (with or without a byte order mark),
// UTF-16 LE/BE (with or without one), ANSEL, ASCII, and the Windows code
// pages 1252 and 1257. Older Windows genealogy programs wrote Lithuanian as
// "CHAR ANSI" in code page 1257; such a file says nothing more, so the text
// decides (or the administrator does). What CHAR says is a hint: a file that
// says ANSEL may be UTF-8, one that says UTF-8 may be 1257, and the bytes
// decide, said in the import summary (detectCharset).

export type Charset =
  "utf-8" | "utf-16le" | "utf-16be" | "ansel" | "windows-1252" | "windows-1257" | "iso-8859-13" | "ibm437" | "macintosh";

/** What the importer may be told about a file that does not say its code page. */
export type CodePageChoice = "auto" | "windows-1257" | "windows-1252";

export interface CharsetInfo {
  charset: Charset;
  /** What the file's HEAD says (CHAR), if anything. */
  declared: string | null;
  /** How the charset was decided, for the import summary ("bytes": valid UTF-8, whatever CHAR says). */
  reason: "bom" | "utf16-pattern" | "declared" | "detected" | "chosen" | "default" | "bytes";
  bomLength: number;
  /** The bytes overruled what CHAR says (or its absence): a line that shows it, for the import summary's first warning. */
  override?: CharsetOverride;
}

/** A line of the file, read in two charsets: its number and a stretch of each reading. */
export interface CharsetSample {
  line: number;
  before: string;
  after: string;
}

export interface CharsetOverride extends CharsetSample {
  /** The charset the file would have been read in by what it says: `before` is read in it. */
  assumed: Charset;
}

interface Decoder {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}

// ---------------------------------------------------------------- ANSEL

/** ANSEL (ANSI Z39.47) spacing characters above 0x7F, with GEDCOM's additions. */
const ANSEL_SPACING: Record<number, string> = {
  0xa1: "Ł", 0xa2: "Ø", 0xa3: "Đ", 0xa4: "Þ", 0xa5: "Æ", 0xa6: "Œ", 0xa7: "ʹ", 0xa8: "·", 0xa9: "♭",
  0xaa: "®", 0xab: "±", 0xac: "Ơ", 0xad: "Ư", 0xae: "ʼ", 0xb0: "ʻ", 0xb1: "ł", 0xb2: "ø", 0xb3: "đ",
  0xb4: "þ", 0xb5: "æ", 0xb6: "œ", 0xb7: "ʺ", 0xb8: "ı", 0xb9: "£", 0xba: "ð", 0xbc: "ơ", 0xbd: "ư",
  0xbe: "□", 0xbf: "■", 0xc0: "°", 0xc1: "ℓ", 0xc2: "℗", 0xc3: "©", 0xc4: "♯", 0xc5: "¿", 0xc6: "¡",
  0xc7: "ß", 0xc8: "€", 0xcd: "e", 0xce: "o", 0xcf: "ß",
}; // prettier-ignore

/** ANSEL combining marks: written before the letter they sit on; Unicode writes them after. */
const ANSEL_COMBINING: Record<number, string> = {
  0xe0: "\u0309", 0xe1: "\u0300", 0xe2: "\u0301", 0xe3: "\u0302", 0xe4: "\u0303", 0xe5: "\u0304",
  0xe6: "\u0306", 0xe7: "\u0307", 0xe8: "\u0308", 0xe9: "\u030c", 0xea: "\u030a", 0xeb: "\ufe20",
  0xec: "\ufe21", 0xed: "\u0315", 0xee: "\u030b", 0xef: "\u0310", 0xf0: "\u0327", 0xf1: "\u0328",
  0xf2: "\u0323", 0xf3: "\u0324", 0xf4: "\u0325", 0xf5: "\u0333", 0xf6: "\u0332", 0xf7: "\u0326",
  0xf8: "\u031c", 0xf9: "\u032e", 0xfa: "\ufe22", 0xfb: "\ufe23", 0xfe: "\u0313",
}; // prettier-ignore

/**
 * Decodes ANSEL, moving each combining mark after its letter and composing
 * the result (NFC): 'a' with an ogonek becomes 'ą', 's' with a caron 'š'.
 */
export class AnselDecoder implements Decoder {
  #marks = "";

  decode(bytes: Uint8Array, { stream = false } = {}): string {
    let text = "";
    for (const byte of bytes) {
      const mark = ANSEL_COMBINING[byte];
      if (mark) {
        this.#marks += mark;
        continue;
      }
      const char = byte < 0x80 ? String.fromCharCode(byte) : (ANSEL_SPACING[byte] ?? "\ufffd");
      // A mark before a line end has nothing to sit on: it is dropped.
      text += char === "\n" || char === "\r" ? char : char + this.#marks;
      this.#marks = "";
    }
    if (!stream) this.#marks = "";
    return text.normalize("NFC");
  }
}

// ---------------------------------------------------------------- the file's HEAD

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** The HEAD's CHAR value and GEDC VERS, read from an ASCII-compatible start of the file. */
export function readHeadFields(text: string): { char: string | null; version: string | null } {
  const head = text.split(/\r\n|\n\r|\r|\n/);
  let char: string | null = null;
  let version: string | null = null;
  let inGedc = false;
  for (const [i, line] of head.entries()) {
    const m = /^\s*(\d+)\s+(?:@[^@]+@\s+)?(\S+)(?:\s+(.*))?$/.exec(line);
    if (!m) continue;
    const [, level, tag, value] = m;
    if (i > 0 && level === "0") break;
    if (level === "1") inGedc = tag === "GEDC";
    if (level === "1" && tag === "CHAR") char = (value ?? "").trim();
    if (level === "2" && inGedc && tag === "VERS") version = (value ?? "").trim();
  }
  return { char, version };
}

// ---------------------------------------------------------------- scoring

// One scoring for every choice among code pages ("ANSI": 1257 or 1252; bytes
// that are not UTF-8: 1257, 1252 or ANSEL): how Lithuanian a reading looks.
// Š, ž, ų and ė count most: read in the wrong code page they are ð, þ, ø and
// ë (1252) or lone accents (ANSEL). Against a reading count what Lithuanian
// text does not have: characters no charset gave (U+FFFD, C1 controls),
// accents left on no letter, and the Latvian and Polish letters that 1257
// makes of Western ç ñ ê â í ú î ô ù ì ò ã.
const LITHUANIAN_STRONG = new Set("šžųėŠŽŲĖ");
const LITHUANIAN = new Set("ąčęįūĄČĘĮŪ");
const IMPLAUSIBLE_LETTERS = new Set("āćēģķīļłńņōśźżĀĆĒĢĶĪĻŁŃŅŌŚŹŻðþÐÞ");

/** How Lithuanian a text looks: positive for its letters, negative for what no Lithuanian text has. */
export function lithuanianScore(text: string): number {
  let score = 0;
  for (const char of text) {
    if (char < "\u0080") continue;
    if (LITHUANIAN_STRONG.has(char)) score += 2;
    else if (LITHUANIAN.has(char)) score += 1;
    else if (char === "\ufffd" || char <= "\u009f") score -= 2;
    else if (IMPLAUSIBLE_LETTERS.has(char) || /\p{M}/u.test(char)) score -= 1;
  }
  return score;
}

/** The bytes read whole in a charset (for judging and for samples, not for the file itself). */
function readAll(bytes: Uint8Array, charset: Charset): string {
  return createDecoder(charset).decode(bytes);
}

/**
 * Of the charsets, the one in which the bytes read most like Lithuanian
 * (lithuanianScore); on a tie, the first.
 */
export function mostLithuanian(bytes: Uint8Array, candidates: readonly Charset[]): Charset {
  let best = candidates[0];
  let bestScore = -Infinity;
  for (const charset of candidates) {
    const score = lithuanianScore(readAll(bytes, charset));
    if (score > bestScore) [best, bestScore] = [charset, score];
  }
  return best;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    // (Streaming: a character cut at the end of the bytes looked at is not an error.)
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function hasHighBytes(bytes: Uint8Array): boolean {
  return !isAscii(bytes);
}

// ---------------------------------------------------------------- samples

const LINE_END = /\r\n?|\n\r?/;
const SAMPLE_LENGTH = 60;

/** Of a line read two ways, the same stretch of each: from a little before the first 8-bit byte, SAMPLE_LENGTH characters. */
function excerpt(text: string, from: number): string {
  const cut = text.slice(from, from + SAMPLE_LENGTH);
  return (from > 0 ? "…" : "") + cut + (from + SAMPLE_LENGTH < text.length ? "…" : "");
}

/**
 * The first line of the bytes that reads differently in the two charsets,
 * with its number (the bytes start on line `firstLine`) and both readings.
 */
export function sampleLine(bytes: Uint8Array, firstLine: number, before: Charset, after: Charset): CharsetSample | null {
  const lines = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1").split(LINE_END);
  // The last line may be cut off where the bytes looked at end: only if there is no other.
  const whole = lines.length > 1 ? lines.slice(0, -1) : lines;
  for (const [i, line] of whole.entries()) {
    const firstHigh = line.search(/[\x80-\xff]/);
    if (firstHigh < 0) continue;
    const raw = Buffer.from(line, "latin1");
    const [was, is] = [readAll(raw, before), readAll(raw, after)];
    if (was === is) continue;
    // The bytes before the first 8-bit one are ASCII: the same characters in both readings.
    const from = Math.max(0, firstHigh - 20);
    return { line: firstLine + i, before: excerpt(was, from), after: excerpt(is, from) };
  }
  return null;
}

// ---------------------------------------------------------------- detection

/** What the HEAD's CHAR names, spelled as this reader knows it. */
const NAMED: Record<string, Charset> = {
  "UTF-8": "utf-8",
  UTF8: "utf-8",
  UNICODE: "utf-8",
  ANSEL: "ansel",
  "ISO-8859-13": "iso-8859-13",
  "ISO8859-13": "iso-8859-13",
  "WINDOWS-1257": "windows-1257",
  CP1257: "windows-1257",
  "WINDOWS-1252": "windows-1252",
  CP1252: "windows-1252",
  LATIN1: "windows-1252",
  "ISO-8859-1": "windows-1252",
  "ISO8859-1": "windows-1252",
  IBMPC: "ibm437",
  "IBM-PC": "ibm437",
  CP437: "ibm437",
  MACINTOSH: "macintosh",
};

/** What a file that is not UTF-8, though it says so (or says nothing), may be in, the likeliest first. */
const NOT_UTF8: readonly Charset[] = ["windows-1257", "windows-1252", "ansel"];

/**
 * Decides a file's character set. The start of the file (a few tens of kB)
 * gives a byte order mark, the zero bytes of UTF-16, and the HEAD's CHAR; the
 * bytes judged (`sample`: the start too, unless the reader went on to the
 * first 8-bit byte) decide, the declaration being only a hint:
 * - 8-bit bytes that are valid UTF-8 are UTF-8, whatever CHAR says;
 * - bytes that are not UTF-8, in a file that says UTF-8 or nothing (or names
 *   a charset this reader does not know), are read in code page 1257, 1252
 *   or ANSEL, whichever gives the likeliest Lithuanian (mostLithuanian);
 * - for "ANSI" (and "ASCII" over 8-bit bytes) the text picks 1257 or 1252.
 * The administrator's code page (`choice`) wins wherever the file does not
 * name one. When the bytes overrule the declaration, `override` holds a line
 * read both ways, for the import summary.
 */
export function detectCharset(
  start: Uint8Array,
  choice: CodePageChoice = "auto",
  sample: { bytes: Uint8Array; firstLine: number } = { bytes: start, firstLine: 1 },
): CharsetInfo {
  if (startsWith(start, [0xef, 0xbb, 0xbf])) return { charset: "utf-8", declared: null, reason: "bom", bomLength: 3 };
  if (startsWith(start, [0xff, 0xfe])) return { charset: "utf-16le", declared: null, reason: "bom", bomLength: 2 };
  if (startsWith(start, [0xfe, 0xff])) return { charset: "utf-16be", declared: null, reason: "bom", bomLength: 2 };
  if (start[0] !== 0 && start[1] === 0) return { charset: "utf-16le", declared: null, reason: "utf16-pattern", bomLength: 0 };
  if (start[0] === 0 && start[1] !== 0) return { charset: "utf-16be", declared: null, reason: "utf16-pattern", bomLength: 0 };

  const declared = readHeadFields(new TextDecoder("latin1").decode(start)).char;
  const name = (declared ?? "").toUpperCase().replace(/[\s_]/g, "-");
  const bytes = sample.bytes;
  const eightBit = hasHighBytes(bytes);
  const info = (charset: Charset, reason: CharsetInfo["reason"], assumed?: Charset): CharsetInfo => {
    const result: CharsetInfo = { charset, declared, reason, bomLength: 0 };
    // Overruled: the line that shows it, read as the declaration would have had it and as it is read.
    const shown = assumed && assumed !== charset ? sampleLine(bytes, sample.firstLine, assumed, charset) : null;
    if (assumed && shown) result.override = { assumed, ...shown };
    return result;
  };
  const codePage = (candidates: readonly Charset[], assumed?: Charset): CharsetInfo => {
    if (choice !== "auto") return info(choice, "chosen", assumed);
    return info(mostLithuanian(bytes, candidates), "detected", assumed);
  };
  const utf8 = eightBit && isValidUtf8(bytes);

  const named = NAMED[name] as Charset | undefined;
  if (named === "utf-8" || (named === undefined && name !== "ANSI" && name !== "IBM-WINDOWS" && name !== "ASCII")) {
    const reason = named ? "declared" : "default";
    // (A GEDCOM 7 file says nothing: it is UTF-8 by definition, so the same.)
    if (!eightBit || utf8) return info("utf-8", reason);
    return codePage(NOT_UTF8, "utf-8");
  }
  if (named !== undefined) return utf8 ? info("utf-8", "bytes", named) : info(named, "declared");
  if (name === "ASCII" && !eightBit) {
    // Plain ASCII reads the same in any of these.
    return info("utf-8", "declared");
  }
  // "ANSI" names a Windows code page without saying which; "ASCII" over 8-bit
  // bytes is one too (read as 1252 by programs that take the name at its word).
  if (choice !== "auto") return info(choice, "chosen", name === "ASCII" ? "windows-1252" : undefined);
  if (utf8) return info("utf-8", "bytes", mostLithuanian(bytes, ["windows-1252", "windows-1257"]));
  return codePage(["windows-1252", "windows-1257"], name === "ASCII" ? "windows-1252" : undefined);
}

/** The charset's name as people know it, for the import summary. */
export function charsetName(charset: Charset): string {
  return CHARSET_NAMES[charset];
}

const CHARSET_NAMES: Record<Charset, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16LE",
  "utf-16be": "UTF-16BE",
  ansel: "ANSEL",
  "windows-1252": "Windows-1252",
  "windows-1257": "Windows-1257",
  "iso-8859-13": "ISO-8859-13",
  ibm437: "IBM437",
  macintosh: "Macintosh",
};

/**
 * A streaming decoder for the charset (a byte order mark at the start is
 * dropped). A byte the code page leaves undefined, which TextDecoder gives as
 * a C1 control, is U+FFFD like any other byte read in no charset: visible,
 * and counted in the import summary.
 */
export function createDecoder(charset: Charset): Decoder {
  if (charset === "ansel") return new AnselDecoder();
  if (charset === "ibm437") {
    // Not among the encodings browsers (and TextDecoder) know: iconv-lite has it.
    const decoder = iconv.getDecoder("cp437");
    return { decode: (bytes, { stream = false } = {}) => decoder.write(Buffer.from(bytes)) + (stream ? "" : (decoder.end() ?? "")) };
  }
  const decoder = new TextDecoder(charset);
  if (charset.startsWith("windows-") || charset.startsWith("iso-")) {
    return { decode: (bytes, options) => decoder.decode(bytes, options).replace(/[\u0080-\u009f]/g, "\ufffd") };
  }
  return decoder;
}
