import type { Route } from "./+types/gallery";
import { services } from "../../.server/context.ts";
import { listGalleryItems } from "../../.server/gallery.ts";
import { GalleryGrid } from "../../components/gallery.tsx";
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
        lead={
          items.length > 0
            ? `Senosios šeimos nuotraukos. Galerijoje – ${plural(items.length, ["nuotrauka", "nuotraukos", "nuotraukų"])}.`
            : undefined
        }
      />
      {items.length === 0 ? <p className="card p-6 text-ink-soft">Galerijoje kol kas nėra nuotraukų.</p> : <GalleryGrid items={items} />}
    </>
  );
}
