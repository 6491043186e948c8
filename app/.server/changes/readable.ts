import type { MessageId } from "#app/i18n/catalog.ts";
import type { T } from "#app/i18n/intl.ts";
import { eventLabel } from "#app/lib/event-labels.ts";
import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { placeLabel } from "#app/lib/places.ts";
import { TEXT_FIELDS, type TextField } from "#app/lib/site.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { DEFAULT_LIVING_YEARS, editorViewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { CURRENT_TREE } from "#app/.server/genealogy/current-tree.ts";
import type { ChangeTable, RowChange } from "./changes.ts";
import { isRestriction } from "#app/lib/restrictions.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";

// How a change reads in the history (/admin/pakeitimai): each row it touched
// as lines "what: before → after", in the family's words. Every field by its
// label, every row another names by the name or title it stands for (a
// person as the editors see them, a photo, a document, an album, a story, a
// place as written), dates as the reader's language writes them, codes
// (GEDCOM's, the guestbook's) as words; keys, positions and derived columns
// not at all. The words are the adminMembers catalog's, said by the `t` the
// page's loader gives (the request's language); the family's own words (names,
// titles, texts) are shown as they are.

type Row = Record<string, unknown>;

const TABLE_LABELS: Record<ChangeTable, MessageId> = {
  genealogyPeople: "adminMembers.changes.table.genealogyPeople",
  genealogyFamilies: "adminMembers.changes.table.genealogyFamilies",
  genealogyChildren: "adminMembers.changes.table.genealogyChildren",
  genealogyEvents: "adminMembers.changes.table.genealogyEvents",
  genealogyPlaces: "adminMembers.changes.table.genealogyPlaces",
  genealogyCitations: "adminMembers.changes.table.genealogyCitations",
  genealogyMediaLinks: "adminMembers.changes.table.genealogyMediaLinks",
  photoPeople: "adminMembers.changes.table.photoPeople",
  documentPeople: "adminMembers.changes.table.documentPeople",
  privatePeople: "adminMembers.changes.table.privatePeople",
  historyRevisions: "adminMembers.changes.table.historyRevisions",
  settings: "adminMembers.changes.table.settings",
  galleryItems: "adminMembers.changes.table.galleryItems",
  albums: "adminMembers.changes.table.albums",
  albumPhotos: "adminMembers.changes.table.albumPhotos",
  photoDocuments: "adminMembers.changes.table.photoDocuments",
  documents: "adminMembers.changes.table.documents",
  media: "adminMembers.changes.table.media",
  guestbookEntries: "adminMembers.changes.table.guestbookEntries",
  memories: "adminMembers.changes.table.memories",
  stories: "adminMembers.changes.table.stories",
  storySlugs: "adminMembers.changes.table.storySlugs",
  storyRevisions: "adminMembers.changes.table.storyRevisions",
};

const COLUMN_LABELS: Record<string, MessageId> = {
  givenNames: "adminMembers.changes.column.givenNames",
  surname: "adminMembers.changes.column.surname",
  birthSurname: "adminMembers.changes.column.birthSurname",
  sex: "adminMembers.changes.column.sex",
  restriction: "adminMembers.changes.column.restriction",
  notes: "adminMembers.changes.column.notes",
  tag: "adminMembers.changes.column.kind",
  date: "adminMembers.changes.column.date",
  value: "adminMembers.changes.column.value",
  placeId: "adminMembers.changes.column.place",
  name: "adminMembers.changes.column.name",
  title: "adminMembers.changes.column.title",
  description: "adminMembers.changes.column.description",
  intro: "adminMembers.changes.column.intro",
  paragraph1: "adminMembers.changes.column.paragraph1",
  text: "adminMembers.changes.column.text",
  page: "adminMembers.changes.column.page",
  periodTitle: "adminMembers.changes.column.periodTitle",
  periodText: "adminMembers.changes.column.periodText",
  periodText2: "adminMembers.changes.column.periodText2",
  periodMembersOnly: "adminMembers.changes.column.periodMembersOnly",
  status: "adminMembers.changes.column.status",
  message: "adminMembers.changes.column.message",
  membersOnly: "adminMembers.changes.column.membersOnly",
  person: "adminMembers.changes.column.person",
  year: "adminMembers.changes.column.year",
  type: "adminMembers.changes.column.type",
  partner1Id: "adminMembers.changes.column.partner",
  partner2Id: "adminMembers.changes.column.partner",
  relation: "adminMembers.changes.column.relation",
  personId: "adminMembers.changes.column.person",
  galleryItemId: "adminMembers.changes.column.photo",
  documentId: "adminMembers.changes.column.document",
  albumId: "adminMembers.changes.column.album",
  storyId: "adminMembers.changes.column.story",
  author: "adminMembers.changes.column.author",
  cover: "adminMembers.changes.column.cover",
  portrait: "adminMembers.changes.column.portrait",
  slug: "adminMembers.changes.column.slug",
  lead: "adminMembers.changes.column.intro",
  body: "adminMembers.changes.column.text",
  era: "adminMembers.changes.column.era",
  yearFrom: "adminMembers.changes.column.yearFrom",
  yearTo: "adminMembers.changes.column.yearTo",
  places: "adminMembers.changes.column.places",
  coverPhotoId: "adminMembers.changes.column.coverPhoto",
  published: "adminMembers.changes.column.published",
  place: "adminMembers.changes.column.place",
  originalName: "adminMembers.changes.column.file",
};

/** Where a column means something else in one table: a guestbook entry's name is its writer's. */
const TABLE_COLUMN_LABELS: Partial<Record<ChangeTable, Record<string, MessageId>>> = {
  guestbookEntries: { name: "adminMembers.changes.column.writerName" },
};

/** A column's label in the reader's language; a column no label names (none should be shown) by its own name. */
const columnLabel = (table: ChangeTable, column: string, t: T) => {
  const id = TABLE_COLUMN_LABELS[table]?.[column] ?? (Object.hasOwn(COLUMN_LABELS, column) ? COLUMN_LABELS[column] : undefined);
  return id ? t(id) : column;
};

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

const SEXES: Record<string, MessageId> = {
  U: "adminMembers.changes.sex.unknown",
  M: "adminMembers.changes.sex.male",
  F: "adminMembers.changes.sex.female",
  X: "adminMembers.changes.sex.other",
};
const RELATIONS: Record<string, MessageId> = {
  birth: "adminMembers.changes.relation.birth",
  adopted: "adminMembers.changes.relation.adopted",
  foster: "adminMembers.changes.relation.foster",
  sealing: "adminMembers.changes.relation.sealing",
  other: "adminMembers.changes.relation.other",
};
const GUESTBOOK_STATUSES: Record<string, MessageId> = {
  pending: "adminMembers.changes.guestbook.pending",
  approved: "adminMembers.changes.guestbook.approved",
  hidden: "adminMembers.changes.guestbook.hidden",
};

/** A code's word from a table of them (said in the reader's language), or the code itself when the table does not know it. */
const word = (words: Record<string, MessageId>, code: unknown, t: T) => {
  const key = String(code);
  return Object.hasOwn(words, key) ? t(words[key]) : key;
};

const yesNo = (value: boolean, t: T) => t(value ? "adminMembers.changes.yes" : "adminMembers.changes.no");

/** The settings a change may touch, by their stored keys: the texts by their labels (the texts editor's), and the rest. */
const SETTING_LABELS: Record<string, MessageId> = {
  ...Object.fromEntries(
    (Object.keys(TEXT_FIELDS) as TextField[]).map((field) => [
      field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      TEXT_FIELDS[field].label,
    ]),
  ),
  hero_photo_id: "adminMembers.changes.setting.heroPhoto",
  branches: "adminMembers.changes.setting.branches",
  branches_with_tree: "adminMembers.changes.setting.branchesWithTree",
  living_years: "adminMembers.changes.setting.livingYears",
  tree_home_person: "adminMembers.changes.setting.treeHomePerson",
  genealogy_current_tree: "adminMembers.changes.setting.currentTree",
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
  /** Trees by their number, with the file each was imported from and when (two may share a file's name). */
  trees: Map<number, { sourceName: string; createdAt: string }>;
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
  const trees = new Map<number, { sourceName: string; createdAt: string }>();
  if (treeIds.length)
    for (const tree of await db.selectFrom("genealogyTrees").select(["id", "sourceName", "createdAt"]).where("id", "in", treeIds).execute())
      trees.set(tree.id, { sourceName: tree.sourceName, createdAt: tree.createdAt });
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
function readable(table: ChangeTable, column: string, row: Row, names: Names, t: T): string {
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
      return yesNo(Boolean(value), t);
    // Only the album's cover and the portrait say so; the other photos simply are.
    case "cover":
    case "portrait":
      return value ? t("adminMembers.changes.yes") : "";
    case "date":
      return table.startsWith("genealogy") && typeof value === "string"
        ? formatGedcomDate(parseGedcomDate(value), t.locale) || value
        : String(value);
    case "name":
      return table === "genealogyPlaces" ? (placeLabel(String(value)) ?? "") : String(value);
    case "tag":
      return t.say(eventLabel(String(value)));
    case "sex":
      return word(SEXES, value, t);
    case "restriction":
      if (!isRestriction(value)) return String(value);
      return t(table === "genealogyPeople" ? `adminTree.person.restriction.${value}` : `adminTree.event.restriction.${value}`);
    case "relation":
      return word(RELATIONS, value, t);
    case "status":
      return table === "guestbookEntries" ? word(GUESTBOOK_STATUSES, value, t) : String(value);
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

/** A tree the site showed: its number, the file it was imported from, and when ("medis Nr. 4 iš „v2.ged“, importuotas …"). */
function treeName(id: number, names: Names, t: T): string {
  const tree = names.trees.get(id);
  if (!tree) return t("adminMembers.changes.treeGone");
  return t("adminMembers.changes.tree", { number: String(id), file: tree.sourceName, at: t.dateTime(tree.createdAt) });
}

/** A setting's value as the reader reads it. */
function settingValue(key: string, value: unknown, names: Names, t: T): string {
  if (value === null || value === undefined || value === "") return "";
  if (key === "hero_photo_id") return names.photos.get(Number(value)) ?? `#${String(value)}`;
  if (key === "tree_home_person") return names.people.get(personKey(names.currentTree, value)) ?? `#${String(value)}`;
  if (key === CURRENT_TREE) return treeName(Number(value), names, t);
  if (key === "branches_with_tree") return yesNo(value === "1" || value === "true", t);
  if (key === "branches") {
    try {
      const branches = (JSON.parse(String(value)) as { name?: string }[]).map((b) => b.name ?? "");
      return branches.length ? branches.join("; ") : t("adminMembers.changes.noBranches");
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

/**
 * The rows of a change as lines a reader follows: "Asmuo: pavardė · Jonaitis → Petraitis",
 * said by `t` (the page's loader gives the request's: serverT(request)).
 */
export function changeLines(rows: RowChange[], names: Names, t: T = requestT()): ChangeLine[] {
  const lines: ChangeLine[] = [];
  for (const row of rows) {
    if (row.table === "settings") {
      const key = String(row.key.key);
      const label = t(Object.hasOwn(SETTING_LABELS, key) ? SETTING_LABELS[key] : TABLE_LABELS.settings);
      // A text never saved reads as the seed's: that is what the site showed.
      const [before, after] = [
        settingValue(key, row.before ? row.before.value : seedValue(key), names, t),
        settingValue(key, row.after ? row.after.value : seedValue(key), names, t),
      ];
      if (before !== after) lines.push({ label, before, after });
      continue;
    }
    const table = t(TABLE_LABELS[row.table]);
    const field = (column: string) => t("adminMembers.changes.line.field", { table, field: column });
    const shown = (present: Row) => Object.keys(present).filter((column) => !HIDDEN_COLUMNS.has(column));
    if (row.before === null || row.after === null) {
      const present = (row.after ?? row.before)!;
      const summary = shown(present)
        .map((column) => [column, readable(row.table, column, present, names, t)] as const)
        .filter(([, text]) => text !== "")
        .map(([column, text]) => t("adminMembers.changes.line.value", { field: columnLabel(row.table, column, t), value: text }))
        .join("; ");
      const what = summary || table;
      // Lithuanian says it by the noun's gender ("Nuotrauka (pašalinta)", "Dokumentas (pašalintas)").
      const feminine = FEMININE.has(row.table);
      lines.push(
        row.before === null
          ? {
              label: t(feminine ? "adminMembers.changes.line.addedFeminine" : "adminMembers.changes.line.added", { table }),
              before: "",
              after: what,
            }
          : {
              label: t(feminine ? "adminMembers.changes.line.removedFeminine" : "adminMembers.changes.line.removed", { table }),
              before: what,
              after: "",
            },
      );
      continue;
    }
    for (const column of shown(row.after)) {
      const before = readable(row.table, column, row.before, names, t);
      const after = readable(row.table, column, row.after, names, t);
      if (before !== after) lines.push({ label: field(columnLabel(row.table, column, t)), before, after });
    }
    // A photo's or a scan's file put in another's place: no name a reader knows it by, but that it happened.
    for (const column of ["mediaId", "scanMediaId"])
      if (column in row.after && row.before[column] !== row.after[column])
        lines.push({
          label: field(t("adminMembers.changes.column.file")),
          before: row.before[column] ? t("adminMembers.changes.file.previous") : "",
          after: row.after[column] ? t("adminMembers.changes.file.new") : "",
        });
  }
  return lines;
}
