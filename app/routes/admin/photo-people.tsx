import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { data } from "react-router";
import { Form, Link } from "#app/i18n/router.tsx";
import { useT } from "#app/i18n/react.tsx";
import { serverT } from "#app/.server/platform/i18n.ts";
import type { Route } from "./+types/photo-people";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { galleryItemsByIds } from "#app/.server/gallery/gallery.ts";
import { SEARCH_QUERY_MAX, searchPeople } from "#app/.server/genealogy/search.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { documentsPage } from "#app/.server/documents/documents.ts";
import { documentsOfPhoto, linkDocument, unlinkDocument } from "#app/.server/gallery/photo-documents.ts";
import { peopleIn } from "#app/.server/gallery/photo-page.ts";
import { addPhotoPerson, PHOTO_PERSON_FORM, photoPersonOf, removePhotoPerson, setPortrait } from "#app/.server/gallery/photo-people.ts";
import { readForm, refusedField, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { PhotoRegion } from "#app/components/photo-region.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import { shownDocumentYear } from "#app/lib/document-year.ts";
import { displayUrl } from "#app/lib/media.ts";
import { parseId } from "#app/lib/numbers.ts";
import { PHOTO_BOX_MIN, PHOTO_NAME_MAX, type PhotoBox } from "#app/lib/photo-people.ts";
import { toastTitle } from "#app/lib/toasts.ts";

// Who is in a photo (issue 18): the editor drags a rectangle around someone
// on the photo and names them with a person of the tree (found by name,
// diacritics ignored) or, for someone not in the tree, a free name. Without
// JavaScript the search and the form work all the same, without a rectangle.

const SEARCH_RESULTS = 12;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id);
  const [item] = id === null ? [] : await galleryItemsByIds(db, MEMBERS, [id]);
  if (!item) throw data(null, { status: 404 });
  const { treeId, viewer } = await treeViewer(context);
  const asked = new URL(request.url).searchParams;
  const query = (asked.get("paieska") ?? "").trim().slice(0, SEARCH_QUERY_MAX);
  const documentQuery = (asked.get("dokumentas") ?? "").trim().slice(0, 100);
  const [people, found, documents, foundDocuments] = await Promise.all([
    peopleIn(db, treeId, item.id, viewer),
    treeId !== null && query ? searchPeople(db, treeId, query, viewer, SEARCH_RESULTS) : [],
    documentsOfPhoto(db, MEMBERS, item.id),
    documentQuery ? documentsPage(db, MEMBERS, { search: documentQuery, type: "", sort: "pavadinimas", descending: false }, 1) : null,
  ]);
  return {
    item,
    people,
    query,
    found,
    documents,
    documentQuery,
    foundDocuments: (foundDocuments?.items ?? []).slice(0, SEARCH_RESULTS),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id) ?? 0;
  const page = `/admin/galerija/${id}/zmones`;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "add") {
    const read = readForm(form, PHOTO_PERSON_FORM);
    if (!read.ok) return refuseForm(read);
    const { who, box } = photoPersonOf(read.value);
    const { treeId } = await treeViewer(context);
    const added = await addPhotoPerson(db, user, id, treeId, who, box);
    if (added.ok) return redirectWithToast(page, "photoPersonAdded");
    // The photo gone is the page's; the person gone, or marked already, is the one picked.
    if (added.reason === "photoPersonPhotoGone") return refusal(added.reason);
    return refuseForm(refusedField(read.typed, "personId", toastTitle(added.reason)));
  }
  if (intent === "portrait") {
    const on = form.get("on") === "1";
    if (!(await setPortrait(db, user, id, parseId(form.get("key")) ?? 0, on))) return refusal("galleryNotFound", 404);
    return redirectWithToast(page, on ? "portraitChosen" : "portraitDropped");
  }
  if (intent === "linkDocument" || intent === "unlinkDocument") {
    const documentId = parseId(form.get("document")) ?? 0;
    const done = intent === "linkDocument" ? await linkDocument(db, user, id, documentId) : await unlinkDocument(db, user, id, documentId);
    if (!done) return refusal("documentNotFound", 404);
    return redirectWithToast(page, intent === "linkDocument" ? "documentLinked" : "documentUnlinked");
  }
  if (intent === "remove") {
    if (!(await removePhotoPerson(db, user, id, parseId(form.get("key")) ?? 0))) return refusal("galleryNotFound", 404);
    return redirectWithToast(page, "photoPersonRemoved");
  }
  throw data(serverT(request)("adminGallery.error.unknownAction"), { status: 400 });
}

/** A pointer's place on the element, as fractions of its size, within it. */
function fraction(event: PointerEvent<HTMLElement>): { x: number; y: number } {
  const rect = event.currentTarget.getBoundingClientRect();
  const clamp = (n: number) => Math.min(1, Math.max(0, n));
  return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) };
}

export default function PhotoPeopleEditor({
  loaderData: { item, people, query, found, documents, documentQuery, foundDocuments },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  // A refused mark: what was typed and picked comes back, each message beside its field.
  const typed = actionData && "typed" in actionData ? (actionData.typed as Record<string, string>) : undefined;
  const errors = actionData && "errors" in actionData ? (actionData.errors as Partial<Record<string, string>>) : undefined;
  useFocusFirstError(errors, toast?.id, ["box", "personId", "name"]);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [box, setBox] = useState<PhotoBox | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  // A rectangle is used once: when someone has been added (or taken off), a new one is drawn for the next.
  // (A search reloads the page's data too, and keeps it.)
  // (React's way to reset state when a prop changes: during the render, not in an effect.)
  const [peopleCount, setPeopleCount] = useState(people.length);
  if (peopleCount !== people.length) {
    setPeopleCount(people.length);
    setBox(null);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = fraction(event);
    setBox(null);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!start.current) return;
    const at = fraction(event);
    const from = start.current;
    setBox({ left: Math.min(from.x, at.x), top: Math.min(from.y, at.y), width: Math.abs(at.x - from.x), height: Math.abs(at.y - from.y) });
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (event.key === "Enter") {
      event.preventDefault();
      setBox({ left: 0.4, top: 0.35, width: 0.2, height: 0.3 });
      return;
    }
    const move = moves[event.key];
    if (!move || !box) return;
    event.preventDefault();
    const [dx, dy] = move;
    const clamp = (n: number, low: number, high: number) => Math.min(high, Math.max(low, n));
    setBox((b) => {
      if (!b) return b;
      if (event.shiftKey) {
        const width = clamp(b.width + dx, PHOTO_BOX_MIN, 1 - b.left);
        const height = clamp(b.height + dy, PHOTO_BOX_MIN, 1 - b.top);
        return { ...b, width, height };
      }
      return { ...b, left: clamp(b.left + dx, 0, 1 - b.width), top: clamp(b.top + dy, 0, 1 - b.height) };
    });
  }
  function onPointerUp() {
    start.current = null;
    // A click, not a drag: no rectangle.
    setBox((drawn) => (drawn && drawn.width >= PHOTO_BOX_MIN && drawn.height >= PHOTO_BOX_MIN ? drawn : null));
  }

  return (
    <>
      <PageTitle>{t("adminGallery.people.title", { title: item.title })}</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/admin/galerija">{t("adminGallery.backToGallery")}</Link>
        <Link to={`/galerija/${item.id}`}>{t("adminGallery.photoPage")}</Link>
      </p>
      <h1 className="mb-4 text-3xl font-bold break-words">{t("adminGallery.people.title", { title: item.title })}</h1>
      <FormAlert toast={toast} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="nuotrauka" className="card p-4">
          <h2 id="nuotrauka" className="sr-only">
            {t("adminGallery.people.photo")}
          </h2>
          {item.image ? (
            <>
              <p className="mb-3 text-sm text-ink-soft">{t(hydrated ? "adminGallery.people.howTo" : "adminGallery.people.noScript")}</p>
              <div
                id="box"
                data-testid="tag-surface"
                aria-describedby={errors?.box ? "box-error" : undefined}
                className="relative mx-auto w-fit touch-none select-none"
                onPointerDown={hydrated ? onPointerDown : undefined}
                onPointerMove={hydrated ? onPointerMove : undefined}
                onPointerUp={hydrated ? onPointerUp : undefined}
                onPointerCancel={hydrated ? onPointerUp : undefined}
                // The same by keyboard: Enter puts a rectangle in the middle, the arrows move it, with Shift they size it.
                tabIndex={hydrated ? 0 : undefined}
                role={hydrated ? "group" : undefined}
                aria-label={hydrated ? t("adminGallery.people.surface", { title: item.title }) : undefined}
                onKeyDown={hydrated ? onKeyDown : undefined}
              >
                <img
                  src={displayUrl(item.image)}
                  width={item.image.width}
                  height={item.image.height}
                  alt={item.title}
                  draggable={false}
                  className="block h-auto max-h-[75vh] w-auto max-w-full"
                />
                {hydrated
                  ? people.map((p) =>
                      p.box ? <PhotoRegion key={p.key} box={p.box} label={p.name} strong={p.key === highlighted} /> : null,
                    )
                  : null}
                {hydrated && box ? <PhotoRegion box={box} label={t("adminGallery.people.newTag")} strong dashed /> : null}
              </div>
            </>
          ) : (
            <p>{t("adminGallery.people.noImage")}</p>
          )}
        </section>
        <div className="space-y-6">
          <section aria-labelledby="nauja-zyme" className="card p-5">
            <h2 id="nauja-zyme" className="mb-3 text-xl font-semibold">
              {t("adminGallery.people.tagHeading")}
            </h2>
            <p className="mb-3 text-sm" role="status">
              {t(box ? "adminGallery.people.placeMarked" : "adminGallery.people.placeNotMarked")}
            </p>
            {errors?.box ? (
              <p id="box-error" className="mb-3 text-sm text-red-800">
                {errors.box}
              </p>
            ) : null}
            <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
              {documentQuery ? <input type="hidden" name="dokumentas" value={documentQuery} /> : null}
              <div className="min-w-48 flex-1">
                <label htmlFor="paieska" className="field-label">
                  {t("adminGallery.people.fromTree")}
                </label>
                <input id="paieska" name="paieska" type="search" defaultValue={query} className="field-input" autoComplete="off" />
              </div>
              <button type="submit" className="btn-secondary">
                {t("adminGallery.search")}
              </button>
            </Form>
            {/* Emptied for the next one when someone has been added (a new key: a new form). */}
            <Form key={people.length} method="post" className="space-y-3" onSubmit={() => setHighlighted(null)}>
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="left" value={box?.left ?? ""} />
              <input type="hidden" name="top" value={box?.top ?? ""} />
              <input type="hidden" name="width" value={box?.width ?? ""} />
              <input type="hidden" name="height" value={box?.height ?? ""} />
              {query ? (
                found.length ? (
                  // (Focusable by the script alone, for a refusal to move the focus to.)
                  <fieldset
                    id="personId"
                    tabIndex={-1}
                    aria-invalid={errors?.personId ? true : undefined}
                    aria-describedby={errors?.personId ? "personId-error" : undefined}
                  >
                    <legend className="field-label">{t("adminGallery.people.found")}</legend>
                    <ul className="max-h-64 space-y-1 overflow-y-auto">
                      {found.map((p) => (
                        <li key={p.id}>
                          <label className="flex items-baseline gap-2">
                            <input type="radio" name="personId" value={p.id} defaultChecked={typed?.personId === String(p.id)} />
                            <span>
                              {p.name}
                              {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                ) : (
                  <p className="text-sm">{t("adminGallery.people.nothingFound", { query })}</p>
                )
              ) : null}
              {errors?.personId ? (
                <p id="personId-error" className="text-sm text-red-800">
                  {errors.personId}
                </p>
              ) : null}
              <Field
                id="name"
                label={t("adminGallery.people.orName")}
                maxLength={PHOTO_NAME_MAX}
                defaultValue={typed?.name ?? ""}
                error={errors?.name}
              />
              <button type="submit" className="btn-primary">
                {t("adminGallery.people.tag")}
              </button>
            </Form>
          </section>
          <section aria-labelledby="pazymeti" className="card p-5">
            <h2 id="pazymeti" className="mb-3 text-xl font-semibold">
              {t("adminGallery.people.tagged")}
            </h2>
            {people.length ? (
              <ul className="divide-y divide-line">
                {people.map((p) => (
                  <li
                    key={p.key}
                    className="flex flex-wrap items-center justify-between gap-2 py-2"
                    onMouseEnter={() => setHighlighted(p.key)}
                    onMouseLeave={() => setHighlighted(null)}
                    onFocus={() => setHighlighted(p.key)}
                    onBlur={() => setHighlighted(null)}
                  >
                    <span>
                      {p.name}
                      {p.years ? <span className="text-sm text-ink-soft"> ({p.years})</span> : null}
                      <span className="text-sm text-ink-soft">{` · ${t(p.box ? "adminGallery.people.withPlace" : "adminGallery.people.withoutPlace")}`}</span>
                    </span>
                    <div className="flex flex-wrap gap-2">
                      {p.id !== null && p.box ? (
                        // Their face from this photo as the picture of their page.
                        <Form method="post">
                          <input type="hidden" name="intent" value="portrait" />
                          <input type="hidden" name="key" value={p.key} />
                          <input type="hidden" name="on" value={p.portrait ? "0" : "1"} />
                          <button
                            type="submit"
                            className="btn-secondary px-3 py-1 text-sm"
                            aria-pressed={p.portrait}
                            aria-label={t(p.portrait ? "adminGallery.people.portraitLabel" : "adminGallery.people.makePortraitLabel", {
                              name: p.name,
                            })}
                          >
                            {p.portrait ? `✓ ${t("adminGallery.people.portrait")}` : t("adminGallery.people.makePortrait")}
                          </button>
                        </Form>
                      ) : null}
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="key" value={p.key} />
                        <button
                          type="submit"
                          className="btn-secondary px-3 py-1 text-sm"
                          aria-label={t("adminGallery.people.removeTagLabel", { name: p.name })}
                        >
                          {t("adminGallery.remove")}
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-ink-soft">{t("adminGallery.people.none")}</p>
            )}
          </section>
          <PhotoDocuments documents={documents} query={documentQuery} found={foundDocuments} peopleQuery={query} />
        </div>
      </div>
    </>
  );
}

/**
 * The documents linked to the photo (the marriage certificate beside the
 * wedding photo): each can be unlinked; others are found by any of their
 * fields (a plain GET search) and linked.
 */
function PhotoDocuments({
  documents,
  query,
  found,
  peopleQuery,
}: {
  documents: { id: number; title: string; year: string }[];
  query: string;
  found: { id: number; title: string; year: string }[];
  peopleQuery: string;
}) {
  const t = useT();
  const linked = new Set(documents.map((d) => d.id));
  const button = (intent: "linkDocument" | "unlinkDocument", d: { id: number; title: string }) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="document" value={d.id} />
      <button
        type="submit"
        className="btn-secondary px-3 py-1 text-sm"
        aria-label={t(intent === "linkDocument" ? "adminGallery.people.linkLabel" : "adminGallery.people.unlinkLabel", { title: d.title })}
      >
        {t(intent === "linkDocument" ? "adminGallery.people.link" : "adminGallery.people.unlink")}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby="susije-dokumentai" className="card p-5">
      <h2 id="susije-dokumentai" className="mb-3 text-xl font-semibold">
        {t("adminGallery.people.documents")}
      </h2>
      {documents.length ? (
        <ul className="mb-4 divide-y divide-line">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {d.title} <span className="text-sm text-ink-soft">({shownDocumentYear(d.year, t.locale)})</span>
              </span>
              {button("unlinkDocument", d)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-ink-soft">{t("adminGallery.people.noDocuments")}</p>
      )}
      <Form method="get" className="flex flex-wrap items-end gap-2">
        {peopleQuery ? <input type="hidden" name="paieska" value={peopleQuery} /> : null}
        <div className="min-w-48 flex-1">
          <label htmlFor="dokumentas" className="field-label">
            {t("adminGallery.people.findDocument")}
          </label>
          <input id="dokumentas" name="dokumentas" type="search" defaultValue={query} className="field-input" autoComplete="off" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("adminGallery.people.searchDocuments")}
        </button>
      </Form>
      {query ? (
        found.length ? (
          <ul className="mt-3 divide-y divide-line" aria-label={t("adminGallery.people.documentsFound")}>
            {found.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {d.title} <span className="text-sm text-ink-soft">({shownDocumentYear(d.year, t.locale)})</span>
                </span>
                {linked.has(d.id) ? (
                  <span className="text-sm text-ink-soft">{t("adminGallery.people.linked")}</span>
                ) : (
                  button("linkDocument", d)
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm">{t("adminGallery.people.noDocumentsFound", { query })}</p>
        )
      ) : null}
    </section>
  );
}
