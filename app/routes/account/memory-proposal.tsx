import { data, useNavigation } from "react-router";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/memory-proposal";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { discardFiles, submitMemory } from "#app/.server/proposals/with-photos.ts";
import { summaries } from "#app/.server/genealogy/people.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { galleryItemsByIds } from "#app/.server/gallery/gallery.ts";
import { readUploadFiles, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { MEMORY_FORM, memoryTargetVisible, type MemoryTarget } from "#app/.server/proposals/memories.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { proposalsLeftToday, SUBMIT_REFUSAL_STATUS } from "#app/.server/proposals/proposals.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { MEMORY_PHOTOS_MAX, MEMORY_TEXT_MAX } from "#app/lib/memories.ts";
import { parseId } from "#app/lib/numbers.ts";

// A member adds a memory (prisiminimas) to a person (?asmuo=12) or a gallery
// photo (?nuotrauka=3): text and up to five photos, sent as one multipart
// form (no JavaScript needed). It becomes a proposal; nothing shows until an
// editor approves it (proposals/with-photos.ts, proposals/memories.ts).

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

function targetOf(request: Request): MemoryTarget | null {
  const params = new URL(request.url).searchParams;
  const personId = parseId(params.get("asmuo"));
  if (personId !== null) return { personId, galleryItemId: null };
  const galleryItemId = parseId(params.get("nuotrauka"));
  return galleryItemId !== null ? { personId: null, galleryItemId } : null;
}

const NOT_FOUND = "account.memory.notFound";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  const { db } = services(context);
  const target = targetOf(request);
  const { viewer } = await treeViewer(context);
  if (!target || !(await memoryTargetVisible(db, target, viewer))) throw data(NOT_FOUND, { status: 404 });
  // Whom or what it is about: a person's name, or a photo's title (the page says which).
  let subject: { person: string | null; photo: string | null; back: string; query: string };
  if (target.personId !== null) {
    const treeId = (await currentTreeId(db))!;
    const person = (await summaries(db, treeId, [target.personId], viewer))[target.personId];
    subject = { person: person.name, photo: null, back: `/asmuo/${target.personId}`, query: `asmuo=${target.personId}` };
  } else {
    const [item] = await galleryItemsByIds(db, viewer, [target.galleryItemId]);
    subject = { person: null, photo: item.title, back: "/galerija", query: `nuotrauka=${target.galleryItemId}` };
  }
  return { subject, left: await proposalsLeftToday(db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  const target = targetOf(request);
  const { viewer } = await treeViewer(context);
  if (!target) throw data(NOT_FOUND, { status: 404 });
  let upload;
  try {
    upload = await readUploadFiles(request, ctx.media, "photos", MEMORY_PHOTOS_MAX);
  } catch (error) {
    // The photos refused as they came (too large, too many): nothing of the form could be read.
    if (error instanceof UploadRejected) return photosRefused(serverT(request)(uploadRefusal(error)), error.status, {});
    throw error;
  }
  const read = readForm(upload.form, MEMORY_FORM);
  if (!read.ok) {
    await discardFiles(upload.files);
    return refuseForm(read);
  }
  const result = await submitMemory(ctx, user, viewer, target, read.value, upload.files);
  if (!result.ok) {
    if ("reason" in result) return refusal(result.reason, SUBMIT_REFUSAL_STATUS[result.reason], { typed: read.typed, errors: {} });
    const status = result.status;
    if (status === 404) throw data(NOT_FOUND, { status });
    // A photo the pipeline refused: its message on top and beside the photos, the text kept.
    if ("field" in result) return photosRefused(result.message, status, read.typed);
    return refusal({ title: result.message, variant: "error" }, status, { typed: read.typed, errors: {} });
  }
  await onNewItem(ctx, { kind: "proposal", id: result.id });
  return redirectWithToast(target.personId !== null ? `/asmuo/${target.personId}` : "/galerija", "memorySent");
}

/** The photos refused: the upload's own message, as the toast and beside the photos field, with what was typed. */
function photosRefused(message: string, status: number, typed: Record<string, string>) {
  return refusal({ title: message, variant: "error" }, status, { typed, errors: { photos: message } });
}

export default function MemoryProposalPage({ loaderData: { subject, left }, actionData }: Route.ComponentProps) {
  const t = useT();
  const sending = useNavigation().state === "submitting";
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  useFocusFirstError(errors, actionData?.toast.id, ["text", "photos"]);
  return (
    <>
      <PageTitle>{t("account.memory.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to={subject.back}>{t("account.propose.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold">{t("account.memory.title")}</h1>
      <p className="mt-2 text-lg text-ink-soft">
        {subject.person !== null
          ? // A name, as the family wrote it.
            t.rich("account.memory.aboutPerson", { name: <InLanguage lang="lt">{subject.person}</InLanguage> })
          : t("account.memory.aboutPhoto", { title: subject.photo ?? "" })}
      </p>
      <section aria-labelledby="prisiminimas" className="card mt-6 max-w-2xl p-6">
        <h2 id="prisiminimas" className="sr-only">
          {t("account.memory.formHeading")}
        </h2>
        <p className="mb-4 text-ink-soft">{t("account.memory.lead")}</p>
        <FormAlert toast={actionData?.toast} />
        {left === 0 ? (
          <p className="text-accent">{t("account.propose.capReached")}</p>
        ) : (
          // Not remounted after a refusal: with JavaScript the text and the photos chosen stay as they were; without it the page comes back with the text.
          <Form
            method="post"
            encType="multipart/form-data"
            action={`/paskyra/pasiulymai/prisiminimas?${subject.query}`}
            noValidate
            className="space-y-4"
          >
            <Field
              id="text"
              label={t("account.memory.text")}
              multiline
              rows={10}
              required
              maxLength={MEMORY_TEXT_MAX}
              defaultValue={actionData?.typed.text}
              hint={t("account.memory.textHint", { max: String(MEMORY_TEXT_MAX) /* as it is, no thousands separator */ })}
              error={errors?.text}
            />
            <div>
              <label htmlFor="photos" className="field-label">
                {t("account.memory.photos")}
              </label>
              <input
                id="photos"
                name="photos"
                type="file"
                accept="image/*"
                multiple
                aria-invalid={errors?.photos ? true : undefined}
                aria-describedby={errors?.photos ? "photos-hint photos-error" : "photos-hint"}
                className="block w-full text-sm"
              />
              <p id="photos-hint" className="mt-1 text-sm text-ink-soft">
                {t("account.memory.photosHint", { max: MEMORY_PHOTOS_MAX })}
                {actionData ? t("account.memory.photosAgain") : ""}
              </p>
              {errors?.photos ? (
                <p id="photos-error" className="mt-1 text-sm text-red-800">
                  <Say text={errors.photos} />
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary" disabled={sending}>
              {t(sending ? "account.propose.sending" : "account.memory.submit")}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
