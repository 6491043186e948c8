import { data } from "react-router";
import { Form, Link } from "#app/i18n/router.tsx";
import { useT } from "#app/i18n/react.tsx";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Route } from "./+types/album";
import { ALBUM_FORM, albumForEditing, saveAlbum } from "#app/.server/gallery/albums.ts";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { GalleryPicture, ImagePlaceholder } from "#app/components/gallery.tsx";
import { MembersOnlyBadge } from "#app/components/members-only.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from "#app/lib/gallery.ts";
import { parseId } from "#app/lib/numbers.ts";

// One album (issue 18): its title and description, which of the gallery's
// photos are in it, and which one is its cover. One plain form: it works
// without JavaScript, and a save is one change in the history.

export async function loader({ params, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id);
  const album = id === null ? null : await albumForEditing(db, id);
  if (!album) throw data(null, { status: 404 });
  return { album, photos: await listGalleryItems(db, MEMBERS) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id) ?? 0;
  const form = await request.formData();
  if (form.get("intent") !== "save") throw data(serverT(request)("adminGallery.error.unknownAction"), { status: 400 });
  // The photos ticked and the cover chosen: a list, which the form reader does not read.
  const photoIds = form.getAll("photo").map((value) => parseId(value));
  const cover = form.get("cover") ? parseId(form.get("cover")) : null;
  // What was typed and ticked comes back with a refusal, so a page without JavaScript keeps it.
  const ticked = { photoIds: photoIds.filter((value) => value !== null), coverId: cover };
  const read = readForm(form, ALBUM_FORM);
  if (!read.ok) return refuseForm(read, { ticked });
  if (photoIds.includes(null) || (form.get("cover") && cover === null)) {
    // Said here: the toaster (the root's) does not carry the administration's words.
    return refusal({ title: serverT(request)("adminGallery.album.badPhoto"), variant: "error" }, 400, { typed: read.typed, ticked });
  }
  const saved = await saveAlbum(db, id, read.value, ticked.photoIds, cover, user);
  if (!saved.ok)
    return saved.reason === "albumNotFound" ? refusal("albumNotFound", 404) : refusal(saved.reason, 409, { typed: read.typed, ticked });
  return redirectWithToast("/admin/galerija/albumai", "albumSaved");
}

export default function AlbumEditor({ loaderData: { album, photos }, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = actionData && "toast" in actionData ? actionData : null;
  const errors = refused && "errors" in refused ? (refused.errors as Partial<Record<string, string>>) : undefined;
  // Refused, the form comes back as typed and ticked.
  const typed = refused && "typed" in refused ? (refused.typed as Record<string, string>) : null;
  const ticked = refused && "ticked" in refused ? (refused.ticked as Pick<typeof album, "photoIds" | "coverId">) : null;
  const values = typed && ticked ? { title: typed.title ?? "", description: typed.description ?? "", ...ticked } : album;
  useFocusFirstError(errors, refused?.toast.id, ["title", "description"]);
  const chosen = new Set(values.photoIds);
  return (
    <>
      <PageTitle>{t("adminGallery.album.title", { title: album.title })}</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/galerija/albumai">{t("adminGallery.albums.back")}</Link>
        {album.photoIds.length ? <Link to={`/galerija?albumas=${album.id}`}>{t("adminGallery.albums.showInGallery")}</Link> : null}
        <Link to={`/admin/pakeitimai?tema=album&id=${album.id}`}>{t("adminGallery.changeHistory")}</Link>
      </p>
      <h1 className="mb-4 text-3xl font-bold break-words">{t("adminGallery.album.title", { title: album.title })}</h1>
      <FormAlert toast={refused?.toast ?? null} />
      {/* A refusal gives the form new defaults: a new key shows them (after a client-side submit too). */}
      <Form key={refused?.toast.id ?? "album"} method="post" noValidate className="space-y-6">
        <input type="hidden" name="intent" value="save" />
        <div className="card max-w-2xl space-y-4 p-6">
          <Field
            id="title"
            lang="lt"
            label={t("adminGallery.field.title")}
            maxLength={ALBUM_TITLE_MAX}
            required
            defaultValue={values.title}
            error={errors?.title}
          />
          <Field
            id="description"
            lang="lt"
            label={t("adminGallery.field.descriptionOptional")}
            multiline
            maxLength={ALBUM_DESCRIPTION_MAX}
            defaultValue={values.description}
            error={errors?.description}
          />
        </div>
        <fieldset className="card p-6">
          <legend className="px-1 text-xl font-semibold">{t("adminGallery.album.photos")}</legend>
          <p className="mb-4 text-sm text-ink-soft">{t("adminGallery.album.photosHelp")}</p>
          {photos.length === 0 ? (
            <p className="text-ink-soft">
              {t.rich("adminGallery.album.noPhotos", { a: (chunks) => <Link to="/admin/galerija">{chunks}</Link> })}
            </p>
          ) : (
            <>
              <label className="mb-4 flex items-center gap-2">
                <input type="radio" name="cover" value="" defaultChecked={values.coverId === null} />
                <span>{t("adminGallery.album.noCover")}</span>
              </label>
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
                {photos.map((photo) => (
                  <li key={photo.id} className="rounded-md border border-line p-2">
                    <div className="aspect-[4/3] w-full overflow-hidden rounded bg-accent-soft">
                      {photo.image ? <GalleryPicture image={photo.image} alt="" sizes="200px" /> : <ImagePlaceholder label="" />}
                    </div>
                    <label className="mt-2 flex items-start gap-2">
                      <input type="checkbox" name="photo" value={photo.id} defaultChecked={chosen.has(photo.id)} />
                      <span className="min-w-0 break-words">
                        {photo.title}
                        {photo.membersOnly ? <MembersOnlyBadge /> : null}
                      </span>
                    </label>
                    {photo.image ? (
                      <label className="mt-1 flex items-center gap-2 text-sm text-ink-soft">
                        <input
                          type="radio"
                          name="cover"
                          value={photo.id}
                          defaultChecked={values.coverId === photo.id}
                          aria-label={t("adminGallery.album.coverLabel", { title: photo.title })}
                        />
                        <span aria-hidden="true">{t("adminGallery.album.cover")}</span>
                      </label>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          )}
        </fieldset>
        <button type="submit" className="btn-primary">
          {t("adminGallery.album.save")}
        </button>
      </Form>
    </>
  );
}
