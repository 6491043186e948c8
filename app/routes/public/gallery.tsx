import { Link } from "react-router";
import type { Route } from "./+types/gallery";
import { audienceOf } from "../../.server/audience.ts";
import { services } from "../../.server/context.ts";
import { galleryPage } from "../../.server/gallery.ts";
import { galleryMemories } from "../../.server/memories.ts";
import { getSiteSettings } from "../../.server/settings.ts";
import { GalleryGrid } from "../../components/gallery.tsx";
import { Memories } from "../../components/memories.tsx";
import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";
import { Pager } from "../../components/pager.tsx";
import { ShareMeta } from "../../components/share-meta.tsx";
import { displayUrl } from "../../lib/media.ts";
import { plural } from "../../lib/lithuanian.ts";
import { assertPageExists, pageTitle, requestedPage } from "../../lib/paging.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const { db } = services(context);
  const audience = audienceOf(context);
  const [{ items, total, pages }, { galleryLead }] = await Promise.all([galleryPage(db, audience, page), getSiteSettings(db)]);
  assertPageExists({ page, pages });
  // The approved memories of this page's photos (of those the audience may see).
  const memories = await galleryMemories(
    db,
    items.map((item) => item.id),
  );
  return { items, total, page, pages, galleryLead, memories, canPropose: audience.members };
}

export default function GalleryPage({
  loaderData: { items, total, page, pages, galleryLead, memories, canPropose },
}: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const first = items.find((item) => item.image);
  return (
    <>
      <PageTitle>{pageTitle("Galerija", page)}</PageTitle>
      <ShareMeta
        page={page}
        title={`Nuotraukų galerija – ${familyName}`}
        description={[
          galleryLead,
          items.length
            ? `${items
                .slice(0, 6)
                .map((item) => item.title)
                .join(", ")}.`
            : "",
        ]
          .filter(Boolean)
          .join(" ")}
        image={first?.image ? displayUrl(first.image) : null}
      />
      <PageHeading
        title="Nuotraukų galerija"
        lead={
          [galleryLead, total > 0 ? `Galerijoje – ${plural(total, ["nuotrauka", "nuotraukos", "nuotraukų"])}.` : ""]
            .filter(Boolean)
            .join(" ") || undefined
        }
      />
      {canPropose ? (
        <p className="mb-6">
          <Link to="/paskyra/pasiulymai/nuotrauka" className="btn-secondary">
            Įkelti nuotrauką
          </Link>
        </p>
      ) : null}
      {/* The lightbox moves through this page's photos; the pager below leads to the others. */}
      {items.length === 0 ? (
        <p className="card p-6 text-ink-soft">Galerijoje kol kas nėra nuotraukų.</p>
      ) : (
        <GalleryGrid
          key={page}
          items={items}
          footer={(item) => (
            <>
              {memories[item.id]?.length ? (
                <details className="mt-3">
                  <summary className="cursor-pointer font-medium">Prisiminimai ({memories[item.id].length})</summary>
                  <div className="mt-3">
                    <Memories memories={memories[item.id]} about={item.title} />
                  </div>
                </details>
              ) : null}
              {canPropose ? (
                <p className="mt-3 text-sm">
                  <Link to={`/paskyra/pasiulymai/prisiminimas?nuotrauka=${item.id}`} aria-label={`Pridėti prisiminimą: ${item.title}`}>
                    Pridėti prisiminimą
                  </Link>
                </p>
              ) : null}
            </>
          )}
        />
      )}
      <Pager page={page} pages={pages} label="Galerijos puslapiai" />
    </>
  );
}
