import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link, useLocalized } from "#app/i18n/router.tsx";
import { useEffect, useRef, useState } from "react";
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/gallery";
import { listAlbums } from "#app/.server/gallery/albums.ts";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import {
  addGalleryUpload,
  addRefusedField,
  GALLERY_ADD_FORM,
  GALLERY_EDIT_FORM,
  listGalleryItems,
  moveGalleryItem,
  removeGalleryItem,
  saveGalleryOrder,
  updateGalleryItem,
} from "#app/.server/gallery/gallery.ts";
import { discardReceived, readUploadForm, UploadRejected, uploadRefusal } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { readForm, refusedField, refuseForm } from "#app/.server/platform/form.ts";
import { prepareImage, type PreparedMedia } from "#app/.server/media/pipeline.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError, type FieldErrors } from "#app/components/fields.tsx";
import { FileInput } from "#app/components/file-input.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { GalleryBulkUpload } from "#app/components/gallery-bulk-upload.tsx";
import { GalleryPicture, ImagePlaceholder } from "#app/components/gallery.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { MembersOnlyBadge, MembersOnlyBox } from "#app/components/members-only.tsx";
import { MoveForm } from "#app/components/move-form.tsx";
import { ConfirmRemovePanel, RemoveIconForm } from "#app/components/remove-form.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { gedcomToDateInput } from "#app/lib/date-input.ts";
import { GALLERY_DESCRIPTION_MAX, GALLERY_PLACE_MAX, GALLERY_TITLE_MAX } from "#app/lib/gallery.ts";
import { PHOTO_DATE_MAX } from "#app/lib/memories.ts";
import { parseId } from "#app/lib/numbers.ts";
import { resolveToast, type Toast } from "#app/lib/toasts.ts";
import { fileSize, postUpload } from "#app/lib/upload-request.ts";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db, media } = services(context);
  const [items, albums] = await Promise.all([listGalleryItems(db, MEMBERS), listAlbums(db, MEMBERS, { withEmpty: true })]);
  return { items, albums: albums.map(({ id, title }) => ({ id, title })), maxBytes: media.maxBytes };
}

const PAGE = "/admin/galerija";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db, media } = services(context);
  let upload;
  try {
    upload = await readUploadForm(request, media, "image");
  } catch (error) {
    // Said here: the toaster (the root's) does not carry the administration's words.
    if (error instanceof UploadRejected) return refusal({ title: serverT(request)(uploadRefusal(error)), variant: "error" }, error.status);
    throw error;
  }
  const { form, file } = upload;
  const intent = form.get("intent");
  if (intent === "add") {
    // The page's own form: the way in without JavaScript.
    const read = readForm(form, GALLERY_ADD_FORM);
    if (!read.ok) {
      await discardReceived(file);
      return refuseForm(read);
    }
    const added = await addGalleryUpload(db, media, read.value, file, user);
    return added.ok ? redirectWithToast(PAGE, "galleryAdded") : refuseForm(addRefusedField(read.typed, added));
  }
  if (intent === "update") {
    // An item's edit, with a new photo in place of its own when one is chosen.
    const read = readForm(form, GALLERY_EDIT_FORM);
    if (!read.ok) {
      await discardReceived(file);
      return refuseForm(read);
    }
    const { id: itemId, titleEn, descriptionEn, ...rest } = read.value;
    const fields = {
      ...rest,
      english:
        titleEn === undefined && descriptionEn === undefined ? undefined : { title: titleEn ?? "", description: descriptionEn ?? "" },
    };
    let image: PreparedMedia | null = null;
    try {
      if (file && itemId !== null) image = await prepareImage(media, file);
    } catch (error) {
      if (error instanceof UploadRejected) return refuseForm(refusedField(read.typed, "image", serverT(request)(uploadRefusal(error))));
      throw error;
    } finally {
      await discardReceived(file);
    }
    if (itemId === null || !(await updateGalleryItem(db, media, itemId, fields, user, image))) return refusal("galleryNotFound", 404);
    return redirectWithToast(PAGE, image ? "galleryImageReplaced" : "galleryUpdated");
  }
  await discardReceived(file);
  const id = parseId(form.get("id")) ?? 0;

  switch (intent) {
    case "remove": {
      // Without JavaScript the first press asks on a page of its own.
      if (form.get("confirmed") !== "1") {
        const item = (await listGalleryItems(db, MEMBERS)).find((i) => i.id === id);
        if (!item) return refusal("galleryNotFound", 404);
        return data({ confirmRemove: { id: item.id, title: item.title } });
      }
      if (!(await removeGalleryItem(db, media, id, user))) return refusal("galleryNotFound", 404);
      return redirectWithToast(PAGE, "galleryRemoved");
    }
    case "move": {
      const direction = form.get("direction") === "up" ? "up" : "down";
      if (!(await moveGalleryItem(db, id, direction, user))) return refusal("galleryNotFound", 404);
      return redirectWithToast(PAGE, "galleryOrderSaved");
    }
    case "saveOrder": {
      const ids = form
        .getAll("order")
        .flatMap((value) => String(value).split(","))
        .map((value) => parseId(value) ?? 0);
      if (!(await saveGalleryOrder(db, ids, user))) return refusal("galleryOrderStale", 409);
      return redirectWithToast(PAGE, "galleryOrderSaved");
    }
  }
  throw data(serverT(request)("adminGallery.error.unknownAction"), { status: 400 });
}

export default function GalleryEditor({ loaderData: { items, albums, maxBytes }, actionData }: Route.ComponentProps) {
  const t = useT();
  const localized = useLocalized();
  const confirmRemove = actionData && "confirmRemove" in actionData ? actionData.confirmRemove : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  // A refused form: the edit of the item it names (its id), else the add.
  const refused = actionData && "typed" in actionData ? (actionData as Refused) : null;
  const refusedAdd = refused && refused.typed.id === undefined ? refused : null;
  const refusedEdit = refused && refused.typed.id !== undefined ? refused : null;
  return (
    <>
      <PageTitle>{t("adminGallery.gallery.title")}</PageTitle>
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-3xl font-bold">{t("adminGallery.gallery.title")}</h1>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <Link to="/admin/galerija/albumai">{t("adminGallery.albums.title")}</Link>
          <Link to="/admin/pakeitimai?tema=gallery">{t("adminGallery.changeHistory")}</Link>
        </p>
      </div>
      <FormAlert toast={toast} />
      {confirmRemove ? (
        <ConfirmRemovePanel
          id={confirmRemove.id}
          question={t("adminGallery.gallery.removeQuestion", { title: confirmRemove.title })}
          detail={t("adminGallery.gallery.removeDetail")}
          cancelTo={PAGE}
        />
      ) : null}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-8">
          <AddPhotoForm key={refusedAdd?.toast.id ?? "add"} maxBytes={maxBytes} refused={refusedAdd} />
          {/* The endpoint in the page's language: it answers in it. */}
          <GalleryBulkUpload endpoint={localized(`${PAGE}/ikelti`)} maxBytes={maxBytes} albums={albums} />
        </div>
        <PhotoList items={items} refused={refusedEdit} />
      </div>
    </>
  );
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

/** A form the server refused: what was typed, each field's message, and the toast that says so. */
interface Refused {
  toast: Toast & { id: string };
  typed: Record<string, string>;
  errors: FieldErrors;
}

/** The messages keyed by the ids of their fields (`prefix` and the field's name), for the focus to find. */
function errorsById(errors: FieldErrors | undefined, prefix: string): FieldErrors | undefined {
  return errors && Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}${field}`, message]));
}

/** An object URL for a chosen file, released when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // An object URL is a resource outside React: made and released in the effect, its state set there.
    // oxlint-disable-next-line react/set-state-in-effect
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * The spec's three states of the image: nothing chosen; a file chosen and
 * previewed at 4:3; confirmed (the form now has its image and the file input
 * is cleared). The button adds only when title, description and a confirmed
 * image are there. With JavaScript the upload goes through XMLHttpRequest to
 * show its progress; without it, the form posts the file directly.
 */
function AddPhotoForm({ maxBytes, refused }: { maxBytes: number; refused: Refused | null }) {
  const t = useT();
  const localized = useLocalized();
  const toast = useToast();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  // Refused without JavaScript, the form comes back as typed (a file cannot be: it is chosen again).
  const [title, setTitle] = useState(refused?.typed.title ?? "");
  const [description, setDescription] = useState(refused?.typed.description ?? "");
  const [membersOnly, setMembersOnly] = useState(refused?.typed.membersOnly === "1");
  // The server's messages by field, and a new token for each refusal (the focus moves to the first).
  const [errors, setErrors] = useState<FieldErrors>(refused?.errors ?? {});
  const [refusal, setRefusal] = useState(refused?.toast.id);
  useFocusFirstError(errorsById(errors, "add-"), refusal, ["add-title", "add-description", "add-image"]);
  const [selected, setSelected] = useState<File | null>(null);
  const [confirmed, setConfirmed] = useState<File | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const selectedUrl = useObjectUrl(selected);
  const confirmedUrl = useObjectUrl(confirmed);
  const previewUrl = selected ? selectedUrl : confirmedUrl;
  const ready = Boolean(title.trim() && description.trim() && confirmed);

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    setPreviewFailed(false);
    if (file && file.size > maxBytes) {
      toast({ title: t("common.upload.tooLarge", { max: Math.round(maxBytes / 1024 / 1024) }), variant: "error" });
      event.target.value = "";
      setSelected(null);
      return;
    }
    setSelected(file);
  }

  function confirm() {
    if (!selected) {
      toast(resolveToast("galleryNoFile"));
      return;
    }
    setConfirmed(selected);
    setSelected(null);
    setPreviewFailed(false);
    if (fileInput.current) fileInput.current.value = "";
  }

  function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim() || !description.trim()) return toast(resolveToast("galleryMissingFields"));
    if (!confirmed) return toast(resolveToast("galleryMissingImage"));
    const body = new FormData();
    body.set("title", title);
    body.set("description", description);
    if (membersOnly) body.set("membersOnly", "1");
    body.set("image", confirmed, confirmed.name);
    setProgress(0);
    setErrors({});
    void postUpload(localized(`${PAGE}/ikelti`), body, setProgress).then((answer) => {
      setProgress(null);
      if (!answer.ok) {
        setErrors(answer.errors ?? {});
        setRefusal(`upload-${Date.now()}`);
        return toast(answer.toast);
      }
      toast(resolveToast("galleryAdded"));
      setTitle("");
      setDescription("");
      setMembersOnly(false);
      setConfirmed(null);
      void revalidator.revalidate();
    });
  }

  return (
    <section aria-labelledby="nauja-nuotrauka" className="card h-fit p-6">
      <h2 id="nauja-nuotrauka" className="mb-4 text-xl font-semibold">
        {t("adminGallery.add.heading")}
      </h2>
      {/* noValidate: the server's Lithuanian message, not the browser's, says what is wrong. */}
      <form method="post" encType="multipart/form-data" noValidate onSubmit={hydrated ? upload : undefined} className="space-y-4">
        <input type="hidden" name="intent" value="add" />
        <Field
          id="add-title"
          lang="lt"
          name="title"
          label={t("adminGallery.field.title")}
          maxLength={GALLERY_TITLE_MAX}
          value={title}
          onChange={setTitle}
          error={errors.title}
        />
        <Field
          id="add-description"
          lang="lt"
          name="description"
          label={t("adminGallery.field.description")}
          multiline
          rows={3}
          maxLength={GALLERY_DESCRIPTION_MAX}
          value={description}
          onChange={setDescription}
          error={errors.description}
        />
        <MembersOnlyBox checked={membersOnly} onChange={setMembersOnly} />
        <fieldset className="space-y-3">
          <legend className="field-label">{t("adminGallery.add.photo")}</legend>
          <FileInput
            ref={fileInput}
            id="add-image"
            name="image"
            label={t("adminGallery.add.file")}
            accept="image/*,.tif,.tiff,.heic"
            chosenName={selected?.name ?? null}
            onChange={choose}
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? "add-image-error" : undefined}
          />
          {errors.image ? (
            <p id="add-image-error" className="text-sm text-red-800">
              <Say text={errors.image} />
            </p>
          ) : null}
          {hydrated ? (
            <>
              <div className="aspect-[4/3] w-full overflow-hidden rounded-md border border-line bg-accent-soft" aria-live="polite">
                {previewUrl && !previewFailed ? (
                  <img
                    src={previewUrl}
                    alt={t("adminGallery.add.previewAlt")}
                    className="h-full w-full object-cover"
                    onError={() => {
                      setPreviewFailed(true);
                      toast(resolveToast("galleryPreviewFailed"));
                    }}
                  />
                ) : (
                  <ImagePlaceholder label={t(previewFailed ? "adminGallery.add.previewUnavailable" : "adminGallery.add.noneChosen")} />
                )}
              </div>
              <button type="button" className="btn-secondary" onClick={confirm}>
                {t("adminGallery.add.confirm")}
              </button>
              {confirmed ? (
                <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="confirmed-image">
                  <span className="font-medium text-moss">{t("adminGallery.add.ready")}</span>
                  <span className="break-all">
                    {confirmed.name} ({fileSize(t, confirmed.size)})
                  </span>
                  <button type="button" className="tap text-accent underline" onClick={() => setConfirmed(null)}>
                    {t("adminGallery.add.discard")}
                  </button>
                </p>
              ) : null}
            </>
          ) : null}
        </fieldset>
        {progress !== null ? (
          <div>
            <label htmlFor="upload-progress" className="field-label">
              {t("adminGallery.upload.progress", { percent: Math.round(progress * 100) })}
            </label>
            <progress id="upload-progress" value={progress} max={1} className="h-2 w-full accent-accent" />
          </div>
        ) : null}
        <button type="submit" className="btn-primary" disabled={hydrated && (!ready || progress !== null)}>
          {t("adminGallery.add.submit")}
        </button>
      </form>
    </section>
  );
}

/** Moves the item with `id` to `index` in the list of ids. */
function placeAt(order: number[], id: number, index: number): number[] {
  const rest = order.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(index, rest.length)), 0, id);
  return rest;
}

/**
 * The items in their order. With JavaScript they are dragged, or moved with
 * the arrow buttons, and the order is saved with one button; without it each
 * arrow button saves its move at once.
 */
function PhotoList({ items, refused }: { items: Item[]; refused: Refused | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const saved = items.map((i) => i.id).join(",");
  const [order, setOrder] = useState(() => items.map((i) => i.id));
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // A new saved order from the server resets the one being arranged (during the render: React's way).
  const [savedShown, setSavedShown] = useState(saved);
  if (savedShown !== saved) {
    setSavedShown(saved);
    setOrder(saved ? saved.split(",").map(Number) : []);
  }
  const byId = new Map(items.map((i) => [i.id, i]));
  const changed = order.join(",") !== saved;

  function move(id: number, step: number) {
    const from = order.indexOf(id);
    const to = from + step;
    if (to < 0 || to >= order.length) return;
    setOrder(placeAt(order, id, to));
    setAnnouncement(t("adminGallery.list.moved", { title: byId.get(id)?.title, place: to + 1, count: order.length }));
  }

  if (items.length === 0) {
    return <p className="card h-fit p-6 text-ink-soft">{t("adminGallery.list.empty")}</p>;
  }

  return (
    <section aria-labelledby="nuotraukos">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="nuotraukos" className="text-xl font-semibold">
          {t("adminGallery.list.heading", { count: items.length })}
        </h2>
        <Form method="post" id="gallery-order">
          <input type="hidden" name="intent" value="saveOrder" />
          {/* One field, the ids in their new order ("3,1,2"); a crafted post may also repeat the field. */}
          <input type="hidden" name="order" value={order.join(",")} />
          <button type="submit" className="btn-primary" disabled={hydrated && !changed}>
            {t("adminGallery.list.saveOrder")}
          </button>
        </Form>
      </div>
      <p className="mb-3 text-sm text-ink-soft">
        {t(hydrated ? "adminGallery.list.dragHelp" : "adminGallery.list.arrowsHelp")}
        {changed ? <strong className="ml-1 text-accent">{t("adminGallery.list.unsaved")}</strong> : null}
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <ol className="space-y-3">
        {order.map((id, index) => {
          const item = byId.get(id);
          if (!item) return null;
          return (
            <li
              key={id}
              data-testid="gallery-item"
              draggable={hydrated}
              onDragStart={(e) => {
                setDragging(id);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", String(id));
              }}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                if (dragging !== id) setOrder((o) => placeAt(o, dragging, o.indexOf(id)));
              }}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className={`card flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap ${dragging === id ? "opacity-50" : ""}`}
            >
              {hydrated ? (
                <span
                  aria-hidden="true"
                  className="cursor-grab self-center px-1 text-xl text-ink-soft select-none"
                  title={t("adminGallery.list.drag")}
                >
                  ⠿
                </span>
              ) : null}
              <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded bg-accent-soft">
                {item.image ? <GalleryPicture image={item.image} alt="" sizes="96px" /> : <ImagePlaceholder label="" />}
              </div>
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold break-words">
                  <span className="mr-1 text-ink-soft">{index + 1}.</span>
                  {item.title}
                  {item.membersOnly ? <MembersOnlyBadge /> : null}
                </p>
                <p className="text-sm text-ink-soft break-words">{item.description}</p>
                <ItemEditor item={item} refused={refused?.typed.id === String(item.id) ? refused : null} />
              </div>
              <div className="ml-auto flex shrink-0 items-center gap-1">
                <MoveForm
                  id={id}
                  title={item.title}
                  first={index === 0}
                  last={index === order.length - 1}
                  onMove={hydrated ? (delta) => move(id, delta) : undefined}
                />
                <RemoveIconForm
                  id={id}
                  question={t("adminGallery.gallery.removeQuestion", { title: item.title })}
                  label={t("adminGallery.removeLabel", { title: item.title })}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * An item's fields, folded away until opened. Refused, it comes back open,
 * as typed, with each message beside its field (ids `item-<id>-<field>`).
 */
function ItemEditor({ item, refused }: { item: Item; refused: Refused | null }) {
  const t = useT();
  const prefix = `item-${item.id}-`;
  const typed = refused?.typed;
  const errors = refused?.errors;
  useFocusFirstError(
    errorsById(errors, prefix),
    refused?.toast.id,
    ["title", "description", "date", "place", "image"].map((f) => prefix + f),
  );
  return (
    <details className="mt-2" open={refused ? true : undefined}>
      <summary className="cursor-pointer text-sm text-accent">{t("adminGallery.item.editSummary")}</summary>
      {/* A refusal gives the form new defaults: a new key shows them (after a client-side submit too). */}
      <Form key={refused?.toast.id ?? "saved"} method="post" encType="multipart/form-data" noValidate className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={item.id} />
        <Field
          id={`${prefix}title`}
          lang="lt"
          name="title"
          label={t("adminGallery.field.title")}
          defaultValue={typed?.title ?? item.title}
          required
          maxLength={GALLERY_TITLE_MAX}
          error={errors?.title}
        />
        <Field
          id={`${prefix}description`}
          lang="lt"
          name="description"
          label={t("adminGallery.field.description")}
          multiline
          rows={3}
          defaultValue={typed?.description ?? item.description}
          required
          maxLength={GALLERY_DESCRIPTION_MAX}
          error={errors?.description}
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <Field
            id={`${prefix}date`}
            name="date"
            label={t("adminGallery.field.date")}
            hint={t("adminGallery.field.dateHint")}
            defaultValue={typed?.date ?? gedcomToDateInput(item.date)}
            maxLength={PHOTO_DATE_MAX}
            error={errors?.date}
          />
          <Field
            id={`${prefix}place`}
            lang="lt"
            name="place"
            label={t("adminGallery.field.place")}
            defaultValue={typed?.place ?? item.place}
            maxLength={GALLERY_PLACE_MAX}
            error={errors?.place}
          />
        </div>
        <fieldset className="space-y-2 rounded-md border border-line p-3">
          <legend className="px-1 text-sm font-semibold">{t("adminGallery.english")}</legend>
          <Field
            id={`${prefix}titleEn`}
            lang="en"
            name="titleEn"
            label={t("adminGallery.english.title")}
            defaultValue={typed?.titleEn ?? item.english.title}
            maxLength={GALLERY_TITLE_MAX}
            error={errors?.titleEn}
          />
          <Field
            id={`${prefix}descriptionEn`}
            lang="en"
            name="descriptionEn"
            label={t("adminGallery.english.description")}
            multiline
            rows={3}
            defaultValue={typed?.descriptionEn ?? item.english.description}
            maxLength={GALLERY_DESCRIPTION_MAX}
            error={errors?.descriptionEn}
          />
        </fieldset>
        <MembersOnlyBox defaultChecked={typed ? typed.membersOnly === "1" : item.membersOnly} />
        <div className="space-y-1">
          <span className="field-label">{t(item.image ? "adminGallery.item.replaceFile" : "adminGallery.item.uploadFile")}</span>
          <FileInput
            id={`${prefix}image`}
            name="image"
            label={t(item.image ? "adminGallery.item.newFileFor" : "adminGallery.item.fileFor", { title: item.title })}
            accept="image/*,.tif,.tiff,.heic"
            aria-invalid={errors?.image ? true : undefined}
            aria-describedby={errors?.image ? `${prefix}image-error` : undefined}
          />
          {errors?.image ? (
            <p id={`${prefix}image-error`} className="text-sm text-red-800">
              <Say text={errors.image} />
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary">
            {t("adminGallery.save")}
          </button>
          <Link to={`/galerija/${item.id}`} className="tap text-sm">
            {t("adminGallery.photoPage")}
          </Link>
          <Link to={`/admin/galerija/${item.id}/zmones`} className="tap text-sm">
            {t("adminGallery.item.people")}
          </Link>
          {item.image ? (
            <a href={`${PAGE}/${item.id}/originalas`} className="tap text-sm" download>
              {t("adminGallery.item.original")}
            </a>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
