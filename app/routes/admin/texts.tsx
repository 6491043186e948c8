import { useState } from "react";
import { Say, useT } from "#app/i18n/react.tsx";
import { data, useNavigation } from "react-router";
import { Form, Link } from "#app/i18n/router.tsx";
import type { Route } from "./+types/texts";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { getSiteSettings, getSiteTranslations, saveSiteTexts, saveSiteTranslations } from "#app/.server/site-texts/settings.ts";
import {
  arrangeBranches,
  BRANCHES_FORM,
  branchesRead,
  refuseGoneHeroPhoto,
  TEXT_SECTION_FORMS,
  TEXT_TRANSLATION_FORMS,
} from "#app/.server/site-texts/form.ts";
import { readForm, refuseForm } from "#app/.server/platform/form.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { Field, refusedForm, useFocusFirstError, type RefusedForm } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { GalleryPicture } from "#app/components/gallery.tsx";
import { PageTitle, TextBlock } from "#app/components/page.tsx";
import { parseId } from "#app/lib/numbers.ts";
import {
  BRANCH_LIMITS,
  EMAIL_TOKEN,
  TEXT_FIELDS,
  TEXT_SECTION_TITLES,
  TEXT_SECTIONS,
  type Branch,
  type TextField,
  type TextSection,
} from "#app/lib/site.ts";
import type { MessageId } from "#app/i18n/catalog.ts";

// The family's own words on the public pages: the home page (and its
// photograph), the tree page's text and branches, the about page, the
// documents page's note and the footer. Each section saves on its own.

const PAGE = "/admin/tekstai";
/** The `section` of a section's English form: 'en:pradzia'. */
const ENGLISH = "en:";

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "redaktorius");
  const { db } = services(context);
  const [settings, gallery, translations] = await Promise.all([
    getSiteSettings(db),
    listGalleryItems(db, MEMBERS),
    getSiteTranslations(db),
  ]);
  return { settings, english: translations.en ?? {}, photos: gallery.filter((item) => item.image) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "redaktorius");
  const { db } = services(context);
  const form = await request.formData();
  const section = String(form.get("section"));
  if (section === "sakos") {
    // Every button saves the list as typed, arranged as the button says (moved, removed).
    const read = readForm(arrangeBranches(form), BRANCHES_FORM);
    if (!read.ok) return refuseForm(read);
    await saveSiteTexts(db, user, "sakos", branchesRead(read.value));
    return redirectWithToast(`${PAGE}#sakos`, "textsSaved");
  }
  // A section's English (issue 30): every field may be left empty (the page then shows the Lithuanian).
  const english = section.startsWith(ENGLISH) ? section.slice(ENGLISH.length) : null;
  if (english !== null && Object.hasOwn(TEXT_SECTIONS, english)) {
    const read = readForm(form, TEXT_TRANSLATION_FORMS[english as TextSection]);
    if (!read.ok) return refuseForm(read);
    const { section: _, ...texts } = read.value;
    await saveSiteTranslations(db, user, english as TextSection, "en", texts);
    return redirectWithToast(`${PAGE}#${english}`, "textsSaved");
  }
  if (!Object.hasOwn(TEXT_SECTIONS, section)) throw data(serverT(request)("adminContent.texts.error.unknownPart"), { status: 400 });
  const read = readForm(form, TEXT_SECTION_FORMS[section as TextSection]);
  if (!read.ok) return refuseForm(read);
  const { section: _, ...texts } = read.value;
  if (texts.heroPhotoId != null) {
    const photoIds = new Set((await listGalleryItems(db, MEMBERS)).filter((i) => i.image).map((i) => i.id));
    const gone = refuseGoneHeroPhoto(read.typed, texts.heroPhotoId, photoIds);
    if (gone) return refuseForm(gone);
  }
  await saveSiteTexts(db, user, section as TextSection, texts);
  return redirectWithToast(`${PAGE}#${section}`, "textsSaved");
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The stored values of some fields, as one string (a form's key). */
function stored(settings: LoaderData["settings"], fields: readonly (keyof LoaderData["settings"])[]): string {
  return JSON.stringify(fields.map((field) => settings[field]));
}

/** The editor's parts, each a link to its form: the sections and the branches. */
const PARTS: [string, MessageId][] = [...Object.entries(TEXT_SECTION_TITLES), ["sakos", "adminContent.texts.branches.title"]];

export default function TextsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const refused = refusedForm(actionData);
  const refusedSection = refused?.typed.section;
  return (
    <>
      <PageTitle>{t("adminContent.texts.title")}</PageTitle>
      <h1 className="text-3xl font-bold">{t("adminContent.texts.title")}</h1>
      <p className="mt-2 max-w-3xl text-ink-soft">
        {t("adminContent.texts.intro", { token: EMAIL_TOKEN })}{" "}
        <Link to="/admin/pakeitimai?tema=texts">{t("admin.common.changeHistory")}</Link>
      </p>
      <nav aria-label={t("adminContent.texts.parts")} className="mt-4 flex flex-wrap gap-2 text-sm">
        {PARTS.map(([id, title]) => (
          <a key={id} href={`#${id}`} className="btn-secondary">
            {t(title)}
          </a>
        ))}
      </nav>
      {/* Each form starts again from what is stored once that changes (after a save,
          a move of a branch), and from what was typed after a refusal. */}
      {(Object.keys(TEXT_SECTIONS) as TextSection[]).map((section) => (
        <TextSectionForm
          key={
            refusedSection === section
              ? refused!.toast.id
              : stored(loaderData.settings, section === "pradzia" ? [...TEXT_SECTIONS.pradzia, "heroPhotoId"] : TEXT_SECTIONS[section])
          }
          section={section}
          loaderData={loaderData}
          refused={refusedSection === section ? refused : undefined}
        />
      ))}
      <BranchesForm
        key={refusedSection === "sakos" ? refused!.toast.id : stored(loaderData.settings, ["branches", "branchesWithTree"])}
        initial={loaderData.settings}
        refused={refusedSection === "sakos" ? refused : undefined}
      />
    </>
  );
}

function TextSectionForm({ section, loaderData, refused }: { section: TextSection; loaderData: LoaderData; refused?: RefusedForm }) {
  const t = useT();
  const fields = TEXT_SECTIONS[section] as readonly TextField[];
  const start = (field: TextField) => refused?.typed[field] ?? loaderData.settings[field];
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f, start(f)])) as Record<TextField, string>);
  const saving = useNavigation().formData?.get("section") === section;
  useFocusFirstError(refused?.errors, refused?.toast.id, fields);
  return (
    <section id={section} aria-labelledby={`${section}-title`} className="card mt-8 scroll-mt-4 p-6">
      <h2 id={`${section}-title`} className="text-2xl font-semibold">
        {t(TEXT_SECTION_TITLES[section])}
      </h2>
      {refused ? <FormAlert toast={refused.toast} /> : null}
      {/* noValidate: the server's message, not the browser's, says what is wrong. */}
      <Form method="post" noValidate className="mt-4 space-y-5">
        <input type="hidden" name="section" value={section} />
        {fields.map((field) => {
          const rule = TEXT_FIELDS[field];
          return (
            <div key={field} className={rule.multiline ? "grid gap-4 lg:grid-cols-2" : ""}>
              <Field
                id={field}
                lang="lt"
                label={rule.optional ? t("adminContent.texts.optional", { label: t(rule.label) }) : t(rule.label)}
                multiline={rule.multiline}
                rows={field === "aboutGoals" ? 6 : 4}
                maxLength={rule.max}
                required={!rule.optional}
                value={values[field]}
                onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
                error={refused?.errors[field]}
              />
              {rule.multiline ? <Preview field={field} text={values[field]} /> : null}
            </div>
          );
        })}
        {section === "pradzia" ? (
          <HeroChoice
            photos={loaderData.photos}
            initial={refused ? (parseId(refused.typed.heroPhotoId) ?? null) : loaderData.settings.heroPhotoId}
            error={refused?.errors.heroPhotoId}
          />
        ) : null}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? t("admin.common.saving") : t("admin.common.save")}
        </button>
      </Form>
      <EnglishForm
        key={
          refused?.typed.section === `${ENGLISH}${section}` ? refused.toast.id : JSON.stringify(fields.map((f) => loaderData.english[f]))
        }
        section={section}
        english={loaderData.english}
        refused={refused?.typed.section === `${ENGLISH}${section}` ? refused : undefined}
      />
    </section>
  );
}

/**
 * The section's texts in English, for the English pages (issue 30): each may
 * be left empty, and the English page then shows the Lithuanian, marked.
 */
function EnglishForm({ section, english, refused }: { section: TextSection; english: Record<string, string>; refused?: RefusedForm }) {
  const t = useT();
  const fields = (TEXT_SECTIONS[section] as readonly TextField[]).filter((field) => field !== "contactEmail");
  const saving = useNavigation().formData?.get("section") === `${ENGLISH}${section}`;
  return (
    <details className="mt-6 border-t border-line pt-4" open={refused !== undefined || fields.some((f) => english[f])}>
      <summary className="cursor-pointer font-semibold">{t("adminContent.texts.english")}</summary>
      <p className="mt-2 text-sm text-ink-soft">{t("adminContent.texts.englishHelp")}</p>
      {refused ? <FormAlert toast={refused.toast} /> : null}
      <Form method="post" noValidate className="mt-4 space-y-5">
        <input type="hidden" name="section" value={`${ENGLISH}${section}`} />
        {fields.map((field) => {
          const rule = TEXT_FIELDS[field];
          return (
            <Field
              key={field}
              id={`en-${field}`}
              lang="en"
              name={field}
              label={t("adminContent.texts.englishOf", { label: t(rule.label) })}
              multiline={rule.multiline}
              rows={field === "aboutGoals" ? 6 : 4}
              maxLength={rule.max}
              defaultValue={refused?.typed[field] ?? english[field] ?? ""}
              error={refused?.errors[field]}
            />
          );
        })}
        <button type="submit" className="btn-secondary" disabled={saving}>
          {t("adminContent.texts.englishSave")}
        </button>
      </Form>
    </details>
  );
}

/** What the text will look like on the page, as it is typed. */
function Preview({ field, text }: { field: TextField; text: string }) {
  const t = useT();
  return (
    <section
      aria-label={t("adminContent.texts.previewOf", { label: t(TEXT_FIELDS[field].label) })}
      className="rounded-md border border-dashed border-line bg-parchment p-4"
    >
      <p className="mb-2 text-xs font-semibold tracking-wide text-ink-soft uppercase">{t("admin.common.preview")}</p>
      {field === "aboutGoals" ? (
        <ul lang="lt" className="list-disc space-y-1 pl-6">
          {text
            .split("\n")
            .map((g) => g.trim())
            .filter(Boolean)
            .map((goal, i) => (
              <li key={i}>{goal}</li>
            ))}
        </ul>
      ) : (
        <div lang="lt" className="space-y-3">
          <TextBlock text={text} />
        </div>
      )}
    </section>
  );
}

function HeroChoice({ photos, initial, error }: { photos: LoaderData["photos"]; initial: number | null; error?: string }) {
  const t = useT();
  return (
    <fieldset aria-describedby={error ? "heroPhotoId-error" : undefined}>
      <legend className="field-label">{t("adminContent.texts.hero.legend")}</legend>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <label className="flex cursor-pointer flex-col gap-2 rounded-md border border-line p-2 has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent">
          <span className="flex aspect-[4/3] items-center justify-center rounded bg-accent-soft text-center text-sm text-ink-soft">
            {t("adminContent.texts.hero.none")}
          </span>
          <span className="flex items-center gap-2 text-sm">
            <input type="radio" name="heroPhotoId" value="" defaultChecked={initial === null} />
            {t("adminContent.texts.hero.dontShow")}
          </span>
        </label>
        {photos.map((photo) => (
          <label
            key={photo.id}
            className="flex cursor-pointer flex-col gap-2 rounded-md border border-line p-2 has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent"
          >
            <span className="block aspect-[4/3] overflow-hidden rounded">
              <GalleryPicture image={photo.image!} alt="" sizes="160px" />
            </span>
            <span className="flex items-start gap-2 text-sm">
              <input type="radio" name="heroPhotoId" value={photo.id} defaultChecked={initial === photo.id} />
              {photo.title}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="heroPhotoId-error" className="mt-1 text-sm text-red-800">
          <Say text={error} />
        </p>
      ) : null}
    </fieldset>
  );
}

/** Each branch's buttons: what they say, and what they say to a screen reader (with the branch's name). */
const BRANCH_BUTTONS = [
  { op: "up", text: "adminContent.texts.branches.up", label: "adminContent.texts.branches.upLabel" },
  { op: "down", text: "adminContent.texts.branches.down", label: "adminContent.texts.branches.downLabel" },
  { op: "remove", text: "adminContent.texts.branches.remove", label: "adminContent.texts.branches.removeLabel" },
] as const satisfies readonly { op: string; text: MessageId; label: MessageId }[];

/**
 * The branches listed on the tree page: edit in place, add in the empty last
 * row, move and remove with the buttons. Every button saves the whole list as
 * typed, so it works the same without JavaScript.
 */
function BranchesForm({ initial, refused }: { initial: LoaderData["settings"]; refused?: RefusedForm }) {
  const t = useT();
  // After a refusal: the rows as typed, in the order the button pressed left them.
  const typed = refused?.typed;
  const branches: Branch[] = typed
    ? Array.from({ length: Math.min(Number(typed.branches) || 0, BRANCH_LIMITS.count + 1) }, (_, i) => ({
        name: typed[`branchName-${i}`] ?? "",
        text: typed[`branchText-${i}`] ?? "",
      }))
    : initial.branches;
  const withTree = typed ? typed.branchesWithTree === "1" : initial.branchesWithTree;
  const rows = [...branches, { name: "", text: "" }];
  const errorIds = rows.flatMap((_, i) => [`branchName-${i}`, `branchText-${i}`]);
  useFocusFirstError(refused?.errors, refused?.toast.id, errorIds);
  return (
    <section id="sakos" aria-labelledby="sakos-title" className="card mt-8 scroll-mt-4 p-6">
      <h2 id="sakos-title" className="text-2xl font-semibold">
        {t("adminContent.texts.branches.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("adminContent.texts.branches.intro")}</p>
      {refused ? <FormAlert toast={refused.toast} /> : null}
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="section" value="sakos" />
        <ol className="space-y-4">
          {rows.map((branch, i) => {
            const isNew = i === rows.length - 1;
            return (
              <li key={i} className="rounded-md border border-line p-4">
                {/* A branch's fields are a group, named for a screen reader by its number and name. */}
                <fieldset>
                  <legend className="sr-only">
                    {isNew
                      ? t("adminContent.texts.branches.new")
                      : t("adminContent.texts.branches.row", { number: i + 1, name: branch.name })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
                    <Field
                      id={`branchName-${i}`}
                      lang="lt"
                      label={t(isNew ? "adminContent.texts.branches.newName" : "adminContent.texts.branches.name")}
                      maxLength={BRANCH_LIMITS.name}
                      defaultValue={branch.name}
                      error={refused?.errors[`branchName-${i}`]}
                    />
                    <Field
                      id={`branchText-${i}`}
                      lang="lt"
                      label={t("adminContent.texts.branches.description")}
                      maxLength={BRANCH_LIMITS.text}
                      defaultValue={branch.text}
                      error={refused?.errors[`branchText-${i}`]}
                    />
                  </div>
                  {isNew ? null : (
                    <div className="mt-3 flex flex-wrap gap-2">
                      {BRANCH_BUTTONS.map((button) => (
                        <button
                          key={button.op}
                          type="submit"
                          name="op"
                          value={`${button.op}:${i}`}
                          className="btn-secondary"
                          disabled={button.op === "up" ? i === 0 : button.op === "down" ? i === rows.length - 2 : false}
                          aria-label={t(button.label, { name: branch.name })}
                        >
                          {t(button.text)}
                        </button>
                      ))}
                    </div>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {refused?.errors.branches ? <p className="text-sm text-red-800">{refused.errors.branches}</p> : null}
        <label className="flex items-center gap-2">
          <input type="checkbox" name="branchesWithTree" value="1" defaultChecked={withTree} />
          {t("adminContent.texts.branches.withTree")}
        </label>
        <button type="submit" name="op" value="save" className="btn-primary">
          {t("adminContent.texts.branches.save")}
        </button>
      </Form>
    </section>
  );
}
