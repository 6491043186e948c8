import { data } from "react-router";
import { Form, Link } from "#app/i18n/router.tsx";
import { useT } from "#app/i18n/react.tsx";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Route } from "./+types/albums";
import { ALBUM_FORM, createAlbum, listAlbums, moveAlbum, removeAlbum } from "#app/.server/gallery/albums.ts";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { ConfirmRemovePanel } from "#app/components/remove-form.tsx";
import { OrderedCard } from "#app/components/ordered-card.tsx";
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from "#app/lib/gallery.ts";
import { parseId } from "#app/lib/numbers.ts";

// The gallery's albums (issue 18): made, ordered and removed here; each is
// edited on its own page (its photos and cover). Removing an album leaves
// its photos in the gallery.

const PAGE = "/admin/galerija/albumai";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  return { albums: await listAlbums(db, MEMBERS, { withEmpty: true }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseId(form.get("id")) ?? 0;
  switch (intent) {
    case "create": {
      const read = readForm(form, ALBUM_FORM);
      if (!read.ok) return refuseForm(read);
      const created = await createAlbum(db, read.value, user);
      // Straight to the new album's page, where its photos are chosen.
      return redirectWithToast(`${PAGE}/${created}`, "albumCreated");
    }
    case "move": {
      const direction = form.get("direction") === "up" ? "up" : "down";
      if (!(await moveAlbum(db, id, direction, user))) return refusal("albumNotFound", 404);
      return redirectWithToast(PAGE, "albumOrderSaved");
    }
    case "remove": {
      // Without JavaScript the first press asks on a page of its own.
      if (form.get("confirmed") !== "1") {
        const album = (await listAlbums(db, MEMBERS, { withEmpty: true, ids: [id] }))[0];
        if (!album) return refusal("albumNotFound", 404);
        return data({ confirmRemove: { id: album.id, title: album.title } });
      }
      if (!(await removeAlbum(db, id, user))) return refusal("albumNotFound", 404);
      return redirectWithToast(PAGE, "albumRemoved");
    }
  }
  throw data(serverT(request)("adminGallery.error.unknownAction"), { status: 400 });
}

export default function AlbumsEditor({ loaderData: { albums }, actionData }: Route.ComponentProps) {
  const t = useT();
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const refused = actionData && "toast" in actionData ? actionData : null;
  const errors = refused && "errors" in refused ? (refused.errors as Partial<Record<string, string>>) : undefined;
  const typed = refused && "typed" in refused ? (refused.typed as Record<string, string>) : undefined;
  useFocusFirstError(errors, refused?.toast.id, ["title", "description"]);
  return (
    <>
      <PageTitle>{t("adminGallery.albums.title")}</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/galerija">{t("adminGallery.backToGallery")}</Link>
        <Link to="/admin/pakeitimai?tema=album">{t("adminGallery.changeHistory")}</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">{t("adminGallery.albums.title")}</h1>
      <p className="mb-6 max-w-prose text-ink-soft">{t("adminGallery.albums.intro")}</p>
      <FormAlert toast={refused?.toast ?? null} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={t("adminGallery.albums.removeQuestion", { title: confirmRemove.title })}
          detail={t("adminGallery.albums.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="albumu-sarasas">
          <h2 id="albumu-sarasas" className="mb-3 text-xl font-semibold">
            {t("adminGallery.albums.all")}
          </h2>
          {albums.length === 0 ? (
            <p className="card p-6 text-ink-soft">{t("adminGallery.albums.empty")}</p>
          ) : (
            <ol className="space-y-3">
              {albums.map((album, index) => (
                <OrderedCard
                  key={album.id}
                  id={album.id}
                  title={album.title}
                  cover={album.cover}
                  first={index === 0}
                  last={index === albums.length - 1}
                  removeQuestion={t("adminGallery.albums.removeQuestion", { title: album.title })}
                  removeLabel={t("adminGallery.albums.removeLabel", { title: album.title })}
                >
                  <p className="font-semibold break-words">{album.title}</p>
                  <p className="text-sm text-ink-soft">
                    {album.count ? t("adminGallery.albums.count", { count: album.count }) : t("adminGallery.albums.noPhotos")}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <Link to={`${PAGE}/${album.id}`} aria-label={t("adminGallery.albums.editLabel", { title: album.title })}>
                      {t("adminGallery.edit")}
                    </Link>
                    {album.count ? <Link to={`/galerija?albumas=${album.id}`}>{t("adminGallery.albums.showInGallery")}</Link> : null}
                  </p>
                </OrderedCard>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="naujas-albumas" className="card h-fit p-6">
          <h2 id="naujas-albumas" className="text-xl font-semibold">
            {t("adminGallery.albums.new")}
          </h2>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <Field
              id="title"
              lang="lt"
              label={t("adminGallery.field.title")}
              maxLength={ALBUM_TITLE_MAX}
              required
              defaultValue={typed?.title ?? ""}
              error={errors?.title}
            />
            <Field
              id="description"
              lang="lt"
              label={t("adminGallery.field.descriptionOptional")}
              multiline
              maxLength={ALBUM_DESCRIPTION_MAX}
              defaultValue={typed?.description ?? ""}
              error={errors?.description}
            />
            <button type="submit" className="btn-primary">
              {t("adminGallery.albums.create")}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
