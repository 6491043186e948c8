import { z } from "zod";
import type { T } from "#app/i18n/intl.ts";
import type { ImageRef } from "#app/lib/media.ts";
import { MEMORY_TEXT_MAX } from "#app/lib/memories.ts";
import { scope } from "#app/.server/changes/changes.ts";
import type { Summary } from "#app/.server/changes/summary.ts";
import { readForm, textField } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { now } from "#app/.server/platform/db/writes.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { galleryItemsByIds } from "#app/.server/gallery/gallery.ts";
import { editorViewer, livingYearsSetting, type Viewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { proposalImages, removeProposalPhotos } from "./attached-photos.ts";
import type { ProposalKind } from "./proposals.ts";

// Memories (prisiminimai, issue 17): a member's text about a person or a
// gallery photo, perhaps with photos of its own. A member proposes one
// (kind "memory"); it becomes a row of `memories` when an editor approves it,
// and only then do the person's page and the gallery show it.

/** What a memory is about: a person (by their lasting id, decision 011) or a gallery item. */
export type MemoryTarget = { personId: number; galleryItemId: null } | { personId: null; galleryItemId: number };

export interface MemoryPayload {
  personId: number | null;
  galleryItemId: number | null;
  text: string;
  /** The photos made at submission (proposal-photos.ts). */
  mediaIds: string[];
}

/** An approved memory, as the pages show it. */
export interface Memory {
  id: number;
  text: string;
  author: string;
  createdAt: string;
  images: ImageRef[];
}

const positiveId = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return typeof value === "string" && /^\d{1,10}$/.test(value) && n > 0 ? n : null;
};

/**
 * A memory's text, as the member's form (/paskyra/pasiulymai/prisiminimas)
 * and the reviewer's edit send it: line breaks kept (as \n), surrounding
 * space trimmed, within MEMORY_TEXT_MAX. (The photos come with the form but
 * are the upload intake's to read.)
 */
export const MEMORY_FORM = z.object({ text: textField("account.proposal.field.memory", { max: MEMORY_TEXT_MAX }) });

/** What a memory is about: the person's name (as an editor sees it) or the photo's title, null when not found; and its number. */
async function memoryTarget(
  db: Database,
  payload: MemoryPayload,
): Promise<{ person: true; id: number; name: string | null } | { person: false; id: number; title: string | null }> {
  if (payload.personId !== null) {
    const treeId = await currentTreeId(db);
    const people = treeId === null ? {} : await summaries(db, treeId, [payload.personId], editorViewer(await livingYearsSetting(db)));
    return { person: true, id: payload.personId, name: people[payload.personId]?.name ?? null };
  }
  const item = await db.selectFrom("galleryItems").select("title").where("id", "=", payload.galleryItemId!).executeTakeFirst();
  return { person: false, id: payload.galleryItemId!, title: item?.title ?? null };
}

/** "Prisiminimas apie asmenį: Jonas Jonaitis" / "Prisiminimas prie nuotraukos: „…“", as the reviewer sees it, said by `t`. */
async function targetLabel(db: Database, payload: MemoryPayload, t: T): Promise<string> {
  const target = await memoryTarget(db, payload);
  const number = t("account.proposal.line.number", { id: String(target.id) });
  return target.person
    ? t("account.proposal.line.memoryOfPerson", { name: target.name ?? number })
    : t("account.proposal.line.memoryOfPhoto", { title: target.title ?? number });
}

/** The change history's summary of an approved memory: the name or title as written, or the number ("Nr. 12"), said in the reader's language. */
async function memorySummary(db: Database, payload: MemoryPayload): Promise<Summary> {
  const target = await memoryTarget(db, payload);
  const number = { id: "changes.number", values: { id: String(target.id) } } as const;
  return target.person
    ? { id: "changes.summary.proposal.memoryOfPerson", values: { name: target.name ?? number } }
    : { id: "changes.summary.proposal.memoryOfPhoto", values: { title: target.title ?? number } };
}

export const memoryKind: ProposalKind<MemoryPayload> = {
  label: "account.proposal.kind.memory",
  // A memory adds; there is nothing it could overwrite.
  baseline: async () => null,
  // The member's form (made by the server, contributions.ts) names the
  // subject and the photos; a reviewer's edit has only the text: what a form
  // leaves out is left out of the payload, for the review to keep as proposed.
  async parse(_ctx, _subjectId, form) {
    const read = readForm(form, MEMORY_FORM);
    if (!read.ok) return { ok: false, message: read.errors.text ?? "" };
    const payload: Partial<MemoryPayload> = { text: read.value.text };
    if (form.has("asmuo") || form.has("nuotrauka")) {
      const personId = positiveId(form.get("asmuo"));
      const galleryItemId = personId === null ? positiveId(form.get("nuotrauka")) : null;
      if (personId === null && galleryItemId === null) return { ok: false, message: "account.proposal.error.memorySubject" };
      Object.assign(payload, { personId, galleryItemId });
    }
    if (form.has("media"))
      payload.mediaIds = form.getAll("media").filter((id): id is string => typeof id === "string" && /^[0-9a-f]{24}$/.test(id));
    return { ok: true, payload: payload as MemoryPayload };
  },
  fields: (_ctx, _subjectId, payload) => [
    { name: "text", label: requestT()("account.proposal.field.memory"), value: payload.text, type: "textarea" },
  ],
  async describe({ db }, _subjectId, payload) {
    return [
      {
        label: await targetLabel(db, payload, requestT()),
        before: "",
        after: payload.text,
        images: await proposalImages(db, payload.mediaIds ?? []),
      },
    ];
  },
  async change({ db }, _subjectId, payload) {
    return {
      subject: { kind: "memory", id: null, summary: await memorySummary(db, payload) },
      scopes: [],
      created: (id) => [scope("memories", (q) => q.where("id", "=", Number(id)))],
    };
  },
  async apply(tx, _ctx, _subjectId, payload, author) {
    if (payload.personId == null && payload.galleryItemId == null) throw new Error("memory without a subject");
    const { id } = await tx
      .insertInto("memories")
      .values({
        personId: payload.personId,
        galleryItemId: payload.galleryItemId,
        text: payload.text,
        author: author.username,
        userId: author.id,
        createdAt: now(),
        mediaIds: JSON.stringify(payload.mediaIds ?? []),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  },
  discard: ({ db, media }, payload) => removeProposalPhotos(db, media, payload.mediaIds ?? []),
  photos: (payload) => payload.mediaIds ?? [],
};

/**
 * Whether the memory's subject is there for this user to write about: a
 * person of the tree they may see, or a gallery item they may see.
 */
export async function memoryTargetVisible(db: Database, target: MemoryTarget, viewer: Viewer): Promise<boolean> {
  if (target.personId !== null) {
    const treeId = await currentTreeId(db);
    if (treeId === null) return false;
    const person = (await summaries(db, treeId, [target.personId], viewer))[target.personId];
    return person !== undefined && !person.hidden;
  }
  return (await galleryItemsByIds(db, viewer, [target.galleryItemId])).length === 1;
}

async function toMemories(
  db: Database,
  rows: { id: number; text: string; author: string; createdAt: string; mediaIds: string }[],
): Promise<Memory[]> {
  const ids = rows.flatMap((row) => JSON.parse(row.mediaIds) as string[]);
  const images = new Map((await proposalImages(db, ids)).map((image) => [image.id, image]));
  return rows.map(({ mediaIds, ...row }) => ({
    ...row,
    images: (JSON.parse(mediaIds) as string[]).flatMap((id) => images.get(id) ?? []),
  }));
}

/** A person's approved memories, oldest first. The caller decides whether the viewer may see the person at all. */
export async function personMemories(db: Database, personId: number): Promise<Memory[]> {
  const rows = await db
    .selectFrom("memories")
    .select(["id", "text", "author", "createdAt", "mediaIds"])
    .where("personId", "=", personId)
    .orderBy("id")
    .execute();
  return toMemories(db, rows);
}

/** The approved memories of these gallery items (the ones the viewer may see), by item. */
export async function galleryMemories(db: Database, itemIds: number[]): Promise<Record<number, Memory[]>> {
  if (itemIds.length === 0) return {};
  const rows = await db
    .selectFrom("memories")
    .select(["id", "galleryItemId", "text", "author", "createdAt", "mediaIds"])
    .where("galleryItemId", "in", itemIds)
    .orderBy("id")
    .execute();
  const memories = await toMemories(db, rows);
  const byItem: Record<number, Memory[]> = {};
  rows.forEach((row, i) => (byItem[row.galleryItemId!] ??= []).push(memories[i]));
  return byItem;
}
