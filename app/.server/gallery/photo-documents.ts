import type { Audience } from "#app/.server/accounts/audience.ts";
import type { Actor } from "#app/.server/changes/changes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { toDocument, visibleDocuments, type FamilyDocument } from "#app/.server/documents/documents.ts";
import { galleryItemScopes, recorded } from "./gallery.ts";

// The documents a gallery photo is linked to (issue 18): an editor links the
// marriage certificate to the wedding photo, and the photo's page lists it.
// Each link and unlink is a change of the photo in the history.

/** The documents linked to a photo that the audience may see, by title. */
export async function documentsOfPhoto(db: Database, audience: Audience, itemId: number): Promise<FamilyDocument[]> {
  const rows = await visibleDocuments(db, audience)
    .where("documents.id", "in", (eb) => eb.selectFrom("photoDocuments").select("documentId").where("galleryItemId", "=", itemId))
    .orderBy("documents.sortTitle")
    .orderBy("documents.id")
    .execute();
  return rows.map(toDocument);
}

/** The photo's and the document's titles, for the history's summary (undefined: not there). */
async function titles(db: Database, itemId: number, documentId: number) {
  const [item, document] = await Promise.all([
    db.selectFrom("galleryItems").select("title").where("id", "=", itemId).executeTakeFirst(),
    db.selectFrom("documents").select("title").where("id", "=", documentId).executeTakeFirst(),
  ]);
  return { item, document };
}

/** Links a document to a photo (once); false when either is not there. */
export async function linkDocument(db: Database, by: Actor | null, itemId: number, documentId: number): Promise<boolean> {
  const { item, document } = await titles(db, itemId, documentId);
  if (!item || !document) return false;
  await recorded(
    db,
    by,
    { id: itemId, summary: { id: "changes.summary.gallery.documentLinked", values: { photo: item.title, document: document.title } } },
    galleryItemScopes(itemId),
    async (tx) => {
      const present = await tx
        .selectFrom("photoDocuments")
        .select("documentId")
        .where("galleryItemId", "=", itemId)
        .where("documentId", "=", documentId)
        .executeTakeFirst();
      if (!present) await tx.insertInto("photoDocuments").values({ galleryItemId: itemId, documentId }).execute();
    },
  );
  return true;
}

/** Takes a document's link off a photo; false when there was none. */
export async function unlinkDocument(db: Database, by: Actor | null, itemId: number, documentId: number): Promise<boolean> {
  const { item, document } = await titles(db, itemId, documentId);
  if (!item || !document) return false;
  const { result } = await recorded(
    db,
    by,
    { id: itemId, summary: { id: "changes.summary.gallery.documentUnlinked", values: { photo: item.title, document: document.title } } },
    galleryItemScopes(itemId),
    async (tx) => {
      const removed = await tx
        .deleteFrom("photoDocuments")
        .where("galleryItemId", "=", itemId)
        .where("documentId", "=", documentId)
        .executeTakeFirst();
      return Number(removed.numDeletedRows) > 0;
    },
  );
  return result;
}
