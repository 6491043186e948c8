import type { Route } from "./+types/gallery";
import { audienceOf } from "../../.server/audience.ts";
import { services } from "../../.server/context.ts";
import { galleryPage } from "../../.server/gallery.ts";
import { getSiteSettings } from "../../.server/settings.ts";
import { GalleryGrid } from "../../components/gallery.tsx";
import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";
import { Pager } from "../../components/pager.tsx";
import { ShareMeta } from "../../components/share-meta.tsx";
import { displayUrl } from "../../lib/media.ts";
import { plural } from "../../lib/lithuanian.ts";
import { assertPageExists, pageTitle, requestedPage } from "../../lib/paging.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = requestedPage(request);
  const { db } = services(context);
  const [{ items, total, pages }, { galleryLead }] = await Promise.all([galleryPage(db, audienceOf(context), page), getSiteSettings(db)]);
  assertPageExists({ page, pages });
  return { items, total, page, pages, galleryLead };
}

export default function GalleryPage({ loaderData: { items, total, page, pages, galleryLead } }: Route.ComponentProps) {
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
      {/* The lightbox moves through this page's photos; the pager below leads to the others. */}
      {items.length === 0 ? (
        <p className="card p-6 text-ink-soft">Galerijoje kol kas nėra nuotraukų.</p>
      ) : (
        <GalleryGrid key={page} items={items} />
      )}
      <Pager page={page} pages={pages} label="Galerijos puslapiai" />
    </>
  );
}
