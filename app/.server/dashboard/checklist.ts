import { MEMBERS } from "#app/.server/accounts/audience.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { listGalleryItems } from "#app/.server/gallery/gallery.ts";
import { currentTreeId } from "#app/.server/genealogy/trees.ts";
import { SEED_SITE } from "#app/.server/seed/site-texts.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { hasInitialPassword } from "#app/.server/accounts/users.ts";
import { exampleContent, exampleCount, type ExampleContent } from "#app/.server/seed/example.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { Message } from "#app/i18n/intl.ts";

// The dashboard's first-run checklist: what a new installation still shows
// of the example family, or of how it was installed. Each step is worked out
// from the data itself, so it disappears as soon as the thing is done (and
// comes back if, say, the example address is typed in again).

export interface ChecklistStep {
  id: string;
  title: MessageId;
  /** Where it is done. */
  to: string;
  /** What is still left of it, when that helps: each part a message ("istorija", "6 nuotraukos"…), the page lists them. */
  left?: Message[];
}

/** What is left of the example family, part by part, as the checklist says it ("istorija, 6 nuotraukos…"). */
export function exampleLeft(content: ExampleContent): Message[] {
  const counted = (id: MessageId, count: number): Message[] => (count ? [{ id, values: { count } }] : []);
  return [
    ...(content.history ? (["admin.checklist.example.history"] as const) : []),
    ...counted("admin.checklist.example.photos", content.photos.length),
    ...counted("admin.checklist.example.documents", content.documents.length),
    ...counted("admin.checklist.example.guestbook", content.guestbook.length),
    ...counted("admin.checklist.example.texts", content.texts.length),
  ];
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
      title: "admin.checklist.step.familyName",
      to: "/admin#familyName",
      done: settings.familyName !== SEED_SITE.familyName,
    },
    {
      id: "adresas",
      title: "admin.checklist.step.contactEmail",
      to: "/admin#contactEmail",
      done: settings.contactEmail !== SEED_SITE.contactEmail,
    },
    {
      id: "pavyzdys",
      title: "admin.checklist.step.example",
      to: "/admin/pavyzdys",
      left: exampleLeft(example),
      done: exampleCount(example) === 0,
    },
    {
      id: "nuotrauka",
      title: "admin.checklist.step.photo",
      to: "/admin/galerija",
      done: gallery.every((item) => item.image !== null),
    },
    {
      id: "pradzia",
      title: "admin.checklist.step.home",
      to: "/admin/tekstai#pradzia",
      done: settings.homeHeading !== SEED_SITE.homeHeading || settings.homeIntro !== SEED_SITE.homeIntro,
    },
    {
      id: "apie",
      title: "admin.checklist.step.about",
      to: "/admin/tekstai#apie",
      done: settings.aboutLead !== SEED_SITE.aboutLead || settings.aboutGoals !== SEED_SITE.aboutGoals,
    },
    {
      id: "medis",
      title: "admin.checklist.step.tree",
      to: "/admin/medis",
      done: treeId !== null,
    },
    {
      id: "slaptazodis",
      title: "admin.checklist.step.password",
      to: "/paskyra#slaptazodis",
      done: !initialPassword,
    },
  ];
  return steps.filter((step) => !step.done).map(({ done, ...step }) => step);
}
