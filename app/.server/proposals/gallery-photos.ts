import { z } from "zod";
import { dateInputToGedcom, DATE_FORMS_MESSAGE_ID } from "#app/lib/date-input.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { formatGedcomDate, parseGedcomDate } from "#app/lib/gedcom-date.ts";
import { PHOTO_DATE_MAX, PHOTO_PEOPLE_MAX, PHOTO_PEOPLE_TEXT_MAX } from "#app/lib/memories.ts";
import { personNotFoundMessage } from "#app/lib/person-fields.ts";
import { scope } from "#app/.server/changes/changes.ts";
import { checkbox, readForm, textField } from "#app/.server/platform/form.ts";
import { requestLanguage, requestT } from "#app/.server/platform/request-language.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { addGalleryItemForMedia, linkPeopleToGalleryItem } from "#app/.server/gallery/gallery.ts";
import { editorViewer, livingYearsSetting, memberViewer, type Viewer } from "#app/.server/genealogy/living.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { resolvePerson } from "#app/.server/genealogy/editing.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { proposalImages, removeProposalPhotos } from "./attached-photos.ts";
import type { ProposalKind } from "./proposals.ts";

// A member's photo for the gallery (issue 17, kind "photo"): the photo, its
// title, description, a date in the tree's forms ("apie 1930") and the people in it.
// The photo is made at submission (proposal-photos.ts); approving adds the
// gallery item and links the people to it, as the person editor does. The
// date is the gallery's own (in the tree's forms, stored as GEDCOM).

export interface PhotoPayload {
  title: string;
  description: string;
  date: string;
  /** People of the tree in the photo, by lasting id. */
  people: number[];
  membersOnly: boolean;
  mediaId: string;
}

/** A member may name the people they see (the living, not the private); the reviewer sees everyone. */

const PHOTO_FIELDS = {
  title: textField("account.proposal.field.title", { max: GALLERY_TITLE_MAX }),
  description: textField("account.proposal.field.description", { max: GALLERY_DESCRIPTION_MAX, optional: true }),
  date: textField("account.proposal.field.date", { max: PHOTO_DATE_MAX, optional: true }).check((ctx) => {
    if (dateInputToGedcom(ctx.value) === null)
      ctx.issues.push({ code: "custom", message: requestT()(DATE_FORMS_MESSAGE_ID), input: ctx.value });
  }),
};
const peopleField = () => textField("account.proposal.field.people", { max: PHOTO_PEOPLE_TEXT_MAX, optional: true });

/**
 * The member's photo form (/paskyra/pasiulymai/nuotrauka): title, description,
 * a date in the tree's forms, the people in it one a line (looked up when the
 * proposal is made) and whether it is for the family only. (The photo itself
 * is the upload intake's to read.)
 */
export const PHOTO_FORM = z.object({ ...PHOTO_FIELDS, people: peopleField(), membersOnly: checkbox() });

/** The same fields as the proposal's own form and the reviewer's edit send them (what a form leaves out, parse leaves out). */
const PHOTO_FIELDS_FORM = z.object({ ...PHOTO_FIELDS, people: peopleField() });

/**
 * The people typed one a line: "#12", "12", "Vardas Pavardė #12" (as the
 * reviewer's form writes them) or a name that matches exactly one person.
 * A refusal is a message id, or said in the request's language when it names a value.
 */
export async function resolvePeople(
  db: Database,
  lines: string,
  viewer?: Viewer,
): Promise<{ ok: true; people: number[] } | { ok: false; message: string }> {
  // One a line, or several on a line between commas or semicolons ("Ona Jonaitienė, #37"): each is looked up,
  // and one not found is named in the refusal rather than dropped.
  const wanted = lines
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (wanted.length === 0) return { ok: true, people: [] };
  if (wanted.length > PHOTO_PEOPLE_MAX)
    return { ok: false, message: requestT()("account.proposal.error.tooManyPeople", { max: PHOTO_PEOPLE_MAX }) };
  const treeId = await currentTreeId(db);
  if (treeId === null) return { ok: false, message: "account.proposal.error.noTree" };
  const seen = viewer ?? memberViewer(await livingYearsSetting(db));
  const people: number[] = [];
  for (const line of wanted) {
    const found = await resolvePerson(db, treeId, line, seen);
    if (found && "notFound" in found) return { ok: false, message: requestT()(personNotFoundMessage(found.notFound)) };
    if (found) people.push(found.id);
  }
  return { ok: true, people: [...new Set(people)] };
}

/** The people as the reviewer reads (and may edit) them: "Vardas Pavardė #12", one a line. */
async function peopleLines(db: Database, people: number[]): Promise<string[]> {
  const treeId = await currentTreeId(db);
  if (treeId === null || people.length === 0) return [];
  const found = await summaries(db, treeId, people, editorViewer(await livingYearsSetting(db)));
  return people.map((id) => (found[id] ? `${found[id].name} #${id}` : `#${id}`));
}

/**
 * The description and the date the gallery item gets. A date proposed before
 * the gallery had dates (free text) goes after the description, as it did.
 */
export function photoDescriptionAndDate(payload: Pick<PhotoPayload, "description" | "date">): { description: string; date: string } {
  const date = dateInputToGedcom(payload.date);
  if (date !== null) return { description: payload.description, date };
  return { description: [payload.description, `Data: ${payload.date}`].filter(Boolean).join("\n\n"), date: "" };
}

export const photoKind: ProposalKind<PhotoPayload> = {
  label: "account.proposal.kind.photo",
  // A new gallery item: nothing it could overwrite.
  baseline: async () => null,
  // The member's form (made by the server, contributions.ts) has every field;
  // a reviewer's edit only those of fields() below: what a form leaves out is
  // left out of the payload, for the review to keep as proposed.
  async parse({ db }, _subjectId, form) {
    const read = readForm(form, PHOTO_FIELDS_FORM);
    if (!read.ok) return { ok: false, message: Object.values(read.errors)[0] ?? "" };
    const { people: typedPeople, ...fields } = read.value;
    const payload: Partial<PhotoPayload> = fields;
    if (form.has("people")) {
      const people = await resolvePeople(db, typedPeople);
      if (!people.ok) return people;
      payload.people = people.people;
    }
    if (form.has("membersOnly")) payload.membersOnly = form.get("membersOnly") === "1";
    if (form.has("media")) {
      const mediaId = String(form.get("media")).trim();
      if (!/^[0-9a-f]{24}$/.test(mediaId)) return { ok: false, message: "account.proposal.error.choosePhoto" };
      payload.mediaId = mediaId;
    }
    return { ok: true, payload: payload as PhotoPayload };
  },
  fields: (_ctx, _subjectId, payload) => {
    const t = requestT();
    return [
      { name: "title", label: t("account.proposal.field.title"), value: payload.title, type: "text" },
      { name: "description", label: t("account.proposal.field.description"), value: payload.description, type: "textarea" },
      { name: "date", label: t("account.proposal.field.photoDate"), value: payload.date, type: "text" },
      {
        name: "people",
        label: t("account.proposal.field.photoPeople"),
        value: payload.people.map((id) => `#${id}`).join("\n"),
        type: "textarea",
      },
    ];
  },
  async describe({ db }, _subjectId, payload) {
    const t = requestT();
    const people = await peopleLines(db, payload.people);
    const { description, date } = photoDescriptionAndDate(payload);
    return [
      { label: t("account.proposal.line.photo"), before: "", after: payload.title, images: await proposalImages(db, [payload.mediaId]) },
      { label: t("account.proposal.line.description"), before: "", after: description },
      ...(date
        ? [{ label: t("account.proposal.line.date"), before: "", after: formatGedcomDate(parseGedcomDate(date), requestLanguage()) }]
        : []),
      ...(people.length ? [{ label: t("account.proposal.line.people"), before: "", after: people.join("\n") }] : []),
      ...(payload.membersOnly
        ? [{ label: t("account.proposal.line.seenBy"), before: "", after: t("account.proposal.line.familyOnly") }]
        : []),
    ];
  },
  async change(_ctx, _subjectId, payload) {
    return {
      subject: { kind: "gallery", id: null, summary: { id: "changes.summary.proposal.photoUploaded", values: { title: payload.title } } },
      scopes: [],
      created: (id) => [
        scope("galleryItems", (q) => q.where("id", "=", Number(id))),
        scope("photoPeople", (q) => q.where("galleryItemId", "=", Number(id))),
      ],
    };
  },
  async apply(tx, { media }, _subjectId, payload) {
    if (!payload.mediaId) throw new Error("photo proposal without its photo");
    const id = await addGalleryItemForMedia(
      tx,
      media,
      { title: payload.title, ...photoDescriptionAndDate(payload), membersOnly: payload.membersOnly },
      payload.mediaId,
    );
    const treeId = await currentTreeId(tx);
    if (treeId !== null) await linkPeopleToGalleryItem(tx, treeId, id, payload.people);
    return id;
  },
  discard: ({ db, media }, payload) => removeProposalPhotos(db, media, [payload.mediaId]),
  photos: (payload) => (payload.mediaId ? [payload.mediaId] : []),
};
