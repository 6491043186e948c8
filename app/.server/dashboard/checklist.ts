import { MEMBERS } from "#app/.server/accounts/audience.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { hasInitialPassword } from "#app/.server/accounts/users.ts";
import { exampleContent, exampleCount, exampleSummary } from "#app/.server/seed/example.ts";

// The dashboard's first-run checklist: what a new installation still shows
// of the example family, or of how it was installed. Each step is worked out
// from the data itself, so it disappears as soon as the thing is done (and
// comes back if, say, the example address is typed in again).

export interface ChecklistStep {
  id: string;
  title: string;
  /** Where it is done. */
  to: string;
  /** What is still left of it, when that helps ("istorija, 6 nuotraukos…"). */
  detail?: string;
}

export async function firstRunChecklist(db: Database, userId: number): Promise<ChecklistStep[]> {
  const [settings, gallery, treeId, initialPassword, example] = await Promise.all([
    getSiteSettings(db),
    listGalleryItems(db, MEMBERS),
    currentTreeId(db),
    hasInitialPassword(db, userId),
    exampleContent(db),
  ]);
  const steps: (ChecklistStep & { done: boolean })[] = [
    {
      id: "pavadinimas",
      title: "Įrašykite savo giminės pavadinimą",
      to: "/admin#familyName",
      done: settings.familyName !== SEED_SITE.familyName,
    },
    {
      id: "adresas",
      title: "Pakeiskite pavyzdinį kontaktinį el. pašto adresą",
      to: "/admin#contactEmail",
      done: settings.contactEmail !== SEED_SITE.contactEmail,
    },
    {
      id: "pavyzdys",
      title: "Pašalinkite pavyzdinį turinį",
      to: "/admin/pavyzdys",
      detail: `Dar liko: ${exampleSummary(example)}.`,
      done: exampleCount(example) === 0,
    },
    {
      id: "nuotrauka",
      title: "Pakeiskite arba pašalinkite pavyzdinę nuotrauką „Nuotrauka dar neįkelta“",
      to: "/admin/galerija",
      done: gallery.every((item) => item.image !== null),
    },
    {
      id: "pradzia",
      title: "Parašykite pradžios puslapio pasveikinimą ir įžangą",
      to: "/admin/tekstai#pradzia",
      done: settings.homeHeading !== SEED_SITE.homeHeading || settings.homeIntro !== SEED_SITE.homeIntro,
    },
    {
      id: "apie",
      title: "Parašykite, kas jūs ir ko siekiate (puslapis „Apie“)",
      to: "/admin/tekstai#apie",
      done: settings.aboutLead !== SEED_SITE.aboutLead || settings.aboutGoals !== SEED_SITE.aboutGoals,
    },
    {
      id: "medis",
      title: "Importuokite giminės medį (GEDCOM failą)",
      to: "/admin/medis",
      done: treeId !== null,
    },
    {
      id: "slaptazodis",
      title: "Pakeiskite pradinį slaptažodį į savo",
      to: "/paskyra#slaptazodis",
      done: !initialPassword,
    },
  ];
  return steps.filter((step) => !step.done).map(({ done, ...step }) => step);
}
