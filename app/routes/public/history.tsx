import type { Route } from "./+types/history";
import { audienceOf } from "../../.server/audience.ts";
import { services } from "../../.server/context.ts";
import { galleryPhotos } from "../../.server/gallery.ts";
import { getHistory } from "../../.server/history.ts";
import { GalleryPicture } from "../../components/gallery.tsx";
import { HistoryArticle } from "../../components/history-article.tsx";
import { PageTitle } from "../../components/page.tsx";
import { ShareMeta } from "../../components/share-meta.tsx";
import { displayUrl } from "../../lib/media.ts";

/** Photos from the gallery shown beside the history on a wide screen. */
const BESIDE = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const audience = audienceOf(context);
  // (Whether a period is for the family only is not sent: a visitor has it left out, and that is all.)
  const { id, createdAt, author, periodMembersOnly, ...content } = await getHistory(db, audience);
  const photos = await galleryPhotos(db, audience, { limit: BESIDE });
  return { content, photos };
}

export default function HistoryPage({ loaderData: { content, photos } }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Istorija</PageTitle>
      <ShareMeta
        title={content.title}
        type="article"
        description={content.intro || content.paragraph1}
        image={photos[0]?.image ? displayUrl(photos[0].image) : null}
      />
      <div className={photos.length ? "grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]" : ""}>
        <HistoryArticle content={content} />
        {photos.length ? (
          <aside aria-label="Nuotraukos iš galerijos" className="grid h-fit grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-1">
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
    </>
  );
}
