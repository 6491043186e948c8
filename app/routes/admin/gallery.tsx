import type { Route } from "./+types/gallery";
import { services } from "../../.server/context.ts";
import { listGalleryItems } from "../../.server/gallery.ts";
import { GalleryCard } from "../../components/gallery-card.tsx";
import { PageTitle } from "../../components/page.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await listGalleryItems(services(context).db) };
}

export default function GalleryEditor({ loaderData: { items } }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Galerijos redaktorius</PageTitle>
      <h1 className="mb-6 text-3xl font-bold">Galerijos redaktorius</h1>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <GalleryCard item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}
