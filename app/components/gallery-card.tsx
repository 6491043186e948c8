import { useEffect, useRef, useState } from "react";

export interface GalleryCardItem {
  id: number;
  title: string;
  description: string;
  image: string | null;
}

/** The box shown instead of a photo: for an item without one, or when its file fails to load. */
export function ImagePlaceholder({ label = "Nuotrauka dar neįkelta" }: { label?: string }) {
  return (
    <div data-placeholder className="flex h-full w-full flex-col items-center justify-center gap-2 bg-accent-soft text-ink-soft">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 opacity-60" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-8 7" />
      </svg>
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** A photo that falls back to the placeholder when its file cannot be loaded. */
function Photo({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before the page's script ran never fires onError in React.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return <ImagePlaceholder label="Nuotraukos nepavyko įkelti" />;
  return <img ref={img} src={src} alt={alt} loading="lazy" className="h-full w-full object-cover" onError={() => setBroken(true)} />;
}

export function GalleryCard({ item }: { item: GalleryCardItem }) {
  return (
    <figure className="card overflow-hidden">
      <div className="aspect-[4/3] w-full overflow-hidden bg-accent-soft">
        {item.image ? <Photo src={item.image} alt={item.title} /> : <ImagePlaceholder />}
      </div>
      <figcaption className="p-4">
        <h2 className="text-lg font-semibold break-words">{item.title}</h2>
        <p className="mt-1 text-ink-soft break-words">{item.description}</p>
      </figcaption>
    </figure>
  );
}
