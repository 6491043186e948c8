import type { Route } from "./+types/gallery";
import { services } from "../../.server/context.ts";
import { listGalleryItems } from "../../.server/gallery.ts";
import { GalleryCard } from "../../components/gallery-card.tsx";
import { PageHeading, PageTitle } from "../../components/page.tsx";
import { plural } from "../../lib/lithuanian.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await listGalleryItems(services(context).db) };
}

export default function GalleryPage({ loaderData: { items } }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Galerija</PageTitle>
      <PageHeading
        title="Nuotraukų galerija"
        lead={items.length > 0 ? `Senosios šeimos nuotraukos. Galerijoje – ${plural(items.length, ["nuotrauka", "nuotraukos", "nuotraukų"])}.` : undefined}
      />
      {items.length === 0 ? (
        <p className="card p-6 text-ink-soft">Galerijoje kol kas nėra nuotraukų.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <GalleryCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
