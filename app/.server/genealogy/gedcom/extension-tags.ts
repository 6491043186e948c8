import { createHash } from "node:crypto";
import type { RawNode } from "./model.ts";

// The extension tags a GEDCOM 7.0 export uses, declared in HEAD.SCHMA with a
// URI each (7.0 chapter "Extensions"; issue 32, decision 039). Which URI:
//
//   1. the one the tree's own 7.x file declared for that tag (its SCHMA, kept
//      in the tree's header), so a file's extensions mean what it said;
//   2. for a tag that is a 5.5.1 structure under an underscore (what the 7.0
//      converter relocates: AFN → _AFN, a second DATE → _DATE, SUBN → _SUBN,
//      and the export's own _OBJE and _FILE), that structure's URI in
//      FamilySearch's GEDCOM registry, https://gedcom.io/terms/v5.5.1/…;
//   3. any other (a program's own _UPD, _MARNM, _PREF...), whose meaning no
//      registry publishes: a name-based UUID of the tag (RFC 9562, version 5),
//      the same on every export and every site, which claims no meaning.
//
// Never a https://gedcom.io/terms/v7/ URI: that would make the tag a
// relocated 7.0 structure, which must then be valid as one, and what the
// converter put under an underscore is exactly what 7.0 rejected there.

const V551 = "https://gedcom.io/terms/v5.5.1/";

/** The 5.5.1 structures of FamilySearch's registry (GEDCOM-registries, structure/standard/*-v551.yaml), by URI path. */
const V551_PATHS = `
  ABBR ADDR INDI-ADOP INDI-ADOP-FAMC-ADOP ADR1 ADR2 ADR3 AFN AGE AGNC ALIA ANCE ANCI ANUL ASSO AUTH BAPL BAPM
  BARM BASM BIRT BLES BURI CALN CAST CAUS FAM-CENS INDI-CENS CHAN CHAR CHIL CHR CHRA CITY CONF CONL HEAD-COPR
  HEAD-SOUR-DATA-COPR CORP CREM CTRY HEAD-SOUR-DATA SOUR-DATA SOUR-XREF_SOUR-DATA CHAN-DATE DATE-CHANGE_DATE
  DATE-DATE_LDS_ORD DATE-DATE_VALUE HEAD-DATE HEAD-SOUR-DATA-DATE SOUR-DATA-EVEN-DATE
  SOUR-XREF_SOUR-DATA-DATE DEAT DESC DESI DEST DIV DIVF DSCR EDUC EMAIL EMIG ENDL ENGA FAM-EVEN INDI-EVEN
  SOUR-DATA-EVEN SOUR-XREF_SOUR-EVEN FACT record-FAM FAMC-XREF_FAM INDI-ADOP-FAMC INDI-FAMC FAMF FAMS FAX
  FCOM HEAD-FILE OBJE-FILE OBJE-NULL-FILE INDI-NAME-FONE PLAC-PLACE_NAME-FONE FORM-PLACE_HIERARCHY GEDC-FORM
  OBJE-FILE-FORM OBJE-NULL-FILE-FORM GEDC GIVN GRAD HEAD FAM-HUSB HUSB-NULL IDNO IMMI record-INDI HEAD-LANG
  SUBM-LANG LATI LONG MAP MARB MARC MARL MARR MARS MEDI HEAD-SOUR-NAME INDI-NAME REPO-NAME SUBM-NAME NATI
  NATU FAM-NCHI INDI-NCHI NICK NMR HEAD-NOTE NOTE-SUBMITTER_TEXT_OR_NULL NOTE-XREF_NOTE record-NOTE NPFX NSFX
  OBJE-NULL OBJE-XREF_OBJE record-OBJE OCCU ORDI ORDN PAGE PEDI PHON HEAD-PLAC PLAC-PLACE_LIVING_ORDINANCE
  PLAC-PLACE_NAME SOUR-DATA-EVEN-PLAC POST PROB PROP PUBL QUAY REFN RELA INDI-RELI RELI-RELIGIOUS_AFFILIATION
  REPO-NULL REPO-XREF_REPO record-REPO FAM-RESI INDI-RESI RESN RETI INDI-RFN SUBM-RFN RIN ROLE INDI-NAME-ROMN
  PLAC-PLACE_NAME-ROMN SEX SLGC SLGS HEAD-SOUR SOUR-SOURCE_DESCRIPTION SOUR-XREF_SOUR record-SOUR SPFX SSN
  STAE ENDL-STAT INDI-FAMC-STAT SLGC-STAT SLGS-STAT STAT-LDS_BAPTISM_DATE_STATUS SUBM record-SUBM SUBN
  record-SUBN SURN TEMP TEXT TIME INDI-TITL SOUR-TITL TITL-DESCRIPTIVE_TITLE TRLR INDI-NAME-TYPE
  OBJE-FILE-FORM-TYPE REFN-TYPE TYPE-EVENT_OR_FACT_CLASSIFICATION TYPE-PHONETIC_TYPE TYPE-ROMANIZED_TYPE VERS
  FAM-WIFE WIFE-NULL WILL WWW
`;

/** A path's tag: its last part that is a tag (not `record`, `NULL` or a payload type such as DATE_VALUE). */
const tagOfPath = (path: string) =>
  path
    .split("-")
    .filter((part) => part !== "record" && part !== "NULL" && !part.includes("_"))
    .pop()!;

/** 5.5.1 tag → the URI paths of its structures. */
const V551_BY_TAG = new Map<string, string[]>();
for (const path of V551_PATHS.trim().split(/\s+/)) {
  const tag = tagOfPath(path);
  V551_BY_TAG.set(tag, [...(V551_BY_TAG.get(tag) ?? []), path]);
}

/** Whether 5.5.1 has a structure with this tag (anywhere). */
export const isGedcom551Tag = (tag: string): boolean => V551_BY_TAG.has(tag);

/** The structure a tag of several is where no parent decides: an event's DATE, a fact's TYPE, an event's PLAC, a note's text. */
const GENERAL: Record<string, string> = {
  DATE: "DATE-DATE_VALUE",
  TYPE: "TYPE-EVENT_OR_FACT_CLASSIFICATION",
  PLAC: "PLAC-PLACE_NAME",
  NOTE: "NOTE-SUBMITTER_TEXT_OR_NULL",
  TITL: "TITL-DESCRIPTIVE_TITLE",
  SOUR: "SOUR-XREF_SOUR",
  OBJE: "OBJE-XREF_OBJE",
  REPO: "REPO-XREF_REPO",
};

/**
 * The 5.5.1 structure an underscored standard tag stands for where it was
 * written: a record at level 0, the structure under its parent, the tag's
 * only structure, or its general one (GENERAL); undefined when the
 * tag is no 5.5.1 tag.
 */
export function v551Uri(extensionTag: string, level: number, parentTag: string | undefined): string | undefined {
  const tag = extensionTag.slice(1);
  const paths = V551_BY_TAG.get(tag);
  if (!paths) return undefined;
  const parent = parentTag?.replace(/^_/, "");
  const path =
    (level === 0 ? paths.find((p) => p === `record-${tag}`) : undefined) ??
    (parent ? paths.find((p) => p === `${parent}-${tag}` || p.startsWith(`${parent}-${tag}-`)) : undefined) ??
    (paths.length === 1 ? paths[0] : undefined) ??
    GENERAL[tag] ??
    paths.find((p) => p.startsWith(`${tag}-`)) ??
    paths.find((p) => !p.startsWith("record-")) ??
    paths[0];
  return V551 + path;
}

/** Any UUID, fixed: the namespace of rule 3's name-based UUIDs (changing it would change every URI written). */
const NAMESPACE = "38a12122-024e-44c6-bbe3-78019c288705";

/** RFC 9562's version 5 UUID of `name` in NAMESPACE, as a URN. */
export function unknownTagUri(tag: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(NAMESPACE.replaceAll("-", ""), "hex"))
    .update(tag, "utf8")
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The extension tags lines use, as an export writes them, with the URI each would be declared with. */
export class ExtensionTags {
  /** tag → the 5.5.1 URI where it stands for a 5.5.1 structure: where it was first written, or first written as a record. */
  readonly #used = new Map<string, string | undefined>();
  readonly #records = new Set<string>();

  /** A line written: `tag` at `level`, under `parentTag`. */
  note(tag: string, level: number, parentTag: string | undefined): void {
    if (tag.charCodeAt(0) !== 95 /* _ */) return;
    if (this.#used.has(tag) && (level !== 0 || this.#records.has(tag))) return;
    if (level === 0) this.#records.add(tag);
    this.#used.set(tag, v551Uri(tag, level, parentTag));
  }

  /**
   * HEAD.SCHMA for the tags used and those the tree's own file declared
   * (`declared`, its SCHMA's TAG lines: a tag may stand in a payload too, an
   * extension calendar or month in a date), in the order of their names, each
   * with the URI the file declared, else by the rules above. Empty when there
   * is none.
   */
  schema(declared: Map<string, string[]>): RawNode[] {
    const tags = [...new Set([...declared.keys(), ...this.#used.keys()])].sort();
    if (tags.length === 0) return [];
    const uris = (tag: string) => declared.get(tag) ?? [this.#used.get(tag) ?? unknownTagUri(tag)];
    return [{ t: "SCHMA", c: tags.flatMap((tag) => uris(tag).map((uri) => ({ t: "TAG", v: `${tag} ${uri}` }))) }];
  }
}

/** The TAG lines of a HEAD.SCHMA (the tree's header, as its 7.x file had it): tag → its URIs (7.0 lets a tag have several). */
export function declaredTags(header: RawNode[]): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const schma of header.filter((n) => n.t === "SCHMA")) {
    for (const def of schma.c ?? []) {
      const [tag, uri] = (def.v ?? "").trim().split(/\s+/);
      if (def.t === "TAG" && tag && uri) declared.set(tag, [...(declared.get(tag) ?? []), uri]);
    }
  }
  return declared;
}
