import type { ImageRef } from "#app/lib/media.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { discardReceived, UploadRejected, uploadRefusal, type ReceivedFile } from "#app/.server/media/intake.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { prepareImage, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { insertMedia, placeMediaFiles, removeMediaFiles, type MediaStore } from "#app/.server/media/storage.ts";

// The photos of a member's proposal (a memory's, a gallery upload's), made at
// submission by the gallery's own pipeline (the same checks, limits and
// messages, said in the member's language: intake.ts) and kept as media rows under random ids that
// the proposal's payload names. No page lists them until an editor approves
// the proposal (no gallery item, document or memory refers to them), their
// files wait in members/ (served to the family's sessions only), and the
// clean-up keeps them because their rows exist. A rejected or withdrawn
// proposal's photos are removed (removeProposalPhotos).
// See docs/decisions/023-members-propose-editors-decide.md.

export type KeptPhotos = { ok: true; ids: string[] } | { ok: false; message: string; status: number };

/**
 * Prepares the received files and stores their media rows, all or none: a
 * refused or failing file removes the others' files and rows. The received
 * files are consumed either way.
 */
export async function keepProposalPhotos(db: Database, store: MediaStore, files: ReceivedFile[]): Promise<KeptPhotos> {
  const prepared: PreparedMedia[] = [];
  try {
    for (const file of files) prepared.push(await prepareImage(store, file));
    // Out of a visitor's sight until approved (members/: the member and the reviewers see them).
    for (const image of prepared) await placeMediaFiles(store, image.record.id, true);
    await db.transaction().execute(async (tx) => {
      for (const image of prepared) await insertMedia(tx, image.record);
    });
    return { ok: true, ids: prepared.map((image) => image.record.id) };
  } catch (error) {
    for (const image of prepared) await image.discard();
    if (error instanceof UploadRejected) {
      if (error.reason === "failed") console.error(error.cause ?? error);
      return { ok: false, message: requestT()(uploadRefusal(error)), status: error.status };
    }
    throw error;
  } finally {
    for (const file of files) await discardReceived(file);
  }
}

/** Media ids something on the site shows (a gallery item, a document, a memory, the tree's pictures). */
async function listedMedia(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [gallery, documents, files, tree] = await Promise.all([
    db.selectFrom("galleryItems").select("mediaId as id").where("mediaId", "in", ids).execute(),
    db.selectFrom("documents").select("scanMediaId as id").where("scanMediaId", "in", ids).execute(),
    db.selectFrom("genealogyFiles").select("mediaId as id").where("mediaId", "in", ids).execute(),
    db.selectFrom("genealogyMedia").select("mediaId as id").where("mediaId", "in", ids).execute(),
  ]);
  const listed = new Set([...gallery, ...documents, ...files, ...tree].map((row) => row.id).filter((id): id is string => id !== null));
  for (const id of ids) {
    const memory = await db.selectFrom("memories").select("id").where("mediaIds", "like", `%"${id}"%`).limit(1).executeTakeFirst();
    if (memory) listed.add(id);
  }
  return listed;
}

/**
 * Removes a rejected or withdrawn proposal's photos: their rows, then their
 * files. A photo something on the site shows is left alone, whatever the
 * payload says (a payload is a form's word, not proof of ownership).
 */
export async function removeProposalPhotos(db: Database, store: MediaStore, ids: string[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id) => /^[0-9a-f]{24}$/.test(id)))];
  const listed = await listedMedia(db, wanted);
  const gone = await db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom("media")
      .select(["id", "originalExtension"])
      .where("id", "in", wanted.filter((id) => !listed.has(id)).concat(["-"]))
      .execute();
    if (rows.length) {
      await tx
        .deleteFrom("media")
        .where(
          "id",
          "in",
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows;
  });
  // The rows are gone first: nothing is ever pointed at a missing file.
  for (const media of gone) await removeMediaFiles(store, media);
}

/** The photos, as the site shows them (display size), in the order given. */
export async function proposalImages(db: Database, ids: string[]): Promise<ImageRef[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("media").select(["id", "displayWidth", "displayHeight"]).where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, width: row.displayWidth ?? 0, height: row.displayHeight ?? 0 }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
