// People as every page names them: full names, life years, and summaries that
// already hide whom the viewer may not see (the living rule, living.ts). What
// is said in words ('g. 1898', 'Gyvas asmuo') is said in the language of the
// request being answered: the chart is laid out, its names fitted, on the server.
import type { T } from "#app/i18n/intl.ts";
import type { GedcomDate } from "#app/lib/gedcom-date.ts";
import type { PersonSummary, Sex } from "#app/lib/tree-layout.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { CHUNK, chunks, treeQueries } from "./family-graph.ts";
import { LIVING_LABEL, PRIVATE_LABEL, judgeLiving, lifeDates, restrictionsAmong, type Viewer } from "./living.ts";
import { seesRestricted } from "./restrictions.ts";

function yearOf(date: GedcomDate | null): number | null {
  if (!date) return null;
  const simple =
    "date" in date ? date.date : date.kind === "between" ? date.from : date.kind === "period" ? (date.from ?? date.to) : undefined;
  return simple ? simple.year : null;
}

/** '1898–1961', 'g. 1898', 'm. 1961' (in English 'b. 1898', 'd. 1961'), or ''. */
export function lifeYears(birth: GedcomDate | null, death: GedcomDate | null, t: T = requestT()): string {
  const b = yearOf(birth);
  const d = yearOf(death);
  if (b && d) return `${b}–${d}`;
  // The year as written ('1898', not a number's '1 898').
  if (b) return t("genealogy.years.born", { year: String(b) });
  if (d) return t("genealogy.years.died", { year: String(d) });
  return "";
}

/** The name as written, the birth surname after it; 'Nežinomas asmuo' for one without any. */
export function fullName(p: { givenNames: string; surname: string; birthSurname: string | null }, t: T = requestT()): string {
  const name = [p.givenNames, p.surname].filter(Boolean).join(" ") || t("genealogy.person.unknown");
  return p.birthSurname && p.birthSurname !== p.surname ? `${name} (${p.birthSurname})` : name;
}

/** People as the chart and lists show them: one the viewer may not see as 'Gyvas asmuo' (or 'Privatus asmuo'), nothing more. */
export async function summaries(db: Database, treeId: number, ids: number[], viewer: Viewer): Promise<Record<number, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows: { id: number; givenNames: string; surname: string; birthSurname: string | null; sex: string }[] = [];
  for (let i = 0; i < unique.length; i += CHUNK)
    rows.push(...(await treeQueries.peopleByIds(db, treeId, unique.slice(i, i + CHUNK)).execute()));
  const [{ living, facts }, marks] = await Promise.all([
    judgeLiving(db, treeId, unique, viewer.livingYears),
    restrictionsAmong(db, treeId, unique),
  ]);
  const out: Record<number, PersonSummary> = {};
  const t = requestT();
  for (const row of rows) {
    const isLiving = living.has(row.id);
    const mark = marks.get(row.id) ?? null;
    const isPrivate = mark === "confidential";
    if (!seesRestricted(viewer, mark) || (isLiving && !viewer.members)) {
      // A living person is 'Gyvas asmuo' whatever their mark; one marked (and not living) 'Privatus asmuo'.
      out[row.id] = { id: row.id, name: t(isLiving ? LIVING_LABEL : PRIVATE_LABEL), years: "", sex: "U", living: isLiving, hidden: true };
      continue;
    }
    const { birth, death } = lifeDates(facts.get(row.id)!, viewer);
    out[row.id] = {
      id: row.id,
      name: fullName(row, t),
      years: lifeYears(birth, death, t),
      sex: (row.sex as Sex) ?? "U",
      living: isLiving,
      hidden: false,
      ...(isPrivate ? { private: true } : {}),
      ...(mark === "privacy" ? { privacy: true } : {}),
    };
  }
  return out;
}

/** People's full names, for the administrator (the living and the private included). */
export async function personNames(db: Database, treeId: number, ids: number[]): Promise<Record<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows: { id: number; givenNames: string; surname: string; birthSurname: string | null }[] = [];
  for await (const chunk of chunks(unique)) rows.push(...(await treeQueries.peopleByIds(db, treeId, chunk).execute()));
  const t = requestT();
  return Object.fromEntries(rows.map((row) => [row.id, fullName(row, t)]));
}

/** The first people of the tree, in the file's order (the administrator's list before a search). */
export async function firstPeople(db: Database, treeId: number, viewer: Viewer, limit: number): Promise<PersonSummary[]> {
  const ids = (await treeQueries.firstPeople(db, treeId, limit).execute()).map((r) => r.id);
  const people = await summaries(db, treeId, ids, viewer);
  return ids.map((id) => people[id]).filter(Boolean);
}

/** How many people the tree has (the home page's and the administrator's count). */
export async function peopleCount(db: Database, treeId: number): Promise<number> {
  return (await treeQueries.peopleCount(db, treeId).executeTakeFirst())?.people ?? 0;
}

export async function firstPersonId(db: Database, treeId: number): Promise<number | null> {
  const row = await treeQueries.firstPeople(db, treeId, 1).executeTakeFirst();
  return row?.id ?? null;
}

export async function personExists(db: Database, treeId: number, id: number): Promise<boolean> {
  return (await treeQueries.personExists(db, treeId, id).executeTakeFirst()) !== undefined;
}
