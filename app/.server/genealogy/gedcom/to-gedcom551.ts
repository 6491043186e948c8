import { parseGedcomDate, writeGedcomDate } from "#app/lib/gedcom-date.ts";
import { isGedcom551Tag } from "./extension-tags.ts";
import type { RawNode } from "./model.ts";
import { LANGUAGE_TAGS, MEDIA_TYPES } from "./to-gedcom7.ts";

// Makes one level-0 record of a tree that came in GEDCOM 7.x into GEDCOM 5.5.1
// (issue 32, point 4; decision 039), before the 5.5.1 export writes it: what
// 7.0 added becomes what 5.5.1 says for it, and what 5.5.1 cannot say is kept
// under an underscore (a user-defined tag, which 5.5.1 allows anywhere and
// this project's 7.0 converter reads back). The reverse of to-gedcom7.ts.
//
//   SNOTE @N1@, a SNOTE record                          → NOTE @N1@, a NOTE record
//   DATE + PHRASE, JULIAN/HEBREW/FRENCH_R, BCE           → INT <date> (<phrase>), (<phrase>), @#DJULIAN@, B.C.
//   PHRASE anywhere else                                 → _PHRASE
//   ASSO @I1@ + ROLE FRIEND / ROLE OTHER + PHRASE x      → ASSO @I1@ + RELA Friend / RELA x (ASSO only under INDI;
//                                                          under an event or a family → _ASSO)
//   SOUR @VOID@ + PAGE text                              → SOUR text (5.5.1's source without a record)
//   any other pointer @VOID@                             → _TAG, without the pointer
//   FILE media/Bront%C3%AB.jpg, file:///c:/a.jpg        → FILE media/Brontë.jpg, c:/a.jpg
//   FILE.FORM image/jpeg, FORM.MEDI PHOTO                → FORM jpg, FORM.TYPE photo
//   LANG en (HEAD, SUBM)                                 → LANG English; elsewhere (NOTE, PLAC, FILE) → _LANG
//   enumerations (PEDI BIRTH, RESN CONFIDENTIAL, ...)    → lower case, as 5.5.1 spells them; OTHER + PHRASE → the phrase
//   SEX X (no 5.5.1 value)                               → _SEX X
//   RESN CONFIDENTIAL, LOCKED (a list)                   → RESN confidential + _RESN locked (5.5.1 takes one)
//   MIME text/plain                                      → left out (5.5.1's notes are plain text)
//   any other tag 5.5.1 does not have (UID, EXID, TRAN,  → _UID, _EXID, _TRAN, _CROP, ...
//   CROP, SDATE, NO, INIL, CREA, MIME, 7.1's ...)
//   OBJE @M1@ + TITL (a link's title)                    → OBJE @M1@ + _TITL
//   SCHMA                                                → left out (7.0's declarations of its extension tags)
//   text                                                 → 7.0's leading @@ read, every @ written @@ (5.5.1)
//
// Below a user-defined tag the same rules apply (a 7.0 structure kept whole under _NO, _ASSO: its PHRASE, SNOTE).

/** 7.0 enumerations 5.5.1 spells in lower case (and NAME.TYPE, FAMC.STAT, FORM.MEDI → TYPE below). */
const LOWER_CASE = new Set(["PEDI", "RESN", "MEDI"]);

/** A citation's ROLE in 5.5.1 (ROLE_IN_EVENT): these words, or a descriptor in parentheses. */
const EVENT_ROLES = new Set(["CHIL", "HUSB", "WIFE", "MOTH", "FATH", "SPOU"]);

/** An LDS ordinance's STAT: 7.0's spelling → 5.5.1's, where they differ. */
const ORDINANCE_STATUS: Record<string, string> = { PRE_1970: "PRE-1970", DNS_CAN: "DNS/CAN" };

/** A pointer payload. 7.0 escapes a text's leading @, so a payload that looks like one is one. */
const POINTER = /^@[^@#\s][^@]*@$/;
const VOID = "@VOID@";

/** 5.5.1's language names (English), by 7.0's tags (en). */
const LANGUAGE_NAMES = new Map<string, string>();
for (const [name, tag] of Object.entries(LANGUAGE_TAGS)) {
  if (!LANGUAGE_NAMES.has(tag.toLowerCase())) LANGUAGE_NAMES.set(tag.toLowerCase(), name.charAt(0).toUpperCase() + name.slice(1));
}

/** 5.5.1's multimedia formats (jpg), by media type (image/jpeg). */
const FORMATS = new Map<string, string>();
for (const [format, type] of Object.entries(MEDIA_TYPES)) if (!FORMATS.has(type)) FORMATS.set(type, format);

/** ROLE's 7.0 values as 5.5.1's free RELA text. */
const ROLE_WORDS: Record<string, string> = {
  CHIL: "Child",
  CLERGY: "Clergy",
  FATH: "Father",
  FRIEND: "Friend",
  GODP: "Godparent",
  HUSB: "Husband",
  MOTH: "Mother",
  MULTIPLE: "Multiple birth",
  NGHBR: "Neighbor",
  OFFICIATOR: "Officiator",
  PARENT: "Parent",
  SPOU: "Spouse",
  WIFE: "Wife",
  WITN: "Witness",
  OTHER: "Other",
};

/** One level-0 record of a 7.x tree as the 5.5.1 export is about to write it. */
export function toGedcom551(record: RawNode): RawNode[] {
  if (record.t === "SNOTE") return [convert({ ...record, t: "NOTE" }, [])];
  return [convert(record, [])];
}

/** A structure and what is below it, `path` the tags above it. */
function convert(node: RawNode, path: string[]): RawNode {
  const parent = path[path.length - 1];
  const pointer = node.v !== undefined && POINTER.test(node.v);
  if (node.t.startsWith("_")) return withChildren(pointer ? node : { ...node, v: escape(node.v) }, path);
  const children = node.c ?? [];
  const phrase = children.find((c) => c.t === "PHRASE")?.v;
  let out: RawNode = { ...node };

  if (node.t === "DATE") {
    const written = dateIn551(node.v ?? "", phrase);
    out = { ...node, v: written, c: children.filter((c) => c.t !== "PHRASE") };
    return withChildren(out, path);
  }
  if (node.t === "SCHMA" || (node.t === "MIME" && node.v?.trim().toLowerCase() === "text/plain")) return { t: "", c: [] };
  if (node.v === VOID) {
    const page = children.find((c) => c.t === "PAGE");
    if (node.t === "SOUR" && page?.v) return withChildren({ t: "SOUR", v: escape(page.v), c: children.filter((c) => c !== page) }, path);
    out = { ...node, t: `_${node.t}`, v: undefined };
  } else if (node.t === "SNOTE" && pointer) out.t = "NOTE";
  else if (node.t === "ASSO" && parent !== "INDI") out.t = "_ASSO";
  else if (node.t === "ASSO")
    out.c = children.map((c) => (c.t === "ROLE" ? { ...c, t: "RELA", v: roleWords(c), c: c.c?.filter((p) => p.t !== "PHRASE") } : c));
  else if (node.t === "ROLE" && (phrase || !EVENT_ROLES.has(node.v?.trim() ?? "")))
    out = { ...node, v: `(${roleWords(node)})`, c: children.filter((c) => c.t !== "PHRASE") };
  else if (node.t === "TITL" && parent === "OBJE" && path.length > 1) out.t = "_TITL";
  else if (node.t === "LANG") {
    const tag = (node.v ?? "").trim().toLowerCase();
    const name = LANGUAGE_NAMES.get(tag) ?? LANGUAGE_NAMES.get(tag.split("-")[0]);
    if (name && (parent === "HEAD" || parent === "SUBM")) out.v = name;
    else out.t = "_LANG";
  } else if (node.t === "FILE" && node.v) out.v = filePath(node.v);
  else if (node.t === "FORM" && parent === "FILE" && node.v) out.v = FORMATS.get(node.v.trim().toLowerCase()) ?? node.v;
  else if (node.t === "MEDI" && parent === "FORM") out = enumeration({ ...node, t: "TYPE" }, phrase);
  else if (node.t === "SEX" && node.v?.trim().toUpperCase() === "X") out.t = "_SEX";
  // 5.5.1's PEDI has no OTHER, nor room for a phrase: kept under an underscore.
  else if (node.t === "PEDI" && node.v?.trim() === "OTHER") out.t = "_PEDI";
  else if (LOWER_CASE.has(node.t) || (node.t === "TYPE" && parent === "NAME") || (node.t === "STAT" && parent === "FAMC"))
    out = enumeration(node, phrase);
  else if (node.t === "STAT" && node.v) out.v = ORDINANCE_STATUS[node.v.trim()] ?? node.v;
  // UID, EXID, TRAN, CROP, SDATE, NO, INIL, CREA, PHRASE, MIME, 7.1's ...: under an underscore.
  else if (!isGedcom551Tag(node.t)) out.t = `_${node.t}`;

  return withChildren(pointer ? out : { ...out, v: escape(out.v) }, path);
}

function withChildren(node: RawNode, path: string[]): RawNode {
  const below = [...path, node.t];
  const c = (node.c ?? [])
    .flatMap((child) => (child.t === "RESN" ? oneRestriction(child) : [child]))
    .map((child) => convert(child, below))
    .filter((child) => child.t !== "");
  return { ...node, ...(c.length ? { c } : { c: undefined }) };
}

/** 7.0 text (a leading @ written @@) as 5.5.1 text (every @ written @@). */
function escape(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.replace(/^@@/, "@").replaceAll("@", "@@");
}

/** A 7.0 date with its PHRASE as 5.5.1 writes it: INT, a phrase in parentheses, @#DJULIAN@, B.C. */
function dateIn551(value: string, phrase: string | undefined): string {
  if (phrase === undefined && !/\b(?:GREGORIAN|JULIAN|HEBREW|FRENCH_R|BCE)\b/.test(value)) return value;
  return writeGedcomDate(parseGedcomDate(value, phrase), "5.5.1").value;
}

/**
 * 7.0's FILE is a URI reference (media/Bront%C3%AB.jpg, file:///c:/a.jpg); 5.5.1's a file's name. A local one
 * is written as the name it stands for; a URL with another scheme (https:) as it is.
 */
function filePath(value: string): string {
  const local = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(value)?.[1] ?? (/^[a-z][a-z0-9+.-]*:/i.test(value) ? null : value);
  if (local === null) return value;
  try {
    return decodeURIComponent(local).replace(/^\/([a-z]:\/)/i, "$1");
  } catch {
    return value;
  }
}

/** An enumeration value in 5.5.1's lower case; OTHER with a PHRASE is the phrase. */
function enumeration(node: RawNode, phrase: string | undefined): RawNode {
  const value = node.v?.trim();
  const c = (node.c ?? []).filter((child) => child.t !== "PHRASE");
  if (value === "OTHER" && phrase) return { ...node, v: phrase, c };
  return { ...node, v: value?.toLowerCase(), c: phrase ? [...c, { t: "_PHRASE", v: phrase }] : c };
}

/**
 * 7.0's RESN is a list (CONFIDENTIAL, LOCKED); 5.5.1's one value: the one that hides most, the others beside it
 * under an underscore.
 */
export function oneRestriction(resn: RawNode): RawNode[] {
  const values = (resn.v ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length < 2) return [resn];
  const rank = (v: string) => ["CONFIDENTIAL", "PRIVACY", "LOCKED"].indexOf(v.toUpperCase()) >>> 0;
  const [first, ...rest] = [...values].sort((a, b) => rank(a) - rank(b));
  return [{ ...resn, v: first }, ...rest.map((v) => ({ t: "_RESN", v: v.toLowerCase() }))];
}

/** ASSO.ROLE as 5.5.1's RELA text: its PHRASE, else the value in words. */
function roleWords(role: RawNode): string {
  const phrase = role.c?.find((c) => c.t === "PHRASE")?.v;
  if (phrase) return phrase;
  const value = role.v?.trim() ?? "";
  return ROLE_WORDS[value] ?? value;
}
