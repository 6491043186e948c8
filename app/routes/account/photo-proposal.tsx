import { useNavigation } from "react-router";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/photo-proposal";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { discardFiles, submitPhoto } from "#app/.server/proposals/with-photos.ts";
import { PHOTO_FORM } from "#app/.server/proposals/gallery-photos.ts";
import { readUploadForm, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { proposalsLeftToday, SUBMIT_REFUSAL_STATUS } from "#app/.server/proposals/proposals.ts";
import { readForm, refusedField, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { PHOTO_DATE_MAX, PHOTO_PEOPLE_TEXT_MAX } from "#app/lib/memories.ts";

// A member uploads a photo for the gallery: the photo, title, description, a
// date in the tree's forms and the people in it, one multipart form (no JavaScript
// needed). It becomes a proposal; the gallery shows it once an editor
// approves it (proposals/with-photos.ts, proposals/gallery-photos.ts).

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  return { left: await proposalsLeftToday(services(context).db, user.id) };
}

/** The photo refused (by the intake or the pipeline): its own message, as the toast and beside the photo field, with what was typed. */
function photoRefused(message: string, status: number, typed: Record<string, string>) {
  return refusal({ title: message, variant: "error" }, status, { typed, errors: { photo: message } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, ctx.media, "photo");
  } catch (error) {
    // Refused as it came (too large, not one file): nothing of the form could be read.
    if (error instanceof UploadRejected) return photoRefused(serverT(request)(uploadRefusal(error)), error.status, {});
    throw error;
  }
  const read = readForm(upload.form, PHOTO_FORM);
  if (!read.ok) {
    await discardFiles(upload.file ? [upload.file] : []);
    return refuseForm(read);
  }
  const result = await submitPhoto(ctx, user, read.value, upload.file);
  if (!result.ok) {
    if ("reason" in result) return refusal(result.reason, SUBMIT_REFUSAL_STATUS[result.reason], { typed: read.typed, errors: {} });
    const status = result.status;
    if ("field" in result && result.field === "photo" && upload.file) return photoRefused(result.message, status, read.typed);
    if ("field" in result) return refuseForm(refusedField(read.typed, result.field, result.message));
    return refusal({ title: result.message, variant: "error" }, status, { typed: read.typed, errors: {} });
  }
  await onNewItem(ctx, { kind: "proposal", id: result.id });
  return redirectWithToast("/galerija", "photoSent");
}

export default function PhotoProposalPage({ loaderData: { left }, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const values: Partial<Record<string, string>> = actionData?.typed ?? {};
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  useFocusFirstError(errors, actionData?.toast.id, ["photo", "title", "description", "date", "people"]);
  const t = useT();
  return (
    <>
      <PageTitle>{t("account.photo.title")}</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/galerija">{t("account.photo.back")}</Link>
      </p>
      <h1 className="text-3xl font-bold">{t("account.photo.heading")}</h1>
      <section aria-labelledby="nuotrauka" className="card mt-6 max-w-2xl p-6">
        <h2 id="nuotrauka" className="sr-only">
          {t("account.photo.formHeading")}
        </h2>
        <p className="mb-4 text-ink-soft">{t("account.photo.lead")}</p>
        <FormAlert toast={actionData?.toast} />
        {left === 0 ? (
          <p className="text-accent">{t("account.propose.capReached")}</p>
        ) : (
          // Not remounted after a refusal: with JavaScript what was typed and chosen stays; without it the page comes back filled in.
          <Form method="post" encType="multipart/form-data" noValidate className="space-y-4">
            <div>
              <label htmlFor="photo" className="field-label">
                {t("account.photo.photo")}
              </label>
              <input
                id="photo"
                name="photo"
                type="file"
                accept="image/*"
                required
                aria-invalid={errors?.photo ? true : undefined}
                aria-describedby={errors?.photo ? "photo-hint photo-error" : "photo-hint"}
                className="block w-full text-sm"
              />
              <p id="photo-hint" className="mt-1 text-sm text-ink-soft">
                {t("account.photo.photoHint")}
                {actionData ? t("account.photo.photoAgain") : ""}
              </p>
              {errors?.photo ? (
                <p id="photo-error" className="mt-1 text-sm text-red-800">
                  <Say text={errors.photo} />
                </p>
              ) : null}
            </div>
            <Field
              id="title"
              label={t("account.photo.titleField")}
              required
              maxLength={GALLERY_TITLE_MAX}
              defaultValue={values.title}
              error={errors?.title}
            />
            <Field
              id="description"
              label={t("account.photo.description")}
              multiline
              maxLength={GALLERY_DESCRIPTION_MAX}
              defaultValue={values.description}
              error={errors?.description}
            />
            <Field
              id="date"
              label={t("account.photo.date")}
              hint={t("account.photo.dateHint")}
              maxLength={PHOTO_DATE_MAX}
              defaultValue={values.date}
              error={errors?.date}
            />
            <Field
              id="people"
              label={t("account.photo.people")}
              multiline
              rows={3}
              maxLength={PHOTO_PEOPLE_TEXT_MAX}
              defaultValue={values.people}
              hint={t("account.photo.peopleHint")}
              error={errors?.people}
            />
            <div className="flex items-center gap-2">
              <input id="membersOnly" name="membersOnly" type="checkbox" value="1" defaultChecked={values.membersOnly === "1"} />
              <label htmlFor="membersOnly">{t("account.photo.membersOnly")}</label>
            </div>
            <button type="submit" className="btn-primary" disabled={sending}>
              {t(sending ? "account.propose.sending" : "account.photo.submit")}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
