import { useEffect, useRef, useState } from "react";
import { useT } from "#app/i18n/react.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { gridSrcSet, gridUrl, type ImageRef } from "#app/lib/media.ts";

// A gallery photo as every page shows it (a card's picture, with a
// placeholder when it fails). The gallery's own grid and lightbox are in
// gallery-grid.tsx.

export interface GalleryCardItem {
  id: number;
  title: string;
  description: string;
  image: ImageRef | null;
  /** Marked "tik giminei" (only members and above are ever sent such an item). */
  membersOnly?: boolean;
  /** The language its title and description are in, when not the page's (no English written). */
  lang?: Locale;
}

/** The box shown instead of a photo: for an item without one, or when its file fails to load. */
export function ImagePlaceholder({ label }: { label?: string }) {
  const t = useT();
  return (
    <div data-placeholder className="flex h-full w-full flex-col items-center justify-center gap-2 bg-accent-soft text-ink-soft">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-12 w-12 opacity-60" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-8 7" />
      </svg>
      <span className="text-sm">{label ?? t("gallery.placeholder")}</span>
    </div>
  );
}

/**
 * A grid image in the size that fits the card (WebP, JPEG for browsers without
 * it), with its proportions known before it loads, falling back to the
 * placeholder when its file cannot be loaded.
 */
export function GalleryPicture({ image, alt, eager = false, sizes }: { image: ImageRef; alt: string; eager?: boolean; sizes: string }) {
  const [broken, setBroken] = useState(false);
  const t = useT();
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before the page's script ran never fires onError in React.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return <ImagePlaceholder label={t("gallery.broken")} />;
  return (
    <picture>
      <source type="image/webp" srcSet={gridSrcSet(image, "webp")} sizes={sizes} />
      <img
        ref={img}
        src={gridUrl(image, 400, "jpg")}
        srcSet={gridSrcSet(image, "jpg")}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="h-full w-full object-cover"
        onError={() => setBroken(true)}
      />
    </picture>
  );
}
