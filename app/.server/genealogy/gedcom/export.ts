import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseGedcomDate, writeGedcomDate, type GedcomVersion } from "#app/lib/gedcom-date.ts";
import { PAGE_ROWS, readInPages, yieldToEventLoop } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { MediaStore } from "#app/.server/media/storage.ts";
import { GALLERY_REFN_TYPE, galleryObjectsForExport } from "./gallery-objects.ts";
import { DEFAULT_LIVING_YEARS, restrictionsAmong, withheldPeople, type Viewer } from "#app/.server/genealogy/living.ts";
import { seesRestricted, withRestriction } from "#app/.server/genealogy/restrictions.ts";
import { gedcom7FileUrl, toGedcom7, uuidForm, type SourceFamily } from "./to-gedcom7.ts";
import { declaredTags, ExtensionTags } from "./extension-tags.ts";
import { oneRestriction, toGedcom551 } from "./to-gedcom551.ts";
import { DATE_PARTS, PEDIGREE, type Note, type PersonName, type RawNode } from "./model.ts";

// Writes a tree as GEDCOM 5.5.1 (UTF-8) or 7.0, a page of records at a time.
// Everything the import kept (names, events, dates, places, notes, citations,
// media, and the structures the project does not model) is written back.
// An export for visitors leaves out living and private people and what would
// reveal them; one for members leaves out the private.

/**
 * Puts HEAD.SCHMA into a converted 7.0 HEAD, after its GEDC: every extension
 * tag the file uses (the body's, gathered by `used`, and the HEAD's own).
 */
function declareExtensions(head: RawNode, used: ExtensionTags, declared: Map<string, string[]>): void {
  const note = (nodes: RawNode[], level: number, parent: string) => {
    for (const n of nodes) {
      used.note(n.t, level, parent);
      note(n.c ?? [], level + 1, n.t);
    }
  };
  note(head.c ?? [], 1, "HEAD");
  const children = head.c ?? [];
  const gedc = children.findIndex((n) => n.t === "GEDC");
  head.c = [...children.slice(0, gedc + 1), ...used.schema(declared), ...children.slice(gedc + 1)];
}

/** Whom an export is for: visitors (the public export), members, or (absent) editors and the administrator, who get everyone. */
export type ExportAudience = "visitors" | "members";

export interface ExportOptions {
  version: GedcomVersion;
  /** Leave out whom this audience may not see (and their links and family events). */
  audience?: ExportAudience;
  /** The living rule's number of years (a site setting). */
  livingYears?: number;
  familyName?: string;
  /** Where the gallery's files are: with it, the gallery's photos that people of the tree are tagged in are written too. */
  store?: MediaStore;
}

export interface ExportResult {
  people: number;
  families: number;
  /** Every path the written text names as a file (FILE, TRAN under FILE): a GEDZIP takes these. */
  namedFiles: Set<string>;
  /** The gallery's files the text names, by that path: where each is on this site. */
  galleryFiles: Map<string, string>;
}

const PAGE = 500;

/**
 * Writes lines to a stream, waiting when it is full. With a converter, each
 * level-0 record is gathered whole and converted before it is written (the
 * 7.0 export: what the file came with in 5.5.1 is made valid 7.0 there).
 */
class LineWriter {
  readonly out: Writable;
  readonly version: GedcomVersion;
  /** Values of the FILE lines written, and of TRAN lines right under one. */
  readonly namedFiles = new Set<string>();
  readonly #convert: ((record: RawNode) => RawNode[]) | undefined;
  /** Whose @ escaping text values get: the version written, or, for a 5.x tree going through the 7.0 converter, 5.x's. */
  readonly #escapeAs: GedcomVersion;
  #lastTag: string[] = [];
  /** Identifiers the export renamed (a repeated one, 7.0's form), by the file's: pointers follow them. */
  renamed = new Map<string, string>();
  /** The extension tags written (7.0, for HEAD.SCHMA). */
  readonly extensions = new ExtensionTags();
  /** The record being gathered for the converter, and the path to its last line. */
  #record: RawNode[] = [];
  constructor(out: Writable, version: GedcomVersion, convert?: (record: RawNode) => RawNode[], escapeAs: GedcomVersion = version) {
    this.out = out;
    this.version = version;
    this.#convert = convert;
    this.#escapeAs = escapeAs;
  }

  async line(level: number, tag: string, written?: string | null, xref?: string | null): Promise<void> {
    const value = written && written.startsWith("@") ? (this.renamed.get(written) ?? written) : written;
    if (!this.#convert) return this.#emit(level, tag, value, xref);
    const node: RawNode = { t: tag, ...(value ? { v: value } : {}), ...(xref ? { x: xref } : {}) };
    if (level === 0) {
      await this.#emitRecord();
      this.#record = [node];
      return;
    }
    const parent = this.#record[Math.min(level, this.#record.length) - 1];
    (parent.c ??= []).push(node);
    this.#record.length = level;
    this.#record.push(node);
  }

  async #emitRecord(): Promise<void> {
    const record = this.#record[0];
    this.#record = [];
    if (!record || !this.#convert) return;
    const write = async (nodes: RawNode[], level: number): Promise<void> => {
      for (const n of nodes) {
        await this.#emit(level, n.t, n.v, n.x);
        await write(n.c ?? [], level + 1);
      }
    };
    await write(this.#convert(record), 0);
  }

  async #emit(level: number, tag: string, value?: string | null, xref?: string | null): Promise<void> {
    this.#lastTag[level] = tag;
    if (this.version === "7.0") this.extensions.note(tag, level, this.#lastTag[level - 1]);
    if (value && (tag === "FILE" || (tag === "TRAN" && this.#lastTag[level - 1] === "FILE"))) this.namedFiles.add(value);
    const head = `${level}${xref ? ` ${xref}` : ""} ${tag}`;
    if (value === undefined || value === null || value === "") return this.#write(`${head}\n`);
    const lines = value.split("\n");
    await this.#long(head, lines[0], level);
    for (const more of lines.slice(1)) await this.#long(`${level + 1} CONT`, more, level);
  }

  /** 5.5.1 limits a line to 255 characters: longer text continues in CONC lines. */
  async #long(head: string, text: string, level: number): Promise<void> {
    if (this.version === "7.0" || text.length <= 200) return this.#write(text ? `${head} ${text}\n` : `${head}\n`);
    let rest = text;
    let first = true;
    while (rest.length > 0) {
      let cut = Math.min(200, rest.length);
      // Never end a piece with a space (readers trim them) or inside a surrogate pair.
      while (cut < rest.length && cut > 1 && (rest[cut - 1] === " " || rest[cut] === " " || /[\uD800-\uDBFF]/.test(rest[cut - 1]))) cut--;
      await this.#write(`${first ? head : `${level + 1} CONC`} ${rest.slice(0, cut)}\n`);
      rest = rest.slice(cut);
      first = false;
    }
  }

  #buffer = "";

  /** Lines are gathered and written 64 kB at a time: one write per line would cost more than the rest. */
  async #write(text: string): Promise<void> {
    this.#buffer += text;
    if (this.#buffer.length >= 64 * 1024) await this.flush();
  }

  /** Writes what is gathered (the last record, the buffer). */
  async end(): Promise<void> {
    await this.#emitRecord();
    await this.flush();
  }

  async flush(): Promise<void> {
    const text = this.#buffer;
    this.#buffer = "";
    if (text && !this.out.write(text)) await once(this.out, "drain");
  }

  /** A text value with @ escaped as the version wants. */
  escape(value: string | null | undefined): string | null | undefined {
    if (!value) return value;
    return this.#escapeAs === "7.0" ? value.replace(/^@/, "@@") : value.replaceAll("@", "@@");
  }

  async raw(nodes: RawNode[] | undefined, level: number): Promise<void> {
    for (const node of nodes ?? []) {
      await this.line(level, node.t, node.v, node.x);
      await this.raw(node.c, level + 1);
    }
  }
}

function parse<T>(json: string | null | undefined, fallback: T): T {
  return json ? (JSON.parse(json) as T) : fallback;
}

const NAME_PART_TAGS: [keyof PersonName, string][] = [
  ["type", "TYPE"],
  ["prefix", "NPFX"],
  ["given", "GIVN"],
  ["nickname", "NICK"],
  ["surnamePrefix", "SPFX"],
  ["surname", "SURN"],
  ["suffix", "NSFX"],
];

/** Enumerated values are lower case in 5.5.1 ('birth') and upper case in 7.0 ('BIRTH'). */
function enumValue(value: string, version: GedcomVersion): string {
  return version === "7.0" ? value.toUpperCase() : value.toLowerCase();
}

/**
 * In a public export, the media objects and shared notes that only hidden
 * owners point to (living people, their events, families with a living
 * partner): a living relative's photo or note stays as private as they do.
 */
async function privateRecords(db: Database, treeId: number, audience: Viewer, hiddenPeople: Set<number>, hiddenFamilies: Set<number>) {
  const events = await readInPages((after) =>
    db
      .selectFrom("genealogyEvents")
      .select(["id", "ownerKind", "ownerId", "notes", "restriction"])
      .where("treeId", "=", treeId)
      .$if(after !== null, (q) => q.where("id", ">", after!))
      .orderBy("id")
      .limit(PAGE_ROWS)
      .execute(),
  );
  const hiddenEvents = new Set(
    events
      .filter((e) => (e.ownerKind === "person" ? hiddenPeople : hiddenFamilies).has(e.ownerId) || !seesRestricted(audience, e.restriction))
      .map((e) => e.id),
  );
  const isHidden = (kind: "person" | "family" | "event", id: number) =>
    (kind === "person" ? hiddenPeople : kind === "family" ? hiddenFamilies : hiddenEvents).has(id);
  const split = <T>(refs: { key: T; hidden: boolean }[]) => {
    const shown = new Set(refs.filter((r) => !r.hidden).map((r) => r.key));
    return new Set(refs.filter((r) => r.hidden && !shown.has(r.key)).map((r) => r.key));
  };
  const links = await db
    .selectFrom("genealogyMediaLinks")
    .select(["ownerKind", "ownerId", "mediaId"])
    .where("treeId", "=", treeId)
    .execute();
  const noteRefs = (json: string, hidden: boolean) =>
    parse<Note[]>(json, []).flatMap((n) => (n.ref ? [{ key: n.ref.toUpperCase(), hidden }] : []));
  const notesOf = (table: "genealogyPeople" | "genealogyFamilies" | "genealogySources") =>
    readInPages((after) =>
      db
        .selectFrom(table)
        .select(["id", "notes"])
        .where("treeId", "=", treeId)
        .$if(after !== null, (q) => q.where("id", ">", after!))
        .orderBy("id")
        .limit(PAGE_ROWS)
        .execute(),
    );
  const people = await notesOf("genealogyPeople");
  const families = await notesOf("genealogyFamilies");
  const sources = await notesOf("genealogySources");
  return {
    media: split(links.map((l) => ({ key: l.mediaId, hidden: isHidden(l.ownerKind, l.ownerId) }))),
    notes: split([
      ...people.flatMap((p) => noteRefs(p.notes, hiddenPeople.has(p.id))),
      ...families.flatMap((f) => noteRefs(f.notes, hiddenFamilies.has(f.id))),
      ...events.flatMap((e) => noteRefs(e.notes, hiddenEvents.has(e.id))),
      ...sources.flatMap((src) => noteRefs(src.notes, false)),
    ]),
  };
}

export async function exportGedcom(db: Database, treeId: number, out: Writable, options: ExportOptions): Promise<ExportResult> {
  if (options.version !== "7.0") return writeGedcom(db, treeId, out, options, null);
  // A 7.0 export's body goes to a temporary file first: its HEAD declares the extension tags the body uses.
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "seima-gedcom-"));
  const body = { file: path.join(dir, "body.ged"), out: fs.createWriteStream(path.join(dir, "body.ged")) };
  try {
    return await writeGedcom(db, treeId, out, options, body);
  } finally {
    body.out.destroy();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** The export; with `body`, records are written there, and the HEAD, then the body, to `out` at the end. */
async function writeGedcom(
  db: Database,
  treeId: number,
  out: Writable,
  options: ExportOptions,
  body: { file: string; out: fs.WriteStream } | null,
): Promise<ExportResult> {
  const v7 = options.version === "7.0";
  // Exported in the version family it came in, dates and enumerations are
  // written as they were read; across versions they are converted. A 7.0
  // export passes every record through toGedcom7, which makes what a 5.x
  // file brought valid 7.0.
  const tree = await db.selectFrom("genealogyTrees").select(["gedcomVersion", "header"]).where("id", "=", treeId).executeTakeFirst();
  const from: SourceFamily = Number(tree?.gedcomVersion?.split(".")[0]) >= 7 ? "7" : "5";
  const sameFamily = (from === "7") === v7;
  // A tree's raw text carries its own version's escapes (5.x: @@ for every @;
  // 7.0: a leading @@), which a converter undoes: the exporter's own text is
  // escaped the same way, so that the converter reads both alike. Across
  // versions a converter runs: up to 7.0 (to-gedcom7.ts), down to 5.5.1 for a
  // 7.x tree (to-gedcom551.ts).
  const escapeAs: GedcomVersion = from === "7" ? "7.0" : "5.5.1";
  const w = new LineWriter(
    body?.out ?? out,
    options.version,
    v7 ? (record) => toGedcom7(record, { from }) : from === "7" ? toGedcom551 : undefined,
    escapeAs,
  );
  const enumFor = (value: string) => (sameFamily ? value : enumValue(value, options.version));
  // Whom the export is for: a public or members' export leaves out whom they may not see, and facts marked for others.
  const audience: Viewer | null = options.audience
    ? { members: options.audience === "members", seesPrivate: false, livingYears: options.livingYears ?? DEFAULT_LIVING_YEARS }
    : null;
  const hidden = audience ? await withheldPeople(db, treeId, audience) : new Set<number>();
  const factShown = (e: { restriction: string | null }) => !audience || seesRestricted(audience, e.restriction);
  // RESN spelled as the text it joins: 7.0's upper case, 5.x's lower case (a 7.0 export of a 5.x tree is converted with the rest).
  const resnUpper = v7 && from === "7";
  // 5.5.1's RESN holds one value: a list (the site's mark beside a file's LOCKED) is split (to-gedcom551.ts).
  const marked = (nodes: RawNode[], restriction: string | null) => {
    const all = withRestriction(nodes, restriction, resnUpper);
    return v7 ? all : all.flatMap((n) => (n.t === "RESN" ? oneRestriction(n) : [n]));
  };

  // Records without an identifier (GEDCOM 7 allows them, and people added on
  // the site have none) get one that no record of the file uses.
  const idsAndXrefs = (table: "genealogyPeople" | "genealogyFamilies" | "genealogySources" | "genealogyMedia" | "genealogyRecords") =>
    readInPages((after) =>
      db
        .selectFrom(table)
        .select(["id", "xref"])
        .where("treeId", "=", treeId)
        .$if(after !== null, (q) => q.where("id", ">", after!))
        .orderBy("id")
        .limit(PAGE_ROWS)
        .execute(),
    );
  const read = {
    genealogyPeople: await idsAndXrefs("genealogyPeople"),
    genealogyFamilies: await idsAndXrefs("genealogyFamilies"),
    genealogySources: await idsAndXrefs("genealogySources"),
    genealogyMedia: await idsAndXrefs("genealogyMedia"),
    genealogyRecords: await idsAndXrefs("genealogyRecords"),
  };
  // Every record is written with an identifier of its own (issue 32): a file
  // that used one twice gets the second renamed (the import already warned,
  // and its pointers meant the first), and a 7.0 export writes them in 7.0's
  // form (upper case letters, digits and _: @NoTe@ → @NOTE@). Pointers in what
  // the file brought are renamed with them (LineWriter, `renamed`).
  const taken = new Set<string>();
  const renamed = new Map<string, string>();
  const claim = (wanted: string) => {
    let xref = wanted;
    for (let n = 2; taken.has(xref.toUpperCase()); n++) xref = `${wanted.slice(0, -1)}_${n}@`;
    taken.add(xref.toUpperCase());
    return xref;
  };
  const written = new Map<string, Map<number, string>>();
  for (const [table, rows] of Object.entries(read)) {
    const ids = new Map<number, string>();
    for (const r of rows) {
      if (!r.xref) continue;
      const xref = claim(
        v7
          ? `@${r.xref
              .slice(1, -1)
              .toUpperCase()
              .replace(/[^A-Z0-9_]/g, "_")}@`
          : r.xref,
      );
      if (!renamed.has(r.xref)) renamed.set(r.xref, xref);
      ids.set(r.id, xref);
    }
    written.set(table, ids);
  }
  // Records without an identifier (GEDCOM 7 allows them, and people added on the site have none) get one no record uses.
  const xrefs = (table: "genealogyPeople" | "genealogyFamilies" | "genealogySources" | "genealogyMedia", prefix: string) => {
    const ids = written.get(table)!;
    for (const r of read[table]) if (!ids.has(r.id)) ids.set(r.id, claim(`@X${prefix}${r.id}@`));
    return ids;
  };
  const people = xrefs("genealogyPeople", "I");
  const families = xrefs("genealogyFamilies", "F");
  const sources = xrefs("genealogySources", "S");
  const media = xrefs("genealogyMedia", "O");
  const recordXrefs = written.get("genealogyRecords")!;
  w.renamed = renamed;
  // The gallery's photos people of the tree are tagged in (gallery-objects.ts), each a record of its own.
  const gallery = await galleryObjectsForExport(db, options.store ?? null, treeId, options.audience);
  const galleryXrefs = new Map<number, string>();
  for (const itemId of gallery.objects.keys()) galleryXrefs.set(itemId, claim(`@XG${itemId}@`));
  /** The gallery photos a written person links to: only these are written. */
  const galleryWritten = new Set<number>();
  const places = new Map(
    (
      await readInPages((after) =>
        db
          .selectFrom("genealogyPlaces")
          .select(["id", "name"])
          .where("treeId", "=", treeId)
          .$if(after !== null, (q) => q.where("id", ">", after!))
          .orderBy("id")
          .limit(PAGE_ROWS)
          .execute(),
      )
    ).map((p) => [p.id, p.name]),
  );
  const records = await db.selectFrom("genealogyRecords").selectAll().where("treeId", "=", treeId).orderBy("id").execute();
  const submitter = records.find((r) => r.tag === "SUBM");

  // ---- HEAD (a 7.0 export writes it last, below)
  // The tree's own SCHMA (a 7.x file's) is not written as it came: a 7.0 export declares the tags it uses.
  const header = parse<RawNode[]>(tree?.header, []).filter((n) => n.t !== "SCHMA");
  const submitterXref = submitter?.xref ?? "@SUBM1@";
  const writeHead = async (hw: LineWriter) => {
    await hw.line(0, "HEAD");
    await hw.line(1, "GEDC");
    await hw.line(2, "VERS", v7 ? "7.0" : "5.5.1");
    if (!v7) await hw.line(2, "FORM", "LINEAGE-LINKED");
    if (!v7) await hw.line(1, "CHAR", "UTF-8");
    await hw.line(1, "SOUR", "SEIMOS-PAVELDAS");
    await hw.line(2, "NAME", "Šeimos istorija ir paveldas");
    const today = new Date();
    await hw.line(
      1,
      "DATE",
      `${today.getUTCDate()} ${["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"][today.getUTCMonth()]} ${today.getUTCFullYear()}`,
    );
    await hw.raw(header, 1);
    if (!v7 || submitter) await hw.line(1, "SUBM", submitterXref);
  };
  if (!v7) await writeHead(w);
  if (!submitter && !v7) {
    await w.line(0, "SUBM", undefined, submitterXref);
    await w.line(1, "NAME", w.escape(options.familyName ?? "Šeimos svetainė"));
  }

  const notes = async (list: Note[], level: number) => {
    for (const note of list) {
      if (note.ref) await w.line(level, v7 ? "SNOTE" : "NOTE", note.ref);
      else await w.line(level, "NOTE", w.escape(note.text ?? ""));
      await w.raw(note.extra, level + 1);
    }
  };

  type Owner = "person" | "family" | "event";
  const citationsFor = async (kind: Owner, ids: number[]) => {
    if (ids.length === 0) return new Map<number, Awaited<ReturnType<typeof loadCitations>>>();
    const rows = await loadCitations(kind, ids);
    const map = new Map<number, typeof rows>();
    for (const r of rows) map.set(r.ownerId, [...(map.get(r.ownerId) ?? []), r]);
    return map;
  };
  const loadCitations = (kind: Owner, ids: number[]) =>
    db
      .selectFrom("genealogyCitations")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ids)
      .orderBy("ownerId")
      .orderBy("position")
      .execute();
  const linksFor = async (kind: Owner, ids: number[]) => {
    const map = new Map<number, { mediaId: number; extra: string }[]>();
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom("genealogyMediaLinks")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("ownerKind", "=", kind)
      .where("ownerId", "in", ids)
      .orderBy("ownerId")
      .orderBy("position")
      .execute();
    for (const r of rows) map.set(r.ownerId, [...(map.get(r.ownerId) ?? []), r]);
    return map;
  };
  const writeCitations = async (list: Awaited<ReturnType<typeof loadCitations>> | undefined, level: number) => {
    for (const c of list ?? []) {
      if (c.sourceId !== null) {
        await w.line(level, "SOUR", sources.get(c.sourceId));
        if (c.page !== null) await w.line(level + 1, "PAGE", w.escape(c.page));
      } else if (v7) {
        // GEDCOM 7 has no inline sources: the text goes into the citation's PAGE.
        await w.line(level, "SOUR", "@VOID@");
        await w.line(level + 1, "PAGE", w.escape([c.text, c.page].filter(Boolean).join(" ")));
      } else if (c.text !== null) {
        await w.line(level, "SOUR", w.escape(c.text));
        if (c.page !== null) await w.line(level + 1, "PAGE", w.escape(c.page));
      } else {
        // A citation whose source the file lacked (import.ts): 5.5.1's inline source is its page.
        await w.line(level, "SOUR", w.escape(c.page ?? ""));
      }
      await w.raw(parse<RawNode[]>(c.extra, []), level + 1);
    }
  };
  // Media records are few (pictures, not people): read once, for links that write them in place.
  const mediaRecords = new Map(
    (await db.selectFrom("genealogyMedia").selectAll().where("treeId", "=", treeId).orderBy("id").execute()).map((m) => [m.id, m]),
  );
  // An object without a FILE 7.0 can hold (only a BLOB, only a mailto:) is no valid OBJE record in 7.0:
  // it is written as an extension record, _OBJE, and linked as one, so that nothing it said is lost.
  const fileless = new Set(
    v7
      ? [...mediaRecords.values()]
          .filter((m) => !parse<RawNode[]>(m.extra, []).some((n) => n.t === "FILE" && n.v && gedcom7FileUrl(n.v) !== null))
          .map((m) => m.id)
      : [],
  );
  const objectTag = (id: number) => (fileless.has(id) ? "_OBJE" : "OBJE");
  const writeLinks = async (list: { mediaId: number; extra: string }[] | undefined, level: number) => {
    for (const link of list ?? []) {
      const embedded = mediaRecords.get(link.mediaId);
      if (embedded?.embedded && !v7) {
        // GEDCOM 5.5's object written inside its owner, where it came from (7.0 has only records).
        await w.line(level, "OBJE");
        await w.raw(parse<RawNode[]>(embedded.extra, []), level + 1);
      } else {
        await w.line(level, objectTag(link.mediaId), media.get(link.mediaId));
      }
      await w.raw(parse<RawNode[]>(link.extra, []), level + 1);
    }
  };

  const writeEvents = async (kind: "person" | "family", ownerIds: number[], level: number, skipOwners = new Set<number>()) => {
    const byOwner = new Map<number, Awaited<ReturnType<typeof loadEvents>>>();
    const loadEvents = () =>
      db
        .selectFrom("genealogyEvents")
        .selectAll()
        .where("treeId", "=", treeId)
        .where("ownerKind", "=", kind)
        .where("ownerId", "in", ownerIds)
        .orderBy("ownerId")
        .orderBy("position")
        .execute();
    const events = (ownerIds.length ? await loadEvents() : []).filter(factShown);
    for (const e of events) byOwner.set(e.ownerId, [...(byOwner.get(e.ownerId) ?? []), e]);
    const eventIds = events.map((e) => e.id);
    const citations = await citationsFor("event", eventIds);
    const links = await linksFor("event", eventIds);
    return async (ownerId: number) => {
      if (skipOwners.has(ownerId)) return;
      for (const e of byOwner.get(ownerId) ?? []) {
        await w.line(level, e.tag, w.escape(e.value));
        if (e.type !== null) await w.line(level + 1, "TYPE", w.escape(e.type));
        if (e.date !== null) {
          const written = sameFamily
            ? { value: e.date, phrase: e.datePhrase ?? undefined }
            : writeGedcomDate(parseGedcomDate(e.date, e.datePhrase ?? undefined), options.version);
          await w.line(level + 1, "DATE", written.value);
          if (written.phrase) await w.line(level + 2, "PHRASE", written.phrase);
          await w.raw(parse<RawNode[]>(e.extra, []).find((n) => n.t === DATE_PARTS)?.c, level + 2);
        }
        if (e.placeId !== null) {
          await w.line(level + 1, "PLAC", w.escape(places.get(e.placeId)));
          await w.raw(parse<RawNode[]>(e.placeExtra, []), level + 2);
        }
        await notes(parse<Note[]>(e.notes, []), level + 1);
        await writeCitations(citations.get(e.id), level + 1);
        await writeLinks(links.get(e.id), level + 1);
        await w.raw(
          marked(
            parse<RawNode[]>(e.extra, []).filter((n) => n.t !== DATE_PARTS),
            e.restriction,
          ),
          level + 1,
        );
      }
    };
  };

  // ---- people
  const familiesOfPartner = new Map<number, number[]>();
  const allFamilies = (
    await readInPages((after) =>
      db
        .selectFrom("genealogyFamilies")
        .select(["id", "partner1Id", "partner2Id", "position"])
        .where("treeId", "=", treeId)
        .$if(after !== null, (q) => q.where("id", ">", after!))
        .orderBy("id")
        .limit(PAGE_ROWS)
        .execute(),
    )
  ).sort((a, b) => a.position - b.position);
  for (const f of allFamilies) {
    for (const p of [f.partner1Id, f.partner2Id]) if (p !== null) familiesOfPartner.set(p, [...(familiesOfPartner.get(p) ?? []), f.id]);
  }
  // A family with a partner left out keeps its events, notes and media to itself.
  const privateFamilies = new Set(
    allFamilies.filter((f) => [f.partner1Id, f.partner2Id].some((p) => p !== null && hidden.has(p))).map((f) => f.id),
  );
  const withheld = audience
    ? await privateRecords(db, treeId, audience, hidden, privateFamilies)
    : { media: new Set<number>(), notes: new Set<string>() };
  let writtenPeople = 0;
  // Pages by position (keyset, not OFFSET, which would read the table again for every page).
  for (let after = -1; ;) {
    const page = await db
      .selectFrom("genealogyPeople")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("position", ">", after)
      .orderBy("position")
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    await yieldToEventLoop();
    after = page[page.length - 1].position;
    const visible = page.filter((p) => !hidden.has(p.id));
    const ids = visible.map((p) => p.id);
    const events = await writeEvents("person", ids, 1);
    const citations = await citationsFor("person", ids);
    const links = await linksFor("person", ids);
    // Each person's mark as the site honours it (the administrator's older private mark is confidential too).
    const marks = await restrictionsAmong(db, treeId, ids);
    const childOf = new Map<number, Awaited<ReturnType<typeof childLinks>>>();
    const childLinks = () =>
      db.selectFrom("genealogyChildren").selectAll().where("treeId", "=", treeId).where("personId", "in", ids).execute();
    for (const c of ids.length ? await childLinks() : []) childOf.set(c.personId, [...(childOf.get(c.personId) ?? []), c]);
    for (const p of visible) {
      writtenPeople++;
      await w.line(0, "INDI", undefined, people.get(p.id));
      for (const name of parse<PersonName[]>(p.names, [])) {
        await w.line(1, "NAME", w.escape(name.value));
        for (const [field, tag] of NAME_PART_TAGS) {
          const value = name[field];
          if (typeof value === "string") await w.line(2, tag, field === "type" ? enumFor(value) : w.escape(value));
        }
        await w.raw(name.extra, 2);
      }
      if (p.sex !== "U") await w.line(1, "SEX", p.sex);
      // A person made on the site carries their UID (a file's own _UID or UID travels in `extra`).
      const extra = marked(parse<RawNode[]>(p.extra, []), marks.get(p.id) ?? null);
      if (p.uid && !extra.some((n) => n.t === "_UID" || n.t === "UID")) await w.line(1, v7 ? "UID" : "_UID", v7 ? uuidForm(p.uid) : p.uid);
      await events(p.id);
      for (const c of childOf.get(p.id) ?? []) {
        await w.line(1, "FAMC", families.get(c.familyId));
        // The file's own PEDI is among the line's substructures; a link made on the site has none.
        const extra = parse<RawNode[]>(c.extra, []);
        const pedi = extra.find((n) => n.t === "PEDI");
        if (pedi) pedi.v = pedi.v === undefined ? undefined : enumFor(pedi.v);
        else if (c.relation !== "birth") {
          const value = Object.entries(PEDIGREE).find(([, r]) => r === c.relation)?.[0] ?? "OTHER";
          await w.line(2, "PEDI", enumValue(value, options.version));
        }
        await w.raw(extra, 2);
      }
      const famsExtra = parse<Record<string, RawNode[]>>(p.famsExtra, {});
      for (const f of familiesOfPartner.get(p.id) ?? []) {
        await w.line(1, "FAMS", families.get(f));
        await w.raw(famsExtra[f], 2);
      }
      await notes(parse<Note[]>(p.notes, []), 1);
      await writeCitations(citations.get(p.id), 1);
      await writeLinks(links.get(p.id), 1);
      for (const tag of gallery.tags.get(p.id) ?? []) {
        const xref = galleryXrefs.get(tag.itemId);
        if (!xref) continue;
        galleryWritten.add(tag.itemId);
        await w.line(1, "OBJE", xref);
        // The rectangle: GEDCOM 7 has CROP; 5.5.1 has nowhere to say it.
        if (v7 && tag.crop) {
          await w.line(2, "CROP");
          await w.line(3, "TOP", String(tag.crop.top));
          await w.line(3, "LEFT", String(tag.crop.left));
          await w.line(3, "HEIGHT", String(tag.crop.height));
          await w.line(3, "WIDTH", String(tag.crop.width));
        }
      }
      await w.raw(extra, 1);
    }
  }

  // ---- families
  let writtenFamilies = 0;
  for (let after = -1; ;) {
    const page = await db
      .selectFrom("genealogyFamilies")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("position", ">", after)
      .orderBy("position")
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    await yieldToEventLoop();
    after = page[page.length - 1].position;
    const ids = page.map((f) => f.id);
    const children = await db
      .selectFrom("genealogyChildren")
      .selectAll()
      .where("treeId", "=", treeId)
      .where("familyId", "in", ids)
      .orderBy("familyId")
      .orderBy("position")
      .execute();
    const events = await writeEvents("family", ids, 1, privateFamilies);
    const citations = await citationsFor("family", ids);
    const links = await linksFor("family", ids);
    const childrenOf = new Map<number, typeof children>();
    for (const c of children) childrenOf.set(c.familyId, [...(childrenOf.get(c.familyId) ?? []), c]);
    for (const f of page) {
      const kids = (childrenOf.get(f.id) ?? []).filter((c) => !hidden.has(c.personId));
      const partnerExtra = parse<RawNode[][]>(f.partnerExtra, [[], []]);
      const partners = (
        [
          [f.partner1Id, f.partner1Role, partnerExtra[0]],
          [f.partner2Id, f.partner2Role, partnerExtra[1]],
        ] as [number | null, string | null, RawNode[]][]
      ).filter(([id]) => id !== null && !hidden.has(id)) as [number, string | null, RawNode[]][];
      if (options.audience && partners.length === 0 && kids.length === 0) continue;
      writtenFamilies++;
      await w.line(0, "FAM", undefined, families.get(f.id));
      for (const [id, role, extra] of partners) {
        await w.line(1, role ?? "HUSB", people.get(id));
        await w.raw(extra, 2);
      }
      for (const c of kids) {
        await w.line(1, "CHIL", people.get(c.personId));
        await w.raw(parse<RawNode[]>(c.familyExtra, []), 2);
      }
      await events(f.id);
      if (!privateFamilies.has(f.id)) {
        await notes(parse<Note[]>(f.notes, []), 1);
        await writeCitations(citations.get(f.id), 1);
        await writeLinks(links.get(f.id), 1);
        await w.raw(parse<RawNode[]>(f.extra, []), 1);
      }
    }
  }

  // ---- sources, media, other records
  for (const s of await db.selectFrom("genealogySources").selectAll().where("treeId", "=", treeId).orderBy("id").execute()) {
    await w.line(0, "SOUR", undefined, sources.get(s.id));
    if (s.title !== null) await w.line(1, "TITL", w.escape(s.title));
    if (s.author !== null) await w.line(1, "AUTH", w.escape(s.author));
    if (s.publication !== null) await w.line(1, "PUBL", w.escape(s.publication));
    if (s.text !== null) await w.line(1, "TEXT", w.escape(s.text));
    await notes(parse<Note[]>(s.notes, []), 1);
    await w.raw(parse<RawNode[]>(s.extra, []), 1);
  }
  for (const m of mediaRecords.values()) {
    if (withheld.media.has(m.id) || (m.embedded && !v7)) continue;
    await w.line(0, objectTag(m.id), undefined, media.get(m.id));
    await w.raw(parse<RawNode[]>(m.extra, []), 1);
  }
  const galleryFiles = new Map<string, string>();
  for (const object of gallery.objects.values()) {
    if (!galleryWritten.has(object.itemId)) continue;
    await w.line(0, "OBJE", undefined, galleryXrefs.get(object.itemId));
    if (v7 && object.membersOnly) await w.line(1, "RESN", "CONFIDENTIAL");
    await w.line(1, "FILE", w.escape(object.path));
    await w.line(2, "FORM", v7 ? "image/jpeg" : "jpg");
    await w.line(2, "TITL", w.escape(object.title));
    await w.line(1, "REFN", String(object.itemId));
    await w.line(2, "TYPE", GALLERY_REFN_TYPE);
    if (object.description) await w.line(1, "NOTE", w.escape(object.description));
    galleryFiles.set(object.path, object.source);
  }
  for (const r of records) {
    if (r.xref && withheld.notes.has(r.xref.toUpperCase())) continue;
    const tag = r.tag === "NOTE" && v7 ? "SNOTE" : r.tag === "SNOTE" && !v7 ? "NOTE" : r.tag;
    await w.line(0, tag, r.value, recordXrefs.get(r.id) ?? r.xref);
    await w.raw(parse<RawNode[]>(r.children, []), 1);
  }
  await w.line(0, "TRLR");
  await w.end();
  if (body) {
    // A 7.0 HEAD declares the extension tags the file uses (HEAD.SCHMA), known only now: the HEAD is
    // written, then the body after it.
    await new Promise<void>((resolve, reject) => body.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const declared = declaredTags(parse<RawNode[]>(tree?.header, []));
    const hw = new LineWriter(
      out,
      options.version,
      (record) => {
        const converted = toGedcom7(record, { from });
        if (record.t === "HEAD") declareExtensions(converted[0], w.extensions, declared);
        return converted;
      },
      escapeAs,
    );
    hw.renamed = renamed;
    await writeHead(hw);
    await hw.end();
    await pipeline(fs.createReadStream(body.file), out, { end: false });
  }
  return { people: writtenPeople, families: writtenFamilies, namedFiles: w.namedFiles, galleryFiles };
}
