import { BRANCH_LIMITS, TEXT_FIELDS, TEXT_SECTIONS, type Branch, type TextField, type TextSection } from "#app/lib/site.ts";
import type { MessageId } from "#app/i18n/catalog.ts";

import { z } from "zod";
import { checkbox, emailField, idField, refusedField, textField, wholeNumberField, type FormRefused } from "#app/.server/platform/form.ts";

/** The dashboard's settings form (/admin): the family's name and its contact address. */
export const SETTINGS_FORM = z.object({
  familyName: textField(TEXT_FIELDS.familyName.label, { max: TEXT_FIELDS.familyName.max }),
  contactEmail: emailField(TEXT_FIELDS.contactEmail.label, TEXT_FIELDS.contactEmail.max),
});

// The texts editor's forms (/admin/tekstai): each section saves its own
// fields; the branch list saves as a whole whichever of its buttons is
// pressed. The hidden field `section` says which form was sent (and, after a
// refusal, which form to fill in again).

/** The chosen photograph is no longer in the gallery (a message id, said in the request's language). */
export const HERO_PHOTO_GONE = "adminContent.texts.hero.gone" satisfies MessageId;

/** One section's texts, and (for the home page) the photograph chosen. */
function textSectionForm(section: TextSection) {
  const texts = Object.fromEntries(
    (TEXT_SECTIONS[section] as readonly TextField[]).map((field) => {
      const rule = TEXT_FIELDS[field];
      return [field, textField(rule.label, { max: rule.max, optional: rule.optional })];
    }),
  ) as Partial<Record<TextField, ReturnType<typeof textField>>>;
  return z.object({
    section: z.literal(section),
    ...texts,
    ...(section === "pradzia" ? { heroPhotoId: idField(HERO_PHOTO_GONE) } : {}),
  });
}

/** A section's texts in another language: each optional (left empty, the page shows the Lithuanian), within the same limits. */
function textTranslationForm(section: TextSection) {
  const texts = Object.fromEntries(
    (TEXT_SECTIONS[section] as readonly TextField[]).map((field) => {
      const rule = TEXT_FIELDS[field];
      return [field, textField(rule.label, { max: rule.max, optional: true })];
    }),
  ) as Partial<Record<TextField, ReturnType<typeof textField>>>;
  return z.object({ section: z.literal(`en:${section}`), ...texts });
}

/** Each section's English form (the texts editor's "English" part). */
export const TEXT_TRANSLATION_FORMS = Object.fromEntries(
  (Object.keys(TEXT_SECTIONS) as TextSection[]).map((section) => [section, textTranslationForm(section)]),
) as unknown as Record<
  TextSection,
  z.ZodObject<{ section: z.ZodLiteral<string> } & { [K in TextField]: z.ZodOptional<ReturnType<typeof textField>> }>
>;

/** What any section's form reads, as a type: its own texts only (and the home page's photograph), so every text may be absent. */
type TextSectionShape = { section: z.ZodLiteral<TextSection> } & {
  [K in TextField]: z.ZodOptional<ReturnType<typeof textField>>;
} & { heroPhotoId: z.ZodOptional<ReturnType<typeof idField>> };

/** Each section's form: its texts (required unless optional, at most their limits), the home page's photograph. */
export const TEXT_SECTION_FORMS = Object.fromEntries(
  (Object.keys(TEXT_SECTIONS) as TextSection[]).map((section) => [section, textSectionForm(section)]),
) as unknown as Record<TextSection, z.ZodObject<TextSectionShape>>;

/**
 * The home page's photograph, checked once the form is read against the
 * gallery's photos (one may have been removed since the page was loaded):
 * the refusal naming it, or null when it is there (or none was chosen).
 */
export function refuseGoneHeroPhoto(
  typed: Record<string, string>,
  heroPhotoId: number | null | undefined,
  photoIds: Set<number>,
): FormRefused | null {
  return heroPhotoId == null || photoIds.has(heroPhotoId) ? null : refusedField(typed, "heroPhotoId", HERO_PHOTO_GONE);
}

export type BranchOp = { kind: "save" } | { kind: "up" | "down" | "remove"; index: number };

const branchRow = (i: number) => [`branchName-${i}`, `branchText-${i}`] as const;

/**
 * The branch list as the page sends it (rows `branchName-0`, `branchText-0`…
 * in its order, the last row for a new branch) arranged as the button
 * pressed (`op`) leaves it: the new row left out when empty, a row moved or
 * removed, the rows numbered again from 0 and `branches` their number. What
 * BRANCHES_FORM reads, so a refusal names the rows as the page shows them next.
 */
export function arrangeBranches(form: FormData): FormData {
  const text = (name: string) => String(form.get(name) ?? "");
  const rows: { name: string; text: string }[] = [];
  for (let i = 0; branchRow(i).some((name) => form.has(name)); i++) {
    const [name, description] = branchRow(i);
    rows.push({ name: text(name), text: text(description) });
  }
  // The empty last row is for a new branch: left empty, it is none.
  const last = rows.at(-1);
  if (last && !last.name.trim() && !last.text.trim()) rows.pop();
  const [kind, at] = text("op").split(":");
  const index = Number(at);
  if (kind === "remove") rows.splice(index, 1);
  if (kind === "up" && index > 0) [rows[index - 1], rows[index]] = [rows[index], rows[index - 1]];
  if (kind === "down" && index < rows.length - 1) [rows[index + 1], rows[index]] = [rows[index], rows[index + 1]];
  const arranged = new FormData();
  arranged.set("section", "sakos");
  arranged.set("branches", String(rows.length));
  rows.forEach((row, i) => {
    const [name, description] = branchRow(i);
    arranged.set(name, row.name);
    arranged.set(description, row.text);
  });
  if (form.get("branchesWithTree") === "1") arranged.set("branchesWithTree", "1");
  return arranged;
}

/** The rows the form has fields for: every branch the list may have, and one more (refused by `branches`). */
const BRANCH_ROWS = BRANCH_LIMITS.count + 1;

/**
 * The branch list as arrangeBranches gives it: each row's name required (a
 * row that is there: the ones after the last are absent), names and texts at
 * most their limits, at most BRANCH_LIMITS.count rows.
 */
export const BRANCHES_FORM = z.object({
  section: z.literal("sakos"),
  // The message names BRANCH_LIMITS.count (30) in its words.
  branches: wholeNumberField("adminContent.texts.branches.count", {
    min: 0,
    max: BRANCH_LIMITS.count,
    message: "adminContent.texts.branches.tooMany",
  }),
  ...(Object.fromEntries(
    Array.from({ length: BRANCH_ROWS }, (_, i) => {
      const [name, description] = branchRow(i);
      return [
        [
          name,
          textField("adminContent.texts.branches.name", {
            max: BRANCH_LIMITS.name,
            required: "adminContent.texts.branches.nameRequired",
          }).optional(),
        ],
        [description, textField("adminContent.texts.branches.description", { max: BRANCH_LIMITS.text, optional: true }).optional()],
      ];
    }).flat(),
  ) as Record<string, z.ZodOptional<ReturnType<typeof textField>>>),
  branchesWithTree: checkbox(),
});

/** The branches BRANCHES_FORM read, as the settings keep them. */
export function branchesRead(value: z.output<typeof BRANCHES_FORM>): { branches: Branch[]; branchesWithTree: boolean } {
  const rows = value as unknown as Record<string, string | undefined>;
  const branches = Array.from({ length: value.branches }, (_, i) => {
    const [name, description] = branchRow(i);
    return { name: rows[name] ?? "", text: rows[description] ?? "" };
  });
  return { branches, branchesWithTree: value.branchesWithTree };
}
