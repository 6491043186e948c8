import { findChange, undoChange, type Actor, type RowChange, type UndoResult } from "./changes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { placeItemMedia, placeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";

// Undo in the change history puts rows back (changes.ts); the files of the
// gallery's photos, the documents' scans and the memories' photos live outside the database, in
// public/ or members/ (media.ts). They are never deleted by the editors
// (decision 022), so an undo only has to move them to where the rows it put
// back say: what the undo hides goes out of sight before the rows change,
// and everything it touched is placed by the rows afterwards.

const FILE_TABLES = new Set<RowChange["table"]>(["galleryItems", "documents", "memories"]);

/** The media a row of a gallery item, a document or a memory names, in one of its states. */
function mediaOf(table: RowChange["table"], row: Record<string, unknown> | null): string[] {
  if (!row) return [];
  if (table === "memories") return typeof row.mediaIds === "string" ? (JSON.parse(row.mediaIds) as string[]) : [];
  const id = table === "galleryItems" ? row.mediaId : table === "documents" ? row.scanMediaId : null;
  return typeof id === "string" ? [id] : [];
}

/** Undoes a change as undoChange does, and puts the files of the photos and scans it touched where the rows now say. */
export async function undoChangeWithFiles(db: Database, store: MediaStore, changeId: number, actor: Actor): Promise<UndoResult> {
  const change = await findChange(db, changeId);
  const rows = (change?.rows ?? []).filter((row) => FILE_TABLES.has(row.table));
  const touched = rows.flatMap((row) => [...mediaOf(row.table, row.before), ...mediaOf(row.table, row.after)]);
  if (change?.undoneBy === null) {
    for (const row of rows) {
      // The undo brings back `before`: a photo it takes away or makes the family's only is hidden first.
      const restored = mediaOf(row.table, row.before);
      for (const current of mediaOf(row.table, row.after)) if (!restored.includes(current)) await placeMediaFiles(store, current, true);
      if (row.before?.membersOnly === 1) for (const photo of restored) await placeMediaFiles(store, photo, true);
    }
  }
  try {
    return await undoChange(db, changeId, actor);
  } finally {
    await placeItemMedia(db, store, touched);
  }
}
