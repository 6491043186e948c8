import type { Route } from "./+types/home";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { services } from "#app/.server/platform/context.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { homeOverview } from "#app/.server/site-texts/home.ts";
import { AnniversaryList } from "#app/components/anniversaries.tsx";
import { GalleryPicture } from "#app/components/gallery.tsx";
import { PageTitle, TextBlock, useSiteSettings, useTextLanguage } from "#app/components/page.tsx";
import { InLanguage } from "#app/components/in-language.tsx";
import { ExampleMark } from "#app/components/example-mark.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";
import { displayUrl } from "#app/lib/media.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return homeOverview(services(context).db, audienceOf(context), (await treeViewer(context)).viewer);
}

// The four sections the spec's cards lead to; their texts are the family's.
const TEASERS = [
  { to: "/istorija", title: "home.card.history", text: "cardHistory", icon: "M4 4h12v14H4z M7 8h6 M7 11h6 M7 14h4" },
  { to: "/medis", title: "home.card.tree", text: "cardTree", icon: "M10 3v14 M10 8 5 5 M10 8l5-3 M10 12l-5-3 M10 12l5-3" },
  { to: "/galerija", title: "home.card.gallery", text: "cardGallery", icon: "M3 5h14v10H3z M6 12l3-3 2 2 2-2 2 3" },
  { to: "/sveciai", title: "home.card.guestbook", text: "cardGuestbook", icon: "M4 4h12v9H8l-4 3z" },
] as const satisfies readonly { to: string; title: MessageId; text: string; icon: string }[];

export default function Home({ loaderData: { texts, lithuanian, hero, latestPhotos, counts, entries, onThisDay } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const t = useT();
  const lang = useTextLanguage(lithuanian);
  return (
    <>
      <PageTitle>{t("home.title")}</PageTitle>
      <ShareMeta title={familyName} description={texts.homeIntro} image={hero?.image ? displayUrl(hero.image) : null} />
      <section
        className={`mb-12 overflow-hidden rounded-2xl border border-line bg-accent-soft/60 ${hero?.image ? "grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" : ""}`}
      >
        <div className="px-6 py-10 sm:px-10 lg:py-14">
          <h1 className="text-4xl font-bold sm:text-5xl">
            <InLanguage lang={lang("homeHeading")}>{texts.homeHeading}</InLanguage>
          </h1>
          <TextBlock text={texts.homeIntro} lang={lang("homeIntro")} className="mt-4 max-w-2xl text-lg text-ink-soft" />
        </div>
        {hero?.image ? (
          <figure className="order-first aspect-[4/3] bg-line lg:order-none lg:aspect-auto">
            <img
              src={displayUrl(hero.image)}
              width={hero.image.width}
              height={hero.image.height}
              alt={hero.title}
              className="h-full w-full object-cover"
              fetchPriority="high"
            />
            <figcaption className="sr-only">{hero.title}</figcaption>
          </figure>
        ) : null}
      </section>

      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TEASERS.map((teaser) => (
          <li key={teaser.to}>
            <Link
              to={teaser.to}
              className="card group flex h-full flex-col p-6 no-underline transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="mb-4 h-10 w-10 text-accent"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={teaser.icon} />
              </svg>
              <h2 className="text-xl font-semibold text-ink group-hover:text-accent">{t(teaser.title)}</h2>
              <p className="mt-2 flex-1 text-ink-soft">
                <InLanguage lang={lang(teaser.text)}>{texts[teaser.text]}</InLanguage>
              </p>
              <span className="mt-4 text-sm font-medium text-accent">{t("home.card.more")}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="skaiciai" className="mt-12">
        <h2 id="skaiciai" className="sr-only">
          {t("home.counts.heading")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {[
            { to: "/medis", value: t("home.counts.people", { count: counts.people }), label: t("home.counts.inTree") },
            { to: "/galerija", value: t("home.counts.photos", { count: counts.photos }), label: t("home.counts.inGallery") },
            { to: "/dokumentai", value: t("home.counts.documents", { count: counts.documents }), label: t("home.counts.inArchive") },
          ].map((stat) => (
            <li key={stat.to}>
              <Link to={stat.to} className="block rounded-xl border border-line bg-paper px-5 py-4 no-underline hover:border-accent">
                <span className="block font-serif text-2xl font-semibold text-ink">{stat.value}</span>
                <span className="text-ink-soft">{stat.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {onThisDay.items.length ? (
        <section aria-labelledby="sia-diena" className="mt-12">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="sia-diena" className="text-2xl font-semibold">
              {t("home.onThisDay")}
            </h2>
            <Link to="/medis/sia-diena">
              {onThisDay.total > onThisDay.items.length ? t("home.onThisDay.all", { count: onThisDay.total }) : t("home.onThisDay.more")}
            </Link>
          </div>
          <div className="card p-5">
            <AnniversaryList items={onThisDay.items} />
          </div>
        </section>
      ) : null}

      {latestPhotos.length ? (
        <section aria-labelledby="naujausios" className="mt-12">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="naujausios" className="text-2xl font-semibold">
              {t("home.latestPhotos")}
            </h2>
            <Link to="/galerija">{t("home.latestPhotos.all")}</Link>
          </div>
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {latestPhotos.map((photo) => (
              <li key={photo.id}>
                <Link to="/galerija" className="group block no-underline">
                  <div className="aspect-[4/3] overflow-hidden rounded-lg border border-line bg-accent-soft">
                    {/* The title under the picture names the link; the picture adds nothing to it. */}
                    <GalleryPicture image={photo.image!} alt="" sizes="(min-width: 1024px) 280px, 50vw" />
                  </div>
                  <span className="mt-2 block text-sm font-medium text-ink group-hover:text-accent">{photo.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {entries.length ? (
        <section aria-labelledby="svecius" className="mt-12">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="svecius" className="text-2xl font-semibold">
              {t("home.guestbook")}
            </h2>
            <Link to="/sveciai">{t("home.guestbook.all")}</Link>
          </div>
          <ul className="grid gap-4 lg:grid-cols-3">
            {entries.map((entry) => (
              <li key={entry.id} className="card p-5">
                <blockquote>
                  <p className="line-clamp-4 whitespace-pre-line break-words">
                    {/* A guest's words, in the site's language as far as it knows. */}
                    <InLanguage lang="lt">{entry.message}</InLanguage>
                  </p>
                  <footer className="mt-3 text-sm text-ink-soft">
                    {entry.name}, <time dateTime={entry.createdAt}>{t.date(entry.createdAt)}</time>
                    {entry.example ? " " : null}
                    <ExampleMark example={entry.example} />
                  </footer>
                </blockquote>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
