import type { Audience } from "#app/.server/accounts/audience.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { countGalleryItems, galleryPhoto, galleryPhotos, type GalleryItem } from "#app/.server/gallery/gallery.ts";
import { familyDate } from "#app/lib/lithuanian.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { anniversaries, type Anniversary } from "#app/.server/genealogy/on-this-day.ts";
import { peopleCount } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { listApprovedEntries, type GuestbookEntry } from "#app/.server/guestbook/guestbook.ts";
import { siteSettingsIn, type SiteSettings } from "./settings.ts";
import { requestLanguage } from "#app/.server/platform/request-language.ts";
import type { TextField } from "#app/lib/site.ts";

// What the home page shows of the family: its own words and photograph, the
// newest photos, how much the site holds, and the latest guestbook entries.

export interface HomeOverview {
  texts: Pick<SiteSettings, "homeHeading" | "homeIntro" | "cardHistory" | "cardTree" | "cardGallery" | "cardGuestbook">;
  /** The texts an English page shows in Lithuanian (none written in English). */
  lithuanian: TextField[];
  hero: GalleryItem | null;
  latestPhotos: GalleryItem[];
  counts: { people: number; photos: number; documents: number };
  entries: GuestbookEntry[];
  /** "Šią dieną": a few anniversaries of today (Vilnius), and how many there are in all. */
  onThisDay: { items: Anniversary[]; total: number };
}

const LATEST_PHOTOS = 4;
const RECENT_ENTRIES = 3;
const ANNIVERSARIES = 5;

/**
 * `viewer` decides whose anniversaries show (the living rule, the private).
 * Today is the family's (Europe/Vilnius); the render cache keeps a visitor's
 * home page per that day too (publishedTag), so it never shows yesterday's.
 */
export async function homeOverview(db: Database, audience: Audience, viewer: Viewer): Promise<HomeOverview> {
  const settings = await siteSettingsIn(db, requestLanguage());
  // A few photos and a count, never the whole gallery.
  const [hero, latestPhotos, photos] = await Promise.all([
    galleryPhoto(db, audience, settings.heroPhotoId),
    galleryPhotos(db, audience, { limit: LATEST_PHOTOS, newest: true }),
    countGalleryItems(db, audience, { withImage: true }),
  ]);
  const treeId = await currentTreeId(db);
  const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);
  const today = familyDate();
  const [people, documents, { entries }, onThisDay] = await Promise.all([
    treeId === null ? 0 : peopleCount(db, treeId),
    count(
      db
        .selectFrom("documents")
        .select((eb) => eb.fn.countAll().as("n"))
        .$if(!audience.members, (q) => q.where("membersOnly", "=", 0))
        .executeTakeFirstOrThrow(),
    ),
    listApprovedEntries(db, 1),
    treeId === null ? { items: [], total: 0 } : anniversaries(db, treeId, today.month, today.day, viewer, 1, ANNIVERSARIES),
  ]);
  const { homeHeading, homeIntro, cardHistory, cardTree, cardGallery, cardGuestbook } = settings;
  return {
    texts: { homeHeading, homeIntro, cardHistory, cardTree, cardGallery, cardGuestbook },
    lithuanian: settings.lithuanian,
    hero,
    latestPhotos,
    counts: { people, photos, documents },
    entries: entries.slice(0, RECENT_ENTRIES),
    onThisDay: { items: onThisDay.items, total: onThisDay.total },
  };
}
