import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/photo-proposal";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { submitPhoto } from "#app/.server/proposals/with-photos.ts";
import { readUploadForm, UploadRejected } from "#app/.server/media/intake.ts";
import { onNewItem } from "#app/.server/accounts/notifications.ts";
import { proposalsLeftToday } from "#app/.server/proposals/proposals.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { GALLERY_DESCRIPTION_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { PHOTO_DATE_MAX } from "#app/lib/memories.ts";

// A member uploads a photo for the gallery: the photo, title, description, a
// date in the tree's forms and the people in it, one multipart form (no JavaScript
// needed). It becomes a proposal; the gallery shows it once an editor
// approves it (proposals/with-photos.ts, proposals/gallery-photos.ts).

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  return { left: await proposalsLeftToday(services(context).db, user.id) };
}

type Values = Partial<Record<"title" | "description" | "date" | "people", string>>;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const ctx = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, ctx.media, "photo");
  } catch (error) {
    if (error instanceof UploadRejected) return refusal({ title: error.message, variant: "error" }, error.status, { values: {} as Values });
    throw error;
  }
  const values: Values = Object.fromEntries(
    ["title", "description", "date", "people"].map((name) => [name, String(upload.form.get(name) ?? "")]),
  );
  const result = await submitPhoto(ctx, user, upload.form, upload.file);
  if (!result.ok) return refusal({ title: result.message, variant: "error" }, "status" in result ? result.status : 400, { values });
  await onNewItem(ctx, { kind: "proposal", id: result.id });
  return redirectWithToast("/galerija", "photoSent");
}

export default function PhotoProposalPage({ loaderData: { left }, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  const values: Values = actionData?.values ?? {};
  return (
    <>
      <PageTitle>Įkelti nuotrauką</PageTitle>
      <p className="mb-2 text-sm">
        <Link to="/galerija">← Į galeriją</Link>
      </p>
      <h1 className="text-3xl font-bold">Įkelti nuotrauką į galeriją</h1>
      <section aria-labelledby="nuotrauka" className="card mt-6 max-w-2xl p-6">
        <h2 id="nuotrauka" className="sr-only">
          Nuotraukos forma
        </h2>
        <p className="mb-4 text-ink-soft">Nuotrauka atsiras galerijoje, kai ją peržiūrės redaktorius.</p>
        <FormAlert toast={actionData?.toast} />
        {left === 0 ? (
          <p className="text-accent">Šiandien pasiūlymų riba pasiekta. Pabandykite rytoj.</p>
        ) : (
          <Form method="post" encType="multipart/form-data" className="space-y-4" key={actionData?.toast.id}>
            <div>
              <label htmlFor="photo" className="field-label">
                Nuotrauka
              </label>
              <input
                id="photo"
                name="photo"
                type="file"
                accept="image/*"
                required
                aria-describedby="photo-hint"
                className="block w-full text-sm"
              />
              <p id="photo-hint" className="mt-1 text-sm text-ink-soft">
                JPEG, PNG, TIFF ar kt.{actionData ? " Po klaidos nuotrauką pasirinkite iš naujo." : ""}
              </p>
            </div>
            <Field id="title" label="Pavadinimas" required maxLength={GALLERY_TITLE_MAX} defaultValue={values.title} />
            <Field
              id="description"
              label="Aprašymas (nebūtina)"
              multiline
              maxLength={GALLERY_DESCRIPTION_MAX}
              defaultValue={values.description}
            />
            <Field
              id="date"
              label="Data (nebūtina)"
              hint="Pvz., „1956-07“, „apie 1930“ arba „1930–1935“."
              maxLength={PHOTO_DATE_MAX}
              defaultValue={values.date}
            />
            <Field
              id="people"
              label="Kas nuotraukoje (nebūtina)"
              multiline
              rows={3}
              defaultValue={values.people}
              hint="Po vieną eilutėje: vardas ir pavardė, kaip giminės medyje, arba asmens numeris (pvz., #12)."
            />
            <div className="flex items-center gap-2">
              <input id="membersOnly" name="membersOnly" type="checkbox" value="1" className="size-4" />
              <label htmlFor="membersOnly">Tik giminei (lankytojai nuotraukos nematys)</label>
            </div>
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? "Siunčiama…" : "Pateikti nuotrauką"}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
