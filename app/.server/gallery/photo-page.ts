import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { parseTranslations, shown } from "#app/lib/translations.ts";
import { requestLanguage } from "#app/.server/platform/request-language.ts";
import { zoomUrl, type ZoomLevel } from "#app/lib/media.ts";
import { boxOf, type PhotoBox } from "#app/lib/photo-people.ts";
import { albumsOfPhoto } from "./albums.ts";
import type { FamilyDocument } from "#app/.server/documents/documents.ts";
import { documentsOfPhoto } from "./photo-documents.ts";
import type { Audience } from "#app/.server/accounts/audience.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { galleryItemsByIds, type GalleryItem } from "./gallery.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { galleryMemories, type Memory } from "#app/.server/proposals/memories.ts";
import { storiesShowing } from "#app/.server/stories/stories.ts";

// A page per gallery photo (issue 18): the photo large, when and where it was
// taken, who is in it, the memories written about it, and the photos before
// and after it in the gallery's order. Everything is read as the audience
// may see it: a photo for the family only does not exist for a visitor, and
// a living person in it is "Gyvas asmuo" to them (the tree's privacy rule).

export interface PhotoPerson {
  /** The row in photo_people. */
  key: number;
  /** The person in the tree; null for a free name (someone not in the tree) or someone the viewer may not see. */
  id: number | null;
  name: string;
  years: string;
  /** Shown as the privacy rule's label, without a link. */
  hidden: boolean;
  /** Where in the photo; null when not marked. */
  box: PhotoBox | null;
  /** The rectangle is the person's portrait. */
  portrait: boolean;
}

export interface PhotoPage {
  item: GalleryItem;
  /** The date as it reads ("apie 1930 m."), '' when not known. */
  date: string;
  people: PhotoPerson[];
  memories: Memory[];
  /** The larger renditions to zoom into, smallest first; none for a picture hardly larger than its display image. */
  zoom: ZoomLevel[];
  /** The albums it is in (those the audience sees). */
  albums: { id: number; title: string }[];
  /** The documents linked to it (those the audience sees). */
  documents: FamilyDocument[];
  /** The stories that show it, in the text or as the cover (those the audience may read). */
  stories: { slug: string; title: string }[];
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
    .select(["id", "title", "translations"])
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
  // Its title in the page's language, where the family wrote one.
  return row ? { id: row.id, title: shown(requestLanguage(), row.title, parseTranslations(row.translations), "title").text } : null;
}

/**
 * Who is in the photo, as the viewer may see them: the people of the tree
 * (a living one as the privacy rule's label) and free names; those marked on
 * it from left to right, then the others by name.
 */
export async function peopleIn(db: Database, treeId: number | null, itemId: number, viewer: Viewer): Promise<PhotoPerson[]> {
  const rows = await db
    .selectFrom("photoPeople")
    .select(["id", "treeId", "personId", "name", "boxLeft", "boxTop", "boxWidth", "boxHeight", "portrait"])
    .where("galleryItemId", "=", itemId)
    .where((eb) => eb.or([eb("treeId", "is", null), eb("treeId", "=", treeId ?? -1)]))
    .orderBy("position")
    .orderBy("id")
    .execute();
  const found =
    treeId === null
      ? {}
      : await summaries(
          db,
          treeId,
          rows.flatMap((row) => (row.personId === null ? [] : [row.personId])),
          viewer,
        );
  const people = rows.flatMap((row): PhotoPerson[] => {
    const box = boxOf(row);
    const portrait = row.portrait === 1;
    if (row.personId === null) return [{ key: row.id, id: null, name: row.name, years: "", hidden: false, box, portrait }];
    const person = found[row.personId];
    // Someone the viewer may not see is not even an id to them.
    const id = person?.hidden ? null : (person?.id ?? null);
    return person ? [{ key: row.id, id, name: person.name, years: person.years, hidden: person.hidden, box, portrait }] : [];
  });
  const byName = (a: PhotoPerson, b: PhotoPerson) => Number(a.hidden) - Number(b.hidden) || a.name.localeCompare(b.name, "lt");
  return [...people.filter((p) => p.box).sort((a, b) => a.box!.left - b.box!.left), ...people.filter((p) => !p.box).sort(byName)];
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
  const [people, memories, zoom, albums, documents, stories, previous, next] = await Promise.all([
    peopleIn(db, tree.treeId, id, tree.viewer),
    galleryMemories(db, [id]),
    item.image ? zoomLevels(db, item.image.id) : [],
    albumsOfPhoto(db, audience, id),
    documentsOfPhoto(db, audience, id),
    storiesShowing(db, audience, id),
    neighbour(db, audience, { id, position }, "previous"),
    neighbour(db, audience, { id, position }, "next"),
  ]);
  return {
    item,
    date: item.date ? formatGedcomDate(parseGedcomDate(item.date), requestLanguage()) : "",
    people,
    memories: memories[id] ?? [],
    zoom,
    albums,
    documents,
    stories,
    previous,
    next,
  };
}
