import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link, useLocalized } from "#app/i18n/router.tsx";
import { data, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/story";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import {
  formValues,
  restoreStoryRevision,
  compareStoryRevision,
  saveStory,
  STORY_FORM,
  storyForEditing,
  type StoryFormValues,
} from "#app/.server/stories/stories.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { MembersOnlyBox } from "#app/components/members-only.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { Revisions } from "#app/components/revisions.tsx";
import { StoryArticle } from "#app/components/stories.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";
import type { ImageRef } from "#app/lib/media.ts";
import { parseId } from "#app/lib/numbers.ts";
import { STORY_FIELD_MESSAGES, STORY_LIMITS, type StoryField } from "#app/lib/stories.ts";
import { PERSON_SCHEME, PHOTO_SCHEME, storyHtml, storyReferences, type StoryPerson, type StoryPhoto } from "#app/lib/story-text.ts";
import type { PersonSummary } from "#app/lib/tree-layout.ts";

// Writing one story (issue 19): its fields, its text in Markdown with photos
// from the gallery and people from the tree placed by picking them, a live
// preview made by the same code as the public page, and its revisions.

const LIST = "/admin/istorija/pasakojimai";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id);
  const story = id === null ? null : await storyForEditing(db, id);
  if (!story) throw data(serverT(request)("adminContent.story.notFound"), { status: 404 });
  // ?palyginti=12: what restoring version 12 would change.
  const compared = parseId(new URL(request.url).searchParams.get("palyginti"));
  const comparison = compared === null ? null : await compareStoryRevision(db, story.id, compared);
  // The gallery's photos (editors see every one): the cover's list, the photos to place, and the preview's pictures.
  const photos = (await listGalleryItems(db, MEMBERS))
    .filter((item) => item.image)
    .map((item) => ({ id: item.id, title: item.title, image: item.image! }));
  return { story, values: formValues(story.fields), photos, comparison: comparison && { id: compared!, fields: comparison } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const id = parseId(params.id) ?? 0;
  const form = await request.formData();
  const here = `${LIST}/${id}`;
  if (form.get("intent") === "restore") {
    const revisionId = parseId(form.get("revisionId")) ?? 0;
    const restored = await restoreStoryRevision(db, id, revisionId, user, form.get("confirmed") === "1");
    if (restored === "missing") throw data(serverT(request)("adminContent.history.noSuchVersion"), { status: 404 });
    if (restored === "confirm") return data({ confirmRestore: revisionId });
    return redirectWithToast(here, "storyRestored");
  }
  const read = readForm(form, STORY_FORM);
  if (!read.ok) return refuseForm(read);
  if (!(await saveStory(db, id, read.value, user))) return refusal("storyNotFound", 404);
  return redirectWithToast(here, "storySaved");
}

/** The form as the editor typed it, when the save was refused: each field typed, else as stored. */
function typedValues(typed: Record<string, string>, stored: StoryFormValues): StoryFormValues {
  const text = (field: Exclude<keyof StoryFormValues, "membersOnly" | "published">) => typed[field] ?? stored[field];
  return {
    title: text("title"),
    lead: text("lead"),
    body: text("body"),
    era: text("era"),
    yearFrom: text("yearFrom"),
    yearTo: text("yearTo"),
    places: text("places"),
    coverPhotoId: text("coverPhotoId"),
    titleEn: text("titleEn"),
    leadEn: text("leadEn"),
    bodyEn: text("bodyEn"),
    // A box left unticked is not sent.
    membersOnly: typed.membersOnly === "1",
    published: typed.published === undefined ? stored.published : typed.published === "1",
  };
}

export default function StoryEditor({ loaderData: { story, values, photos, comparison }, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = refusedForm(actionData);
  return (
    <>
      <PageTitle>{t("adminContent.story.pageTitle", { title: story.fields.title })}</PageTitle>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={LIST}>{t("adminContent.story.allStories")}</Link>
        <Link to={`/istorija/${story.slug}`}>{t("adminContent.story.viewOnSite")}</Link>
        <Link to={`/admin/pakeitimai?tema=story&id=${story.id}`}>{t("admin.common.changeHistory")}</Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold break-words">{story.fields.title}</h1>
      {/* A new key after each save starts the form from the stored story. */}
      <Editor
        key={story.updatedAt}
        initial={refused ? typedValues(refused.typed, values) : values}
        errors={refused?.errors ?? {}}
        refusal={actionData && "toast" in actionData ? actionData.toast : undefined}
        photos={photos}
      />
      <Revisions
        revisions={story.revisions}
        currentId={story.revisions[0]?.id}
        comparison={comparison}
        confirmId={actionData && "confirmRestore" in actionData ? actionData.confirmRestore : null}
        emptyWarning={t("adminContent.story.emptyWarning", { title: story.fields.title })}
        note={t("adminContent.story.revisionsNote")}
      />
    </>
  );
}

type Photo = { id: number; title: string; image: ImageRef };

const FIELD_ORDER: StoryField[] = ["title", "lead", "era", "yearFrom", "yearTo", "places", "coverPhotoId", "body"];

function Editor({
  initial,
  errors,
  refusal,
  photos,
}: {
  initial: StoryFormValues;
  errors: Partial<Record<StoryField, string>>;
  refusal?: React.ComponentProps<typeof FormAlert>["toast"];
  photos: Photo[];
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const body = useRef<HTMLTextAreaElement>(null);
  const saving = useNavigation().state === "submitting";
  useFocusFirstError(errors, refusal?.id, FIELD_ORDER);
  const set = (field: keyof StoryFormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  /** Puts text into the story's text where the cursor is (around the selection, for a wrap), and keeps the cursor after it. */
  const insert = (before: string, after = "", placeholder = "") => {
    const area = body.current;
    const text = values.body;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const chosen = text.slice(start, end) || placeholder;
    const next = text.slice(0, start) + before + chosen + after + text.slice(end);
    setValues((v) => ({ ...v, body: next }));
    requestAnimationFrame(() => {
      area?.focus();
      const caret = start + before.length + chosen.length + after.length;
      area?.setSelectionRange(caret, caret);
    });
  };
  /** Starts the cursor's line with a mark ("## ", "> ", "- "). */
  const lineStart = (mark: string) => {
    const area = body.current;
    const text = values.body;
    const at = area?.selectionStart ?? text.length;
    const lineBegins = text.lastIndexOf("\n", at - 1) + 1;
    setValues((v) => ({ ...v, body: text.slice(0, lineBegins) + mark + text.slice(lineBegins) }));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + mark.length, at + mark.length);
    });
  };

  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <Form method="post" noValidate className="card space-y-4 p-4 sm:p-6" aria-label={t("adminContent.story.form")}>
        <FormAlert toast={refusal} />
        <Field
          id="title"
          lang="lt"
          label={t(STORY_FIELD_MESSAGES.title)}
          maxLength={STORY_LIMITS.title}
          required
          value={values.title}
          onChange={set("title")}
          error={errors.title}
        />
        <Field
          id="lead"
          lang="lt"
          label={t("adminContent.story.leadLabel", { label: t(STORY_FIELD_MESSAGES.lead) })}
          multiline
          rows={3}
          maxLength={STORY_LIMITS.lead}
          value={values.lead}
          onChange={set("lead")}
          error={errors.lead}
        />
        <p className="text-sm text-ink-soft">{t("adminContent.story.when")}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="era"
            lang="lt"
            label={t(STORY_FIELD_MESSAGES.era)}
            maxLength={STORY_LIMITS.era}
            value={values.era}
            onChange={set("era")}
            error={errors.era}
          />
          <Field
            id="yearFrom"
            label={t(STORY_FIELD_MESSAGES.yearFrom)}
            value={values.yearFrom}
            onChange={set("yearFrom")}
            error={errors.yearFrom}
          />
          <Field id="yearTo" label={t(STORY_FIELD_MESSAGES.yearTo)} value={values.yearTo} onChange={set("yearTo")} error={errors.yearTo} />
        </div>
        <Field
          id="places"
          lang="lt"
          label={t("adminContent.story.placesLabel", { label: t(STORY_FIELD_MESSAGES.places) })}
          maxLength={STORY_LIMITS.places}
          value={values.places}
          onChange={set("places")}
          error={errors.places}
        />
        <div>
          <label htmlFor="coverPhotoId" className="field-label">
            {t(STORY_FIELD_MESSAGES.coverPhotoId)}
          </label>
          <select
            id="coverPhotoId"
            name="coverPhotoId"
            className="field-input"
            value={values.coverPhotoId}
            onChange={(e) => set("coverPhotoId")(e.target.value)}
            aria-invalid={errors.coverPhotoId ? true : undefined}
            aria-describedby={errors.coverPhotoId ? "coverPhotoId-error" : undefined}
          >
            <option value="">{t("adminContent.story.noCover")}</option>
            {photos.map((photo) => (
              <option key={photo.id} value={photo.id}>
                {photo.title}
              </option>
            ))}
          </select>
          {errors.coverPhotoId ? (
            <p id="coverPhotoId-error" className="mt-1 text-sm text-red-800">
              {errors.coverPhotoId}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="body" className="field-label">
            {t(STORY_FIELD_MESSAGES.body)}
          </label>
          <Toolbar insert={insert} lineStart={lineStart} />
          <textarea
            ref={body}
            id="body"
            name="body"
            lang="lt"
            rows={18}
            maxLength={STORY_LIMITS.body}
            className="field-input font-mono text-sm"
            value={values.body}
            onChange={(e) => set("body")(e.target.value)}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={["body-help", errors.body ? "body-error" : ""].filter(Boolean).join(" ")}
          />
          {errors.body ? (
            <p id="body-error" className="mt-1 text-sm text-red-800">
              {errors.body}
            </p>
          ) : null}
          <p id="body-help" className="mt-2 text-sm text-ink-soft">
            {t.rich("adminContent.story.bodyHelp", { photo: PHOTO_SCHEME, person: PERSON_SCHEME, code: (chunks) => <code>{chunks}</code> })}
          </p>
        </div>
        <PhotoPicker
          photos={photos}
          onPick={(photo, caption) => insert(`\n\n![${caption || photo.title}](${PHOTO_SCHEME}${photo.id})\n\n`)}
        />
        <PersonPicker onPick={(person) => insert(`[${person.name}](${PERSON_SCHEME}${person.id})`)} />
        <EnglishFields initial={initial} errors={errors as Record<string, string | undefined>} />
        <fieldset>
          <legend className="field-label">{t("adminContent.story.status")}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ["0", t("adminContent.story.statusDraft")],
                ["1", t("adminContent.story.statusPublished")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="published"
                  value={value}
                  checked={values.published === (value === "1")}
                  onChange={() => setValues((v) => ({ ...v, published: value === "1" }))}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <MembersOnlyBox name="membersOnly" label={t("adminContent.story.membersOnly")} defaultChecked={initial.membersOnly} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("admin.common.saving") : t("admin.common.save")}
        </button>
      </Form>
      <Preview values={values} photos={photos} />
    </div>
  );
}

/**
 * The story in English, for the English pages (issue 30): each may be left
 * empty, and the English page then shows the Lithuanian, marked.
 */
function EnglishFields({ initial, errors }: { initial: StoryFormValues; errors: Record<string, string | undefined> }) {
  const t = useT();
  return (
    <details className="rounded-md border border-line p-4" open={Boolean(initial.titleEn || initial.leadEn || initial.bodyEn) || undefined}>
      <summary className="cursor-pointer font-semibold">{t("adminContent.story.english")}</summary>
      <p className="mt-2 text-sm text-ink-soft">{t("adminContent.story.englishHelp")}</p>
      <div className="mt-4 space-y-4">
        <Field
          id="titleEn"
          lang="en"
          label={t("adminContent.story.titleEn")}
          defaultValue={initial.titleEn}
          maxLength={STORY_LIMITS.title}
          error={errors.titleEn}
        />
        <Field
          id="leadEn"
          lang="en"
          label={t("adminContent.story.leadEn")}
          multiline
          rows={3}
          defaultValue={initial.leadEn}
          maxLength={STORY_LIMITS.lead}
          error={errors.leadEn}
        />
        <Field
          id="bodyEn"
          lang="en"
          label={t("adminContent.story.bodyEn")}
          multiline
          rows={12}
          defaultValue={initial.bodyEn}
          maxLength={STORY_LIMITS.body}
          error={errors.bodyEn}
        />
      </div>
    </details>
  );
}

/** Buttons that write the Markdown marks (with JavaScript; without it the marks are typed, as the help says). */
function Toolbar({
  insert,
  lineStart,
}: {
  insert: (before: string, after?: string, placeholder?: string) => void;
  lineStart: (mark: string) => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const buttons: [string, () => void][] = [
    [t("adminContent.story.tool.heading"), () => lineStart("## ")],
    [t("adminContent.story.tool.bold"), () => insert("**", "**", t("adminContent.story.tool.boldText"))],
    [t("adminContent.story.tool.italic"), () => insert("_", "_", t("adminContent.story.tool.italicText"))],
    [t("adminContent.story.tool.quote"), () => lineStart("> ")],
    [t("adminContent.story.tool.list"), () => lineStart("- ")],
    [t("adminContent.story.tool.link"), () => insert("[", "](https://)", t("adminContent.story.tool.linkText"))],
  ];
  return (
    <div role="toolbar" aria-label={t("adminContent.story.toolbar")} aria-controls="body" className="mb-2 flex flex-wrap gap-1">
      {buttons.map(([label, run]) => (
        <button key={label} type="button" className="btn-secondary px-3 py-1" onClick={run}>
          {label}
        </button>
      ))}
    </div>
  );
}

function PhotoPicker({ photos, onPick }: { photos: Photo[]; onPick: (photo: Photo, caption: string) => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState("");
  const [caption, setCaption] = useState("");
  if (!hydrated) return null;
  if (photos.length === 0) return <p className="text-sm text-ink-soft">{t("adminContent.story.photo.none")}</p>;
  const photo = photos.find((p) => String(p.id) === chosen);
  return (
    <fieldset className="rounded-md border border-line p-3">
      <legend className="px-1 text-sm font-medium">{t("adminContent.story.photo.legend")}</legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_2fr_auto] sm:items-end">
        <div>
          <label htmlFor="photo-pick" className="field-label">
            {t("adminContent.story.photo.label")}
          </label>
          <select id="photo-pick" className="field-input" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{t("adminContent.story.photo.choose")}</option>
            {photos.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="photo-caption" className="field-label">
            {t("adminContent.story.photo.caption")}
          </label>
          <input type="text" id="photo-caption" className="field-input" value={caption} maxLength={300} onChange={(e) => setCaption(e.target.value)} />
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={!photo}
          onClick={() => {
            if (!photo) return;
            onPick(photo, caption.replace(/[[\]\n]/g, " ").trim());
            setChosen("");
            setCaption("");
          }}
        >
          {t("adminContent.story.photo.insert")}
        </button>
      </div>
    </fieldset>
  );
}

function PersonPicker({ onPick }: { onPick: (person: PersonSummary) => void }) {
  const t = useT();
  const localized = useLocalized();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ people: PersonSummary[] }>();
  const [text, setText] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim().length >= 2) fetcher.load(localized(`/medis/paieska?q=${encodeURIComponent(text.trim())}`));
    }, 200);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!hydrated) return null;
  const found = text.trim().length >= 2 ? (fetcher.data?.people ?? []) : [];
  return (
    <fieldset className="rounded-md border border-line p-3">
      <legend className="px-1 text-sm font-medium">{t("adminContent.story.person.legend")}</legend>
      <label htmlFor="person-pick" className="field-label">
        {t("adminContent.story.person.label")}
      </label>
      <input
        id="person-pick"
        type="search"
        className="field-input"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {found.length ? (
        <ul aria-label={t("adminContent.story.person.found")} className="mt-2 flex flex-wrap gap-2">
          {found.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                className="btn-secondary px-3 py-1"
                onClick={() => {
                  onPick(person);
                  setText("");
                }}
              >
                {t("adminContent.story.person.mention", { name: person.name })}
                {person.years ? ` (${person.years})` : ""}
              </button>
            </li>
          ))}
        </ul>
      ) : text.trim().length >= 2 && fetcher.state === "idle" && fetcher.data ? (
        <p className="mt-2 text-sm text-ink-soft">{t("adminContent.story.person.none")}</p>
      ) : null}
    </fieldset>
  );
}

/** The story as readers will see it, made by the same code as its page (editors see every photo and person). */
function Preview({ values, photos }: { values: StoryFormValues; photos: Photo[] }) {
  const t = useT();
  const byId = new Map<number, StoryPhoto>(photos.map((p) => [p.id, p]));
  const people = new Map<number, StoryPerson>(storyReferences(values.body).personIds.map((id) => [id, { id, hiddenAs: null }]));
  const coverId = values.coverPhotoId ? Number(values.coverPhotoId) : null;
  const cover = coverId === null ? undefined : byId.get(coverId);
  const year = (text: string) => (/^\d{1,4}$/.test(text) ? Number(text) : null);
  return (
    <section aria-labelledby="perziura">
      <h2 id="perziura" className="mb-3 text-sm font-semibold tracking-wide text-ink-soft uppercase">
        {t("admin.common.preview")}
      </h2>
      <div className="card p-4 sm:p-6">
        <StoryArticle
          headingLevel={2}
          story={{
            title: values.title,
            lead: values.lead,
            era: values.era,
            yearFrom: year(values.yearFrom),
            yearTo: year(values.yearTo),
            places: values.places,
            cover: cover?.image ?? null,
            coverPhotoId: cover?.id ?? null,
            html: storyHtml(values.body, { photos: byId, people, unknownPersonAs: null }, 3),
          }}
        />
      </div>
    </section>
  );
}
