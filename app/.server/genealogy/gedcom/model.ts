import { searchKey } from "#app/lib/lithuanian.ts";
import type { GedcomNode } from "./reader.ts";

// How GEDCOM structures map onto the project's model, shared by import and
// export. Anything not modeled is kept as compact JSON nodes ('extra') and
// written back where it came from.

/** A GEDCOM structure kept as it was: tag, value, xref, substructures. */
export interface RawNode {
  t: string;
  v?: string;
  x?: string;
  c?: RawNode[];
}

export function toRaw(node: GedcomNode): RawNode {
  // Keys set one by one (not spread from small objects): an import converts every structure it keeps.
  const raw: RawNode = { t: node.tag };
  if (node.value !== undefined) raw.v = node.value;
  if (node.xref) raw.x = node.xref;
  if (node.children.length) raw.c = node.children.map(toRaw);
  return raw;
}

/** The synthetic node under which an event keeps what its DATE holds besides PHRASE (GEDCOM 7's TIME). */
export const DATE_PARTS = "_DATEPARTS";

/** One NAME of a person. */
export interface PersonName {
  /** The GEDCOM name as written: 'Jonas /Jonaitis/'. */
  value: string;
  type?: string;
  given?: string;
  surname?: string;
  prefix?: string;
  suffix?: string;
  nickname?: string;
  surnamePrefix?: string;
  extra?: RawNode[];
}

/** A note: its text, or a pointer to a shared note record. */
export interface Note {
  text?: string;
  ref?: string;
  extra?: RawNode[];
}

export const NAME_PARTS: Record<string, keyof PersonName> = {
  TYPE: "type",
  GIVN: "given",
  SURN: "surname",
  NPFX: "prefix",
  NSFX: "suffix",
  NICK: "nickname",
  SPFX: "surnamePrefix",
};

/** Splits 'Jonas /Jonaitis/ jaunesnysis' into given names, surname and suffix. */
export function splitNameValue(value: string): { given: string; surname: string; suffix: string } {
  const m = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(value);
  if (!m) return { given: value.trim(), surname: "", suffix: "" };
  return { given: m[1].trim(), surname: m[2].trim(), suffix: m[3].trim() };
}

export const PERSON_EVENT_TAGS = new Set([
  "BIRT", "CHR", "DEAT", "BURI", "CREM", "ADOP", "BAPM", "BARM", "BASM", "BLES", "CHRA", "CONF", "FCOM", "ORDN",
  "NATU", "EMIG", "IMMI", "CENS", "PROB", "WILL", "GRAD", "RETI", "EVEN",
  "CAST", "DSCR", "EDUC", "IDNO", "NATI", "NCHI", "NMR", "OCCU", "PROP", "RELI", "RESI", "SSN", "TITL", "FACT",
]); // prettier-ignore

export const FAMILY_EVENT_TAGS = new Set([
  "ANUL",
  "CENS",
  "DIV",
  "DIVF",
  "ENGA",
  "MARB",
  "MARC",
  "MARR",
  "MARL",
  "MARS",
  "RESI",
  "EVEN",
  "FACT",
  "NCHI",
]);

/** Child relations (GEDCOM PEDI) as stored. */
export const PEDIGREE: Record<string, string> = {
  BIRTH: "birth",
  ADOPTED: "adopted",
  FOSTER: "foster",
  SEALING: "sealing",
  OTHER: "other",
};

/** Every tag the GEDCOM 5.5, 5.5.1, 5.5.5 and 7.0 standards define; others are warned about unless they are extensions (_TAG). */
export const STANDARD_TAGS = new Set([
  ...PERSON_EVENT_TAGS, ...FAMILY_EVENT_TAGS,
  "ABBR", "ADDR", "ADR1", "ADR2", "ADR3", "AFN", "AGE", "AGNC", "ALIA", "ANCE", "ANCI", "ANSI", "ASSO", "AUTH", "BAPL",
  "CALN", "CAUS", "CHAN", "CHAR", "CHIL", "CITY", "CONC", "CONL", "CONT", "COPR", "CORP", "CREA", "CROP", "CTRY", "DATA",
  "DATE", "DESC", "DESI", "DEST", "EMAIL", "ENDL", "EXID", "FAM", "FAMC", "FAMS", "FAX", "FILE", "FONE", "FORM", "GEDC",
  "GIVN", "HEAD", "HEIGHT", "HUSB", "INDI", "INIL", "LANG", "LATI", "LEFT", "LONG", "MAP", "MEDI", "MIME", "NAME", "NICK",
  "NO", "NOTE", "NPFX", "NSFX", "OBJE", "ORDI", "PAGE", "PEDI", "PHON", "PHRASE", "PLAC", "POST", "QUAY", "REFN",
  "RELA", "REPO", "RESN", "RFN", "RIN", "ROLE", "ROMN", "SCHMA", "SDATE", "SEX", "SLGC", "SLGS", "SNOTE", "SOUR", "SPFX",
  "SSN", "STAE", "STAT", "SUBM", "SUBN", "SURN", "TAG", "TEMP", "TEXT", "TIME", "TITL", "TOP", "TRAN", "TRLR", "TYPE",
  "UID", "VERS", "WIDTH", "WIFE", "WWW", "BLOB", "ORDN", "SEAL", "PUBL", "FAMF",
]); // prettier-ignore

/** What a search matches a person against: all their names, without case or diacritics. */
export function nameSearchKey(names: PersonName[]): string {
  return names
    .map((n) => n.value.replaceAll("/", ""))
    .join(" ")
    .split(" ")
    .map(wordKey)
    .join(" ");
}

/** Search keys of words, kept: a tree's names repeat, and an import computes a key for every person. */
const wordKeys = new Map<string, string>();

/** searchKey of one word (searchKey works letter by letter, so a text's key is its words' keys). */
function wordKey(word: string): string {
  let key = wordKeys.get(word);
  if (key === undefined) {
    if (wordKeys.size >= 50_000) wordKeys.clear();
    key = searchKey(word);
    wordKeys.set(word, key);
  }
  return key;
}

/**
 * A person's name columns from their names, as the site stores them: the first
 * NAME's given names and surname (GIVN and SURN are comma-separated lists, read
 * as words), the birth or maiden surname, and the search key.
 */
export function nameColumns(names: PersonName[]): { givenNames: string; surname: string; birthSurname: string | null; searchKey: string } {
  const primary = names[0] ?? { value: "" };
  const split = splitNameValue(primary.value);
  const birth = names.find((n) => /^(birth|maiden)$/i.test(n.type ?? ""));
  const pieces = (list: string) =>
    list
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean)
      .join(" ");
  return {
    givenNames: primary.given !== undefined ? pieces(primary.given) : split.given,
    surname: primary.surname !== undefined ? pieces(primary.surname) : split.surname,
    birthSurname: birth ? (birth.surname ?? splitNameValue(birth.value).surname) : null,
    searchKey: nameSearchKey(names),
  };
}
