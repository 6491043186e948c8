import { formatGedcomDateLt, parseGedcomDate } from "../lib/gedcom-date.ts";
import { zoomUrl, type ZoomLevel } from "../lib/media.ts";
import type { Audience } from "./audience.ts";
import type { Database } from "./db.ts";
import { galleryItemsByIds, type GalleryItem } from "./gallery.ts";
import type { Viewer } from "./genealogy/living.ts";
import { summaries } from "./genealogy/people.ts";
import { galleryMemories, type Memory } from "./memories.ts";

// A page per gallery photo (issue 18): the photo large, when and where it was
// taken, who is in it, the memories written about it, and the photos before
// and after it in the gallery's order. Everything is read as the audience
// may see it: a photo for the family only does not exist for a visitor, and
// a living person in it is "Gyvas asmuo" to them (the tree's privacy rule).

export interface PhotoPerson {
  id: number;
  name: string;
  years: string;
  /** Shown as the privacy rule's label, without a link. */
  hidden: boolean;
}

export interface PhotoPage {
  item: GalleryItem;
  /** The date as it reads ("apie 1930 m."), '' when not known. */
  date: string;
  people: PhotoPerson[];
  memories: Memory[];
  /** The larger renditions to zoom into, smallest first; none for a picture hardly larger than its display image. */
  zoom: ZoomLevel[];
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}

/** The neighbour of an item in the gallery's order (position, then id) among those the audience may see. */
async function neighbour(
  db: Database,
  audience: Audience,
  item: { id: number; position: number },
  direction: "previous" | "next",
): Promise<{ id: number; title: string } | null> {
  const before = direction === "previous";
  const row = await db
    .selectFrom("galleryItems")
    .select(["id", "title"])
    .$if(!audience.members, (q) => q.where("membersOnly", "=", 0))
    .where((eb) =>
      eb.or([
        eb("position", before ? "<" : ">", item.position),
        eb.and([eb("position", "=", item.position), eb("id", before ? "<" : ">", item.id)]),
      ]),
    )
    .orderBy("position", before ? "desc" : "asc")
    .orderBy("id", before ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The people linked to the photo in the tree's person editor, as the viewer may see them, by name. */
async function peopleIn(db: Database, treeId: number | null, itemId: number, viewer: Viewer): Promise<PhotoPerson[]> {
  if (treeId === null) return [];
  const links = await db
    .selectFrom("genealogyPersonLinks")
    .select("personId")
    .where("treeId", "=", treeId)
    .where("kind", "=", "gallery")
    .where("itemId", "=", itemId)
    .execute();
  const found = await summaries(
    db,
    treeId,
    links.map((link) => link.personId),
    viewer,
  );
  return Object.values(found)
    .map(({ id, name, years, hidden }) => ({ id, name, years, hidden }))
    .sort((a, b) => Number(a.hidden) - Number(b.hidden) || a.name.localeCompare(b.name, "lt"));
}

/** The deep-zoom renditions the pipeline derived for the photo's picture. */
async function zoomLevels(db: Database, mediaId: string): Promise<ZoomLevel[]> {
  const media = await db.selectFrom("media").select(["zoom", "width", "height"]).where("id", "=", mediaId).executeTakeFirst();
  if (!media?.zoom || !media.width || !media.height) return [];
  const { width: full, height } = media;
  return (JSON.parse(media.zoom) as number[]).map((width) => ({
    url: zoomUrl({ id: mediaId }, width),
    width,
    height: Math.round((width * height) / full),
  }));
}

/** A photo's page as the audience and the tree's viewer may see it; null when there is no such photo for them. */
export async function photoPage(
  db: Database,
  audience: Audience,
  tree: { treeId: number | null; viewer: Viewer },
  id: number,
): Promise<PhotoPage | null> {
  const [item] = await galleryItemsByIds(db, audience, [id]);
  if (!item) return null;
  const { position } = await db.selectFrom("galleryItems").select("position").where("id", "=", id).executeTakeFirstOrThrow();
  const [people, memories, zoom, previous, next] = await Promise.all([
    peopleIn(db, tree.treeId, id, tree.viewer),
    galleryMemories(db, [id]),
    item.image ? zoomLevels(db, item.image.id) : [],
    neighbour(db, audience, { id, position }, "previous"),
    neighbour(db, audience, { id, position }, "next"),
  ]);
  return {
    item,
    date: item.date ? formatGedcomDateLt(parseGedcomDate(item.date)) : "",
    people,
    memories: memories[id] ?? [],
    zoom,
    previous,
    next,
  };
}
