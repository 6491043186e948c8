import type { z } from "zod";
import type { Actor } from "#app/.server/changes/changes.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { discardReceived, type ReceivedFile } from "#app/.server/media/intake.ts";
import { memoryKind, memoryTargetVisible, type MEMORY_FORM, type MemoryTarget } from "./memories.ts";
import { photoKind, resolvePeople, type PHOTO_FORM } from "./gallery-photos.ts";
import { keepProposalPhotos, removeProposalPhotos } from "./attached-photos.ts";
import { submitProposal, type ProposalContext, type SubmitResult } from "./proposals.ts";

// A member's proposals that carry photos (a memory, a photo for the gallery):
// the form's fields are read first (MEMORY_FORM, PHOTO_FORM, by the route),
// what only the site can say is checked next (the subject, the people), then
// the photos go through the gallery's pipeline, then the proposal is filed.
// A refusal at any step leaves nothing stored: the photos made are removed
// again. The proposal is read from a form of the server's own making, so a
// member's form cannot name photos (media ids) it did not just upload.

/** A refusal a form can show by a field: the photo (its file) or the people typed. Its message may be a message id. */
export type FieldRefusal = { ok: false; message: string; status: number; field: "photo" | "photos" | "people" };

export type ContributionResult = SubmitResult | FieldRefusal | { ok: false; message: string; status: number };

/** Removes uploads received for a form that was refused before they were used. */
export async function discardFiles(files: ReceivedFile[]): Promise<void> {
  for (const file of files) await discardReceived(file);
}

/** Files a memory (its text as MEMORY_FORM reads it) of a person or a gallery photo the member may see. */
export async function submitMemory(
  ctx: ProposalContext,
  author: Actor,
  viewer: Viewer,
  target: MemoryTarget,
  memory: z.output<typeof MEMORY_FORM>,
  files: ReceivedFile[],
): Promise<ContributionResult> {
  if (!(await memoryTargetVisible(ctx.db, target, viewer))) {
    await discardFiles(files);
    return { ok: false, message: "account.memory.notFound", status: 404 };
  }
  const kept = await keepProposalPhotos(ctx.db, ctx.media, files);
  if (!kept.ok) return { ...kept, field: "photos" };
  const own = new FormData();
  own.set("text", memory.text);
  if (target.personId !== null) own.set("asmuo", String(target.personId));
  else own.set("nuotrauka", String(target.galleryItemId));
  for (const id of kept.ids) own.append("media", id);
  const parsed = await memoryKind.parse(ctx, null, own);
  const result: ContributionResult = parsed.ok
    ? await submitProposal(ctx, author, {
        kind: "memory",
        subjectKind: target.personId !== null ? "person" : "gallery",
        subjectId: String(target.personId ?? target.galleryItemId),
        payload: parsed.payload,
      })
    : { ...parsed, status: 400 };
  if (!result.ok) await removeProposalPhotos(ctx.db, ctx.media, kept.ids);
  return result;
}

/** Files a photo for the gallery: its fields (as PHOTO_FORM reads them), the people in it found in the tree. */
export async function submitPhoto(
  ctx: ProposalContext,
  author: Actor,
  photo: z.output<typeof PHOTO_FORM>,
  file: ReceivedFile | undefined,
): Promise<ContributionResult> {
  // The people are looked up before the photo is processed.
  const people = await resolvePeople(ctx.db, photo.people);
  if (!people.ok || !file) {
    await discardFiles(file ? [file] : []);
    return people.ok
      ? { ok: false, message: "account.proposal.error.choosePhoto", status: 400, field: "photo" }
      : { ok: false, message: people.message, status: 400, field: "people" };
  }
  const kept = await keepProposalPhotos(ctx.db, ctx.media, [file]);
  if (!kept.ok) return { ...kept, field: "photo" };
  const own = new FormData();
  for (const name of ["title", "description", "date", "people"] as const) own.set(name, photo[name]);
  own.set("membersOnly", photo.membersOnly ? "1" : "0");
  own.set("media", kept.ids[0]);
  const parsed = await photoKind.parse(ctx, null, own);
  const result: ContributionResult = parsed.ok
    ? await submitProposal(ctx, author, { kind: "photo", subjectKind: "gallery", subjectId: null, payload: parsed.payload })
    : { ...parsed, status: 400 };
  if (!result.ok) await removeProposalPhotos(ctx.db, ctx.media, kept.ids);
  return result;
}
