import type { Route } from "./+types/history";
import { audienceOf } from "#app/.server/accounts/audience.ts";
import { requestLocale, services } from "#app/.server/platform/context.ts";
import { galleryPhotos } from "#app/.server/gallery/gallery.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { getHistory, historyIn } from "#app/.server/site-texts/history-text.ts";
import { storiesPage, wholeHistory } from "#app/.server/stories/stories.ts";
import { GalleryPicture } from "#app/components/gallery.tsx";
import { HistoryArticle } from "#app/components/history-article.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { PrintButton } from "#app/components/print-button.tsx";
import { ShareMeta } from "#app/components/share-meta.tsx";
import { StoryArticle, StoryCard } from "#app/components/stories.tsx";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { displayUrl } from "#app/lib/media.ts";
import { assertPageExists, requestedPage } from "#app/lib/paging.ts";
import { STORY_LIMITS } from "#app/lib/stories.ts";

/** Photos from the gallery shown beside the history on a wide screen. */
const BESIDE = 3;
/** ?visa=taip: the opening and every story in full, one after another (to print the whole history). */
const WHOLE = "visa";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const audience = audienceOf(context);
  const params = new URL(request.url).searchParams;
  const search = (params.get("paieska") ?? "").trim().slice(0, STORY_LIMITS.title);
  const whole = params.get(WHOLE) === "taip";
  const page = requestedPage(request);
  // (Whether a period is for the family only is not sent: a visitor has it left out, and that is all.)
  // The text in the page's language, where the family wrote it (the rest in Lithuanian, marked).
  const { content, lithuanian } = historyIn(await getHistory(db, audience), requestLocale(context));
  if (whole) {
    const { treeId, viewer } = await treeViewer(context);
    return { content, lithuanian, photos: [], whole: await wholeHistory(db, treeId, viewer), stories: null, search: "" };
  }
  const [photos, stories] = await Promise.all([
    galleryPhotos(db, audience, { limit: BESIDE }),
    storiesPage(db, audience, { search, page }),
  ]);
  assertPageExists(stories);
  return { content, lithuanian, photos, whole: null, stories, search };
}

export default function HistoryPage({ loaderData: { content, lithuanian, photos, whole, stories, search } }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageTitle page={stories?.page ?? 1}>{t(whole ? "history.whole.title" : "history.title")}</PageTitle>
      <ShareMeta
        title={content.title}
        type="article"
        page={stories?.page}
        description={content.intro || content.paragraph1}
        image={photos[0]?.image ? displayUrl(photos[0].image) : null}
      />
      {whole ? (
        <p className="no-print mb-6 flex flex-wrap items-center gap-4 text-sm">
          <Link to="/istorija">{t("history.back")}</Link>
          <PrintButton />
        </p>
      ) : null}
      <div className={photos.length ? "grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]" : ""}>
        <div>
          <HistoryArticle content={content} lithuanian={lithuanian} />
          {!whole && !stories?.total && ![content.intro, content.paragraph1, content.periodText, content.periodText2].some(Boolean) ? (
            <p className="text-ink-soft">{t("history.empty")}</p>
          ) : null}
        </div>
        {photos.length ? (
          <aside
            aria-label={t("history.photosBeside")}
            className="no-print grid h-fit grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-1"
          >
            {photos.map((photo) => (
              <figure key={photo.id}>
                <div className="aspect-[4/3] overflow-hidden rounded-lg border border-line">
                  <GalleryPicture
                    image={photo.image!}
                    alt={photo.title}
                    sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 100vw"
                  />
                </div>
                <figcaption className="mt-2 text-sm text-ink-soft">{photo.title}</figcaption>
              </figure>
            ))}
          </aside>
        ) : null}
      </div>
      {whole ? (
        whole.map((story) => (
          <div key={story.slug} className="story-break mt-16">
            <StoryArticle story={story} headingLevel={2} />
          </div>
        ))
      ) : stories && (stories.total > 0 || search) ? (
        <Stories stories={stories} search={search} />
      ) : null}
    </>
  );
}

function Stories({ stories, search }: { stories: NonNullable<Route.ComponentProps["loaderData"]["stories"]>; search: string }) {
  const t = useT();
  return (
    <section aria-labelledby="pasakojimai" className="no-print mt-14 max-w-4xl">
      <h2 id="pasakojimai" className="text-2xl font-semibold">
        {t("history.stories")}
      </h2>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="paieska" className="field-label">
            {t("history.search.label")}
          </label>
          <input id="paieska" name="paieska" type="search" defaultValue={search} maxLength={STORY_LIMITS.title} className="field-input" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("common.search")}
        </button>
      </Form>
      {search ? (
        <p className="mt-3 text-sm" role="status">
          {stories.total ? t("history.search.found", { search, count: stories.total }) : t("history.search.none", { search })}{" "}
          <Link to="/istorija">{t("common.showAll")}</Link>
        </p>
      ) : null}
      {stories.items.length ? (
        <ul className="mt-6 space-y-4">
          {stories.items.map((story, i) => (
            <StoryCard key={story.slug} story={story} eager={i === 0} />
          ))}
        </ul>
      ) : null}
      <Pager page={stories.page} pages={stories.pages} label={t("history.stories.pages")} />
      {!search ? (
        <p className="mt-6 text-sm">
          <Link to={`/istorija?${WHOLE}=taip`}>{t("history.whole.link")}</Link>
        </p>
      ) : null}
    </section>
  );
}
