import { STRUCTURES, validateGedcom7 } from "./gedcom7-rules.ts";
import type { RawNode } from "./model.ts";

// Makes one level-0 record valid GEDCOM 7.0 (https://gedcom.io/specifications/FamilySearchGEDCOMv7.html)
// before the 7.0 export writes it. The export writes back what a file brought, and a 5.5/5.5.1/5.5.5 file
// brings structures and payloads that 7.0 does not have; a 7.x file is already valid and must come out
// unchanged. So every repair below applies only to what 7.0 rejects (gedcom7-rules.ts decides), with two
// exceptions for 5.x sources, whose text means something else in 7.0: `@@` (an escaped @ anywhere in 5.x,
// only at the start of a line in 7.0) and language names (`English`, which looks like a language tag).
// Nothing a file said is dropped: what 7.0 cannot say becomes an extension structure (`_TAG`, whose
// substructures are then free) or a PHRASE/NOTE beside the 7.0 value.
//
// What the 7.0 export changes, each only where 7.0 rejects what the file wrote, except those marked (5.x),
// which apply to every 5.x source:
//
//   structures
//     AFN, RFN, RIN, SUBN (HEAD.SUBN and the record), BLOB, ORDI, FAMF, COMM, any tag 7.0 does not allow
//     where it stands (FAM.CHIL.SLGC, ASSO.TYPE, SOUR under an SNOTE link, ...)   → _AFN, _SUBN, _SLGC, ...
//     a second structure where 7.0 allows one (a second DATE, TITL, ...)        → _DATE, _TITL, ...
//     extension tags in lower or mixed case (_Foo)                               → _FOO
//     OBJE record: FORM, TITL directly under it (5.5)                            → OBJE.FILE.FORM, OBJE.FILE.TITL
//     OBJE.FILE.FORM.TYPE (5.5.1 source media type)                              → OBJE.FILE.FORM.MEDI
//     embedded OBJE (FILE/FORM/TITL/NOTE inside a citation, a source, ...)       → a new OBJE record @<owner>_OBJE<n>@
//                                                                                  and OBJE @<owner>_OBJE<n>@ (+TITL) in its place
//     ASSO.RELA text                                                             → ASSO.ROLE (enumeration below) + PHRASE
//     SOUR citation with text instead of a pointer (5.x inline source)           → SOUR @VOID@ + PAGE text (as export.ts does)
//     TEXT directly under a citation                                            → SOUR.DATA.TEXT
//     NAME.ROMN, PLAC.ROMN                                                       → TRAN + LANG und-Latn
//     NOTE @N1@ (a pointer)                                                      → SNOTE @N1@
//     SNOTE with text                                                            → NOTE
//   payloads
//     dates: lower/mixed case, @#DJULIAN@ escapes, B.C.                          → 21 JUL 2008, JULIAN ..., BCE
//     dates: dual year 1699/00, junk after a date (28 APR 1952 SL)              → DATE 1699 / DATE 28 APR 1952 + PHRASE <original>
//     dates: INT 1850 (text), (text), SUBMITTED and other words                 → DATE 1850 + PHRASE text / DATE + PHRASE <original>
//     exact dates (CHAN.DATE ...) in lower case                                  → upper case; unrepairable → _DATE (and _CHAN)
//     AGE CHILD, INFANT, STILLBORN                                               → < 8y, < 1y, 0y + PHRASE <original>
//     AGE <8, 0Y, > 0 M, 11m99y, 0                                               → < 8y, 0y, > 0m, 99y 11m, 0y; unparseable → AGE + PHRASE
//     enumerations in the wrong case or spelling (video, DNS/CAN, PRE-1970)      → VIDEO, DNS_CAN, PRE_1970
//     unknown enumeration values (NAME.TYPE Screen, ROLE land-lord)              → OTHER + PHRASE <original>; ROLE neighbor → NGHBR + PHRASE;
//                                                                                  SOUR.EVEN <x> → EVEN + PHRASE; no PHRASE possible → _TAG
//     FORM jpg, JPG, png, bmp, gif, pdf, wav, mp3, other, ...                    → image/jpeg, ..., else the FILE's extension, else application/x-<form>
//     FILE c:\dir\a b.jpg, \\server\share, /abs, a\rel, spaces, ? # [ ] %        → file:///c:/dir/a%20b.jpg, file://server/share, file:///abs, a/rel, %XX
//     (5.x) LANG English (5.5.1 language names)                                  → en; unknown names → _LANG
//     LATI 50.5, LONG -3,2                                                       → N50.5, W3.2
//     NAME without payload but with parts                                        → NPFX GIVN /SPFX SURN/ NSFX, or //
//     NAME with one or more than two slashes, tabs                               → one pair of slashes
//     ADDR without payload                                                       → its ADR1..CTRY lines as payload
//     event payload other than Y (1 CENS Home - England)                         → CENS + NOTE <text>; "yes" → Y
//     payload on a structure that has none in 7.0                               → NOTE <payload> (or _TAG where NOTE is not allowed)
//     text where 7.0 wants a pointer (ANCI/DESI/ALIA HIGH), invalid integers ... → _ANCI, ...; REPO text → REPO @VOID@ + NOTE
//     pointer structure without payload but with substructures                  → @VOID@
//     (5.x) @@ anywhere in a text (5.x's escaped @)                              → @
//     a leading @ on any line of a text                                          → @@
//   empty structures and missing substructures
//     event with nothing (1 MARR)                                                → 1 MARR Y (the 5.5.1 meaning: it happened)
//     anything else with neither payload nor substructures (DATE, PLAC, NOTE...) → left out (it says nothing)
//     ASSO without ROLE                                                          → ROLE OTHER
//     FILE (or FILE.TRAN) without FORM                                           → FORM from the file's extension, else application/octet-stream
//     SLGC without FAMC                                                          → FAMC @VOID@
//     (5.x) _UID where 7.0 has UID                                              → UID (32 hex digits in RFC 4122 form)
//     SUBM record without NAME                                                   → NAME Nežinomas pateikėjas
//     FILE naming nothing 7.0 can hold (mailto:..., a ".." segment)              → _FILE (kept whole)
//     TRAN without LANG                                                          → LANG und
//     any other required substructure missing                                   → the structure becomes _TAG (records are left)
//
// Not done here, because it needs the whole file: cross-reference identifiers that 7.0 does not allow (@NoTe@,
// @a b@), SOUR↔SNOTE/OBJE pointer cycles, and an OBJE record without a FILE 7.0 can hold (only a BLOB, or a
// mailto: FILE): the export writes that one as an extension record, _OBJE, and its links as _OBJE too.

/** The version family the tree's file came in: its structures are written back as they were read. */
export type SourceFamily = "5" | "7";

/**
 * One level-0 record as the 7.0 export is about to write it, made valid
 * GEDCOM 7.0 (gedcom7-rules.ts): returns the record(s) to write instead.
 */
export function toGedcom7(record: RawNode, options: { from: SourceFamily }): RawNode[] {
  const ctx: Context = { from: options.from, owner: record.x, made: 0, records: [] };
  const converted = convertRecord(read(record, options.from), ctx);
  return [converted, ...ctx.records].map(write);
}

// ---------------------------------------------------------------------------------------------------------
// Nodes: text unescaped while it is converted, pointers marked

/** A structure while it is converted: its text with the source's @@ escapes undone, pointers kept apart. */
interface Node {
  t: string;
  v?: string;
  /** The payload is a pointer (@X@), not text. */
  ptr?: true;
  x?: string;
  c: Node[];
}

interface Context {
  from: SourceFamily;
  /** The record's cross-reference identifier, for the records made from embedded objects. */
  owner: string | undefined;
  made: number;
  /** Records made while converting this one (embedded objects). */
  records: Node[];
}

/** A pointer payload: @X@ (5.x identifiers may hold any character but @; @#D...@ is a 5.x date escape). */
const POINTER = /^@[^@#\s][^@]*@$/;

function read(raw: RawNode, from: SourceFamily): Node {
  const node: Node = { t: raw.t, c: (raw.c ?? []).map((child) => read(child, from)) };
  if (raw.x) node.x = raw.x;
  if (raw.v !== undefined && raw.v !== "") {
    if (POINTER.test(raw.v)) [node.v, node.ptr] = [raw.v, true];
    // 5.x doubles every @ in text; 7.0 only the first character of a line.
    else node.v = from === "5" ? raw.v.replaceAll("@@", "@") : raw.v.replace(/^@@/gm, "@");
  }
  return node;
}

function write(node: Node): RawNode {
  return {
    t: node.t,
    ...(node.v !== undefined && node.v !== "" ? { v: node.ptr ? node.v : node.v.replace(/^@/gm, "@@") } : {}),
    ...(node.x ? { x: node.x } : {}),
    ...(node.c.length > 0 ? { c: node.c.map(write) } : {}),
  };
}

const leaf = (t: string, v: string): Node => ({ t, v, c: [] });
const isExtension = (node: Node) => node.t.startsWith("_");
const isEmpty = (node: Node) => (node.v === undefined || node.v === "") && node.c.length === 0;

// ---------------------------------------------------------------------------------------------------------
// The structure table of gedcom7-rules.ts, by tag

type Structure = (typeof STRUCTURES)[string];
type Payload = Structure["payload"];

/** Structure type → tag of a substructure → its type and cardinality. */
const SUBS = new Map(
  Object.entries(STRUCTURES).map(([type, def]) => [
    type,
    new Map(Object.entries(def.subs).map(([sub, card]) => [STRUCTURES[sub].tag, { type: sub, card }])),
  ]),
);
const subOf = (type: string, tag: string) => SUBS.get(type)?.get(tag);
const allows = (type: string, tag: string) => subOf(type, tag) !== undefined;
const isTopLevel = (type: string) => type === "HEAD" || type === "TRLR" || type.startsWith("record-");

/** The payload kind as a key: "DateValue", "enum:ROLE", "listEnum:RESN", "ptr", "none", ... */
function kindOf(payload: Payload): string {
  if (typeof payload === "string") return payload;
  if ("ptr" in payload) return "ptr";
  return "enum" in payload ? `enum:${payload.enum}` : `listEnum:${payload.listEnum}`;
}

// ---------------------------------------------------------------------------------------------------------
// Is a payload valid 7.0? gedcom7-rules.ts knows the grammar: rather than copy it, a payload is checked by
// validating a minimal file in which it stands in a structure of its kind ({} is the payload).

const HOSTS: Record<string, string> = {
  Y: "0 @I@ INDI\n1 BIRT {}",
  DateValue: "0 @I@ INDI\n1 BIRT\n2 DATE {}",
  DatePeriod: "0 @I@ INDI\n1 NO BIRT\n2 DATE {}",
  DateExact: "0 @I@ INDI\n1 CHAN\n2 DATE {}",
  Time: "0 @I@ INDI\n1 CHAN\n2 DATE 1 JAN 2000\n3 TIME {}",
  Age: "0 @I@ INDI\n1 BIRT\n2 AGE {}",
  Integer: "0 @I@ INDI\n1 NCHI {}",
  PersonalName: "0 @I@ INDI\n1 NAME {}",
  Language: "0 @N@ SNOTE x\n1 LANG {}",
  MediaType: "0 @O@ OBJE\n1 FILE x\n2 FORM {}",
  FilePath: "0 @O@ OBJE\n1 FILE {}\n2 FORM text/plain",
  URI: "0 @I@ INDI\n1 EXID x\n2 TYPE {}",
  Latitude: "0 @I@ INDI\n1 BIRT\n2 PLAC x\n3 MAP\n4 LATI {}\n4 LONG E0",
  Longitude: "0 @I@ INDI\n1 BIRT\n2 PLAC x\n3 MAP\n4 LATI N0\n4 LONG {}",
  "enum:ADOP": "0 @I@ INDI\n1 ADOP\n2 FAMC @VOID@\n3 ADOP {}",
  "enum:EVEN": "0 @I@ INDI\n1 NO {}",
  "enum:EVENATTR": "0 @I@ INDI\n1 SOUR @VOID@\n2 EVEN {}",
  "listEnum:EVENATTR": "0 @S@ SOUR\n1 DATA\n2 EVEN {}",
  "enum:FAMC-STAT": "0 @I@ INDI\n1 FAMC @VOID@\n2 STAT {}",
  "enum:MEDI": "0 @O@ OBJE\n1 FILE x\n2 FORM text/plain\n3 MEDI {}",
  "enum:NAME-TYPE": "0 @I@ INDI\n1 NAME x\n2 TYPE {}",
  "enum:PEDI": "0 @I@ INDI\n1 FAMC @VOID@\n2 PEDI {}",
  "enum:QUAY": "0 @I@ INDI\n1 SOUR @VOID@\n2 QUAY {}",
  "listEnum:RESN": "0 @I@ INDI\n1 RESN {}",
  "enum:ROLE": "0 @I@ INDI\n1 ASSO @VOID@\n2 ROLE {}",
  "enum:SEX": "0 @I@ INDI\n1 SEX {}",
  "enum:ord-STAT": "0 @I@ INDI\n1 BAPL\n2 STAT {}\n3 DATE 1 JAN 2000",
};
const validity = new Map<string, boolean>();

/** Whether `value` is a valid 7.0 payload of this kind (text kinds, which take any text, have no host). */
function isValid(kind: string, value: string): boolean {
  const host = HOSTS[kind];
  if (host === undefined) return true;
  if (value === "" || /[\r\n]/.test(value)) return false;
  const key = `${kind}\u0000${value}`;
  let valid = validity.get(key);
  if (valid === undefined) {
    valid = validateGedcom7(`0 HEAD\n1 GEDC\n2 VERS 7.0\n${host.replace("{}", () => value)}\n0 TRLR\n`).length === 0;
    if (validity.size >= 100_000) validity.clear(); // the server runs for long: the cache must not grow without end
    validity.set(key, valid);
  }
  return valid;
}

// ---------------------------------------------------------------------------------------------------------
// The walker

function convertRecord(node: Node, ctx: Context): Node {
  if (node.t === "HEAD" || node.t === "TRLR") return convert(node, node.t, ctx)[0];
  if (isExtension(node)) return extensionTree(node);
  const type = `record-${node.t}`;
  // SUBN (5.x submission record) and any other record 7.0 does not have: an extension record.
  if (!STRUCTURES[type]) return toExtension(node);
  return convert(node, type, ctx)[0];
}

/** A structure of a known type and everything below it: what to write in its place (nothing, itself, an extension). */
function convert(node: Node, type: string, ctx: Context, parent?: Node): Node[] {
  const def = STRUCTURES[type];
  RESTRUCTURE[type]?.(node, ctx);
  node.c = convertChildren(node, type, ctx);
  const top = isTopLevel(type);
  if (!top && isEmpty(node)) return def.payload === "Y" ? [{ ...node, v: "Y" }] : [];
  const repaired = repairPayload(node, type, ctx, parent);
  return [isExtension(repaired) ? repaired : addRequired(repaired, type, top)];
}

function convertChildren(node: Node, type: string, ctx: Context): Node[] {
  const out: Node[] = [];
  const seen = new Set<string>();
  for (const original of node.c) {
    // 5.x's _UID (PAF, RootsMagic, Ancestry...) is what 7.0 calls UID, where 7.0 has one.
    if (original.t === "_UID" && ctx.from === "5" && original.v && original.c.length === 0 && subOf(type, "UID")) {
      out.push({ ...original, t: "UID", v: uuidForm(original.v) });
      continue;
    }
    if (isExtension(original)) {
      out.push(extensionTree(original));
      continue;
    }
    let child = linkTag(original, type);
    const sub = subOf(type, child.t);
    if (!sub) {
      out.push(toExtension(child));
      continue;
    }
    if (sub.type === "OBJE" && !child.ptr && child.c.length > 0) {
      const link = embeddedObjectToRecord(child, ctx);
      if (!link) {
        out.push(toExtension(child));
        continue;
      }
      child = link;
    }
    for (const converted of convert(child, sub.type, ctx, node)) {
      // 7.0 allows one of these here: a second one says something 7.0 cannot, so it is kept as an extension.
      if (!isExtension(converted) && sub.card.endsWith(":1") && seen.has(sub.type)) out.push(toExtension(converted));
      else {
        if (!isExtension(converted)) seen.add(sub.type);
        out.push(converted);
      }
    }
  }
  return out;
}

/**
 * A UID as 7.0 recommends writing one, RFC 4122's form: 32 hex digits become
 * 8-4-4-4-12, lower case. Anything else (PAF's 36 digits, with a checksum)
 * stays as written: 7.0 takes any text, and an import matches people by it.
 */
export function uuidForm(uid: string): string {
  const hex = uid.trim().replace(/[{}-]/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : uid.trim();
}

/** Below an extension tag substructures are free (7.0 chapter 1); only the tags must be well-formed. */
function extensionTree(node: Node): Node {
  const upper = node.t.toUpperCase();
  const t = /^(?:_[A-Z0-9_]+|[A-Z][A-Z0-9_]*)$/.test(upper) ? upper : `_${upper.replace(/[^A-Z0-9_]/g, "_")}`;
  return { ...node, t, c: node.c.map(extensionTree) };
}

/** What 7.0 cannot say here is kept under an extension tag: _AFN, _SUBN, a second _DATE, ... */
const toExtension = (node: Node): Node => extensionTree({ ...node, t: `_${node.t}` });

/** 5.x links a shared note with NOTE @N1@; 7.0 with SNOTE @N1@ (and NOTE is always text). */
function linkTag(child: Node, parentType: string): Node {
  if (child.t === "NOTE" && child.ptr && allows(parentType, "SNOTE")) return { ...child, t: "SNOTE" };
  if (child.t === "SNOTE" && !child.ptr && child.v !== undefined && allows(parentType, "NOTE")) return { ...child, t: "NOTE" };
  return child;
}

/**
 * 7.0 has no embedded multimedia (OBJE with FILE inside a citation or a source, 5.5): only OBJE records,
 * linked with OBJE @X@. The object becomes a record of its own, named after its owner record; its TITL goes
 * on the link, which 7.0 gives a TITL for this purpose. Without a FILE (a 5.5 BLOB) it would not be a valid
 * record, and without an owner identifier it could not be named: then it stays as an extension.
 */
function embeddedObjectToRecord(obje: Node, ctx: Context): Node | undefined {
  if (!ctx.owner || !obje.c.some((c) => c.t === "FILE")) return undefined;
  const owner = ctx.owner
    .slice(1, -1)
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, "_");
  const xref = `@${owner}_OBJE${++ctx.made}@`;
  const title = obje.c.find((c) => c.t === "TITL");
  ctx.records.push(convertRecord({ t: "OBJE", x: xref, c: obje.c.filter((c) => c !== title) }, ctx));
  return { t: "OBJE", v: xref, ptr: true, c: title ? [title] : [] };
}

// ---------------------------------------------------------------------------------------------------------
// Misplaced structures: moved where 7.0 says the same thing, before the substructures are converted

const RESTRUCTURE: Partial<Record<string, (node: Node, ctx: Context) => void>> = {
  "record-OBJE": fileDetailsIntoFile,
  FORM: formTypeToMedi,
  ASSO: relaToRole,
  SOUR: inlineSourceToCitation,
  "INDI-NAME": (name) => {
    romanizedToTran(name);
    nameFromParts(name);
  },
  PLAC: romanizedToTran,
};

/** 5.5 put FORM and TITL directly under OBJE; 7.0 puts them under the FILE they describe. */
function fileDetailsIntoFile(obje: Node): void {
  for (const tag of ["FORM", "TITL"]) {
    for (const loose of obje.c.filter((c) => c.t === tag)) {
      const file = obje.c.find((c) => c.t === "FILE" && !c.c.some((d) => d.t === tag));
      if (!file) break;
      file.c.push(loose);
      obje.c = obje.c.filter((c) => c !== loose);
    }
  }
}

/** 5.5.1's FILE.FORM.TYPE (source media type: photo, video, ...) is 7.0's FILE.FORM.MEDI. */
function formTypeToMedi(form: Node): void {
  if (form.c.some((c) => c.t === "MEDI")) return;
  const type = form.c.find((c) => c.t === "TYPE");
  if (type) type.t = "MEDI";
}

/** 5.5.1's ASSO.RELA (free text) is 7.0's ASSO.ROLE (an enumeration, repaired below with a PHRASE). */
function relaToRole(asso: Node): void {
  if (asso.c.some((c) => c.t === "ROLE")) return;
  const rela = asso.c.find((c) => c.t === "RELA");
  if (rela) rela.t = "ROLE";
}

/**
 * A 5.x citation of a source that has no record (SOUR <text>): 7.0 has only SOUR @X@, so it is written as
 * export.ts writes the citations it models, SOUR @VOID@ with the text in PAGE. The TEXT a 5.x citation
 * carries (a transcript of the source) is 7.0's SOUR.DATA.TEXT.
 */
function inlineSourceToCitation(sour: Node): void {
  if (sour.v !== undefined && !sour.ptr) {
    const page = sour.c.find((c) => c.t === "PAGE");
    if (page) page.v = [sour.v, page.v].filter(Boolean).join(" ");
    else sour.c.unshift(leaf("PAGE", sour.v));
    [sour.v, sour.ptr] = ["@VOID@", true];
  }
  const texts = sour.c.filter((c) => c.t === "TEXT");
  if (texts.length === 0) return;
  let data = sour.c.find((c) => c.t === "DATA");
  if (!data) {
    data = { t: "DATA", c: [] };
    sour.c.splice(sour.c.indexOf(texts[0]), 0, data);
  }
  data.c.push(...texts);
  sour.c = sour.c.filter((c) => !texts.includes(c));
}

/** 5.5.1's ROMN (a romanized rendition) is 7.0's TRAN in Latin script: LANG und-Latn (its TYPE stays as _TYPE). */
function romanizedToTran(node: Node): void {
  for (const romn of node.c.filter((c) => c.t === "ROMN")) {
    romn.t = "TRAN";
    romn.c.unshift(leaf("LANG", "und-Latn"));
  }
}

/** 7.0 requires the NAME payload: one without it but with parts gets them in the 7.0 order, or // (no name known). */
function nameFromParts(name: Node): void {
  if (name.v !== undefined || name.c.length === 0) return;
  const part = (tag: string) =>
    name.c
      .filter((c) => c.t === tag && c.v)
      .map((c) => c.v!.replace(/[/\t\n]+/g, " ").trim())
      .join(" ");
  const surname = [part("SPFX"), part("SURN")].filter(Boolean).join(" ");
  name.v = [part("NPFX"), part("GIVN"), surname && `/${surname}/`, part("NSFX")].filter(Boolean).join(" ") || "//";
}

// ---------------------------------------------------------------------------------------------------------
// Payloads

/** The structure with a payload 7.0 accepts, or as an extension when no 7.0 payload says the same. */
function repairPayload(node: Node, type: string, ctx: Context, parent: Node | undefined): Node {
  const def = STRUCTURES[type];
  const kind = kindOf(def.payload);
  if (kind === "none") return node.v === undefined ? node : payloadToNote(node, type);
  if (kind === "ptr") return repairPointer(node, type, ctx);
  if (node.ptr) return toExtension(node); // a pointer where 7.0 wants text or a value
  if (node.v === undefined || node.v === "") return emptyPayload(node, type, kind);
  // A 5.5.1 language name can look like a language tag (English): it is converted even when it passes.
  if (kind === "Language" && ctx.from === "5") return repairLanguage(node, ctx);
  if (isValid(kind, node.v)) return node;
  switch (kind) {
    case "Y":
      return repairEventPayload(node, type);
    case "DateValue":
    case "DatePeriod":
      return repairDate(node, kind, type, ctx);
    case "DateExact":
      return repairExactDate(node);
    case "Age":
      return repairAge(node);
    case "PersonalName":
      return repairName(node);
    case "Language":
      return repairLanguage(node, ctx);
    case "MediaType":
      return repairMediaType(node, parent);
    case "FilePath":
      return repairFilePath(node);
    case "Latitude":
    case "Longitude":
      return repairCoordinate(node, kind);
    default:
      if (kind.startsWith("enum:")) return repairEnum(node, kind, type);
      if (kind.startsWith("listEnum:")) return repairEnumList(node, kind);
      return toExtension(node); // Integer, Time, URI, ...: no 7.0 value says the same
  }
}

/**
 * A payload on a structure that has none in 7.0 (a 5.x INDI, CHAN, HUSB with a value): the text is kept as a
 * NOTE of the structure where 7.0 allows one, else the structure is an extension.
 */
function payloadToNote(node: Node, type: string): Node {
  if (!allows(type, "NOTE")) return toExtension(node);
  node.c.unshift(leaf("NOTE", node.v!));
  delete node.v;
  return node;
}

/** 7.0 events take Y or nothing: "yes" is Y; a description (1 CENS Home - England) becomes the event's NOTE. */
function repairEventPayload(node: Node, type: string): Node {
  if (/^\s*y(es)?\s*$/i.test(node.v!)) {
    node.v = "Y";
    return node;
  }
  return payloadToNote(node, type);
}

/**
 * Pointer structures. 7.0 writes "points to something not in the file" as @VOID@: a 5.x structure with
 * substructures but no pointer (REPO + CALN) gets it, and so does a REPO given as text, whose text becomes
 * its NOTE (the specification's own example of REPO @VOID@). Text where any other pointer is required
 * (ANCI HIGH, ALIA Brunty) cannot be a pointer: an extension.
 */
function repairPointer(node: Node, type: string, ctx: Context): Node {
  if (node.ptr) return type === "ALIA" && node.v === ctx.owner ? toExtension(node) : node; // 7.0: ALIA never points to its own record
  if (node.v === undefined) {
    [node.v, node.ptr] = ["@VOID@", true];
    return node;
  }
  if (type === "REPO") {
    node.c.unshift(leaf("NOTE", node.v));
    [node.v, node.ptr] = ["@VOID@", true];
    return node;
  }
  return toExtension(node);
}

/** A structure without payload but with substructures, where 7.0 requires a payload. */
function emptyPayload(node: Node, type: string, kind: string): Node {
  if (STRUCTURES[type].payloadRequired) {
    // ADDR: 7.0 wants the address as written on an envelope even when ADR1..CTRY repeat it.
    const lines = ["ADR1", "ADR2", "ADR3", "CITY", "STAE", "POST", "CTRY"].flatMap((tag) =>
      node.c.filter((c) => c.t === tag && c.v).map((c) => c.v!),
    );
    if (lines.length === 0) return toExtension(node);
    node.v = lines.join("\n");
    return node;
  }
  if (["Y", "Text", "Special", "ListText", "DateValue", "DatePeriod", "Age", "FilePath", "URI"].includes(kind)) return node;
  // An enumeration with only substructures: OTHER is the enumeration's "none of these".
  if (kind.startsWith("enum:") && isValid(kind, "OTHER")) {
    node.v = "OTHER";
    return node;
  }
  return toExtension(node);
}

/** A value 7.0 accepts, with the original text in a PHRASE (merged with one already there). */
function withPhrase(node: Node, value: string, phrase: string): Node {
  node.v = value === "" ? undefined : value;
  const existing = node.c.find((c) => c.t === "PHRASE");
  if (existing) existing.v = existing.v && existing.v !== phrase ? `${phrase}\n${existing.v}` : phrase;
  else node.c.unshift(leaf("PHRASE", phrase));
  return node;
}

// Dates -----------------------------------------------------------------------------------------------------

const CALENDAR_ESCAPES: Record<string, string> = { GREGORIAN: "GREGORIAN", JULIAN: "JULIAN", HEBREW: "HEBREW", "FRENCH R": "FRENCH_R" };

/**
 * The same date in 7.0 spelling: upper case (7.0 month and keyword names are upper case), single spaces,
 * 5.x calendar escapes as 7.0 calendar names (@#DJULIAN@ → JULIAN; unknown ones → an extension calendar
 * such as _ROMAN, which 7.0 allows), and the 5.x epoch B.C. as BCE.
 */
function dateIn7Spelling(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, " ")
    .toUpperCase()
    .replace(/@#D([^@]+)@ ?/g, (_, name: string) => `${CALENDAR_ESCAPES[name.trim()] ?? `_${name.trim().replace(/\W+/g, "_")}`} `)
    .replace(/(\d) ?B\.? ?C\.?(?= |$)/g, "$1 BCE")
    .trim();
}

/**
 * DATE (and SDATE, NO.DATE, SOUR.DATA.EVEN.DATE) payloads 7.0 rejects. 7.0 writes what its grammar cannot
 * say in a PHRASE beside the date (chapter 2, "Date"): a 5.5.1 interpreted date INT 1850 (text) is DATE
 * 1850 + PHRASE text; a dual year (1699/00), or words after a valid date (28 APR 1952 SL, a 5.x temple code),
 * keep the 7.0-valid date with the original text as PHRASE; a date with no valid part (COMPLETED, CLEARED
 * 11/88) is an empty DATE with the original as PHRASE. Where no PHRASE is allowed: an extension.
 */
function repairDate(node: Node, kind: "DateValue" | "DatePeriod", type: string, ctx: Context): Node {
  const original = node.v!;
  const spelled = dateIn7Spelling(original);
  if (isValid(kind, spelled)) {
    node.v = spelled;
    return node;
  }
  // A 7.x calendar, month or epoch named by an extension (_JOUR) may be valid under the file's HEAD.SCHMA,
  // which a record does not see: it is left as the file wrote it.
  if (ctx.from === "7" && /(?:^| )_[A-Z0-9]/.test(original)) return node;
  if (!allows(type, "PHRASE")) return toExtension(node);
  const noDualYears = (date: string) => date.replace(/\b(\d+)\/\d+\b/g, "$1");
  const interpreted = /^\s*INT\s+(.+?)\s*\((.*)\)\s*$/is.exec(original);
  if (interpreted) {
    const date = noDualYears(dateIn7Spelling(interpreted[1]));
    if (isValid(kind, date)) return withPhrase(node, date, interpreted[2]);
  }
  const phraseOnly = /^\s*\((.*)\)\s*$/s.exec(original);
  if (phraseOnly) return withPhrase(node, "", phraseOnly[1]);
  const words = noDualYears(spelled).split(" ");
  // The longest valid start, if what follows it has no digits (1 JANUARY 1850 must not become the year 1).
  for (let n = words.length; n > 0; n--) {
    const date = words.slice(0, n).join(" ");
    if (!/\d/.test(words.slice(n).join(" ")) && isValid(kind, date)) return withPhrase(node, date, original);
  }
  return withPhrase(node, "", original);
}

/** CHAN, CREA, STAT dates are exact dates without PHRASE: spelling is repaired, anything else is an extension. */
function repairExactDate(node: Node): Node {
  const spelled = dateIn7Spelling(node.v!);
  if (!isValid("DateExact", spelled)) return toExtension(node);
  node.v = spelled;
  return node;
}

// Ages ------------------------------------------------------------------------------------------------------

/** 5.5.1's age words as 7.0 writes them: an age with the word as PHRASE (7.0 chapter 2, "Age"). */
const AGE_WORDS: Record<string, string> = { CHILD: "< 8y", INFANT: "< 1y", STILLBORN: "0y" };

/**
 * AGE payloads 7.0 rejects: 5.x words (CHILD, INFANT, STILLBORN), upper-case units, spaces where 7.0 wants
 * none (<0 y) or one (> 0y), units out of order (11m 99y), a bare number (years, as 5.5.1 reads it). What
 * cannot be read keeps its readable start, with the original text as PHRASE, or is an empty AGE + PHRASE.
 */
function repairAge(node: Node): Node {
  const original = node.v!.trim();
  const word = AGE_WORDS[original.toUpperCase()];
  if (word) return withPhrase(node, word, original);
  const [, bound, counts, rest] = /^([<>]?)\s*((?:\d+\s*[ymwd](?![a-z])\s*)*)(.*)$/i.exec(original)!;
  const units = new Map<string, string>();
  for (const [, count, unit] of counts.matchAll(/(\d+)\s*([ymwd])/gi)) {
    if (units.has(unit.toLowerCase())) return withPhrase(node, "", original);
    units.set(unit.toLowerCase(), count);
  }
  const bare = units.size === 0 && /^\d+$/.test(rest.trim());
  if (bare) units.set("y", rest.trim());
  const age = ["y", "m", "w", "d"].filter((u) => units.has(u)).map((u) => `${Number(units.get(u))}${u}`);
  const value = age.length ? [bound, age.join(" ")].filter(Boolean).join(" ") : "";
  if (value && isValid("Age", value)) {
    if (bare || rest.trim() === "") {
      node.v = value;
      return node;
    }
    return withPhrase(node, value, original);
  }
  return withPhrase(node, "", original);
}

// Names -----------------------------------------------------------------------------------------------------

/** 7.0 names hold one pair of slashes around the surname and no tabs or line breaks (5.x: "John /Smith"). */
function repairName(node: Node): Node {
  let name = node.v!.replace(/[\t\r\n]+/g, " ");
  const slashes = name.split("/").length - 1;
  if (slashes === 1) name = `${name}/`;
  else if (slashes > 2) {
    let seen = 0;
    name = name.replace(/\//g, () => (++seen <= 2 ? "/" : ""));
  }
  if (!isValid("PersonalName", name)) return toExtension(node);
  node.v = name;
  return node;
}

// Enumerations ------------------------------------------------------------------------------------------------

/** Words 5.x files write in ASSO.RELA and ROLE for the 7.0 roles: the role, with the word as PHRASE. */
const ROLE_WORDS: Record<string, string> = {
  FATHER: "FATH",
  MOTHER: "MOTH",
  HUSBAND: "HUSB",
  CHILD: "CHIL",
  SPOUSE: "SPOU",
  WITNESS: "WITN",
  NEIGHBOR: "NGHBR",
  NEIGHBOUR: "NGHBR",
  GODPARENT: "GODP",
  GODFATHER: "GODP",
  GODMOTHER: "GODP",
  PRIEST: "CLERGY",
};

/** An enumeration value as 7.0 spells them: upper case, _ between words. */
const enumSpelling = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s/-]+/g, "_");

/**
 * 7.0 enumerations are upper case with _ between words (5.x: birth, video, DNS/CAN, PRE-1970): that spelling
 * says the same. A value 7.0 does not have is OTHER (SOUR.EVEN: EVEN, the generic event) with the original
 * in a PHRASE, where the structure has a PHRASE (the specification's own rule for enumerations with OTHER);
 * else the structure is an extension.
 */
function repairEnum(node: Node, kind: string, type: string): Node {
  const original = node.v!.trim();
  const spelled = enumSpelling(original);
  if (isValid(kind, spelled)) {
    node.v = spelled;
    return node;
  }
  if (allows(type, "PHRASE")) {
    const role = kind === "enum:ROLE" ? ROLE_WORDS[spelled] : undefined;
    if (role) return withPhrase(node, role, original);
    for (const other of ["OTHER", "EVEN"]) if (isValid(kind, other)) return withPhrase(node, other, original);
  }
  return toExtension(node);
}

/** RESN, SOUR.DATA.EVEN: comma-separated enumerations, spelled as above; an unknown item makes an extension. */
function repairEnumList(node: Node, kind: string): Node {
  const spelled = node.v!.split(",").map(enumSpelling).filter(Boolean).join(", ");
  if (!isValid(kind, spelled)) return toExtension(node);
  node.v = spelled;
  return node;
}

// Languages -----------------------------------------------------------------------------------------------

/** GEDCOM 5.5.1's language names (LANGUAGE_ID) as BCP 47 tags, which 7.0 uses. */
// prettier-ignore
export const LANGUAGE_TAGS: Record<string, string> = {
  afrikaans: "af", albanian: "sq", amharic: "am", "anglo-saxon": "ang", arabic: "ar", armenian: "hy", assamese: "as",
  belorusian: "be", bengali: "bn", braj: "bra", bulgarian: "bg", burmese: "my", cantonese: "yue", catalan: "ca",
  catalan_spn: "ca-ES", "church-slavic": "cu", czech: "cs", danish: "da", dogri: "doi", dutch: "nl", english: "en",
  esperanto: "eo", estonian: "et", faroese: "fo", finnish: "fi", french: "fr", georgian: "ka", german: "de", greek: "el",
  gujarati: "gu", hawaiian: "haw", hebrew: "he", hindi: "hi", hungarian: "hu", icelandic: "is", indonesian: "id",
  italian: "it", japanese: "ja", kannada: "kn", khmer: "km", konkani: "kok", korean: "ko", lahnda: "lah", lao: "lo",
  latvian: "lv", lithuanian: "lt", macedonian: "mk", maithili: "mai", malayalam: "ml", mandrin: "cmn", manipuri: "mni",
  marathi: "mr", mewari: "mtr", navaho: "nv", nepali: "ne", norwegian: "no", oriya: "or", pahari: "him", pali: "pi",
  panjabi: "pa", persian: "fa", polish: "pl", portuguese: "pt", prakrit: "pra", pusto: "ps", rajasthani: "raj",
  romanian: "ro", russian: "ru", sanskrit: "sa", serb: "sr", serbo_croa: "sh", slovak: "sk", slovene: "sl", spanish: "es",
  swedish: "sv", tagalog: "tl", tamil: "ta", telugu: "te", thai: "th", tibetan: "bo", turkish: "tr", ukrainian: "uk",
  urdu: "ur", vietnamese: "vi", wendic: "wen", yiddish: "yi",
};

/**
 * 5.5.1 names languages (English); 7.0 uses BCP 47 tags (en). A 5.x value that is already a short language
 * tag (en, lt-LT) is kept. Anything else has no 7.0 value that says the same, and LANG has no PHRASE: an
 * extension (a translation that then lacks its LANG gets LANG und).
 */
function repairLanguage(node: Node, ctx: Context): Node {
  const name = node.v!.trim();
  const tag = LANGUAGE_TAGS[name.toLowerCase()];
  if (tag) {
    node.v = tag;
    return node;
  }
  if (isValid("Language", name) && (ctx.from === "7" || /^[a-z]{2,3}(?:-|$)/i.test(name))) return node;
  return toExtension(node);
}

// Media types and file paths -----------------------------------------------------------------------------------

/** 5.x multimedia formats (bmp, gif, jpg, ole, pcx, tif, wav, and what programs wrote besides) and file extensions. */
// prettier-ignore
export const MEDIA_TYPES: Record<string, string> = {
  bmp: "image/bmp", gif: "image/gif", jpg: "image/jpeg", jpeg: "image/jpeg", jpe: "image/jpeg", png: "image/png",
  tif: "image/tiff", tiff: "image/tiff", pcx: "image/vnd.zbrush.pcx", webp: "image/webp", svg: "image/svg+xml",
  heic: "image/heic", pdf: "application/pdf", ole: "application/x-oleobject", wav: "audio/wav", mp3: "audio/mpeg",
  ogg: "audio/ogg", m4a: "audio/mp4", aac: "audio/aac", flac: "audio/flac", wma: "audio/x-ms-wma", mp4: "video/mp4",
  m4v: "video/mp4", mov: "video/quicktime", avi: "video/x-msvideo", mpg: "video/mpeg", mpeg: "video/mpeg",
  wmv: "video/x-ms-wmv", webm: "video/webm", txt: "text/plain", htm: "text/html", html: "text/html", rtf: "text/rtf",
  doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xml: "application/xml", zip: "application/zip",
};

/** The media type of a file path or URL, by its extension. */
function mediaTypeOfPath(path: string | undefined): string | undefined {
  const name = path?.split(/[?#]/)[0].split(/[/\\]/).pop() ?? "";
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1].toLowerCase();
  return extension ? MEDIA_TYPES[extension] : undefined;
}

/**
 * 7.0's FORM is a media type (image/jpeg), 5.x's a format name (jpg, JPG, other). Known names map to their
 * media type; else the FILE's extension says it; else the name is kept as an x- media type (other →
 * application/x-other, as the GEDCOM 7 test files write it).
 */
function repairMediaType(node: Node, file: Node | undefined): Node {
  const name = node.v!.trim().toLowerCase().replace(/^\./, "");
  const token = name.replace(/[^a-z0-9.+-]+/g, "-").replace(/^-+|-+$/g, "");
  node.v = MEDIA_TYPES[name] ?? mediaTypeOfPath(file?.v) ?? (token ? `application/x-${token}` : "application/octet-stream");
  return node;
}

/**
 * 7.0's FILE is a URL (chapter 2, "File Path"); 5.x wrote the path as the operating system does. A Windows
 * path (c:\a\b) becomes file:///c:/a/b, a network path (\\server\share) file://server/share, an absolute
 * path file:///..., backslashes in a relative path slashes, and characters a URL cannot hold as they are
 * (spaces, ?, #, [, ], %, ...) are percent-encoded. A URL (https://...) only gets its spaces and the like
 * encoded. A path that still is not valid (a ".." segment) is left for the validator to report.
 */
function repairFilePath(node: Node): Node {
  const url = gedcom7FileUrl(node.v!);
  if (url !== null) node.v = url;
  // A FILE that names no file 7.0 can hold (mailto:, a ".." path) is kept as an extension, whole.
  else return toExtension(node);
  return node;
}

/** A 5.x FILE path as 7.0's URL (see repairFilePath), or null when none is valid 7.0 (mailto:, a ".." segment). */
export function gedcom7FileUrl(written: string): string | null {
  const path = written.trim();
  const encode = (text: string, keep: RegExp) =>
    [...text].map((ch) => (keep.test(ch) || ch > "\x7f" ? ch : encodeURIComponent(ch))).join("");
  const local = (p: string) => encode(p.replaceAll("\\", "/"), /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/);
  let url: string;
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(path)) url = encode(path, /[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]%]/);
  else if (/^[A-Za-z]:[\\/]/.test(path)) url = `file:///${local(path)}`;
  else if (/^[\\/]{2}[^\\/]/.test(path)) url = `file://${local(path.slice(2))}`;
  else if (/^[\\/]/.test(path)) url = `file://${local(path)}`;
  else url = local(path);
  return isValid("FilePath", url) ? url : null;
}

// Coordinates -------------------------------------------------------------------------------------------------

/** 7.0 writes N50.5 / W3.25; 5.x files wrote 50.5, -3,25 or N 50.5: the same coordinate. */
function repairCoordinate(node: Node, kind: "Latitude" | "Longitude"): Node {
  const m = /^([NSEW])?\s*(-)?\s*(\d+(?:[.,]\d+)?)\s*([NSEW])?$/i.exec(node.v!.trim());
  if (m && !(m[2] && (m[1] || m[4]))) {
    const [positive, negative] = kind === "Latitude" ? ["N", "S"] : ["E", "W"];
    const value = `${(m[1] ?? m[4])?.toUpperCase() ?? (m[2] ? negative : positive)}${m[3].replace(",", ".")}`;
    if (isValid(kind, value)) {
      node.v = value;
      return node;
    }
  }
  return toExtension(node);
}

// ---------------------------------------------------------------------------------------------------------
// Required substructures

/**
 * What 7.0 requires where its value is known or neutral: ROLE OTHER (a relation not named), a FORM from the
 * file's extension (else application/octet-stream, "some file"), FAMC @VOID@ (a family not in the file),
 * LANG und (undetermined, the BCP 47 value for "not known").
 */
/** What a submitter without a name is called in a 7.0 export. */
export const UNNAMED_SUBMITTER = "Nežinomas pateikėjas";

const REQUIRED_DEFAULTS: Record<string, (node: Node) => Node> = {
  "ASSO ROLE": () => leaf("ROLE", "OTHER"),
  "FILE FORM": (file) => leaf("FORM", mediaTypeOfPath(file.v) ?? "application/octet-stream"),
  "FILE-TRAN FORM": (file) => leaf("FORM", mediaTypeOfPath(file.v) ?? "application/octet-stream"),
  "SLGC FAMC": () => ({ t: "FAMC", v: "@VOID@", ptr: true, c: [] }),
  // A submitter the file left without a name (5.5.1 required one too): 7.0 needs a NAME to be valid.
  "record-SUBM NAME": () => leaf("NAME", UNNAMED_SUBMITTER),
  "NAME-TRAN LANG": () => leaf("LANG", "und"),
  "PLAC-TRAN LANG": () => leaf("LANG", "und"),
  "NOTE-TRAN LANG": () => leaf("LANG", "und"),
};

/** Adds what 7.0 requires; a structure still missing something becomes an extension (a record is left). */
function addRequired(node: Node, type: string, top: boolean): Node {
  const def = STRUCTURES[type];
  const required = Object.entries(def.subs)
    .filter(([, card]) => card.startsWith("1"))
    .map(([sub]) => sub);
  if (def.oneOf && !def.oneOf.some((tag) => node.c.some((c) => c.t === tag))) required.push(def.oneOf[0]);
  for (const sub of required) {
    const tag = STRUCTURES[sub]?.tag ?? sub;
    if (node.c.some((c) => c.t === tag)) continue;
    const make = REQUIRED_DEFAULTS[`${type} ${sub}`];
    if (make) node.c.push(make(node));
    else if (!top) return toExtension(node);
  }
  return node;
}
