import { data, Form, Link } from "react-router";
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
import { plural } from "#app/lib/lithuanian.ts";
import { parseId } from "#app/lib/numbers.ts";

// The gallery's albums (issue 18): made, ordered and removed here; each is
// edited on its own page (its photos and cover). Removing an album leaves
// its photos in the gallery.

const PAGE = "/admin/galerija/albumai";

const removeQuestion = (title: string) => `Ar tikrai pašalinti albumą „${title}“?`;

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
  throw data("Nežinomas veiksmas", { status: 400 });
}

export default function AlbumsEditor({ loaderData: { albums }, actionData }: Route.ComponentProps) {
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const refused = actionData && "toast" in actionData ? actionData : null;
  const errors = refused && "errors" in refused ? (refused.errors as Partial<Record<string, string>>) : undefined;
  const typed = refused && "typed" in refused ? (refused.typed as Record<string, string>) : undefined;
  useFocusFirstError(errors, refused?.toast.id, ["title", "description"]);
  return (
    <>
      <PageTitle>Albumai</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/galerija">← Galerijos redaktorius</Link>
        <Link to="/admin/pakeitimai?tema=album">Pakeitimų istorija</Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">Albumai</h1>
      <p className="mb-6 max-w-prose text-ink-soft">
        Albumas sujungia nuotraukas po vienu pavadinimu. Ta pati nuotrauka gali būti keliuose albumuose; pašalinus albumą, jo nuotraukos
        lieka galerijoje.
      </p>
      <FormAlert toast={refused?.toast ?? null} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={removeQuestion(confirmRemove.title)}
          detail="Nuotraukos liks galerijoje. Pašalinimą galima atšaukti pakeitimų istorijoje."
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="albumu-sarasas">
          <h2 id="albumu-sarasas" className="mb-3 text-xl font-semibold">
            Visi albumai
          </h2>
          {albums.length === 0 ? (
            <p className="card p-6 text-ink-soft">Albumų dar nėra. Sukurkite pirmąjį, tada pažymėkite jo nuotraukas.</p>
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
                  removeQuestion={removeQuestion(album.title)}
                  removeLabel={`Pašalinti albumą: ${album.title}`}
                >
                  <p className="font-semibold break-words">{album.title}</p>
                  <p className="text-sm text-ink-soft">
                    {album.count ? plural(album.count, ["nuotrauka", "nuotraukos", "nuotraukų"]) : "Nuotraukų dar nėra"}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                    <Link to={`${PAGE}/${album.id}`} aria-label={`Redaguoti albumą: ${album.title}`}>
                      Redaguoti
                    </Link>
                    {album.count ? <Link to={`/galerija?albumas=${album.id}`}>Rodyti galerijoje</Link> : null}
                  </p>
                </OrderedCard>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="naujas-albumas" className="card h-fit p-6">
          <h2 id="naujas-albumas" className="text-xl font-semibold">
            Naujas albumas
          </h2>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <Field
              id="title"
              label="Pavadinimas"
              maxLength={ALBUM_TITLE_MAX}
              required
              defaultValue={typed?.title ?? ""}
              error={errors?.title}
            />
            <Field
              id="description"
              label="Aprašymas (nebūtina)"
              multiline
              maxLength={ALBUM_DESCRIPTION_MAX}
              defaultValue={typed?.description ?? ""}
              error={errors?.description}
            />
            <button type="submit" className="btn-primary">
              Sukurti albumą
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
