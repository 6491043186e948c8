import { sql, type Insertable } from "kysely";
import { parseGedcomDate, sortRange } from "#app/lib/gedcom-date.ts";
import { insertRows, yieldToEventLoop } from "#app/.server/platform/db/writes.ts";
import { registerInstance } from "#app/.server/platform/instances.ts";
import type {
  Database,
  GenealogyChildrenTable,
  GenealogyCitationsTable,
  GenealogyEventsTable,
  GenealogyFamiliesTable,
  GenealogyMediaLinksTable,
  GenealogyMediaTable,
  GenealogyPeopleTable,
  GenealogyPlacesTable,
  GenealogyRecordsTable,
  GenealogySourcesTable,
} from "#app/.server/platform/db/schema.ts";
import type { CharsetInfo, CodePageChoice } from "./charset.ts";
import {
  DATE_PARTS,
  nameColumns,
  FAMILY_EVENT_TAGS,
  NAME_PARTS,
  PEDIGREE,
  PERSON_EVENT_TAGS,
  STANDARD_TAGS,
  toRaw,
  type Note,
  type PersonName,
  type RawNode,
} from "./model.ts";
import { normalizeUid, PersonIds, PreviousPeople, reservePersonIds } from "#app/.server/genealogy/person-ids.ts";
import { takeRestriction } from "#app/.server/genealogy/restrictions.ts";
import type { Message } from "#app/i18n/intl.ts";
import { eachGedcomRecord, ImportRefused, NotGedcomError, type GedcomNode, type ReadOptions, type Warning } from "./reader.ts";

// Imports a GEDCOM file into a new tree, record by record as the file is read.
// Rows go to the database in batches; cross-references are resolved through
// small maps of xref to id, so memory holds the maps and one batch, not the
// file. References to records the file never defines are warned about and
// dropped at the end. People keep the ids they had in the tree this one may
// replace (person-ids.ts).

export interface ImportSummary {
  treeId: number;
  people: number;
  families: number;
  sources: number;
  media: number;
  version: string | null;
  charset: CharsetInfo | null;
  warnings: Warning[];
  /** The file ended without 0 TRLR: it was cut off, and records may be missing. */
  cutOff: boolean;
  /** Every path the GEDCOM names as a media file (FILE, and TRAN under FILE), as written, with the line that first names it. */
  namedFiles: Map<string, number>;
}

export interface ImportOptions {
  sourceName: string;
  codePage?: CodePageChoice;
  /** The tree this import may replace: its people keep their ids (person-ids.ts). */
  replaces?: number | null;
  onRecord?: (count: number) => void;
}

export const MAX_STORED_WARNINGS = 1000;
const BATCH = 1000;

type Insertables = {
  genealogyPeople: Insertable<GenealogyPeopleTable>;
  genealogyFamilies: Insertable<GenealogyFamiliesTable>;
  genealogyChildren: Insertable<GenealogyChildrenTable>;
  genealogyPlaces: Insertable<GenealogyPlacesTable>;
  genealogyEvents: Insertable<GenealogyEventsTable>;
  genealogySources: Insertable<GenealogySourcesTable>;
  genealogyCitations: Insertable<GenealogyCitationsTable>;
  genealogyMedia: Insertable<GenealogyMediaTable>;
  genealogyMediaLinks: Insertable<GenealogyMediaLinksTable>;
  genealogyRecords: Insertable<GenealogyRecordsTable>;
};
type TreeTable = keyof Insertables;

/** Batches rows per table and writes each batch with one multi-row insert. */
class RowWriter {
  #rows: { [T in TreeTable]?: Insertables[T][] } = {};
  readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Whether a table has a whole batch waiting. */
  full = false;

  /**
   * Keeps a row for its table's next batch. Synchronous, so that reading a
   * record costs no promise per row: the import writes the full batches
   * between records (flush).
   */
  add<T extends TreeTable>(table: T, row: Insertables[T]): void {
    const rows = (this.#rows[table] ??= []) as Insertables[T][];
    rows.push(row);
    if (rows.length >= BATCH) this.full = true;
  }

  /** Writes the tables' waiting rows: every table's, or only the full batches. */
  async flush(onlyFull = false): Promise<void> {
    this.full = false;
    for (const name of Object.keys(this.#rows) as TreeTable[]) {
      const rows = this.#rows[name];
      if (!rows?.length || (onlyFull && rows.length < BATCH)) continue;
      this.#rows[name] = [];
      await insertRows(this.db, name, rows as never);
      // Other requests get their turn between batches (better-sqlite3 answers synchronously).
      await yieldToEventLoop();
    }
  }
}

/** Ids for cross-referenced records, given on first sight whether defined or referenced. */
class XrefIds {
  #ids = new Map<string, number>();
  #defined = new Set<number>();
  #firstReference = new Map<number, number>();
  #next = 1;

  /** The id of a definition; a second definition of the same xref gets an id of its own. */
  define(xref: string | undefined): { id: number; duplicate: boolean } {
    if (!xref) {
      // GEDCOM 7 allows a record without an identifier; nothing can point to it.
      const id = this.#next++;
      this.#defined.add(id);
      return { id, duplicate: false };
    }
    const key = xref.toUpperCase();
    const known = this.#ids.get(key);
    if (known !== undefined && !this.#defined.has(known)) {
      this.#defined.add(known);
      return { id: known, duplicate: false };
    }
    const id = this.#next++;
    this.#defined.add(id);
    if (known === undefined) this.#ids.set(key, id);
    return { id, duplicate: known !== undefined };
  }

  reference(xref: string, line: number): number {
    const key = xref.toUpperCase();
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.#next++;
      this.#ids.set(key, id);
    }
    if (!this.#firstReference.has(id)) this.#firstReference.set(id, line);
    return id;
  }

  /** Referenced ids that no record defines, with the line of the first reference. */
  missing(): { id: number; xref: string; line: number }[] {
    const out: { id: number; xref: string; line: number }[] = [];
    for (const [xref, id] of this.#ids) {
      if (!this.#defined.has(id)) out.push({ id, xref, line: this.#firstReference.get(id) ?? 0 });
    }
    return out;
  }

  get count(): number {
    return this.#defined.size;
  }
}

const POINTER = /^@[^@#][^@]*@$/;

/** GEDCOM 7's pointer to nothing: a structure holding it is kept as written, not as a link. */
function pointsNowhere(node: GedcomNode): boolean {
  return node.value?.toUpperCase() === "@VOID@";
}

/** A pointer to a record (not @VOID@, GEDCOM 7's pointer to nothing). */
function isPointer(value: string | undefined): boolean {
  return value !== undefined && POINTER.test(value) && value.toUpperCase() !== "@VOID@";
}

/**
 * A record's or a fact's substructures, sorted in one pass in the file's order:
 * each is offered to `own` first (true when the caller has read it into its
 * columns or rows); then notes, citations and media (not @VOID@) are set aside
 * for their own rows; everything else is kept as written.
 */
function sortLines(children: GedcomNode[], own: (child: GedcomNode) => boolean) {
  const lines = { notes: [] as GedcomNode[], sources: [] as GedcomNode[], objects: [] as GedcomNode[], others: [] as RawNode[] };
  for (const child of children) {
    if (own(child)) continue;
    if (child.tag === "NOTE" || child.tag === "SNOTE") lines.notes.push(child);
    else if (child.tag === "SOUR" && !pointsNowhere(child)) lines.sources.push(child);
    else if (child.tag === "OBJE" && !pointsNowhere(child)) lines.objects.push(child);
    else lines.others.push(toRaw(child));
  }
  return lines;
}

/** What an event's columns take from its DATE: the day range, and whether the value was a date at all. */
interface DateRead {
  readonly range: readonly [number | null, number | null];
  /** Neither a date nor a phrase in parentheses: warned about. */
  readonly unreadable: boolean;
}

function readDate(text: string, phrase?: string): DateRead {
  const parsed = parseGedcomDate(text, phrase);
  const trimmed = text.trim();
  return {
    range: sortRange(parsed) ?? [null, null],
    unreadable: parsed.kind === "phrase" && trimmed !== "" && !/^\(.*\)$/s.test(trimmed),
  };
}

/** A list as a JSON column; most are empty, and an import writes hundreds of thousands. */
function jsonList(items: unknown[]): string {
  return items.length ? JSON.stringify(items) : "[]";
}

/**
 * A child link is named once whether the family's CHIL or the child's FAMC
 * comes first: by the person's xref, since a pointer read before its person
 * holds a temporary id (person-ids.ts).
 */
function childKey(familyId: number, person: string | number): string {
  return `${familyId}:${typeof person === "string" ? person.toUpperCase() : `#${person}`}`;
}

export class Importer {
  readonly warnings: Warning[] = [];
  version: string | null = null;
  charset: CharsetInfo | null = null;
  #writer: RowWriter;
  #people: PersonIds;
  #families = new XrefIds();
  #sources = new XrefIds();
  #media = new XrefIds();
  #records = 0;
  /** Shared notes the file defines, and those it points to (with the first line): a pointer to none is dropped. */
  #noteRecords = new Set<string>();
  #noteReferences = new Map<string, number>();
  /** People the file defines, and the ASSO and ALIA links that point at people (kept raw): one to nobody is dropped. */
  #personXrefs = new Set<string>();
  #personLinks: { personId: number; tag: string; xref: string; line: number }[] = [];
  #events = 0;
  #citationCount = 0;
  #places = new Map<string, number>();
  #dates = new Map<string, DateRead>();
  #children = new Map<string, Insertable<GenealogyChildrenTable>>();
  #positions = { people: 0, families: 0 };
  #major = 5;
  readonly db: Database;
  readonly treeId: number;
  readonly options: ImportOptions;

  constructor(db: Database, treeId: number, options: ImportOptions, previous: PreviousPeople) {
    this.db = db;
    this.treeId = treeId;
    this.options = options;
    this.#writer = new RowWriter(db);
    this.#people = new PersonIds(previous, (count) => reservePersonIds(db, count));
  }

  warn(line: number, message: Message): void {
    this.warnings.push({ line, message });
  }

  /** A value with GEDCOM's @@ escape undone (every @@ in 5.x; a leading one in 7). */
  text(value: string | undefined): string | undefined {
    if (value === undefined || !value.includes("@@")) return value;
    return this.#major >= 7 ? value.replace(/^@@/, "@") : value.replaceAll("@@", "@");
  }

  /**
   * Paths the file names as media files, with the line that first names each:
   * a FILE's value, and a TRAN's under a FILE (GEDCOM 7's other renditions).
   * The header's FILE is the GEDCOM file's own name, not a medium.
   */
  readonly namedFiles = new Map<string, number>();
  sawTrailer = false;

  /**
   * Warns about tags no GEDCOM version defines (extensions, starting with _,
   * are fine), and notes the files the record names, wherever they stand
   * (an OBJE record, one inside a citation, a TRAN beside a FILE).
   */
  #checkTags(nodes: GedcomNode[], parent?: GedcomNode): void {
    for (const node of nodes) {
      if (!node.tag.startsWith("_") && !STANDARD_TAGS.has(node.tag))
        this.warn(node.line, { id: "adminTree.warning.unknownTag", values: { tag: node.tag } });
      const named = node.tag === "FILE" ? parent?.tag !== "HEAD" : node.tag === "TRAN" && parent?.tag === "FILE";
      if (node.value && named && !this.namedFiles.has(node.value)) this.namedFiles.set(node.value, node.line);
      this.#checkTags(node.children, node);
    }
  }

  async run(source: AsyncIterable<Uint8Array>, options: ReadOptions): Promise<void> {
    // Each record is read into rows as soon as it ends, synchronously; the
    // waits (for the file, for a block of person ids, for the writes) come
    // between chunks of the file. Records that end after one whose person
    // needed ids wait for them too, so that rows keep the file's order.
    const waiting: GedcomNode[] = [];
    const take = (node: GedcomNode) => {
      this.#checkTags([node]);
      if (waiting.length > 0 || !this.#record(node)) waiting.push(node);
    };
    for await (const _ of eachGedcomRecord(source, options, take)) {
      for (let i = 0; i < waiting.length;) {
        if (this.#record(waiting[i])) i++;
        else await this.#people.reserveIds();
      }
      waiting.length = 0;
      if (this.#writer.full) await this.#writer.flush(true);
    }
    for (const child of this.#children.values()) {
      this.#writer.add("genealogyChildren", { ...child, personId: this.#people.final(child.personId) });
      if (this.#writer.full) await this.#writer.flush(true);
    }
    await this.#writer.flush();
    await this.#resolvePartners();
    await this.#dropMissingReferences();
    this.#checkAncestry();
  }

  /** Reads a record into its rows; false, having done nothing, when a person needs a fresh id and none is reserved. */
  #record(node: GedcomNode): boolean {
    if (!this.#recordRows(node)) return false;
    this.options.onRecord?.(this.#people.count + this.#families.count);
    return true;
  }

  #recordRows(node: GedcomNode): boolean {
    switch (node.tag) {
      case "HEAD":
        this.#head(node);
        break;
      case "TRLR":
        this.sawTrailer = true;
        break;
      case "INDI":
        return this.#person(node);
      case "FAM":
        this.#family(node);
        break;
      case "SOUR":
        this.#source(node);
        break;
      case "OBJE":
        this.#mediaRecord(node);
        break;
      default:
        if ((node.tag === "NOTE" || node.tag === "SNOTE") && node.xref) this.#noteRecords.add(node.xref.toUpperCase());
        this.#writer.add("genealogyRecords", {
          treeId: this.treeId,
          id: ++this.#records,
          xref: node.xref ?? null,
          tag: node.tag,
          value: node.value ?? null,
          children: JSON.stringify(node.children.map(toRaw)),
        });
    }
    return true;
  }

  get counts() {
    return { people: this.#people.count, families: this.#families.count, sources: this.#sources.count, media: this.#media.count };
  }

  /** HEAD substructures the export writes back; the rest it writes anew. */
  header: RawNode[] = [];

  #head(node: GedcomNode): void {
    const gedc = node.children.find((c) => c.tag === "GEDC");
    this.version = gedc?.children.find((c) => c.tag === "VERS")?.value?.trim() ?? null;
    this.#major = Number(this.version?.split(".")[0]) || 5;
    const rewritten = new Set(["GEDC", "CHAR", "SOUR", "DATE", "FILE", "DEST", "SUBM"]);
    this.header = node.children.filter((c) => !rewritten.has(c.tag)).map(toRaw);
  }

  #notes(nodes: GedcomNode[]): Note[] {
    return nodes.map((n) => {
      const extra = n.children.map(toRaw);
      const base: Note = n.value && POINTER.test(n.value) ? { ref: n.value } : { text: this.text(n.value) ?? "" };
      if (n.tag === "SNOTE") base.ref ??= n.value;
      if (base.ref && isPointer(base.ref) && !this.#noteReferences.has(base.ref.toUpperCase()))
        this.#noteReferences.set(base.ref.toUpperCase(), n.line);
      return extra.length ? { ...base, extra } : base;
    });
  }

  #name(node: GedcomNode): PersonName {
    const name: PersonName = { value: this.text(node.value) ?? "" };
    const extra: RawNode[] = [];
    for (const child of node.children) {
      const part = NAME_PARTS[child.tag];
      if (part && child.children.length === 0) (name as unknown as Record<string, string>)[part] = this.text(child.value) ?? "";
      else extra.push(toRaw(child));
    }
    if (extra.length) name.extra = extra;
    return name;
  }

  #citations(nodes: GedcomNode[], ownerKind: "person" | "family" | "event", ownerId: number): void {
    for (const [position, node] of nodes.entries()) {
      const pointer = node.value && POINTER.test(node.value) ? node.value : null;
      const page = node.children.find((c) => c.tag === "PAGE");
      this.#writer.add("genealogyCitations", {
        treeId: this.treeId,
        id: ++this.#citationCount,
        ownerKind,
        ownerId,
        sourceId: pointer ? this.#sources.reference(pointer, node.line) : null,
        text: pointer ? null : (this.text(node.value) ?? null),
        page: page ? (this.text(page.value) ?? "") : null,
        extra: JSON.stringify(node.children.filter((c) => c !== page).map(toRaw)),
        position,
      });
    }
  }

  #mediaLinks(nodes: GedcomNode[], ownerKind: "person" | "family" | "event", ownerId: number): void {
    for (const [position, node] of nodes.entries()) {
      let mediaId: number;
      let extra: RawNode[] = [];
      if (node.value && POINTER.test(node.value)) {
        mediaId = this.#media.reference(node.value, node.line);
        extra = node.children.map(toRaw);
      } else {
        // An embedded object (GEDCOM 5.5): a media record of its own, marked so
        // that a 5.5.1 export writes it back in place.
        mediaId = this.#mediaRecord(node, true).id;
      }
      this.#writer.add("genealogyMediaLinks", {
        treeId: this.treeId,
        mediaId,
        ownerKind,
        ownerId,
        position,
        extra: JSON.stringify(extra),
      });
    }
  }

  /**
   * A DATE value's day range, read once per import: a tree's dates repeat (a
   * year alone, "ABT 1850"; half the dates of the sample files are another's),
   * and reading one costs more than finding it again.
   */
  #dateRead(text: string): DateRead {
    let read = this.#dates.get(text);
    if (read === undefined) {
      if (this.#dates.size >= 100_000) this.#dates.clear();
      read = readDate(text);
      this.#dates.set(text, read);
    }
    return read;
  }

  /** Places are kept once per tree, by their text; the parts are what the commas separate. */
  #placeId(name: string): number {
    let id = this.#places.get(name);
    if (id === undefined) {
      id = this.#places.size + 1;
      this.#places.set(name, id);
      const parts = name.split(",").map((p) => p.trim());
      this.#writer.add("genealogyPlaces", { treeId: this.treeId, id, name, parts: JSON.stringify(parts) });
    }
    return id;
  }

  #event(node: GedcomNode, ownerKind: "person" | "family", ownerId: number, position: number): void {
    const id = ++this.#events;
    // The first DATE, PLAC and TYPE are the event's columns.
    let dateNode: GedcomNode | undefined;
    let placeNode: GedcomNode | undefined;
    let typeNode: GedcomNode | undefined;
    const { notes, sources, objects, others } = sortLines(node.children, (c) => {
      if (c.tag === "DATE" && !dateNode) dateNode = c;
      else if (c.tag === "PLAC" && !placeNode) placeNode = c;
      else if (c.tag === "TYPE" && !typeNode) typeNode = c;
      else return false;
      return true;
    });
    let phrase: GedcomNode | undefined;
    let dateFrom: number | null = null;
    let dateTo: number | null = null;
    // What a DATE holds besides its PHRASE (GEDCOM 7's TIME): written back under it.
    const dateParts: RawNode[] = [];
    if (dateNode) {
      for (const c of dateNode.children) {
        if (c.tag === "PHRASE" && !phrase) phrase = c;
        else dateParts.push(toRaw(c));
      }
      const text = dateNode.value ?? "";
      const read = phrase ? readDate(text, phrase.value) : this.#dateRead(text);
      if (read.unreadable) this.warn(dateNode.line, { id: "adminTree.warning.unreadableDate", values: { text } });
      [dateFrom, dateTo] = read.range;
    }
    this.#citations(sources, "event", id);
    this.#mediaLinks(objects, "event", id);
    const placeName = placeNode ? (this.text(placeNode.value) ?? "") : null;
    // RESN privacy or confidential becomes the fact's mark (restrictions.ts); the rest stays as written.
    const { restriction, rest } = takeRestriction(others);
    if (dateParts.length) rest.push({ t: DATE_PARTS, c: dateParts });
    this.#writer.add("genealogyEvents", {
      treeId: this.treeId,
      id,
      ownerKind,
      ownerId,
      tag: node.tag,
      type: typeNode ? (this.text(typeNode.value) ?? "") : null,
      value: this.text(node.value) ?? null,
      date: dateNode ? (dateNode.value ?? "") : null,
      datePhrase: phrase?.value ?? null,
      dateFrom,
      dateTo,
      placeId: placeName !== null ? this.#placeId(placeName) : null,
      placeExtra: placeNode?.children.length ? JSON.stringify(placeNode.children.map(toRaw)) : null,
      notes: jsonList(this.#notes(notes)),
      extra: jsonList(rest),
      position,
      restriction,
    });
  }

  /** A person record's rows; false, having done nothing, when the person needs a fresh id and none is reserved. */
  #person(node: GedcomNode): boolean {
    const names: PersonName[] = [];
    let sexNode: GedcomNode | undefined;
    let uidNode: GedcomNode | undefined;
    for (const c of node.children) {
      if (c.tag === "NAME") names.push(this.#name(c));
      else if (c.tag === "SEX") sexNode ??= c;
      else if (c.tag === "_UID" || c.tag === "UID") uidNode ??= c;
    }
    const columns = nameColumns(names);
    // SEX M, F or X is the person's sex; anything else (U, nothing, a second SEX) is kept as written.
    const sexValue = sexNode?.value?.trim().toUpperCase() ?? "";
    const sexKnown = sexNode !== undefined && sexNode.children.length === 0 && ["M", "F", "X"].includes(sexValue);
    const sex = sexKnown ? sexValue : "U";
    const uid = normalizeUid(uidNode?.value);
    const { searchKey } = columns;
    const defined = this.#people.define({ xref: node.xref ?? null, uid, searchKey, sex });
    if (!defined) return false;
    const { id, duplicate } = defined;
    if (duplicate) this.warn(node.line, { id: "adminTree.warning.duplicatePerson", values: { xref: node.xref } });
    if (node.xref) this.#personXrefs.add(node.xref.toUpperCase());
    this.#personLines.set(id, { line: node.line, xref: node.xref });
    let eventPosition = 0;
    // FAMC and FAMS that point nowhere (@VOID@), or to a family already named, are kept as they are.
    const famsExtra: Record<number, RawNode[]> = {};
    const seen = new Set<string>();
    const firstLink = (c: GedcomNode) => {
      const key = `${c.tag}:${c.value!.toUpperCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    };
    const { notes, sources, objects, others } = sortLines(node.children, (child) => {
      const { tag } = child;
      // An ASSO or ALIA is also kept as written; the link to the person is checked once all are read.
      if ((tag === "ASSO" || tag === "ALIA") && isPointer(child.value))
        this.#personLinks.push({ personId: id, tag, xref: child.value!, line: child.line });
      if (PERSON_EVENT_TAGS.has(tag)) this.#event(child, "person", id, eventPosition++);
      else if (tag === "FAMC" && isPointer(child.value) && firstLink(child)) this.#childLink(child, id, node.xref);
      else if (tag === "FAMS" && isPointer(child.value) && firstLink(child)) {
        const familyId = this.#families.reference(child.value!, child.line);
        if (child.children.length) famsExtra[familyId] = child.children.map(toRaw);
      } else return tag === "NAME" || (child === sexNode && sexKnown);
      return true;
    });
    this.#citations(sources, "person", id);
    this.#mediaLinks(objects, "person", id);
    const { restriction, rest } = takeRestriction(others);
    this.#writer.add("genealogyPeople", {
      treeId: this.treeId,
      id,
      xref: node.xref ?? null,
      uid,
      givenNames: columns.givenNames,
      surname: columns.surname,
      birthSurname: columns.birthSurname,
      sex,
      names: JSON.stringify(names),
      notes: jsonList(this.#notes(notes)),
      extra: jsonList(rest),
      restriction,
      searchKey,
      position: this.#positions.people++,
      famsExtra: JSON.stringify(famsExtra),
    });
    return true;
  }

  /** A person's FAMC: the child link, with its relation (PEDI); FAM's CHIL gives the order. */
  #childLink(node: GedcomNode, personId: number, personXref: string | undefined): void {
    const familyId = this.#families.reference(node.value!, node.line);
    const key = childKey(familyId, personXref ?? personId);
    // PEDI stays among the line's substructures, as written (with its PHRASE); the relation is read from it.
    const pedi = node.children.find((c) => c.tag === "PEDI");
    const relation = PEDIGREE[pedi?.value?.trim().toUpperCase() ?? "BIRTH"] ?? "other";
    const existing = this.#children.get(key);
    this.#children.set(key, {
      treeId: this.treeId,
      familyId,
      personId,
      relation,
      position: existing?.position ?? 1_000_000,
      extra: jsonList(node.children.map(toRaw)),
      familyExtra: existing?.familyExtra ?? "[]",
    });
  }

  #family(node: GedcomNode): void {
    const { id, duplicate } = this.#families.define(node.xref);
    if (duplicate) this.warn(node.line, { id: "adminTree.warning.duplicateFamily", values: { xref: node.xref } });
    const partners: { id: number; role: string; extra: RawNode[] }[] = [];
    let eventPosition = 0;
    let childPosition = 0;
    const children = new Set<string>();
    const { notes, sources, objects, others } = sortLines(node.children, (child) => {
      const pointer = isPointer(child.value) ? child.value! : null;
      if ((child.tag === "HUSB" || child.tag === "WIFE") && pointer && partners.length < 2) {
        partners.push({ id: this.#people.reference(pointer, child.line), role: child.tag, extra: child.children.map(toRaw) });
      } else if (child.tag === "CHIL" && pointer && !children.has(pointer.toUpperCase())) {
        // A child named twice: the second CHIL is kept as written.
        children.add(pointer.toUpperCase());
        const personId = this.#people.reference(pointer, child.line);
        const key = childKey(id, pointer);
        const existing = this.#children.get(key);
        this.#children.set(key, {
          treeId: this.treeId,
          familyId: id,
          personId,
          relation: existing?.relation ?? "birth",
          position: childPosition++,
          extra: existing?.extra ?? "[]",
          familyExtra: jsonList(child.children.map(toRaw)),
        });
      } else if (FAMILY_EVENT_TAGS.has(child.tag)) this.#event(child, "family", id, eventPosition++);
      else return false;
      return true;
    });
    this.#citations(sources, "family", id);
    this.#mediaLinks(objects, "family", id);
    this.#familyPartners.set(
      id,
      partners.map((p) => p.id),
    );
    this.#writer.add("genealogyFamilies", {
      treeId: this.treeId,
      id,
      xref: node.xref ?? null,
      partner1Id: partners[0]?.id ?? null,
      partner1Role: partners[0]?.role ?? null,
      partner2Id: partners[1]?.id ?? null,
      partner2Role: partners[1]?.role ?? null,
      partnerExtra: JSON.stringify([partners[0]?.extra ?? [], partners[1]?.extra ?? []]),
      notes: jsonList(this.#notes(notes)),
      extra: jsonList(others),
      position: this.#positions.families++,
    });
  }

  #source(node: GedcomNode): void {
    const { id } = this.#sources.define(node.xref);
    const field = (tag: string) => node.children.find((c) => c.tag === tag && c.children.length === 0);
    const title = field("TITL");
    const author = field("AUTH");
    const publication = field("PUBL");
    const text = field("TEXT");
    const notes = node.children.filter((c) => c.tag === "NOTE" || c.tag === "SNOTE");
    const handled = new Set([title, author, publication, text, ...notes].filter(Boolean));
    // A field written without a value ('1 TITL') is an empty one, not a missing one.
    const value = (n: GedcomNode | undefined) => (n ? (this.text(n.value) ?? "") : null);
    this.#writer.add("genealogySources", {
      treeId: this.treeId,
      id,
      xref: node.xref ?? null,
      title: value(title),
      author: value(author),
      publication: value(publication),
      text: value(text),
      notes: JSON.stringify(this.#notes(notes)),
      extra: JSON.stringify(node.children.filter((c) => !handled.has(c)).map(toRaw)),
    });
  }

  /**
   * An OBJE record (or an embedded OBJE), kept whole; its first FILE, that
   * file's format and the title are read out for the site's own use.
   */
  #mediaRecord(node: GedcomNode, embedded = false): { id: number } {
    const { id } = this.#media.define(node.xref);
    const file = node.children.find((c) => c.tag === "FILE");
    const form = file?.children.find((c) => c.tag === "FORM") ?? node.children.find((c) => c.tag === "FORM");
    const title = file?.children.find((c) => c.tag === "TITL") ?? node.children.find((c) => c.tag === "TITL");
    this.#writer.add("genealogyMedia", {
      treeId: this.treeId,
      id,
      xref: node.xref ?? null,
      file: file?.value ?? null,
      format: form?.value ?? null,
      title: this.text(title?.value) ?? null,
      // The file itself, when a GEDZIP archive brought it, is linked once the archive is stored (trees.ts).
      mediaId: null,
      extra: JSON.stringify(node.children.map(toRaw)),
      embedded: embedded ? 1 : 0,
    });
    return { id };
  }

  /**
   * Families read before their partners were written with temporary ids for
   * them (PersonIds.reference): now that everyone is read, the final ones.
   */
  async #resolvePartners(): Promise<void> {
    const resolved = [...this.#people.resolved()];
    for (let i = 0; i < resolved.length; i += 500) {
      const chunk = resolved.slice(i, i + 500);
      for (const column of ["partner1Id", "partner2Id"] as const) {
        const mapped = sql<number>`case ${sql.ref(column)} ${sql.join(
          chunk.map(([from, to]) => sql`when ${from} then ${to}`),
          sql` `,
        )} else ${sql.ref(column)} end`;
        await this.db
          .updateTable("genealogyFamilies")
          .set({ [column]: mapped })
          .where("treeId", "=", this.treeId)
          .where(
            column,
            "in",
            chunk.map(([from]) => from),
          )
          .execute();
      }
    }
  }

  /** Where each person's record starts, and the partners of each family: for the ancestry check. */
  #personLines = new Map<number, { line: number; xref: string | undefined }>();
  #familyPartners = new Map<number, number[]>();

  /**
   * Warns about people who are their own ancestors (parent and child links
   * that go round in a circle): a file error other programs let through. The
   * links stay as the file has them; the chart draws a bounded number of
   * generations, so it never follows the circle for ever.
   */
  #checkAncestry(): void {
    const parents = new Map<number, number[]>();
    for (const child of this.#children.values()) {
      const person = this.#people.final(child.personId);
      const pair = (this.#familyPartners.get(child.familyId) ?? []).map((p) => this.#people.final(p));
      if (pair.length) parents.set(person, [...(parents.get(person) ?? []), ...pair]);
    }
    // Depth-first, without recursion: 0 unvisited, 1 on the current path, 2 done.
    const state = new Map<number, 1 | 2>();
    for (const start of parents.keys()) {
      if (state.has(start)) continue;
      const stack: { id: number; next: number }[] = [{ id: start, next: 0 }];
      state.set(start, 1);
      while (stack.length) {
        const top = stack[stack.length - 1];
        const up = parents.get(top.id) ?? [];
        if (top.next >= up.length) {
          state.set(top.id, 2);
          stack.pop();
          continue;
        }
        const parent = up[top.next++];
        const seen = state.get(parent);
        if (seen === 1) {
          const where = this.#personLines.get(parent);
          this.warn(where?.line ?? 0, { id: "adminTree.warning.ownAncestor", values: { xref: where?.xref ?? String(parent) } });
        } else if (seen === undefined) {
          state.set(parent, 1);
          stack.push({ id: parent, next: 0 });
        }
      }
    }
  }

  /** References to records the file never defines: warned about, and the links dropped. */
  async #dropMissingReferences(): Promise<void> {
    const tree = this.treeId;
    const missingPeople = this.#people.missing();
    const missingFamilies = this.#families.missing();
    const missingSources = this.#sources.missing();
    const missingMedia = this.#media.missing();
    for (const [kind, list] of [
      ["person", missingPeople],
      ["family", missingFamilies],
      ["source", missingSources],
      ["media", missingMedia],
    ] as const) {
      for (const m of list) this.warn(m.line, { id: "adminTree.warning.missingRecord", values: { kind, xref: m.xref } });
    }
    const ids = (list: { id: number }[]) => list.map((m) => m.id);
    const inChunks = async (list: number[], run: (chunk: number[]) => Promise<unknown>) => {
      for (let i = 0; i < list.length; i += 500) await run(list.slice(i, i + 500));
    };
    await inChunks(ids(missingPeople), async (chunk) => {
      await this.db.deleteFrom("genealogyChildren").where("treeId", "=", tree).where("personId", "in", chunk).execute();
      await this.db
        .updateTable("genealogyFamilies")
        .set({ partner1Id: null, partner1Role: null })
        .where("treeId", "=", tree)
        .where("partner1Id", "in", chunk)
        .execute();
      await this.db
        .updateTable("genealogyFamilies")
        .set({ partner2Id: null, partner2Role: null })
        .where("treeId", "=", tree)
        .where("partner2Id", "in", chunk)
        .execute();
    });
    await inChunks(ids(missingFamilies), (chunk) =>
      this.db.deleteFrom("genealogyChildren").where("treeId", "=", tree).where("familyId", "in", chunk).execute(),
    );
    // A citation of a source the file lacks keeps what it says (its PAGE, its notes): it cites no record any more.
    await inChunks(ids(missingSources), (chunk) =>
      this.db.updateTable("genealogyCitations").set({ sourceId: null }).where("treeId", "=", tree).where("sourceId", "in", chunk).execute(),
    );
    await inChunks(ids(missingMedia), (chunk) =>
      this.db.deleteFrom("genealogyMediaLinks").where("treeId", "=", tree).where("mediaId", "in", chunk).execute(),
    );
    await this.#dropMissingNotes();
    await this.#dropMissingPersonLinks();
  }

  /** Pointers to shared notes the file never defines: warned about, and left out of the notes that hold them. */
  async #dropMissingNotes(): Promise<void> {
    const missing = new Set([...this.#noteReferences.keys()].filter((xref) => !this.#noteRecords.has(xref)));
    if (missing.size === 0) return;
    for (const xref of missing)
      this.warn(this.#noteReferences.get(xref)!, { id: "adminTree.warning.missingRecord", values: { kind: "note", xref } });
    for (const table of ["genealogyPeople", "genealogyFamilies", "genealogyEvents", "genealogySources"] as const) {
      const rows = await this.db
        .selectFrom(table)
        .select(["id", "notes"])
        .where("treeId", "=", this.treeId)
        .where("notes", "like", '%"ref"%')
        .execute();
      for (const row of rows) {
        const notes = JSON.parse(row.notes) as Note[];
        const kept = notes.filter((n) => !n.ref || !missing.has(n.ref.toUpperCase()));
        if (kept.length === notes.length) continue;
        await this.db
          .updateTable(table)
          .set({ notes: JSON.stringify(kept) })
          .where("treeId", "=", this.treeId)
          .where("id", "=", row.id)
          .execute();
      }
    }
  }

  /** ASSO and ALIA links to people the file never defines: warned about, and left out of the person's lines. */
  async #dropMissingPersonLinks(): Promise<void> {
    const dangling = this.#personLinks.filter((link) => !this.#personXrefs.has(link.xref.toUpperCase()));
    const byPerson = new Map<number, Set<string>>();
    for (const link of dangling) {
      this.warn(link.line, { id: "adminTree.warning.missingRecord", values: { kind: "person", xref: link.xref } });
      byPerson.set(link.personId, (byPerson.get(link.personId) ?? new Set()).add(`${link.tag} ${link.xref.toUpperCase()}`));
    }
    for (const [personId, links] of byPerson) {
      const row = await this.db
        .selectFrom("genealogyPeople")
        .select("extra")
        .where("treeId", "=", this.treeId)
        .where("id", "=", personId)
        .executeTakeFirst();
      if (!row) continue;
      const extra = (JSON.parse(row.extra) as RawNode[]).filter((n) => !links.has(`${n.t} ${(n.v ?? "").toUpperCase()}`));
      await this.db
        .updateTable("genealogyPeople")
        .set({ extra: JSON.stringify(extra) })
        .where("treeId", "=", this.treeId)
        .where("id", "=", personId)
        .execute();
    }
  }
}

/** The tables of one tree, children before parents (for deleting a tree). */
export const TREE_TABLES: (TreeTable | "photoPeople" | "documentPeople" | "genealogyFiles")[] = [
  "photoPeople",
  "documentPeople",
  "genealogyFiles",
  "genealogyMediaLinks",
  "genealogyCitations",
  "genealogyEvents",
  "genealogyChildren",
  "genealogyPlaces",
  "genealogyFamilies",
  "genealogyPeople",
  "genealogySources",
  "genealogyMedia",
  "genealogyRecords",
];

export async function deleteTreeRows(db: Database, treeId: number): Promise<void> {
  for (const table of TREE_TABLES) await db.deleteFrom(table).where("treeId", "=", treeId).execute();
}

/**
 * Reads a GEDCOM byte stream into a new tree (status 'ready', not yet the
 * current tree). A file that is not GEDCOM, or any failure, leaves no rows.
 */
export async function importGedcom(db: Database, source: AsyncIterable<Uint8Array>, options: ImportOptions): Promise<ImportSummary> {
  // The process importing, known to the others by its heartbeat: its tree is not swept while it lives (trees.ts).
  const owner = await registerInstance(db);
  try {
    return await importAs(db, source, options, owner.id);
  } finally {
    await owner.stop();
  }
}

async function importAs(db: Database, source: AsyncIterable<Uint8Array>, options: ImportOptions, owner: string): Promise<ImportSummary> {
  const tree = await db
    .insertInto("genealogyTrees")
    .values({
      status: "importing",
      sourceName: options.sourceName.slice(0, 255),
      createdAt: new Date().toISOString(),
      ownerInstance: owner,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const importer = new Importer(db, tree.id, options, await PreviousPeople.load(db, options.replaces ?? null));
  try {
    await importer.run(source, {
      codePage: options.codePage,
      onCharset: (info) => (importer.charset = info),
      onWarning: (w) => importer.warnings.push(w),
    });
  } catch (error) {
    await deleteTreeRows(db, tree.id);
    await db.deleteFrom("genealogyTrees").where("id", "=", tree.id).execute();
    throw error;
  }
  importer.warnings.sort((a, b) => a.line - b.line);
  const cutOff = !importer.sawTrailer;
  const counts = importer.counts;
  await db
    .updateTable("genealogyTrees")
    .set({
      status: "ready",
      ownerInstance: null,
      gedcomVersion: importer.version,
      charset: importer.charset?.charset ?? null,
      ...counts,
      warnings: JSON.stringify(importer.warnings.slice(0, MAX_STORED_WARNINGS)),
      warningCount: importer.warnings.length,
      cutOff: cutOff ? 1 : 0,
      header: JSON.stringify(importer.header),
    })
    .where("id", "=", tree.id)
    .execute();
  return {
    treeId: tree.id,
    ...counts,
    version: importer.version,
    charset: importer.charset,
    warnings: importer.warnings,
    cutOff,
    namedFiles: importer.namedFiles,
  };
}

export { ImportRefused, NotGedcomError };
