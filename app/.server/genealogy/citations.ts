// The sources a person page cites: the citations on the person, their names
// and their events, grouped by source and numbered like footnotes in the
// order the page shows the facts they support. A citation's page is a column;
// its quality, date, text, notes and scans stay in its JSON as GEDCOM wrote
// them (import.ts), and are read from there.
import { parseQuality, type CitationQuality } from "#app/lib/citation-quality.ts";
import { requestLanguage } from "#app/.server/platform/request-language.ts";
import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { chunks, treeQueries } from "./family-graph.ts";
import type { Note, RawNode } from "#app/.server/genealogy/gedcom/model.ts";

/** A document scan a GEDZIP archive brought for a citation or a source. */
export interface Scan {
  mediaId: string;
  kind: "image" | "pdf";
  title: string;
  width: number;
  height: number;
}

export interface CitationView {
  /** What the citation supports on the page: message ids ('Gimimas', 'Asmuo'), or an event's own TYPE as the family wrote it. */
  supports: string[];
  page: string | null;
  quality: CitationQuality | null;
  /** The date the source recorded (DATA DATE), in the language of the request. */
  date: string | null;
  /** The source's words quoted (DATA TEXT), or a citation written as text alone. */
  texts: string[];
  notes: string[];
  scans: Scan[];
}

export interface SourceView {
  /** The footnote number, from 1. */
  number: number;
  title: string | null;
  author: string | null;
  publication: string | null;
  text: string | null;
  notes: string[];
  scans: Scan[];
  citations: CitationView[];
}

/** A fact on the page that citations support: its key, what it is called, and its citations where they are stored. */
export interface CitedFact {
  key: string;
  /** A message id, or an event's own TYPE (shown as it is). */
  label: string;
  owner?: { kind: "person" | "family" | "event"; id: number };
  /** Citations kept inside another structure's JSON (a NAME's SOUR). */
  raw?: RawNode[];
}

interface Citation {
  key: string;
  sourceId: number | null;
  sourceXref: string | null;
  text: string | null;
  page: string | null;
  extra: RawNode[];
}

const POINTER = /^@[^@#][^@]*@$/;
const child = (node: RawNode | undefined, tag: string) => node?.c?.find((c) => c.t === tag);
const children = (nodes: RawNode[] | undefined, ...tags: string[]) => (nodes ?? []).filter((c) => tags.includes(c.t));

/**
 * The sources behind the facts, in the order the facts are given: each
 * source once, numbered, with its citations; and for each fact's key the
 * numbers of its sources.
 */
export async function citedSources(
  db: Database,
  treeId: number,
  facts: CitedFact[],
): Promise<{ sources: SourceView[]; footnotes: Record<string, number[]> }> {
  const citations = await readCitations(db, treeId, facts);
  const sourceIds = [...new Set(citations.flatMap((c) => (c.sourceId !== null ? [c.sourceId] : [])))];
  const sourceXrefs = [...new Set(citations.flatMap((c) => (c.sourceXref !== null ? [c.sourceXref] : [])))];
  const rows = [];
  for await (const chunk of chunks(sourceIds)) rows.push(...(await treeQueries.sourcesByIds(db, treeId, chunk).execute()));
  if (sourceXrefs.length) rows.push(...(await treeQueries.sourcesByXrefs(db, treeId, sourceXrefs).execute()));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byXref = new Map(rows.map((r) => [(r.xref ?? "").toUpperCase(), r]));

  // Shared notes and scans, read once for the whole page.
  const sourceExtra = new Map(rows.map((r) => [r.id, JSON.parse(r.extra) as RawNode[]]));
  const allNotes: Note[] = [
    ...rows.flatMap((r) => JSON.parse(r.notes) as Note[]),
    ...citations.flatMap((c) => children(c.extra, "NOTE", "SNOTE").map(rawNote)),
  ];
  const noteRecords = await sharedNotes(db, treeId, allNotes);
  const scans = await scansOf(db, treeId, [...citations.map((c) => c.extra), ...sourceExtra.values()]);
  const noteTexts = (notes: Note[]) =>
    notes.map((n) => (n.ref ? (noteRecords.get(n.ref.toUpperCase()) ?? "") : (n.text ?? ""))).filter(Boolean);

  const labels = new Map(facts.map((f) => [f.key, f.label]));
  const groups = new Map<string, SourceView>();
  const footnotes: Record<string, number[]> = {};
  for (const c of citations) {
    const row = c.sourceId !== null ? byId.get(c.sourceId) : c.sourceXref !== null ? byXref.get(c.sourceXref.toUpperCase()) : undefined;
    // A citation written as text alone is a source of its own.
    const groupKey = row ? `s${row.id}` : `t${groups.size}:${c.text ?? ""}`;
    let group = groups.get(groupKey);
    if (!group) {
      group = {
        number: groups.size + 1,
        // Programs leave trailing spaces and empty fields ('1 TITL'): neither is shown.
        title: row?.title?.trim() || null,
        author: row?.author?.trim() || null,
        publication: row?.publication?.trim() || null,
        text: row?.text?.trim() || null,
        notes: row ? noteTexts(JSON.parse(row.notes) as Note[]) : [],
        scans: row ? scans(sourceExtra.get(row.id) ?? []) : [],
        citations: [],
      };
      groups.set(groupKey, group);
    }
    const data = child({ t: "", c: c.extra }, "DATA");
    const date = child(data, "DATE")?.v;
    const view: CitationView = {
      supports: [labels.get(c.key) ?? ""],
      page: c.page || null,
      quality: parseQuality(child({ t: "", c: c.extra }, "QUAY")?.v),
      date: date ? formatGedcomDate(parseGedcomDate(date), requestLanguage()) : null,
      texts: [...(c.text ? [c.text] : []), ...children(data?.c, "TEXT").flatMap((t) => (t.v ? [t.v] : []))],
      notes: noteTexts(children(c.extra, "NOTE", "SNOTE").map(rawNote)),
      scans: scans(c.extra),
    };
    // The same page of the same source cited for several facts is one citation supporting them all.
    const same = group.citations.find((x) => JSON.stringify({ ...x, supports: [] }) === JSON.stringify({ ...view, supports: [] }));
    if (same) {
      if (!same.supports.includes(view.supports[0])) same.supports.push(view.supports[0]);
    } else group.citations.push(view);
    const numbers = (footnotes[c.key] ??= []);
    if (!numbers.includes(group.number)) numbers.push(group.number);
  }
  return { sources: [...groups.values()], footnotes };
}

/** The facts' citations, in the facts' order (each fact's in the file's order). */
async function readCitations(db: Database, treeId: number, facts: CitedFact[]): Promise<Citation[]> {
  const stored = new Map<string, Citation[]>();
  for (const kind of ["person", "family", "event"] as const) {
    const owners = facts.flatMap((f) => (f.owner?.kind === kind ? [f] : []));
    const keyOf = new Map(owners.map((f) => [f.owner!.id, f.key]));
    for await (const chunk of chunks([...keyOf.keys()])) {
      for (const row of await treeQueries.citations(db, treeId, kind, chunk).execute()) {
        const key = keyOf.get(row.ownerId)!;
        const citation = { key, sourceId: row.sourceId, sourceXref: null, text: row.text, page: row.page, extra: JSON.parse(row.extra) };
        stored.set(key, [...(stored.get(key) ?? []), citation]);
      }
    }
  }
  return facts.flatMap((f) => [
    ...(stored.get(f.key) ?? []),
    ...children(f.raw, "SOUR").map((node) => {
      const pointer = node.v && POINTER.test(node.v) && node.v.toUpperCase() !== "@VOID@" ? node.v : null;
      return {
        key: f.key,
        sourceId: null,
        sourceXref: pointer,
        text: pointer ? null : (node.v ?? null),
        page: child(node, "PAGE")?.v ?? null,
        extra: (node.c ?? []).filter((c) => c.t !== "PAGE"),
      };
    }),
  ]);
}

function rawNote(node: RawNode): Note {
  return node.t === "SNOTE" || (node.v && POINTER.test(node.v)) ? { ref: node.v } : { text: node.v ?? "" };
}

async function sharedNotes(db: Database, treeId: number, notes: Note[]): Promise<Map<string, string>> {
  const refs = [...new Set(notes.flatMap((n) => (n.ref ? [n.ref] : [])))];
  const records = new Map<string, string>();
  if (refs.length) {
    for (const r of await treeQueries.noteRecords(db, treeId, refs).execute()) records.set((r.xref ?? "").toUpperCase(), r.value ?? "");
  }
  return records;
}

/**
 * The scans of the OBJE structures among these substructures: a pointer to
 * a media record, or an object embedded with its FILE (GEDCOM 5.5), when a
 * GEDZIP archive brought the file and it is a picture or a PDF (the other
 * files an archive brings are kept, not served).
 */
async function scansOf(db: Database, treeId: number, lists: RawNode[][]): Promise<(nodes: RawNode[]) => Scan[]> {
  const objects = lists.flatMap((l) => children(l, "OBJE"));
  const xrefs = [...new Set(objects.flatMap((o) => (o.v && POINTER.test(o.v) ? [o.v] : [])))];
  const paths = [...new Set(objects.flatMap((o) => children(o.c, "FILE").flatMap((f) => (f.v ? [f.v] : []))))];
  const byXref = new Map(xrefs.length ? (await treeQueries.mediaByXrefs(db, treeId, xrefs).execute()).map((m) => [m.xref ?? "", m]) : []);
  const byPath = new Map(paths.length ? (await treeQueries.filesByPaths(db, treeId, paths).execute()).map((m) => [m.path, m]) : []);
  return (nodes) =>
    children(nodes, "OBJE").flatMap((o): Scan[] => {
      const file = children(o.c, "FILE")[0];
      const title = child(o, "TITL")?.v ?? child(file, "TITL")?.v ?? "";
      const found = o.v && POINTER.test(o.v) ? byXref.get(o.v) : file?.v ? byPath.get(file.v) : undefined;
      if (!found || found.kind === "file") return [];
      return [
        {
          mediaId: found.mediaId,
          kind: found.kind,
          title: ("title" in found ? found.title : null) || title,
          width: found.displayWidth ?? 0,
          height: found.displayHeight ?? 0,
        },
      ];
    });
}
