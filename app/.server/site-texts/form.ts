import {
  BRANCH_LIMITS,
  checkTexts,
  TEXT_FIELDS,
  TEXT_SECTIONS,
  type Branch,
  type SiteSettings,
  type TextField,
  type TextSection,
} from "#app/lib/site.ts";

import { z } from "zod";
import { emailField, textField } from "#app/.server/platform/form.ts";

/** The dashboard's settings form (/admin): the family's name and its contact address. */
export const SETTINGS_FORM = z.object({
  familyName: textField(TEXT_FIELDS.familyName.label, { max: TEXT_FIELDS.familyName.max }),
  contactEmail: emailField(TEXT_FIELDS.contactEmail.label, TEXT_FIELDS.contactEmail.max),
});

// Reading the texts editor's forms (/admin/tekstai): what was typed, checked,
// with a Lithuanian message for each field that is wrong. The route saves
// what passes and gives back what was typed when something does not.

export type FormResult<T> = { ok: true; values: T } | { ok: false; values: T; errors: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "").replace(/\r\n?/g, "\n");

/** One section's texts, and (for the home page) the photograph chosen. */
export function readTextSection(section: TextSection, form: FormData, photoIds: Set<number>): FormResult<Partial<SiteSettings>> {
  const fields = TEXT_SECTIONS[section] as readonly TextField[];
  const values: Partial<SiteSettings> = {};
  for (const field of fields) values[field] = text(form, field).trim();
  const errors: Record<string, string> = { ...checkTexts(values as Partial<Record<TextField, string>>) } as Record<string, string>;
  if (section === "pradzia") {
    const chosen = String(form.get("heroPhotoId") ?? "");
    values.heroPhotoId = chosen === "" ? null : Number(chosen);
    if (values.heroPhotoId !== null && !photoIds.has(values.heroPhotoId)) errors.heroPhotoId = "Tokios nuotraukos galerijoje nebėra.";
  }
  return Object.keys(errors).length ? { ok: false, values, errors } : { ok: true, values };
}

export type BranchOp = { kind: "save" } | { kind: "up" | "down" | "remove"; index: number };

/** The branch list as typed (with the new row at the end, if filled in) and the button pressed. */
export function readBranches(form: FormData): FormResult<{ branches: Branch[]; branchesWithTree: boolean }> & { op: BranchOp } {
  const names = form.getAll("branchName").map(String);
  const texts = form.getAll("branchText").map(String);
  let branches: Branch[] = names.map((name, i) => ({ name: name.trim(), text: (texts[i] ?? "").replace(/\r\n?/g, "\n").trim() }));
  // The empty last row is for a new branch: left empty, it is none.
  branches = branches.filter((b, i) => b.name || b.text || i < names.length - 1);
  const [kind, at] = String(form.get("op") ?? "save").split(":");
  const index = Number(at);
  const op: BranchOp = kind === "up" || kind === "down" || kind === "remove" ? { kind, index } : { kind: "save" };
  if (op.kind === "remove") branches.splice(op.index, 1);
  if (op.kind === "up" && op.index > 0) [branches[op.index - 1], branches[op.index]] = [branches[op.index], branches[op.index - 1]];
  if (op.kind === "down" && op.index < branches.length - 1)
    [branches[op.index + 1], branches[op.index]] = [branches[op.index], branches[op.index + 1]];
  const values = { branches, branchesWithTree: form.get("branchesWithTree") === "1" };
  const errors: Record<string, string> = {};
  branches.forEach((b, i) => {
    if (!b.name) errors[`branchName-${i}`] = "Įrašykite šakos pavadinimą.";
    else if (b.name.length > BRANCH_LIMITS.name)
      errors[`branchName-${i}`] = `Pavadinimas per ilgas: daugiausia ${BRANCH_LIMITS.name} simbolių.`;
    if (b.text.length > BRANCH_LIMITS.text) errors[`branchText-${i}`] = `Aprašymas per ilgas: daugiausia ${BRANCH_LIMITS.text} simbolių.`;
  });
  if (branches.length > BRANCH_LIMITS.count) errors.branches = `Daugiausia ${BRANCH_LIMITS.count} šakų.`;
  return Object.keys(errors).length ? { ok: false, values, errors, op } : { ok: true, values, op };
}
