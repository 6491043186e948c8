import type { Database } from "./db.ts";

export interface GalleryItem {
  id: number;
  title: string;
  description: string;
  /** Null while the item shows the placeholder image. */
  image: string | null;
}

/** The gallery in its display order. */
export async function listGalleryItems(db: Database): Promise<GalleryItem[]> {
  return db
    .selectFrom("galleryItems")
    .select(["id", "title", "description", "image"])
    .orderBy("position")
    .orderBy("id")
    .execute();
}
