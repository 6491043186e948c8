import iconv from "iconv-lite";

// Character sets of GEDCOM files: UTF-8 (with or without a byte order mark),
// UTF-16 LE/BE (with or without one), ANSEL, ASCII, and the Windows code
// pages 1252 and 1257. Older Windows genealogy programs wrote Lithuanian as
// "CHAR ANSI" in code page 1257; such a file says nothing more, so the text
// decides (or the administrator does).

export type Charset =
  "utf-8" | "utf-16le" | "utf-16be" | "ansel" | "windows-1252" | "windows-1257" | "iso-8859-13" | "ibm437" | "macintosh";

/** What the importer may be told about a file that does not say its code page. */
export type CodePageChoice = "auto" | "windows-1257" | "windows-1252";

export interface CharsetInfo {
  charset: Charset;
  /** What the file's HEAD says (CHAR), if anything. */
  declared: string | null;
  /** How the charset was decided, for the import summary. */
  reason: "bom" | "utf16-pattern" | "declared" | "detected" | "chosen" | "default";
  bomLength: number;
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

// ---------------------------------------------------------------- detection

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

// Bytes that are Lithuanian letters in code page 1257 but rare letters in 1252
// (š ž ų ė ę ą č į ū and capitals: ð þ ø ë æ à è á û in 1252), and bytes that
// are common Western letters in 1252 but rare in Lithuanian text in 1257.
const LITHUANIAN_IN_1257 = new Set([
  0xf0, 0xfe, 0xf8, 0xeb, 0xe6, 0xe0, 0xe8, 0xe1, 0xfb, 0xd0, 0xde, 0xd8, 0xcb, 0xc6, 0xc0, 0xc8, 0xc1, 0xdb,
]);
const WESTERN_IN_1252 = new Set([0xe7, 0xf1, 0xea, 0xe2, 0xed, 0xfa, 0xee, 0xf4, 0xf9, 0xec, 0xf2, 0xe3, 0xc7, 0xd1]);

/**
 * Whether 8-bit text reads as Lithuanian in code page 1257 rather than as a
 * Western language in 1252. The strongest signs are š, ž, ų and ė, which in
 * 1252 would be ð, þ, ø and ë.
 */
export function looksBaltic(bytes: Uint8Array): boolean {
  let baltic = 0;
  let western = 0;
  for (const byte of bytes) {
    if (byte < 0x80) continue;
    if (LITHUANIAN_IN_1257.has(byte)) baltic += byte === 0xf0 || byte === 0xfe || byte === 0xf8 || byte === 0xeb ? 2 : 1;
    else if (WESTERN_IN_1252.has(byte)) western++;
  }
  return baltic > western;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function hasHighBytes(bytes: Uint8Array): boolean {
  return bytes.some((b) => b >= 0x80);
}

/**
 * Decides a file's character set from its first bytes (a few tens of kB are
 * plenty): a byte order mark, the zero bytes of UTF-16, the HEAD's CHAR line,
 * and for "ANSI" the text itself unless the administrator chose a code page.
 */
export function detectCharset(start: Uint8Array, choice: CodePageChoice = "auto"): CharsetInfo {
  if (startsWith(start, [0xef, 0xbb, 0xbf])) return { charset: "utf-8", declared: null, reason: "bom", bomLength: 3 };
  if (startsWith(start, [0xff, 0xfe])) return { charset: "utf-16le", declared: null, reason: "bom", bomLength: 2 };
  if (startsWith(start, [0xfe, 0xff])) return { charset: "utf-16be", declared: null, reason: "bom", bomLength: 2 };
  if (start[0] !== 0 && start[1] === 0) return { charset: "utf-16le", declared: null, reason: "utf16-pattern", bomLength: 0 };
  if (start[0] === 0 && start[1] !== 0) return { charset: "utf-16be", declared: null, reason: "utf16-pattern", bomLength: 0 };

  const { char, version } = readHeadFields(new TextDecoder("latin1").decode(start));
  const declared = char;
  const name = (char ?? "").toUpperCase().replace(/[\s_]/g, "-");
  const codePage = (): CharsetInfo => {
    if (choice !== "auto") return { charset: choice, declared, reason: "chosen", bomLength: 0 };
    return { charset: looksBaltic(start) ? "windows-1257" : "windows-1252", declared, reason: "detected", bomLength: 0 };
  };
  switch (name) {
    case "UTF-8":
    case "UTF8":
    case "UNICODE":
      return { charset: "utf-8", declared, reason: "declared", bomLength: 0 };
    case "ANSEL":
      return { charset: "ansel", declared, reason: "declared", bomLength: 0 };
    case "ISO-8859-13":
    case "ISO8859-13":
      return { charset: "iso-8859-13", declared, reason: "declared", bomLength: 0 };
    case "WINDOWS-1257":
    case "CP1257":
      return { charset: "windows-1257", declared, reason: "declared", bomLength: 0 };
    case "WINDOWS-1252":
    case "CP1252":
    case "LATIN1":
    case "ISO-8859-1":
    case "ISO8859-1":
      return { charset: "windows-1252", declared, reason: "declared", bomLength: 0 };
    case "IBMPC":
    case "IBM-PC":
    case "CP437":
      return { charset: "ibm437", declared, reason: "declared", bomLength: 0 };
    case "MACINTOSH":
      return { charset: "macintosh", declared, reason: "declared", bomLength: 0 };
    case "ANSI":
    case "IBM-WINDOWS":
      return codePage();
    case "ASCII":
      // Plain ASCII reads the same in any of these; 8-bit bytes in an "ASCII" file are a code page's.
      return hasHighBytes(start) ? codePage() : { charset: "utf-8", declared, reason: "declared", bomLength: 0 };
  }
  // No CHAR (GEDCOM 7 is always UTF-8), or an unknown one: UTF-8 if the bytes are UTF-8.
  if (version?.startsWith("7") || !hasHighBytes(start) || isValidUtf8(start)) {
    return { charset: "utf-8", declared, reason: "default", bomLength: 0 };
  }
  return codePage();
}

/** A streaming decoder for the charset (a byte order mark at the start is dropped). */
export function createDecoder(charset: Charset): Decoder {
  if (charset === "ansel") return new AnselDecoder();
  if (charset === "ibm437") {
    // Not among the encodings browsers (and TextDecoder) know: iconv-lite has it.
    const decoder = iconv.getDecoder("cp437");
    return { decode: (bytes, { stream = false } = {}) => decoder.write(Buffer.from(bytes)) + (stream ? "" : (decoder.end() ?? "")) };
  }
  return new TextDecoder(charset);
}
