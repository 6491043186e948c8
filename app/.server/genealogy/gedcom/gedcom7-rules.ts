// Structure rules of FamilySearch GEDCOM 7.0 (https://gedcom.io/specifications/FamilySearchGEDCOMv7.html):
// which structures may appear where and how often, what their payloads must look like, and what pointers
// must point to. The table below follows the specification's structure organization (chapter 3); the type
// names are the specification's own (g7:INDI-NAME, g7:DATE-exact, ...) without the "g7:" prefix, so that
// each entry can be looked up there.
//
// Below an extension tag (_XYZ, or any tag HEAD.SCHMA documents) only the line syntax is checked: what an
// extension contains is defined by its author, not by the specification.
//
// Some rules are stated in the specification's prose rather than in its tables, and are checked too: every
// structure has a payload or substructures (chapter 1); a FAM's HUSB, WIFE and CHIL are mirrored by the
// individual's FAMS or FAMC; SOUR records form no pointer cycle with SNOTE or OBJE records; ALIA does not
// point to its own record; a note's TRAN has LANG or MIME; ADDR has a payload (all chapter 3).

export interface Violation {
  line: number;
  message: string;
}

type Card = "0:1" | "1:1" | "0:M" | "1:M";
type RecordTag = "FAM" | "INDI" | "OBJE" | "REPO" | "SNOTE" | "SOUR" | "SUBM";
type EnumSet = keyof typeof ENUMS;

/** Payload kinds, named after the specification's data types. */
type Payload =
  | "none"
  | "Y" // [Y|<NULL>] of events
  | "Text"
  | "Special"
  | "Integer"
  | "ListText"
  | "PersonalName"
  | "DateValue"
  | "DatePeriod"
  | "DateExact"
  | "Time"
  | "Age"
  | "Language"
  | "MediaType"
  | "FilePath"
  | "URI"
  | "TagDef"
  | "Latitude"
  | "Longitude"
  | "Version"
  | { ptr: RecordTag }
  | { enum: EnumSet }
  | { listEnum: EnumSet };

interface Structure {
  tag: string;
  payload: Payload;
  /** Substructure type → cardinality. */
  subs: Readonly<Record<string, Card>>;
  /** The data type allows an empty payload but the specification's text requires one (ADDR). */
  payloadRequired?: true;
  /** At least one of these substructures must be present (TRAN of notes: LANG or MIME). */
  oneOf?: readonly string[];
}

// ---------------------------------------------------------------------------------------------------------
// Enumerations

// prettier-ignore
const EVENTS = [
  "ADOP", "ANUL", "BAPM", "BARM", "BASM", "BIRT", "BLES", "BURI", "CENS", "CHR", "CHRA", "CONF", "CREM", "DEAT", "DIV", "DIVF",
  "EMIG", "ENGA", "FCOM", "GRAD", "IMMI", "MARB", "MARC", "MARL", "MARR", "MARS", "NATU", "ORDN", "PROB", "RETI", "WILL",
];
const ATTRIBUTES = ["CAST", "DSCR", "EDUC", "FACT", "IDNO", "NATI", "NCHI", "NMR", "OCCU", "PROP", "RELI", "RESI", "SSN", "TITL"];

// prettier-ignore
const ENUMS = {
  ADOP: ["HUSB", "WIFE", "BOTH"],
  EVEN: EVENTS,
  EVENATTR: [...EVENTS, ...ATTRIBUTES, "EVEN"],
  "FAMC-STAT": ["CHALLENGED", "DISPROVEN", "PROVEN"],
  MEDI: ["AUDIO", "BOOK", "CARD", "ELECTRONIC", "FICHE", "FILM", "MAGAZINE", "MANUSCRIPT", "MAP", "NEWSPAPER", "PHOTO", "TOMBSTONE", "VIDEO", "OTHER"],
  "NAME-TYPE": ["AKA", "BIRTH", "IMMIGRANT", "MAIDEN", "MARRIED", "PROFESSIONAL", "OTHER"],
  PEDI: ["ADOPTED", "BIRTH", "FOSTER", "SEALING", "OTHER"],
  QUAY: ["0", "1", "2", "3"],
  RESN: ["CONFIDENTIAL", "LOCKED", "PRIVACY"],
  ROLE: ["CHIL", "CLERGY", "FATH", "FRIEND", "GODP", "HUSB", "MOTH", "MULTIPLE", "NGHBR", "OFFICIATOR", "PARENT", "SPOU", "WIFE", "WITN", "OTHER"],
  SEX: ["M", "F", "X", "U"],
  "ord-STAT": ["BIC", "CANCELED", "CHILD", "COMPLETED", "EXCLUDED", "DNS", "DNS_CAN", "INFANT", "PRE_1970", "STILLBORN", "SUBMITTED", "UNCLEARED"],
  // GEDCOM 7.1 (see V71_TYPES)
  "NOTE-KIND": ["DATA", "REASONING", "RESEARCH", "SCOPE", "STORY", "TODO", "OTHER"],
  "BIRT-KIND": ["BORN_DEAD", "BORN_LIVE"],
} satisfies Record<string, readonly string[]>;

// ---------------------------------------------------------------------------------------------------------
// The structure table

const NOTES = { NOTE: "0:M", SNOTE: "0:M" } as const;
const CITATIONS = { SOUR: "0:M" } as const;
const MEDIA_LINKS = { OBJE: "0:M" } as const;
const IDENTIFIERS = { REFN: "0:M", UID: "0:M", EXID: "0:M" } as const;
const CONTACTS = { PHON: "0:M", EMAIL: "0:M", FAX: "0:M", WWW: "0:M" } as const;
const CHANGE = { CHAN: "0:1", CREA: "0:1" } as const;
const PHRASE = { PHRASE: "0:1" } as const;
// prettier-ignore
const EVENT_DETAIL = {
  DATE: "0:1", PLAC: "0:1", ADDR: "0:1", ...CONTACTS, AGNC: "0:1", RELI: "0:1", CAUS: "0:1", RESN: "0:1", SDATE: "0:1",
  ASSO: "0:M", ...NOTES, ...CITATIONS, ...MEDIA_LINKS, UID: "0:M",
} as const;
const INDI_EVENT_DETAIL = { ...EVENT_DETAIL, AGE: "0:1" } as const;
const FAM_EVENT_DETAIL = { HUSB: "0:1", WIFE: "0:1", ...EVENT_DETAIL } as const;
const ORDINANCE_DETAIL = { DATE: "0:1", TEMP: "0:1", PLAC: "0:1", "ord-STAT": "0:1", ...NOTES, ...CITATIONS } as const;
const NAME_PIECES = { NPFX: "0:M", GIVN: "0:M", NICK: "0:M", SPFX: "0:M", SURN: "0:M", NSFX: "0:M" } as const;

// Type name → tag for the events and attributes, whose entries differ only in tag, payload and TYPE.
// prettier-ignore
const INDI_EVENTS: Record<string, string> = {
  ADOP: "ADOP", BAPM: "BAPM", BARM: "BARM", BASM: "BASM", BIRT: "BIRT", BLES: "BLES", BURI: "BURI", "INDI-CENS": "CENS",
  CHR: "CHR", CHRA: "CHRA", CONF: "CONF", CREM: "CREM", DEAT: "DEAT", EMIG: "EMIG", FCOM: "FCOM", GRAD: "GRAD", IMMI: "IMMI",
  NATU: "NATU", ORDN: "ORDN", PROB: "PROB", RETI: "RETI", WILL: "WILL",
};
// prettier-ignore
const FAM_EVENTS: Record<string, string> = {
  ANUL: "ANUL", "FAM-CENS": "CENS", DIV: "DIV", DIVF: "DIVF", ENGA: "ENGA", MARB: "MARB", MARC: "MARC", MARL: "MARL", MARR: "MARR", MARS: "MARS",
};
// prettier-ignore
const INDI_ATTRIBUTES: Record<string, [tag: string, payload: Payload]> = {
  CAST: ["CAST", "Text"], DSCR: ["DSCR", "Text"], EDUC: ["EDUC", "Text"], IDNO: ["IDNO", "Special"], NATI: ["NATI", "Text"],
  "INDI-NCHI": ["NCHI", "Integer"], NMR: ["NMR", "Integer"], OCCU: ["OCCU", "Text"], PROP: ["PROP", "Text"],
  "INDI-RELI": ["RELI", "Text"], "INDI-RESI": ["RESI", "Text"], SSN: ["SSN", "Special"], "INDI-TITL": ["TITL", "Text"],
  "INDI-FACT": ["FACT", "Text"],
};
// prettier-ignore
const FAM_ATTRIBUTES: Record<string, [tag: string, payload: Payload]> = {
  "FAM-NCHI": ["NCHI", "Integer"], "FAM-RESI": ["RESI", "Text"], "FAM-FACT": ["FACT", "Text"],
};
const LDS_INDI_ORDINANCES = ["BAPL", "CONL", "ENDL", "INIL", "SLGC"];

const all = (types: Iterable<string>, card: Card) => Object.fromEntries([...types].map((t) => [t, card]));
const s = (tag: string, payload: Payload, subs: Record<string, Card> = {}, extra: Partial<Structure> = {}): Structure => ({
  tag,
  payload,
  subs,
  ...extra,
});

const TABLE: Record<string, Structure> = {
  // Pseudo-structures
  // prettier-ignore
  HEAD: s("HEAD", "none", {
    GEDC: "1:1", SCHMA: "0:1", "HEAD-SOUR": "0:1", DEST: "0:1", "HEAD-DATE": "0:1", SUBM: "0:1", COPR: "0:1",
    "HEAD-LANG": "0:1", "HEAD-PLAC": "0:1", NOTE: "0:1", SNOTE: "0:1",
  }),
  TRLR: s("TRLR", "none"),

  // Header
  GEDC: s("GEDC", "none", { "GEDC-VERS": "1:1" }),
  "GEDC-VERS": s("VERS", "Version"),
  SCHMA: s("SCHMA", "none", { TAG: "0:M" }),
  TAG: s("TAG", "TagDef"),
  "HEAD-SOUR": s("SOUR", "Special", { VERS: "0:1", NAME: "0:1", CORP: "0:1", "HEAD-SOUR-DATA": "0:1" }),
  VERS: s("VERS", "Special"),
  NAME: s("NAME", "Text"),
  CORP: s("CORP", "Text", { ADDR: "0:1", ...CONTACTS }),
  "HEAD-SOUR-DATA": s("DATA", "Text", { "DATE-exact": "0:1", COPR: "0:1" }),
  DEST: s("DEST", "Special"),
  "HEAD-DATE": s("DATE", "DateExact", { TIME: "0:1" }),
  COPR: s("COPR", "Text"),
  "HEAD-LANG": s("LANG", "Language"),
  "HEAD-PLAC": s("PLAC", "none", { "HEAD-PLAC-FORM": "1:1" }),
  "HEAD-PLAC-FORM": s("FORM", "ListText"),

  // Records
  // prettier-ignore
  "record-FAM": s("FAM", "none", {
    RESN: "0:1", ...all(Object.keys(FAM_ATTRIBUTES), "0:M"), ...all(Object.keys(FAM_EVENTS), "0:M"), "FAM-EVEN": "0:M", NO: "0:M",
    "FAM-HUSB": "0:1", "FAM-WIFE": "0:1", CHIL: "0:M", ASSO: "0:M", SUBM: "0:M", SLGS: "0:M",
    ...IDENTIFIERS, ...NOTES, ...CITATIONS, ...MEDIA_LINKS, ...CHANGE,
  }),
  // prettier-ignore
  "record-INDI": s("INDI", "none", {
    RESN: "0:1", "INDI-NAME": "0:M", SEX: "0:1", ...all(Object.keys(INDI_ATTRIBUTES), "0:M"), ...all(Object.keys(INDI_EVENTS), "0:M"),
    "INDI-EVEN": "0:M", NO: "0:M", ...all(LDS_INDI_ORDINANCES, "0:M"), "INDI-FAMC": "0:M", FAMS: "0:M", SUBM: "0:M", ASSO: "0:M",
    ALIA: "0:M", ANCI: "0:M", DESI: "0:M", ...IDENTIFIERS, ...NOTES, ...CITATIONS, ...MEDIA_LINKS, ...CHANGE,
  }),
  "record-OBJE": s("OBJE", "none", { RESN: "0:1", FILE: "1:M", ...IDENTIFIERS, ...NOTES, ...CITATIONS, ...CHANGE }),
  "record-REPO": s("REPO", "none", { NAME: "1:1", ADDR: "0:1", ...CONTACTS, ...NOTES, ...IDENTIFIERS, ...CHANGE }),
  "record-SNOTE": s("SNOTE", "Text", {
    MIME: "0:1",
    LANG: "0:1",
    "NOTE-TRAN": "0:M",
    ...CITATIONS,
    ...IDENTIFIERS,
    ...CHANGE,
  }),
  // prettier-ignore
  "record-SOUR": s("SOUR", "none", {
    DATA: "0:1", AUTH: "0:1", TITL: "0:1", ABBR: "0:1", PUBL: "0:1", TEXT: "0:1", REPO: "0:M",
    ...IDENTIFIERS, ...NOTES, ...MEDIA_LINKS, ...CHANGE,
  }),
  "record-SUBM": s("SUBM", "none", {
    NAME: "1:1",
    ADDR: "0:1",
    ...CONTACTS,
    ...MEDIA_LINKS,
    "SUBM-LANG": "0:M",
    ...IDENTIFIERS,
    ...NOTES,
    ...CHANGE,
  }),

  // Family
  "FAM-HUSB": s("HUSB", { ptr: "INDI" }, PHRASE),
  "FAM-WIFE": s("WIFE", { ptr: "INDI" }, PHRASE),
  CHIL: s("CHIL", { ptr: "INDI" }, PHRASE),
  HUSB: s("HUSB", "none", { AGE: "1:1" }),
  WIFE: s("WIFE", "none", { AGE: "1:1" }),
  ...Object.fromEntries(Object.entries(FAM_EVENTS).map(([type, tag]) => [type, s(tag, "Y", { TYPE: "0:1", ...FAM_EVENT_DETAIL })])),
  "FAM-EVEN": s("EVEN", "Text", { TYPE: "1:1", ...FAM_EVENT_DETAIL }),
  ...Object.fromEntries(
    Object.entries(FAM_ATTRIBUTES).map(([type, [tag, payload]]) => [
      type,
      s(tag, payload, { TYPE: tag === "FACT" ? "1:1" : "0:1", ...FAM_EVENT_DETAIL }),
    ]),
  ),
  SLGS: s("SLGS", "none", ORDINANCE_DETAIL),

  // Individual
  "INDI-NAME": s("NAME", "PersonalName", { "NAME-TYPE": "0:1", ...NAME_PIECES, "NAME-TRAN": "0:M", ...NOTES, ...CITATIONS }),
  "NAME-TYPE": s("TYPE", { enum: "NAME-TYPE" }, PHRASE),
  "NAME-TRAN": s("TRAN", "PersonalName", { LANG: "1:1", ...NAME_PIECES }),
  NPFX: s("NPFX", "Text"),
  GIVN: s("GIVN", "Text"),
  NICK: s("NICK", "Text"),
  SPFX: s("SPFX", "Text"),
  SURN: s("SURN", "Text"),
  NSFX: s("NSFX", "Text"),
  SEX: s("SEX", { enum: "SEX" }),
  ...Object.fromEntries(
    Object.entries(INDI_EVENTS).map(([type, tag]) => {
      const famc: Record<string, Card> =
        type === "ADOP" ? { "ADOP-FAMC": "0:1" } : type === "BIRT" || type === "CHR" ? { FAMC: "0:1" } : {};
      return [type, s(tag, "Y", { TYPE: "0:1", ...INDI_EVENT_DETAIL, ...famc })];
    }),
  ),
  "INDI-EVEN": s("EVEN", "Text", { TYPE: "1:1", ...INDI_EVENT_DETAIL }),
  ...Object.fromEntries(
    Object.entries(INDI_ATTRIBUTES).map(([type, [tag, payload]]) => [
      type,
      s(tag, payload, { TYPE: tag === "FACT" || tag === "IDNO" ? "1:1" : "0:1", ...INDI_EVENT_DETAIL }),
    ]),
  ),
  "ADOP-FAMC": s("FAMC", { ptr: "FAM" }, { "FAMC-ADOP": "0:1" }),
  "FAMC-ADOP": s("ADOP", { enum: "ADOP" }, PHRASE),
  FAMC: s("FAMC", { ptr: "FAM" }),
  ...Object.fromEntries(
    LDS_INDI_ORDINANCES.map((tag) => [tag, s(tag, "none", tag === "SLGC" ? { ...ORDINANCE_DETAIL, FAMC: "1:1" } : ORDINANCE_DETAIL)]),
  ),
  TEMP: s("TEMP", "Text"),
  "ord-STAT": s("STAT", { enum: "ord-STAT" }, { "DATE-exact": "1:1" }),
  "INDI-FAMC": s("FAMC", { ptr: "FAM" }, { PEDI: "0:1", "FAMC-STAT": "0:1", ...NOTES }),
  PEDI: s("PEDI", { enum: "PEDI" }, PHRASE),
  "FAMC-STAT": s("STAT", { enum: "FAMC-STAT" }, PHRASE),
  FAMS: s("FAMS", { ptr: "FAM" }, NOTES),
  ALIA: s("ALIA", { ptr: "INDI" }, PHRASE),
  ANCI: s("ANCI", { ptr: "SUBM" }),
  DESI: s("DESI", { ptr: "SUBM" }),
  SUBM: s("SUBM", { ptr: "SUBM" }),

  // Event details
  TYPE: s("TYPE", "Text"),
  DATE: s("DATE", "DateValue", { TIME: "0:1", PHRASE: "0:1" }),
  SDATE: s("SDATE", "DateValue", { TIME: "0:1", PHRASE: "0:1" }),
  TIME: s("TIME", "Time"),
  PHRASE: s("PHRASE", "Text"),
  AGE: s("AGE", "Age", PHRASE),
  AGNC: s("AGNC", "Text"),
  RELI: s("RELI", "Text"),
  CAUS: s("CAUS", "Text"),
  RESN: s("RESN", { listEnum: "RESN" }),
  ASSO: s("ASSO", { ptr: "INDI" }, { PHRASE: "0:1", ROLE: "1:1", ...NOTES, ...CITATIONS }),
  ROLE: s("ROLE", { enum: "ROLE" }, PHRASE),
  NO: s("NO", { enum: "EVEN" }, { "NO-DATE": "0:1", ...NOTES, ...CITATIONS }),
  "NO-DATE": s("DATE", "DatePeriod", PHRASE),
  UID: s("UID", "Special"),
  REFN: s("REFN", "Special", { TYPE: "0:1" }),
  EXID: s("EXID", "Special", { "EXID-TYPE": "0:1" }),
  "EXID-TYPE": s("TYPE", "URI"),

  // Places and addresses
  PLAC: s("PLAC", "ListText", { "PLAC-FORM": "0:1", LANG: "0:1", "PLAC-TRAN": "0:M", MAP: "0:1", EXID: "0:M", ...NOTES }),
  "PLAC-FORM": s("FORM", "ListText"),
  "PLAC-TRAN": s("TRAN", "ListText", { LANG: "1:1" }),
  MAP: s("MAP", "none", { LATI: "1:1", LONG: "1:1" }),
  LATI: s("LATI", "Latitude"),
  LONG: s("LONG", "Longitude"),
  // The ADDR payload is required even when it repeats the substructures (chapter 3, ADDRESS_STRUCTURE).
  ADDR: s(
    "ADDR",
    "Special",
    { ADR1: "0:1", ADR2: "0:1", ADR3: "0:1", CITY: "0:1", STAE: "0:1", POST: "0:1", CTRY: "0:1" },
    { payloadRequired: true },
  ),
  ...Object.fromEntries(
    ["ADR1", "ADR2", "ADR3", "CITY", "STAE", "POST", "CTRY", "PHON", "EMAIL", "FAX", "WWW"].map((t) => [t, s(t, "Special")]),
  ),

  // Notes, languages, media types
  NOTE: s("NOTE", "Text", { MIME: "0:1", LANG: "0:1", "NOTE-TRAN": "0:M", ...CITATIONS }),
  "NOTE-TRAN": s("TRAN", "Text", { MIME: "0:1", LANG: "0:1" }, { oneOf: ["LANG", "MIME"] }),
  SNOTE: s("SNOTE", { ptr: "SNOTE" }),
  MIME: s("MIME", "MediaType"),
  LANG: s("LANG", "Language"),
  "SUBM-LANG": s("LANG", "Language"),

  // Sources and repositories
  SOUR: s("SOUR", { ptr: "SOUR" }, { PAGE: "0:1", "SOUR-DATA": "0:1", "SOUR-EVEN": "0:1", QUAY: "0:1", ...MEDIA_LINKS, ...NOTES }),
  PAGE: s("PAGE", "Text"),
  "SOUR-DATA": s("DATA", "none", { DATE: "0:1", TEXT: "0:M" }),
  TEXT: s("TEXT", "Text", { MIME: "0:1", LANG: "0:1" }),
  "SOUR-EVEN": s("EVEN", { enum: "EVENATTR" }, { PHRASE: "0:1", ROLE: "0:1" }),
  QUAY: s("QUAY", { enum: "QUAY" }),
  DATA: s("DATA", "none", { "DATA-EVEN": "0:M", AGNC: "0:1", ...NOTES }),
  "DATA-EVEN": s("EVEN", { listEnum: "EVENATTR" }, { "DATA-EVEN-DATE": "0:1", PLAC: "0:1" }),
  "DATA-EVEN-DATE": s("DATE", "DatePeriod", PHRASE),
  AUTH: s("AUTH", "Text"),
  TITL: s("TITL", "Text"),
  ABBR: s("ABBR", "Text"),
  PUBL: s("PUBL", "Text"),
  REPO: s("REPO", { ptr: "REPO" }, { ...NOTES, CALN: "0:M" }),
  CALN: s("CALN", "Special", { MEDI: "0:1" }),
  MEDI: s("MEDI", { enum: "MEDI" }, PHRASE),

  // Multimedia
  FILE: s("FILE", "FilePath", { FORM: "1:1", TITL: "0:1", "FILE-TRAN": "0:M" }),
  FORM: s("FORM", "MediaType", { MEDI: "0:1" }),
  "FILE-TRAN": s("TRAN", "FilePath", { FORM: "1:1" }),
  OBJE: s("OBJE", { ptr: "OBJE" }, { CROP: "0:1", TITL: "0:1" }),
  CROP: s("CROP", "none", { TOP: "0:1", LEFT: "0:1", HEIGHT: "0:1", WIDTH: "0:1" }),
  ...Object.fromEntries(["TOP", "LEFT", "HEIGHT", "WIDTH"].map((t) => [t, s(t, "Integer")])),

  // Changes
  CHAN: s("CHAN", "none", { "DATE-exact": "1:1", ...NOTES }),
  CREA: s("CREA", "none", { "DATE-exact": "1:1" }),
  "DATE-exact": s("DATE", "DateExact", { TIME: "0:1" }),
};

// GEDCOM 7.1 additions, applied when HEAD.GEDC.VERS is 7.1 or later. Taken from the v7.1 branch of
// github.com/FamilySearch/GEDCOM (HEAD.TITL/DESC, KIND, RESN in more records, several HEAD notes).
const V71_TYPES: Record<string, Structure> = {
  "HEAD-TITL": s("TITL", "Text", { LANG: "0:1", "TEXT-TRAN": "0:M" }),
  "HEAD-DESC": s("DESC", "Text", { LANG: "0:1", "TEXT-TRAN": "0:M" }),
  "TEXT-TRAN": s("TRAN", "Text", { LANG: "1:1" }),
  "NOTE-KIND": s("KIND", { enum: "NOTE-KIND" }, PHRASE),
  "BIRT-KIND": s("KIND", { enum: "BIRT-KIND" }),
};
const V71_SUBS: Record<string, Record<string, Card>> = {
  HEAD: { "HEAD-TITL": "0:1", "HEAD-DESC": "0:1", NOTE: "0:M", SNOTE: "0:M" },
  "record-REPO": { RESN: "0:1" },
  "record-SNOTE": { RESN: "0:1", "NOTE-KIND": "0:M" },
  "record-SOUR": { RESN: "0:1" },
  "record-SUBM": { RESN: "0:1" },
  NOTE: { "NOTE-KIND": "0:M" },
  BIRT: { "BIRT-KIND": "0:M" },
};

// prettier-ignore
const RECORD_TYPES: Record<string, string> = {
  FAM: "record-FAM", INDI: "record-INDI", OBJE: "record-OBJE", REPO: "record-REPO", SNOTE: "record-SNOTE", SOUR: "record-SOUR", SUBM: "record-SUBM",
};

/** The 7.0 structure table, for tests and tools that want to look at it. */
export const STRUCTURES: Readonly<Record<string, Structure>> = TABLE;

interface Schema {
  /** Structure type → (tag → [type, cardinality]). */
  byTag: Map<string, Map<string, [type: string, card: Card]>>;
  /** Structure type → its required substructure types. */
  required: Map<string, string[]>;
  types: Record<string, Structure>;
}

function buildSchema(types: Record<string, Structure>, extraSubs: Record<string, Record<string, Card>> = {}): Schema {
  const byTag = new Map<string, Map<string, [string, Card]>>();
  const required = new Map<string, string[]>();
  for (const [type, def] of Object.entries(types)) {
    const tags = new Map<string, [string, Card]>();
    for (const [sub, card] of Object.entries({ ...def.subs, ...extraSubs[type] })) {
      const subDef = types[sub];
      // A typo in the table would silently allow or forbid a tag: fail loudly instead.
      if (!subDef) throw new Error(`gedcom7-rules: ${type} names unknown substructure type ${sub}`);
      if (tags.has(subDef.tag)) throw new Error(`gedcom7-rules: ${type} has two substructures tagged ${subDef.tag}`);
      tags.set(subDef.tag, [sub, card]);
    }
    byTag.set(type, tags);
    required.set(
      type,
      [...tags.values()].filter(([, card]) => card.startsWith("1")).map(([sub]) => sub),
    );
  }
  return { byTag, required, types };
}

const SCHEMA_70 = buildSchema(TABLE);
const SCHEMA_71 = buildSchema({ ...TABLE, ...V71_TYPES }, V71_SUBS);

/** Tags of GEDCOM 5.5/5.5.1 that 7.0 removed, to say why a line is rejected. */
const REMOVED_TAGS: Record<string, string> = {
  CONC: "CONC does not exist in GEDCOM 7.0: long lines are not split, and line breaks use CONT",
  CHAR: "CHAR was removed in GEDCOM 7.0, which is always UTF-8",
  SUBN: "SUBN (submission record) was removed in GEDCOM 7.0",
  RFN: "RFN (record file number) was removed in GEDCOM 7.0; use EXID or REFN",
  AFN: "AFN (ancestral file number) was removed in GEDCOM 7.0; use EXID",
  RIN: "RIN (automated record id) was removed in GEDCOM 7.0; use EXID or UID",
  BLOB: "BLOB (embedded media) was removed in GEDCOM 7.0; use FILE",
  FAMF: "FAMF was part of the SUBN record, which GEDCOM 7.0 removed",
  ORDI: "ORDI was part of the SUBN record, which GEDCOM 7.0 removed",
  ROMN: "ROMN was removed in GEDCOM 7.0; use TRAN with LANG",
  FONE: "FONE was removed in GEDCOM 7.0; use TRAN with LANG",
};

// ---------------------------------------------------------------------------------------------------------
// Payload syntax (chapter 2 of the specification)

const STD_TAG = /^[A-Z][A-Z0-9_]*$/;
const EXT_TAG = /^_[A-Z0-9_]+$/;
const INTEGER = /^[0-9]+$/;
const POINTER = /^@[A-Z0-9_]+@$/;
const VOID = "@VOID@";
const G7 = "https://gedcom.io/terms/v7/";

const TIME = /^(?:[01]?[0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\.[0-9]+)?)?Z?$/;
const AGE =
  /^(?:(?:[<>] )?(?:[0-9]+y(?: [0-9]+m)?(?: [0-9]+w)?(?: [0-9]+d)?|[0-9]+m(?: [0-9]+w)?(?: [0-9]+d)?|[0-9]+w(?: [0-9]+d)?|[0-9]+d))?$/;
const LATITUDE = /^[NS](?:90|[0-8]?[0-9])(?:\.[0-9]+)?$/;
const LONGITUDE = /^[EW](?:180|1[0-7][0-9]|0?[0-9]?[0-9])(?:\.[0-9]+)?$/;
const PERSONAL_NAME = /^(?:[^/\t]+|[^/\t]*\/[^/\t]*\/[^/\t]*)$/;
const VERSION = /^[0-9]+\.[0-9]+(?:\.[0-9]+)?$/;

// BCP 47 Language-Tag (RFC 5646 section 2.1), shape only: subtags are not looked up in the IANA registry.
const LANGUAGE = (() => {
  const langtag =
    "(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})" + // language, extlang
    "(?:-[a-z]{4})?" + // script
    "(?:-(?:[a-z]{2}|[0-9]{3}))?" + // region
    "(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*" + // variants
    "(?:-[0-9a-wyz](?:-[a-z0-9]{2,8})+)*" + // extensions
    "(?:-x(?:-[a-z0-9]{1,8})+)?"; // private use
  const irregular =
    "en-gb-oed|i-ami|i-bnn|i-default|i-enochian|i-hak|i-klingon|i-lux|i-mingo|i-navajo|i-pwn|i-tao|i-tay|i-tsu|sgn-be-fr|sgn-be-nl|sgn-ch-de";
  return new RegExp(`^(?:${langtag}|x(?:-[a-z0-9]{1,8})+|${irregular})$`, "i");
})();

// RFC 2045 type/subtype tokens with RFC 9110 parameters (which allow spaces around ";").
const MEDIA_TYPE = (() => {
  const token2045 = "[!#$%&'*+\\-.0-9A-Z^_`a-z{|}~]+";
  const tchar = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
  const parameter = `${tchar}=(?:${tchar}|"(?:[^"\\\\]|\\\\.)*")`;
  return new RegExp(`^${token2045}/${token2045}(?:[ \\t]*;[ \\t]*(?:${parameter})?)*$`);
})();

// RFC 3986 URI-reference, by its characters: unreserved, reserved and well-formed percent escapes.
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
// WHATWG "valid URL string", by its characters: URL code points (any non-ASCII) and percent escapes.
// oxlint-disable-next-line no-control-regex -- the range of every ASCII code is the point: what is outside it is allowed.
const URL_STRING = /^(?:[A-Za-z0-9!$&'()*+,\-./:;=?@_~#[\]]|[^\x00-\x7F]|%[0-9A-Fa-f]{2})*$/;

function filePathError(path: string): string | undefined {
  if (!URL_STRING.test(path)) return 'is not a valid URL string (spaces and characters such as \\ < > " must be percent-encoded)';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(path);
  if (scheme) {
    return ["ftp", "http", "https", "file"].includes(scheme[1].toLowerCase())
      ? undefined
      : `uses the URL scheme "${scheme[1]}"; GEDCOM 7.0 supports only ftp, http, https and file`;
  }
  // A URL without a scheme is a local file, with extra restrictions.
  if (path.startsWith("/")) return "is a local file path starting with /; use a relative path or a file: URL";
  if (path.split("/").includes("..")) return 'is a local file path containing a ".." segment';
  if (/%5c/i.test(path)) return "is a local file path containing a backslash";
  if (/[?#]/.test(path)) return "is a local file path with a query or fragment";
  return undefined;
}

// Dates ------------------------------------------------------------------------------------------------

const GREGORIAN_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
// maxDay is the longest month of the calendar, not of each month: the specification's own test files
// (date.ged) use days such as 31 NOV and 23 COMP, so only days no month of the calendar has are rejected.
const CALENDARS: Record<string, { months: string[]; maxDay: number; epochs: string[] }> = {
  GREGORIAN: { months: GREGORIAN_MONTHS, maxDay: 31, epochs: ["BCE"] },
  JULIAN: { months: GREGORIAN_MONTHS, maxDay: 31, epochs: ["BCE"] },
  FRENCH_R: {
    months: ["VEND", "BRUM", "FRIM", "NIVO", "PLUV", "VENT", "GERM", "FLOR", "PRAI", "MESS", "THER", "FRUC", "COMP"],
    maxDay: 30,
    epochs: [],
  },
  HEBREW: { months: ["TSH", "CSH", "KSL", "TVT", "SHV", "ADR", "ADS", "NSN", "IYR", "SVN", "TMZ", "AAV", "ELL"], maxDay: 30, epochs: [] },
};
const ALL_STANDARD_MONTHS = new Set(Object.values(CALENDARS).flatMap((c) => c.months));
const DATE_RESTRICT = new Set(["FROM", "TO", "BET", "AND", "BEF", "AFT", "ABT", "CAL", "EST"]);

/** Documented extension tags (HEAD.SCHMA.TAG): tag → URIs. */
type TagUris = Map<string, string[]>;

/** The standard name an extension tag stands for, when HEAD.SCHMA maps it to `${G7}${prefix}NAME`. */
function standardAlias(tag: string, prefix: string, uris: TagUris): string | undefined {
  for (const uri of uris.get(tag) ?? []) if (uri.startsWith(G7 + prefix)) return uri.slice(G7.length + prefix.length);
  return undefined;
}

/** Checks the `date` production; returns why it is invalid, or undefined. */
function singleDateError(words: string[], uris: TagUris): string | undefined {
  if (words.length === 0) return "a date is missing";
  const misplaced = words.find((w) => DATE_RESTRICT.has(w));
  if (misplaced) return `"${misplaced}" is misplaced`;
  if (words.some((w) => /^[0-9]+\/[0-9]+$/.test(w)))
    return "dual years such as 1699/00 are not allowed in GEDCOM 7.0; put them in a PHRASE";

  // [calendar] [[day] month] year [epoch]
  const rest = [...words];
  let calendar = "GREGORIAN";
  let extensionCalendar = false;
  if (CALENDARS[rest[0]]) calendar = rest.shift()!;
  else if (EXT_TAG.test(rest[0])) {
    const alias = standardAlias(rest.shift()!, "cal-", uris);
    if (alias && CALENDARS[alias]) calendar = alias;
    else extensionCalendar = true;
  }
  const epoch = rest.length > 0 && !INTEGER.test(rest[rest.length - 1]) ? rest.pop() : undefined;
  const year = rest.pop();
  const month = rest.pop();
  const day = rest.pop();
  if (year === undefined || !INTEGER.test(year)) return "a year is missing";
  if (rest.length > 0) return `expected [calendar] [[day] month] year [epoch], not "${words.join(" ")}"`;
  if (day !== undefined && !INTEGER.test(day)) return `"${day}" is not a day`;
  if (month !== undefined && !STD_TAG.test(month) && !EXT_TAG.test(month)) return `"${month}" is not a valid month`;
  if (epoch !== undefined && !STD_TAG.test(epoch) && !EXT_TAG.test(epoch)) return `"${epoch}" is not a valid epoch`;

  if (extensionCalendar) {
    if (month !== undefined && STD_TAG.test(month) && !ALL_STANDARD_MONTHS.has(month)) return `"${month}" is not a month of any calendar`;
    if (epoch !== undefined && epoch !== "BCE" && !EXT_TAG.test(epoch)) return `"${epoch}" is not a valid epoch`;
    if (day !== undefined && Number(day) < 1) return `day ${day} is out of range`;
    return undefined;
  }
  const { months, maxDay, epochs } = CALENDARS[calendar];
  if (month !== undefined) {
    // Extension months are allowed in a standard calendar only as documented aliases of its own months.
    const name = EXT_TAG.test(month) ? standardAlias(month, "month-", uris) : month;
    if (name === undefined || !months.includes(name)) return `"${month}" is not a month of the ${calendar} calendar`;
  }
  if (day !== undefined && (Number(day) < 1 || Number(day) > maxDay)) return `day ${day} is out of range for the ${calendar} calendar`;
  if (epoch !== undefined && !epochs.includes(epoch)) {
    return epochs.length ? `"${epoch}" is not an epoch of the ${calendar} calendar (only BCE)` : `the ${calendar} calendar has no epochs`;
  }
  return undefined;
}

function dateError(value: string, kind: "DateValue" | "DatePeriod" | "DateExact", uris: TagUris): string | undefined {
  if (value === "") return kind === "DateExact" ? "an exact date is required" : undefined;
  const words = value.split(" ");
  if (words.includes("")) return "words must be separated by single spaces";
  if (kind === "DateExact") {
    const [day, month, year] = words;
    if (words.length !== 3 || !INTEGER.test(day) || !GREGORIAN_MONTHS.includes(month) || !INTEGER.test(year)) {
      return "an exact date is day, month and year in the Gregorian calendar, such as 7 MAR 2022";
    }
    return Number(day) < 1 || Number(day) > 31 ? `day ${day} is out of range` : undefined;
  }
  if (words.includes("INT") || /[()]/.test(value))
    return "date phrases (INT, parentheses) are not allowed in GEDCOM 7.0; use a PHRASE substructure";
  const [first] = words;
  if (first === "FROM") {
    const to = words.indexOf("TO");
    return to < 0
      ? singleDateError(words.slice(1), uris)
      : (singleDateError(words.slice(1, to), uris) ?? singleDateError(words.slice(to + 1), uris));
  }
  if (first === "TO") return singleDateError(words.slice(1), uris);
  if (kind === "DatePeriod") return "a date period is FROM date, TO date, or FROM date TO date";
  if (first === "BET") {
    const and = words.indexOf("AND");
    if (and < 0) return "BET needs AND";
    return singleDateError(words.slice(1, and), uris) ?? singleDateError(words.slice(and + 1), uris);
  }
  if (first === "AND") return "AND needs BET before it";
  if (["AFT", "BEF", "ABT", "CAL", "EST"].includes(first)) return singleDateError(words.slice(1), uris);
  return singleDateError(words, uris);
}

// ---------------------------------------------------------------------------------------------------------
// Lines and the structure tree (chapter 1)

interface Line {
  line: number;
  level: number;
  xref?: string;
  tag: string;
  /** Text payload, with a leading @@ unescaped; undefined when there is no line value or it is a pointer. */
  text?: string;
  pointer?: string;
  /** The line could only be read loosely (bad tag, spacing, ...): already reported, not checked further. */
  malformed?: true;
  children: Line[];
  conts: Line[];
}

const STRICT_LINE = /^(0|[1-9][0-9]*) (?:(@[A-Z0-9_]+@) )?([A-Z][A-Z0-9_]*|_[A-Z0-9_]+)(?: (.+))?$/s;
const LOOSE_LINE = /^ *([0-9]+) +(?:(@[^ ]*@) +)?([^ ]+)(?: (.*))?$/s;
// C0 controls other than tab, LF and CR; DEL; C1; unpaired surrogates; U+FFFE and U+FFFF.
// oxlint-disable-next-line no-control-regex -- finding control characters is what this pattern is for.
const BANNED = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function parseLines(text: string, report: (line: number, message: string) => void): { records: Line[]; lineCount: number } {
  const raw = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  if (raw[raw.length - 1] === "") raw.pop(); // the terminator of the last line, or an empty file
  const records: Line[] = [];
  const stack: Line[] = [];
  raw.forEach((rawLine, index) => {
    const line = index + 1;
    if (BANNED.test(rawLine)) report(line, "The line contains a control or other character that GEDCOM 7.0 forbids");
    if (rawLine === "") return report(line, "Empty line: every line needs a level and a tag");
    const strict = STRICT_LINE.exec(rawLine);
    const m = strict ?? LOOSE_LINE.exec(rawLine);
    if (!m) return report(line, `Not a GEDCOM line (expected "level [@XREF@] TAG [value]"): ${JSON.stringify(rawLine.slice(0, 60))}`);
    const [, levelText, xref, tag, value] = m;
    if (!strict) {
      if (/^0[0-9]/.test(levelText)) report(line, `Level "${levelText}" must not have leading zeros`);
      else if (/^ | {2}/.test(rawLine.slice(0, rawLine.length - (value?.length ?? 0))))
        report(line, "Parts of a line must be separated by exactly one space");
      else if (xref !== undefined && !POINTER.test(xref))
        report(line, `Invalid cross-reference identifier ${xref}: only A-Z, 0-9 and _ between the @ signs`);
      else if (!STD_TAG.test(tag) && !EXT_TAG.test(tag)) report(line, `Invalid tag "${tag}": tags are uppercase letters, digits and _`);
      else if (value === "") report(line, "A line without a value must not end with a space");
      else report(line, "Malformed line");
    }
    const node: Line = { line, level: Number(levelText), xref, tag, children: [], conts: [] };
    if (!strict) node.malformed = true;
    if (value !== undefined && value !== "") {
      if (value.startsWith("@@")) node.text = value.slice(1);
      else if (value.startsWith("@")) {
        if (POINTER.test(value)) node.pointer = value;
        else
          report(
            line,
            `The value ${JSON.stringify(value.slice(0, 40))} starts with @ but is not a pointer such as @I1@; a leading @ in text is written @@`,
          );
      } else node.text = value;
    }

    while (stack.length > 0 && stack[stack.length - 1].level >= node.level) stack.pop();
    if (node.level === 0) {
      records.push(node);
    } else {
      const parent = stack[stack.length - 1];
      if (!parent) return report(line, `Level ${node.level} line without a level 0 record above it`);
      if (node.level > parent.level + 1)
        report(line, `Level jumps from ${parent.level} to ${node.level}; levels may increase by one at a time`);
      if (node.xref !== undefined)
        report(line, `Only records (level 0) may have a cross-reference identifier; ${node.xref} is on a level ${node.level} line`);
      if (tag === "CONT") {
        if (parent.tag === "CONT") report(line, "CONT cannot have substructures");
        else if (parent.children.length > 0) report(line, "CONT must come right after the line it continues, before any substructure");
        if (node.pointer !== undefined) report(line, "CONT continues text; it cannot hold a pointer");
        parent.conts.push(node);
      } else {
        if (parent.tag === "CONT") report(line, "CONT cannot have substructures");
        parent.children.push(node);
      }
    }
    stack.push(node);
  });
  return { records, lineCount: raw.length };
}

const hasPayload = (node: Line) => node.text !== undefined || node.pointer !== undefined || node.conts.length > 0;
const payloadText = (node: Line) => [node.text ?? "", ...node.conts.map((c) => c.text ?? "")].join("\n");

// ---------------------------------------------------------------------------------------------------------
// Validation

interface Context {
  schema: Schema;
  uris: TagUris;
  /** Tags to treat as extensions: those starting with _ and any tag HEAD.SCHMA documents. */
  extensionTags: Set<string>;
  /** Record cross-reference identifier → record type (FAM, INDI, ...) or the extension tag it has. */
  records: Map<string, string>;
  report: (line: number, message: string) => void;
  /** Pointers between records (from record, its tag, structure type, target), checked once the whole file has been seen. */
  links: { from: string; fromType: string; type: string; to: string; line: number }[];
}

const isExtension = (tag: string, ctx: Context) => tag.startsWith("_") || ctx.extensionTags.has(tag);

export function validateGedcom7(text: string): Violation[] {
  const violations: Violation[] = [];
  const report = (line: number, message: string) => violations.push({ line, message });
  const { records, lineCount } = parseLines(text, report);

  // Header and trailer first: the header says which version and which extension tags apply.
  const head = records[0]?.tag === "HEAD" ? records[0] : undefined;
  if (!head) report(records[0]?.line ?? 1, "The first line of a GEDCOM file must be 0 HEAD");
  const trlrIndex = records.findIndex((r) => r.tag === "TRLR");
  if (trlrIndex < 0) report(Math.max(1, lineCount), "The file must end with 0 TRLR");
  else if (trlrIndex < records.length - 1) report(records[trlrIndex + 1].line, "Nothing may follow 0 TRLR");

  const vers = head?.children.find((c) => c.tag === "GEDC")?.children.find((c) => c.tag === "VERS");
  const version = vers?.text;
  if (vers && version !== undefined && VERSION.test(version) && !version.startsWith("7.")) {
    report(vers.line, `This is GEDCOM ${version}, not 7.x: HEAD.GEDC.VERS must start with 7`);
  }
  const minor = version && /^7\.([0-9]+)/.exec(version);
  const schema = minor && Number(minor[1]) >= 1 ? SCHEMA_71 : SCHEMA_70;

  const uris: TagUris = new Map();
  const extensionTags = new Set<string>();
  const schma = head?.children.find((c) => c.tag === "SCHMA");
  for (const def of schma?.children.filter((c) => c.tag === "TAG") ?? []) {
    const [tag, uri] = (def.text ?? "").split(" ");
    if (tag && uri) {
      uris.set(tag, [...(uris.get(tag) ?? []), uri]);
      extensionTags.add(tag);
    }
  }

  const ctx: Context = { schema, uris, extensionTags, records: new Map(), report, links: [] };
  for (const record of records) {
    if (!record.xref) continue;
    if (record.xref === VOID) report(record.line, "@VOID@ is the null pointer and cannot be a cross-reference identifier");
    else if (ctx.records.has(record.xref))
      report(record.line, `Cross-reference identifier ${record.xref} is already used by another record`);
    else {
      const aliased = isExtension(record.tag, ctx) ? standardAlias(record.tag, "record-", uris) : undefined;
      ctx.records.set(record.xref, aliased && RECORD_TYPES[aliased] ? aliased : record.tag);
    }
  }

  records.forEach((record, index) => {
    if (record.malformed) return;
    if (record.tag === "HEAD" || record.tag === "TRLR") {
      if (record.tag === "HEAD" && index > 0) return report(record.line, "Only one HEAD is allowed, and it must come first");
      if (record.xref) report(record.line, `${record.tag} cannot have a cross-reference identifier`);
      return checkStructure(record, record.tag, record.tag, ctx, undefined);
    }
    if (isExtension(record.tag, ctx)) return checkPointerTarget(record, ctx);
    const type = RECORD_TYPES[record.tag];
    if (!type) {
      const why = REMOVED_TAGS[record.tag] ?? (record.tag === "NOTE" ? "shared notes are SNOTE records in GEDCOM 7.0" : undefined);
      return report(record.line, `${record.tag} is not a GEDCOM 7.0 record type${why ? ` (${why})` : ""}`);
    }
    checkStructure(record, type, record.tag, ctx, record);
  });

  checkLinks(ctx);
  return violations.sort((a, b) => a.line - b.line);
}

/** Checks a standard structure of known type and everything below it. */
function checkStructure(node: Line, type: string, path: string, ctx: Context, record: Line | undefined): void {
  const def = ctx.schema.types[type];
  const { report } = ctx;
  const problems = checkPayload(node, type, path, ctx, record);

  const allowed = ctx.schema.byTag.get(type)!;
  const seen = new Set<string>();
  for (const child of node.children) {
    if (child.malformed) continue;
    if (isExtension(child.tag, ctx)) {
      checkPointerTarget(child, ctx);
      continue;
    }
    const sub = allowed.get(child.tag);
    if (!sub) {
      const why = REMOVED_TAGS[child.tag];
      report(child.line, `${child.tag} is not allowed under ${path}${why ? ` (${why})` : ""}`);
      continue;
    }
    const [subType, card] = sub;
    if (seen.has(subType) && card.endsWith(":1")) report(child.line, `${path} may have only one ${child.tag}; this is a second one`);
    seen.add(subType);
    checkStructure(child, subType, `${path}.${child.tag}`, ctx, record);
  }

  let missing = false;
  for (const sub of ctx.schema.required.get(type)!) {
    if (seen.has(sub)) continue;
    report(node.line, `${path} is missing its required ${ctx.schema.types[sub].tag} substructure`);
    missing = true;
  }
  if (def.oneOf && !def.oneOf.some((t) => node.children.some((c) => c.tag === t))) {
    report(node.line, `${path} must have a ${def.oneOf.join(" or a ")} substructure`);
    missing = true;
  }
  // Chapter 1: every structure has a payload or substructures (HEAD and TRLR are pseudo-structures).
  if (!problems && !missing && type !== "HEAD" && type !== "TRLR" && !hasPayload(node) && node.children.length === 0) {
    report(node.line, `${path} is empty: a structure needs a payload or substructures`);
  }
}

/** Checks the payload against the structure's payload type; returns true if something was reported. */
function checkPayload(node: Line, type: string, path: string, ctx: Context, record: Line | undefined): boolean {
  const { report } = ctx;
  const def = ctx.schema.types[type];
  const kind = def.payload;
  const fail = (line: number, message: string) => (report(line, message), true);

  if (kind === "none") {
    if (node.text !== undefined || node.pointer !== undefined) return fail(node.line, `${path} must not have a payload`);
    if (node.conts.length > 0) return fail(node.conts[0].line, `CONT only continues a payload, and ${path} has none`);
    return false;
  }
  if (typeof kind === "object" && "ptr" in kind) {
    if (node.conts.length > 0) return fail(node.conts[0].line, `CONT only continues text, and ${path} holds a pointer`);
    if (node.pointer === undefined) {
      return fail(node.line, `${path} must point to ${an(kind.ptr)} record (or be @VOID@)${hasPayload(node) ? ", not hold text" : ""}`);
    }
    if (node.pointer === VOID) return false;
    const target = ctx.records.get(node.pointer);
    if (target === undefined) return fail(node.line, `${path} points to ${node.pointer}, which is not defined in the file`);
    if (target !== kind.ptr) return fail(node.line, `${path} must point to ${an(kind.ptr)} record, but ${node.pointer} is ${an(target)}`);
    if (record?.xref) ctx.links.push({ from: record.xref, fromType: record.tag, type, to: node.pointer, line: node.line });
    if (def.tag === "ALIA" && node.pointer === record?.xref) return fail(node.line, `${path} points to its own record`);
    return false;
  }
  if (node.pointer !== undefined) {
    const hint = def.tag === "NOTE" ? " (a shared note is linked with SNOTE, not NOTE)" : "";
    return fail(node.line, `${path} holds ${describe(kind)}, not a pointer${hint}`);
  }
  const multiLine = kind === "Text" || kind === "Special" || kind === "ListText";
  if (!multiLine && node.conts.length > 0)
    return fail(node.conts[0].line, `${path} holds ${describe(kind)}, which cannot continue on CONT lines`);

  const value = payloadText(node);
  if (value === "") {
    const optional = ["Y", "Text", "Special", "ListText", "DateValue", "DatePeriod", "Age", "FilePath", "URI"].includes(kind as string);
    return optional && !def.payloadRequired ? false : fail(node.line, `${path} requires a payload (${describe(kind)})`);
  }
  const error = payloadError(kind, value, ctx.uris);
  return error ? fail(node.line, `${path} ${JSON.stringify(value)}: ${error}`) : false;
}

function payloadError(kind: Exclude<Payload, "none" | { ptr: RecordTag }>, value: string, uris: TagUris): string | undefined {
  if (typeof kind === "object") {
    const allowed: readonly string[] = ENUMS["enum" in kind ? kind.enum : kind.listEnum];
    const items = "enum" in kind ? [value] : value.split(/ *, */);
    const bad = items.find((item) => !allowed.includes(item) && !EXT_TAG.test(item));
    return bad === undefined ? undefined : `"${bad}" is not one of ${allowed.join(", ")} (or an extension value starting with _)`;
  }
  switch (kind) {
    case "Y":
      return value === "Y" ? undefined : 'the only allowed payload is "Y" (or none)';
    case "Integer":
      return INTEGER.test(value) ? undefined : "must be a non-negative whole number";
    case "PersonalName":
      return PERSONAL_NAME.test(value)
        ? undefined
        : "a name may contain one pair of slashes around the surname, and no tabs or line breaks";
    case "DateValue":
    case "DatePeriod":
    case "DateExact":
      return dateError(value, kind, uris);
    case "Time":
      return TIME.test(value) ? undefined : "a time is hh:mm[:ss[.fraction]][Z] on a 24-hour clock";
    case "Age":
      return AGE.test(value) ? undefined : "an age is [< or >] then years, months, weeks, days in that order, such as > 2y 3m or 8d";
    case "Language":
      return LANGUAGE.test(value) ? undefined : "is not a BCP 47 language tag such as en, lt or en-GB";
    case "MediaType":
      return MEDIA_TYPE.test(value) ? undefined : "is not a media type such as text/plain or image/jpeg";
    case "FilePath":
      return filePathError(value);
    case "URI":
      return URI_REFERENCE.test(value) ? undefined : "is not a URI (spaces and non-ASCII characters must be percent-encoded)";
    case "TagDef": {
      const m = /^([^ ]+) (.+)$/.exec(value);
      if (!m || !EXT_TAG.test(m[1])) return "a tag definition is an extension tag starting with _, a space and a URI";
      return URI_REFERENCE.test(m[2]) ? undefined : "the URI is not valid";
    }
    case "Latitude":
      return LATITUDE.test(value) ? undefined : "a latitude is N or S and degrees from 0 to 90, such as N50.5";
    case "Longitude":
      return LONGITUDE.test(value) ? undefined : "a longitude is E or W and degrees from 0 to 180, such as E25.3";
    case "Version":
      return VERSION.test(value) ? undefined : "must be major.minor[.patch], such as 7.0";
    default:
      return undefined; // Text, Special, ListText: any text
  }
}

const an = (word: string) => `${/^[AEIOU]/i.test(word) ? "an" : "a"} ${word}`;

function describe(kind: Payload): string {
  if (typeof kind === "string") {
    const names: Partial<Record<string, string>> = { Y: "Y or nothing", Text: "text", Special: "text", ListText: "a comma-separated list" };
    return names[kind] ?? an(kind);
  }
  if ("ptr" in kind) return `a pointer to ${an(kind.ptr)} record`;
  return "enum" in kind ? `${an(kind.enum)} value` : `a list of ${kind.listEnum} values`;
}

/** An extension's payload type is unknown, but a pointer must still lead to a record in the file. */
function checkPointerTarget(node: Line, ctx: Context): void {
  if (node.pointer !== undefined && node.pointer !== VOID && !ctx.records.has(node.pointer)) {
    ctx.report(node.line, `${node.tag} points to ${node.pointer}, which is not defined in the file`);
  }
}

/** Rules between records: family links must be mirrored, and sources must not cycle with notes or media. */
function checkLinks(ctx: Context): void {
  const { report, links } = ctx;
  const linkKeys = new Set(links.map((l) => `${l.from} ${l.type} ${l.to}`));
  const has = (from: string, type: string, to: string) => linkKeys.has(`${from} ${type} ${to}`);
  // Chapter 3, FAMILY_RECORD: a HUSB/WIFE needs the INDI's FAMS back, a CHIL needs its FAMC back.
  const backLinks: Record<string, [type: string, tag: string]> = {
    "FAM-HUSB": ["FAMS", "FAMS"],
    "FAM-WIFE": ["FAMS", "FAMS"],
    CHIL: ["INDI-FAMC", "FAMC"],
  };
  for (const link of links) {
    const back = backLinks[link.type];
    if (back && !has(link.to, back[0], link.from)) {
      report(link.line, `${link.to} is ${ctx.schema.types[link.type].tag} of ${link.from} but has no ${back[1]} ${link.from}`);
    }
  }
  // Chapter 3: SOUR↔SNOTE and SOUR↔OBJE pointers "must not form a cycle".
  const edges = new Map<string, { to: string; line: number }[]>();
  for (const l of links) {
    const toType = ctx.records.get(l.to);
    const pair = [l.fromType, toType].sort().join("-");
    if (pair !== "SNOTE-SOUR" && pair !== "OBJE-SOUR") continue;
    const out = edges.get(l.from);
    if (out) out.push({ to: l.to, line: l.line });
    else edges.set(l.from, [{ to: l.to, line: l.line }]);
  }
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (xref: string): void => {
    state.set(xref, "open");
    path.push(xref);
    for (const edge of edges.get(xref) ?? []) {
      if (state.get(edge.to) === "open") {
        const cycle = [...path.slice(path.indexOf(edge.to)), edge.to].map((x) => `${x} ${ctx.records.get(x)}`).join(" → ");
        report(edge.line, `Pointer cycle ${cycle}: source records must not form a cycle with shared notes or multimedia records`);
      } else if (!state.has(edge.to)) visit(edge.to);
    }
    path.pop();
    state.set(xref, "done");
  };
  for (const from of edges.keys()) if (!state.has(from)) visit(from);
}
