import type { Actor } from "#app/.server/changes/changes.ts";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { discardReceived, type ReceivedFile } from "#app/.server/media/intake.ts";
import { memoryKind, memoryTargetVisible, memoryText, memoryTextProblem, type MemoryTarget } from "./memories.ts";
import { photoKind } from "./gallery-photos.ts";
import { keepProposalPhotos, removeProposalPhotos } from "./attached-photos.ts";
import { submitProposal, type ProposalContext, type SubmitResult } from "./proposals.ts";

// A member's proposals that carry photos (a memory, a photo for the gallery):
// the form's text is checked first, then the photos go through the gallery's
// pipeline, then the proposal is filed. A refusal at any step leaves nothing
// stored: the photos made are removed again. The proposal is read from a form
// of the server's own making, so a member's form cannot name photos (media
// ids) it did not just upload.

export type ContributionResult = SubmitResult | { ok: false; message: string; status: number };

async function discardAll(files: ReceivedFile[]): Promise<void> {
  for (const file of files) await discardReceived(file);
}

/** Files a memory of a person or a gallery photo the member may see. */
export async function submitMemory(
  ctx: ProposalContext,
  author: Actor,
  viewer: Viewer,
  target: MemoryTarget,
  form: FormData,
  files: ReceivedFile[],
): Promise<ContributionResult> {
  const problem = memoryTextProblem(memoryText(form));
  if (problem || !(await memoryTargetVisible(ctx.db, target, viewer))) {
    await discardAll(files);
    return problem ? { ok: false, message: problem } : { ok: false, message: "Tokio asmens ar nuotraukos nėra.", status: 404 };
  }
  const kept = await keepProposalPhotos(ctx.db, ctx.media, files);
  if (!kept.ok) return kept;
  const own = new FormData();
  own.set("text", memoryText(form));
  if (target.personId !== null) own.set("asmuo", String(target.personId));
  else own.set("nuotrauka", String(target.galleryItemId));
  for (const id of kept.ids) own.append("media", id);
  const parsed = await memoryKind.parse(ctx, null, own);
  const result: SubmitResult = parsed.ok
    ? await submitProposal(ctx, author, {
        kind: "memory",
        subjectKind: target.personId !== null ? "person" : "gallery",
        subjectId: String(target.personId ?? target.galleryItemId),
        payload: parsed.payload,
      })
    : parsed;
  if (!result.ok) await removeProposalPhotos(ctx.db, ctx.media, kept.ids);
  return result;
}

/** Files a photo for the gallery: title, description, date, the people in it. */
export async function submitPhoto(
  ctx: ProposalContext,
  author: Actor,
  form: FormData,
  file: ReceivedFile | undefined,
): Promise<ContributionResult> {
  const own = new FormData();
  for (const name of ["title", "description", "date", "people"]) own.set(name, String(form.get(name) ?? ""));
  own.set("membersOnly", form.get("membersOnly") === "1" ? "1" : "0");
  // The fields are checked before the photo is processed (with a stand-in id).
  const checked = await photoKind.parse(ctx, null, own);
  if (!checked.ok || !file) {
    await discardAll(file ? [file] : []);
    return checked.ok ? { ok: false, message: "Pasirinkite nuotrauką." } : checked;
  }
  const kept = await keepProposalPhotos(ctx.db, ctx.media, [file]);
  if (!kept.ok) return kept;
  own.set("media", kept.ids[0]);
  const parsed = await photoKind.parse(ctx, null, own);
  const result: SubmitResult = parsed.ok
    ? await submitProposal(ctx, author, { kind: "photo", subjectKind: "gallery", subjectId: null, payload: parsed.payload })
    : parsed;
  if (!result.ok) await removeProposalPhotos(ctx.db, ctx.media, kept.ids);
  return result;
}
