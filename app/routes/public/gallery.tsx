import type { Route } from "./+types/gallery";
import { audienceOf } from "../../.server/audience.ts";
import { services } from "../../.server/context.ts";
import { listGalleryItems } from "../../.server/gallery.ts";
import { getSiteSettings } from "../../.server/settings.ts";
import { GalleryGrid } from "../../components/gallery.tsx";
import { PageHeading, PageTitle, useSiteSettings } from "../../components/page.tsx";
import { ShareMeta } from "../../components/share-meta.tsx";
import { displayUrl } from "../../lib/media.ts";
import { plural } from "../../lib/lithuanian.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  const [items, { galleryLead }] = await Promise.all([listGalleryItems(db, audienceOf(context)), getSiteSettings(db)]);
  return { items, galleryLead };
}

export default function GalleryPage({ loaderData: { items, galleryLead } }: Route.ComponentProps) {
  const { familyName } = useSiteSettings();
  const first = items.find((item) => item.image);
  return (
    <>
      <PageTitle>Galerija</PageTitle>
      <ShareMeta
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
          [galleryLead, items.length > 0 ? `Galerijoje – ${plural(items.length, ["nuotrauka", "nuotraukos", "nuotraukų"])}.` : ""]
            .filter(Boolean)
            .join(" ") || undefined
        }
      />
      {items.length === 0 ? <p className="card p-6 text-ink-soft">Galerijoje kol kas nėra nuotraukų.</p> : <GalleryGrid items={items} />}
    </>
  );
}
