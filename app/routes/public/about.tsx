import type { Route } from "./+types/about";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { requestLocale, services } from "#app/.server/platform/context.ts";
import { galleryPhoto } from "#app/.server/gallery/gallery.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { GalleryPicture } from "#app/components/gallery.tsx";
import { PageHeading, PageTitle, TextBlock, useSiteSettings, useTextLanguage } from "#app/components/page.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { useT } from "#app/i18n/react.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { aboutLead, aboutGoals, aboutContact, heroPhotoId, lithuanian } = await siteSettingsIn(db, requestLocale(context));
  // The family's chosen photograph beside the text, when there is one.
  const photo = await galleryPhoto(db, audienceOf(context), heroPhotoId);
  return {
    aboutLead,
    goals: aboutGoals
      .split("\n")
      .map((g) => g.trim())
      .filter(Boolean),
    aboutContact,
    photo,
    lithuanian,
  };
}

export default function AboutPage({ loaderData: { aboutLead, goals, aboutContact, photo, lithuanian } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const lang = useTextLanguage(lithuanian);
  return (
    <>
      <PageTitle>{t("guestbook.about.title")}</PageTitle>
      <ShareMeta
        title={t("common.pageTitle", { page: t("guestbook.about.heading"), family: familyName })}
        description={[aboutLead, ...goals].join(" ")}
        image={photo?.image ? displayUrl(photo.image) : null}
      />
      <PageHeading
        title={t("guestbook.about.heading")}
        lead={
          aboutLead ? (
            <InLanguage lang={lang("aboutLead")} note>
              {aboutLead}
            </InLanguage>
          ) : undefined
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="card h-fit p-6 sm:p-8">
          <h2 className="text-2xl font-semibold">{t("guestbook.about.goals")}</h2>
          <InLanguage lang={lang("aboutGoals")} note as="div">
            <ul className="mt-4 list-disc space-y-2 pl-6">
              {goals.map((goal, i) => (
                <li key={i}>{goal}</li>
              ))}
            </ul>
          </InLanguage>
        </section>
        <div className="space-y-8">
          {photo?.image ? (
            <figure>
              <div className="aspect-[4/3] overflow-hidden rounded-xl border border-line">
                <GalleryPicture image={photo.image} alt={photo.title} sizes="(min-width: 1024px) 440px, 100vw" />
              </div>
              <figcaption className="mt-2 text-sm text-ink-soft">{photo.title}</figcaption>
            </figure>
          ) : null}
          {aboutContact ? (
            <section className="card p-6 sm:p-8">
              <h2 className="text-2xl font-semibold">{t("guestbook.about.contact")}</h2>
              <TextBlock text={aboutContact} lang={lang("aboutContact")} className="mt-3" />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
