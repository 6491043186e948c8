import { z } from "zod";
import { PHOTO_NAME_MAX, parseBox, type PhotoBox } from "#app/lib/photo-people.ts";
import { toastTitle } from "#app/lib/toasts.ts";
import { idField, lineField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { scope, type Actor } from "#app/.server/changes/changes.ts";
import type { Summary } from "#app/.server/changes/summary.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { galleryItemScopes, nextPhotoPosition, recorded } from "./gallery.ts";
import { personExists } from "#app/.server/genealogy/people.ts";

// Who is in a gallery photo (issue 18), as an editor marks them: a person of
// the tree or, for someone not in it, a free name, each with the rectangle
// around them on the photo or without one. Every change is in the history
// under the photo (galleryItemScopes), so it can be undone.

export type PhotoPersonInput = { personId: number; name?: undefined } | { personId?: undefined; name: string };

/** A mark made, or why not (a reason of the toasts' table). */
export type TagResult = { ok: true } | { ok: false; reason: "photoPersonPhotoGone" | "photoPersonNotInTree" | "photoPersonAlreadyMarked" };

/**
 * The tag form: who (a person's id from the picker, or else a free name, on
 * one line) and where (four fractions of the photo, or none). The messages
 * say what to fix, in the language of the request: the rectangle's under
 * "box", for its four fields.
 */
export const PHOTO_PERSON_FORM = z
  .object({
    personId: idField(toastTitle("photoPersonNotInTree")),
    name: lineField("adminGallery.people.nameField", { max: PHOTO_NAME_MAX, optional: true }),
    left: z.string().default(""),
    top: z.string().default(""),
    width: z.string().default(""),
    height: z.string().default(""),
  })
  .check((ctx) => {
    if (parseBox(ctx.value) === "invalid")
      ctx.issues.push({ code: "custom", path: ["box"], message: requestT()("adminGallery.people.boxRefused"), input: ctx.value });
    if (ctx.value.personId === null && ctx.value.name === "")
      ctx.issues.push({ code: "custom", path: ["name"], message: requestT()("adminGallery.people.whoMissing"), input: ctx.value });
  });

/** Who and where, from the tag form as read: the person picked, else the name. */
export function photoPersonOf(value: z.output<typeof PHOTO_PERSON_FORM>): { who: PhotoPersonInput; box: PhotoBox | null } {
  const box = parseBox(value);
  return { who: value.personId !== null ? { personId: value.personId } : { name: value.name }, box: box === "invalid" ? null : box };
}

/** Marks someone in a photo; refused when the photo or the person is not there, or the person is already marked on it. */
export async function addPhotoPerson(
  db: Database,
  by: Actor | null,
  itemId: number,
  treeId: number | null,
  who: PhotoPersonInput,
  box: PhotoBox | null,
): Promise<TagResult> {
  const item = await db.selectFrom("galleryItems").select("title").where("id", "=", itemId).executeTakeFirst();
  if (!item) return { ok: false, reason: "photoPersonPhotoGone" };
  if (who.personId !== undefined) {
    if (treeId === null || !(await personExists(db, treeId, who.personId))) return { ok: false, reason: "photoPersonNotInTree" };
    const already = await db
      .selectFrom("photoPeople")
      .select("id")
      .where("galleryItemId", "=", itemId)
      .where("treeId", "=", treeId)
      .where("personId", "=", who.personId)
      .executeTakeFirst();
    if (already) return { ok: false, reason: "photoPersonAlreadyMarked" };
  }
  const summary: Summary = { id: "changes.summary.gallery.peopleTagged", values: { title: item.title } };
  await recorded(db, by, { id: itemId, summary }, galleryItemScopes(itemId), async (tx) => {
    const position = await nextPhotoPosition(tx, itemId);
    await tx
      .insertInto("photoPeople")
      .values({
        galleryItemId: itemId,
        treeId: who.personId === undefined ? null : treeId,
        personId: who.personId ?? null,
        name: who.name ?? "",
        boxLeft: box?.left ?? null,
        boxTop: box?.top ?? null,
        boxWidth: box?.width ?? null,
        boxHeight: box?.height ?? null,
        position,
      })
      .execute();
  });
  return { ok: true };
}

/** Takes someone off a photo (the row `key` of photo_people); false when they were not on it. */
export async function removePhotoPerson(db: Database, by: Actor | null, itemId: number, key: number): Promise<boolean> {
  const item = await db.selectFrom("galleryItems").select("title").where("id", "=", itemId).executeTakeFirst();
  if (!item) return false;
  const summary: Summary = { id: "changes.summary.gallery.tagRemoved", values: { title: item.title } };
  const { result } = await recorded(db, by, { id: itemId, summary }, galleryItemScopes(itemId), async (tx) => {
    const removed = await tx.deleteFrom("photoPeople").where("id", "=", key).where("galleryItemId", "=", itemId).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
  return result;
}

/**
 * Makes a person's rectangle on a photo their portrait (the picture of their
 * page and of a shared link), in place of any other; `on` false takes it back.
 * Only a person of the tree with a rectangle can have one. False when there is
 * no such rectangle.
 */
export async function setPortrait(db: Database, by: Actor | null, itemId: number, key: number, on: boolean): Promise<boolean> {
  const row = await db
    .selectFrom("photoPeople")
    .innerJoin("galleryItems", "galleryItems.id", "photoPeople.galleryItemId")
    .select(["photoPeople.treeId", "photoPeople.personId", "photoPeople.boxLeft", "galleryItems.title"])
    .where("photoPeople.id", "=", key)
    .where("photoPeople.galleryItemId", "=", itemId)
    .executeTakeFirst();
  if (!row || row.treeId === null || row.personId === null || row.boxLeft === null) return false;
  const { treeId, personId } = row;
  const theirs = scope("photoPeople", (q) => q.where("treeId", "=", treeId).where("personId", "=", personId));
  const summary: Summary = {
    id: on ? "changes.summary.gallery.portrait" : "changes.summary.gallery.portraitDropped",
    values: { title: row.title },
  };
  await recorded(db, by, { id: itemId, summary }, [...galleryItemScopes(itemId), theirs], async (tx) => {
    // One portrait a person: choosing this one drops another; dropping touches only this one (a stale form drops nothing else).
    if (on)
      await tx.updateTable("photoPeople").set({ portrait: 0 }).where("treeId", "=", treeId).where("personId", "=", personId).execute();
    await tx
      .updateTable("photoPeople")
      .set({ portrait: on ? 1 : 0 })
      .where("id", "=", key)
      .execute();
  });
  return true;
}
