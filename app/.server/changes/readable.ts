import { EVENT_LABELS } from "#app/lib/event-labels.ts";
import { formatGedcomDateLt, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { placeLabel } from "#app/lib/places.ts";
import { TEXT_FIELDS, type TextField } from "#app/lib/site.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { DEFAULT_LIVING_YEARS, editorViewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { CURRENT_TREE } from "#app/.server/genealogy/current-tree.ts";
import { formatDateTime } from "#app/lib/lithuanian.ts";
import type { ChangeTable, RowChange } from "./changes.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";

// How a change reads in the history (/admin/pakeitimai): each row it touched
// as lines "what: before → after", in the family's words. Every field by its
// label, every row another names by the name or title it stands for (a
// person as the editors see them, a photo, a document, an album, a story, a
// place as written), dates as Lithuanian dates, codes (GEDCOM's, the
// guestbook's) as words; keys, positions and derived columns not at all.

type Row = Record<string, unknown>;

const TABLE_LABELS: Record<ChangeTable, string> = {
  genealogyPeople: "Asmuo",
  genealogyFamilies: "Šeima",
  genealogyChildren: "Vaikas šeimoje",
  genealogyEvents: "Įvykis",
  genealogyPlaces: "Vieta",
  genealogyCitations: "Šaltinio nuoroda",
  genealogyMediaLinks: "Medžio nuotrauka",
  photoPeople: "Žmogus nuotraukoje",
  documentPeople: "Dokumento asmuo",
  privatePeople: "Privatus asmuo",
  historyRevisions: "Istorija",
  settings: "Tekstas",
  galleryItems: "Nuotrauka",
  albums: "Albumas",
  albumPhotos: "Nuotrauka albume",
  photoDocuments: "Su nuotrauka susietas dokumentas",
  documents: "Dokumentas",
  media: "Failas",
  guestbookEntries: "Svečių knygos įrašas",
  memories: "Prisiminimas",
  stories: "Pasakojimas",
  storySlugs: "Pasakojimo adresas",
  storyRevisions: "Pasakojimo versija",
};

const COLUMN_LABELS: Record<string, string> = {
  givenNames: "vardai",
  surname: "pavardė",
  birthSurname: "pavardė gimus",
  sex: "lytis",
  notes: "pastabos",
  tag: "rūšis",
  date: "data",
  value: "aprašas",
  placeId: "vieta",
  name: "pavadinimas",
  title: "pavadinimas",
  description: "aprašymas",
  intro: "įvadas",
  paragraph1: "pagrindinis tekstas",
  text: "tekstas",
  page: "puslapis",
  periodTitle: "laikotarpio pavadinimas",
  periodText: "laikotarpio tekstas",
  periodText2: "laikotarpio tekstas (2)",
  periodMembersOnly: "laikotarpis tik giminei",
  status: "būsena",
  message: "žinutė",
  membersOnly: "tik giminei",
  person: "asmuo",
  year: "metai",
  type: "rūšis",
  partner1Id: "partneris",
  partner2Id: "partneris",
  relation: "ryšys su šeima",
  personId: "asmuo",
  galleryItemId: "nuotrauka",
  documentId: "dokumentas",
  albumId: "albumas",
  storyId: "pasakojimas",
  author: "autorius",
  cover: "viršelis",
  portrait: "portretas",
  slug: "adresas",
  lead: "įvadas",
  body: "tekstas",
  era: "laikotarpis",
  yearFrom: "nuo metų",
  yearTo: "iki metų",
  places: "vietos",
  coverPhotoId: "viršelio nuotrauka",
  published: "paskelbtas",
  place: "vieta",
  originalName: "failas",
};

/** Where a column means something else in one table: a guestbook entry's name is its writer's. */
const TABLE_COLUMN_LABELS: Partial<Record<ChangeTable, Record<string, string>>> = {
  guestbookEntries: { name: "vardas" },
};

const columnLabel = (table: ChangeTable, column: string) => TABLE_COLUMN_LABELS[table]?.[column] ?? COLUMN_LABELS[column] ?? column;

/** Columns that say nothing to a reader (keys, derived search and sort texts, positions, raw structures, roles the sex gives). */
const HIDDEN_COLUMNS = new Set([
  "boxLeft",
  "boxTop",
  "boxWidth",
  "boxHeight",
  "treeId",
  "id",
  "xref",
  "uid",
  "searchKey",
  "position",
  "extra",
  "famsExtra",
  "partnerExtra",
  "familyExtra",
  "names",
  "dateFrom",
  "dateTo",
  "datePhrase",
  "placeExtra",
  "createdAt",
  "updatedAt",
  "markedAt",
  "sortTitle",
  "sortPerson",
  "sortType",
  "sortYear",
  "searchText",
  "personKey",
  "clientHash",
  "mediaId",
  "scanMediaId",
  "mediaIds",
  "ownerKind",
  "ownerId",
  "sourceId",
  "familyId",
  "proposalId",
  "userId",
  "key",
  "personIds",
  "photoIds",
  "partner1Role",
  "partner2Role",
  "parts",
  // A file's own facts: its name says which.
  "kind",
  "originalType",
  "originalExtension",
  "originalSize",
  "width",
  "height",
  "displayWidth",
  "displayHeight",
  "zoom",
]);

const SEXES: Record<string, string> = { U: "nenurodyta", M: "vyras", F: "moteris", X: "kita" };
const RELATIONS: Record<string, string> = {
  birth: "tikras vaikas",
  adopted: "įvaikintas",
  foster: "globojamas",
  sealing: "įsūnytas bažnyčios apeigomis",
  other: "kitas ryšys",
};
const GUESTBOOK_STATUSES: Record<string, string> = { pending: "laukia peržiūros", approved: "paskelbtas", hidden: "paslėptas" };

/** The settings a change may touch, by their stored keys: the texts by their labels, and the rest. */
const SETTING_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    (Object.keys(TEXT_FIELDS) as TextField[]).map((field) => [
      field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      TEXT_FIELDS[field].label,
    ]),
  ),
  hero_photo_id: "Pradžios puslapio nuotrauka",
  branches: "Giminės šakos",
  branches_with_tree: "Šakos rodomos ir kai medis įkeltas",
  living_years: "Gyvais laikomi gimę per paskutinius (metai)",
  tree_home_person: "Asmuo, nuo kurio atsiveria medis",
  genealogy_current_tree: "Svetainės giminės medis",
};

/** The names of the rows a change's rows point at, looked up once for the whole page. */
export interface Names {
  /** The tree a row without one (a private mark, a memory) means: the current. */
  currentTree: number | null;
  people: Map<string, string>;
  places: Map<string, string>;
  photos: Map<number, string>;
  documents: Map<number, string>;
  albums: Map<number, string>;
  stories: Map<number, string>;
  /** Trees by their number and the file each was imported from ("medis Nr. 4 iš „v2.ged“, importuotas …"): two may share a file's name. */
  trees: Map<number, string>;
}

const personKey = (treeId: unknown, id: unknown) => `${Number(treeId)}:${Number(id)}`;
const numbers = (values: unknown[]) =>
  [...new Set(values.filter((v) => v !== null && v !== undefined && v !== "").map(Number))].filter(Number.isInteger);

/** Every row's named rows, in both its before and after. */
function* rowsOf(rows: readonly RowChange[]): Generator<{ table: ChangeTable; row: Row }> {
  for (const change of rows) for (const row of [change.before, change.after]) if (row) yield { table: change.table, row };
}

/**
 * The names these changes need (as the editors see people: the history is
 * theirs). A row removed since is named by what the change itself kept of it
 * when it can be; otherwise the line says "#12".
 */
export async function namesFor(db: Database, changes: readonly { rows: RowChange[] }[]): Promise<Names> {
  const all = changes.flatMap((c) => [...rowsOf(c.rows)]);
  const current = await currentTreeId(db);
  const people = new Map<string, string>();
  // People: of a tree (families, links) or by the stable id alone (a private mark, a memory, where the tree opens).
  const wanted = new Map<number, Set<number>>();
  const want = (treeId: unknown, id: unknown) => {
    if (id === null || id === undefined || treeId === null || treeId === undefined) return;
    const tree = Number(treeId);
    wanted.set(tree, (wanted.get(tree) ?? new Set()).add(Number(id)));
  };
  for (const { table, row } of all) {
    const tree = row.treeId ?? current;
    for (const column of ["personId", "partner1Id", "partner2Id"]) if (column in row) want(tree, row[column]);
    if (table === "settings" && row.key === "tree_home_person") want(current, row.value);
    if (table === "genealogyPeople") people.set(personKey(row.treeId, row.id), personName(row));
  }
  for (const [treeId, ids] of wanted) {
    const found = await summaries(db, treeId, [...ids], editorViewer(DEFAULT_LIVING_YEARS));
    for (const [id, person] of Object.entries(found)) people.set(personKey(treeId, id), person.name);
  }
  const places = new Map<string, string>();
  for (const { table, row } of all)
    if (table === "genealogyPlaces") places.set(personKey(row.treeId, row.id), placeLabel(String(row.name)) ?? "");
  const placeIds = all.filter(({ row }) => row.placeId !== null && row.placeId !== undefined);
  for (const [treeId, ids] of groupBy(placeIds.map(({ row }) => [Number(row.treeId), Number(row.placeId)] as const))) {
    const rows = await db
      .selectFrom("genealogyPlaces")
      .select(["id", "name"])
      .where("treeId", "=", treeId)
      .where("id", "in", ids)
      .execute();
    for (const row of rows) places.set(personKey(treeId, row.id), placeLabel(row.name) ?? "");
  }
  const titles = async (table: "galleryItems" | "documents" | "albums" | "stories", ids: number[], own: ChangeTable) => {
    const map = new Map<number, string>();
    for (const { table: t, row } of all) if (t === own) map.set(Number(row.id), String(row.title));
    const missing = ids.filter((id) => !map.has(id));
    if (missing.length)
      for (const row of await db.selectFrom(table).select(["id", "title"]).where("id", "in", missing).execute()) map.set(row.id, row.title);
    return map;
  };
  const column = (name: string) => numbers(all.map(({ row }) => row[name]));
  const heroPhotos = numbers(
    all.filter(({ table, row }) => table === "settings" && row.key === "hero_photo_id").map(({ row }) => row.value),
  );
  const treeIds = numbers(all.filter(({ table, row }) => table === "settings" && row.key === CURRENT_TREE).map(({ row }) => row.value));
  const trees = new Map<number, string>();
  if (treeIds.length)
    for (const tree of await db.selectFrom("genealogyTrees").select(["id", "sourceName", "createdAt"]).where("id", "in", treeIds).execute())
      trees.set(tree.id, `medis Nr. ${tree.id} iš „${tree.sourceName}“, importuotas ${formatDateTime(tree.createdAt)}`);
  return {
    currentTree: current,
    trees,
    people,
    places,
    photos: await titles("galleryItems", [...column("galleryItemId"), ...column("coverPhotoId"), ...heroPhotos], "galleryItems"),
    documents: await titles("documents", column("documentId"), "documents"),
    albums: await titles("albums", column("albumId"), "albums"),
    stories: await titles("stories", column("storyId"), "stories"),
  };
}

function groupBy(pairs: (readonly [number, number])[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const [key, value] of pairs) groups.set(key, [...new Set([...(groups.get(key) ?? []), value])]);
  return groups;
}

function personName(row: Row): string {
  return [row.givenNames, row.surname].filter((part) => typeof part === "string" && part !== "").join(" ") || `#${String(row.id)}`;
}

/** A value as the reader reads it ("" for nothing). */
function readable(table: ChangeTable, column: string, row: Row, names: Names): string {
  const value = row[column];
  if (value === null || value === undefined || value === "") return "";
  const named = (map: Map<number, string>, id: unknown) => map.get(Number(id)) ?? `#${String(id)}`;
  switch (column) {
    case "notes":
      if (typeof value !== "string") return String(value);
      try {
        return (JSON.parse(value) as { text?: string }[])
          .map((n) => n.text ?? "")
          .filter(Boolean)
          .join("\n");
      } catch {
        return value;
      }
    case "membersOnly":
    case "published":
    case "periodMembersOnly":
      return value ? "taip" : "ne";
    // Only the album's cover and the portrait say so; the other photos simply are.
    case "cover":
    case "portrait":
      return value ? "taip" : "";
    case "date":
      return table.startsWith("genealogy") && typeof value === "string"
        ? formatGedcomDateLt(parseGedcomDate(value)) || value
        : String(value);
    case "name":
      return table === "genealogyPlaces" ? (placeLabel(String(value)) ?? "") : String(value);
    case "tag":
      return EVENT_LABELS[String(value)] ?? String(value);
    case "sex":
      return SEXES[String(value)] ?? String(value);
    case "relation":
      return RELATIONS[String(value)] ?? String(value);
    case "status":
      return table === "guestbookEntries" ? (GUESTBOOK_STATUSES[String(value)] ?? String(value)) : String(value);
    case "personId":
    case "partner1Id":
    case "partner2Id":
      return names.people.get(personKey(row.treeId ?? names.currentTree, value)) ?? `#${String(value)}`;
    case "placeId":
      return names.places.get(personKey(row.treeId, value)) ?? `#${String(value)}`;
    case "galleryItemId":
    case "coverPhotoId":
      return named(names.photos, value);
    case "documentId":
      return named(names.documents, value);
    case "albumId":
      return named(names.albums, value);
    case "storyId":
      return named(names.stories, value);
    default:
      return String(value);
  }
}

/** A setting as stored when it was never saved: the seed's words (site-texts.ts), or nothing for other settings. */
function seedValue(key: string): unknown {
  const field = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as keyof typeof SEED_SITE;
  if (!(field in SEED_SITE)) return null;
  const value = SEED_SITE[field];
  if (field === "branches") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return value;
}

/** A setting's value as the reader reads it. */
function settingValue(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "") return "";
  if (key === "hero_photo_id") return names.photos.get(Number(value)) ?? `#${String(value)}`;
  if (key === "tree_home_person") return names.people.get(personKey(names.currentTree, value)) ?? `#${String(value)}`;
  if (key === CURRENT_TREE) return names.trees.get(Number(value)) ?? "medis, kurio nebėra";
  if (key === "branches_with_tree") return value === "1" || value === "true" ? "taip" : "ne";
  if (key === "branches") {
    try {
      const branches = (JSON.parse(String(value)) as { name?: string }[]).map((b) => b.name ?? "");
      return branches.length ? branches.join("; ") : "nėra šakų";
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** The tables whose label is a feminine noun ("Nuotrauka (pašalinta)"); the rest are masculine ("Dokumentas (pašalintas)"). */
const FEMININE = new Set<ChangeTable>([
  "genealogyFamilies",
  "genealogyPlaces",
  "genealogyCitations",
  "genealogyMediaLinks",
  "historyRevisions",
  "galleryItems",
  "albumPhotos",
  "storyRevisions",
]);

export interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

/** The rows of a change as lines a reader follows: "Asmuo: pavardė · Jonaitis → Petraitis". */
export function changeLines(rows: RowChange[], names: Names): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const row of rows) {
    if (row.table === "settings") {
      const key = String(row.key.key);
      const label = SETTING_LABELS[key] ?? TABLE_LABELS.settings;
      // A text never saved reads as the seed's: that is what the site showed.
      const [before, after] = [
        settingValue(key, row.before ? row.before.value : seedValue(key), names),
        settingValue(key, row.after ? row.after.value : seedValue(key), names),
      ];
      if (before !== after) lines.push({ label, before, after });
      continue;
    }
    const table = TABLE_LABELS[row.table];
    const shown = (present: Row) => Object.keys(present).filter((column) => !HIDDEN_COLUMNS.has(column));
    if (row.before === null || row.after === null) {
      const present = (row.after ?? row.before)!;
      const summary = shown(present)
        .map((column) => [column, readable(row.table, column, present, names)] as const)
        .filter(([, text]) => text !== "")
        .map(([column, text]) => `${columnLabel(row.table, column)}: ${text}`)
        .join("; ");
      const what = summary || table;
      const [added, removed] = FEMININE.has(row.table) ? ["pridėta", "pašalinta"] : ["pridėtas", "pašalintas"];
      lines.push(
        row.before === null
          ? { label: `${table} (${added})`, before: "", after: what }
          : { label: `${table} (${removed})`, before: what, after: "" },
      );
      continue;
    }
    for (const column of shown(row.after)) {
      const before = readable(row.table, column, row.before, names);
      const after = readable(row.table, column, row.after, names);
      if (before !== after) lines.push({ label: `${table}: ${columnLabel(row.table, column)}`, before, after });
    }
    // A photo's or a scan's file put in another's place: no name a reader knows it by, but that it happened.
    for (const column of ["mediaId", "scanMediaId"])
      if (column in row.after && row.before[column] !== row.after[column])
        lines.push({ label: `${table}: failas`, before: row.before[column] ? "ankstesnis" : "", after: row.after[column] ? "naujas" : "" });
  }
  return lines;
}
