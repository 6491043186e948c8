import { diffWordsWithSpace } from "diff";

// Texts kept as versions (the family's history, a story): what restoring one
// would change, shown to the editor before they press "Atkurti". Word by word
// (jsdiff), each field by its label; a long stretch both share is cut to its
// ends so a one-word change in a long story reads at a glance.

/** A piece of a comparison: text both share, text the current one has and the version not (goes), and the reverse (comes). */
export interface DiffPart {
  kind: "same" | "goes" | "comes";
  text: string;
}

/** A field that differs between the current text and a version. */
export interface FieldDiff {
  label: string;
  parts: DiffPart[];
}

/** A version as the list of versions shows it: when, who, its title, and how long its text is (in characters). */
export interface VersionSummary {
  id: number;
  createdAt: string;
  author: string | null;
  title: string;
  length: number;
}

/** How much of a shared stretch is kept on each side of a change. */
const CONTEXT = 80;

function shorten(text: string, first: boolean, last: boolean): string {
  if (text.length <= CONTEXT * 2) return text;
  const head = first ? "" : text.slice(0, CONTEXT);
  const tail = last ? "" : text.slice(-CONTEXT);
  return `${head}…${tail}`;
}

/** What restoring `version` over `current` changes in one text, word by word. */
export function textDiff(current: string, version: string): DiffPart[] {
  const parts = diffWordsWithSpace(current, version);
  return parts.map((part, i) => {
    if (part.added) return { kind: "comes", text: part.value };
    if (part.removed) return { kind: "goes", text: part.value };
    return { kind: "same", text: shorten(part.value, i === 0, i === parts.length - 1) };
  });
}

/** The fields (by label) where `version` differs from `current`, each as textDiff gives it. */
export function compareVersions<F extends string>(
  labels: Record<F, string>,
  current: Record<F, string | null>,
  version: Record<F, string | null>,
): FieldDiff[] {
  return (Object.keys(labels) as F[])
    .filter((field) => (current[field] ?? "") !== (version[field] ?? ""))
    .map((field) => ({ label: labels[field], parts: textDiff(current[field] ?? "", version[field] ?? "") }));
}

/** Whether these fields hold any text at all. */
export function hasText<F extends string>(fields: readonly F[], values: Record<F, string | null>): boolean {
  return fields.some((field) => (values[field] ?? "").trim() !== "");
}
