import { useEffect, useId, useRef, useState } from "react";
import { useT } from "#app/i18n/react.tsx";
import { useHydrated } from "./use-hydrated.ts";
import { PhotoRegion } from "./photo-region.tsx";
import { displayUrl, gridUrl, type ImageRef, type ZoomLevel } from "#app/lib/media.ts";
import type { PhotoBox } from "#app/lib/photo-people.ts";
import type { PhotoZoomControls, PhotoZoomView } from "#app/lib/photo-zoom.ts";

// Deep zoom on a photo's page (issue 18): the visitor zooms with two fingers,
// the wheel, the keyboard or the buttons, and drags to look around. The
// picture's box never changes size (CSS fits it from the display image's
// proportions); inside it Panzoom (lib/photo-zoom.ts, loaded only after the
// page runs) scales and moves the image, and once it is shown larger than the
// file in use, the next larger rendition the server derived is fetched and
// swapped in when decoded. The original file is never asked for. Without
// JavaScript the srcset offers every rendition and a link opens the largest.

/** A gallery photo on its own page, zoomable once the page runs, with its buttons and a link to its largest rendition. */
export function ZoomablePhoto({
  image,
  zoom,
  alt,
  region = null,
}: {
  image: ImageRef;
  zoom: ZoomLevel[];
  alt: string;
  /** A person's rectangle to show on the photo (a name in the list has the pointer or the focus). */
  region?: { box: PhotoBox; label: string } | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const controls = useRef<PhotoZoomControls | null>(null);
  // How far it is zoomed and may be, as Panzoom reports it; null until it has loaded.
  const [view, setView] = useState<PhotoZoomView | null>(null);
  // The rendition swapped in once zoomed; null while the page's own srcset serves.
  const [source, setSource] = useState<ZoomLevel | null>(null);
  const interactive = useHydrated();
  const t = useT();
  const hint = useId();
  const largest = zoom.at(-1);
  const fullWidth = largest?.width ?? image.width;
  const scale = view?.scale ?? 1;

  // Panzoom and its listeners arrive once the box has its hydrated size.
  useEffect(() => {
    if (!interactive) return;
    let cancelled = false;
    void import("#app/lib/photo-zoom.ts").then(
      ({ attachPhotoZoom }) => {
        if (cancelled || !box.current || !stage.current) return;
        controls.current = attachPhotoZoom(box.current, stage.current, fullWidth, setView);
      },
      () => {
        // Not loaded (offline): the photo stays fitted, and the link to the largest rendition still serves.
      },
    );
    return () => {
      cancelled = true;
      controls.current?.destroy();
      controls.current = null;
    };
  }, [interactive, fullWidth]);

  // Sharper pixels when the picture is shown larger than the file in use: the
  // smallest rendition that covers it, fetched and decoded before it is swapped in.
  useEffect(() => {
    const img = picture.current;
    if (!img || !box.current || scale <= 1 || zoom.length === 0) return;
    const needed = box.current.getBoundingClientRect().width * scale * window.devicePixelRatio;
    const wanted = zoom.find((level) => level.width >= needed) ?? largest!;
    if (wanted.width <= (source?.width ?? img.naturalWidth)) return;
    let current = true;
    const loader = new Image();
    loader.src = wanted.url;
    loader
      .decode()
      .then(() => {
        if (current) setSource((was) => (was && was.width >= wanted.width ? was : wanted));
      })
      .catch(() => {
        // Not fetched (offline, removed meanwhile): the picture in use stays.
      });
    return () => {
      current = false;
    };
  }, [scale, zoom, largest, source]);

  const srcSet = [
    `${gridUrl(image, 400, "jpg")} 400w`,
    `${gridUrl(image, 800, "jpg")} 800w`,
    `${displayUrl(image)} ${image.width}w`,
    ...zoom.map((level) => `${level.url} ${level.width}w`),
  ].join(", ");
  // Zoomed at all: a pinch seldom lands on 1 exactly.
  const zoomed = scale > 1.001;
  return (
    <div>
      <div
        ref={box}
        tabIndex={interactive ? 0 : undefined}
        role={interactive ? "group" : undefined}
        aria-label={interactive ? t("common.zoom.photo", { title: alt }) : undefined}
        aria-describedby={interactive ? hint : undefined}
        className={interactive ? "relative mx-auto overflow-hidden select-none" : "relative mx-auto w-fit overflow-hidden"}
        // Set only once hydrated, through the DOM: the content security policy
        // refuses style attributes in the page's HTML. Panzoom sets the
        // pointer's look and what a finger does (scroll the page or drag).
        style={
          interactive
            ? // The box from the display image's proportions alone, whichever file fills it.
              { width: `min(100%, ${image.width}px, calc(80vh * ${(image.width / image.height).toFixed(5)}))` }
            : undefined
        }
      >
        {/* The picture and the rectangles on it move and scale together; Panzoom writes the transform. */}
        <div ref={stage} data-testid="zoomed" className="relative">
          <img
            ref={picture}
            src={source?.url ?? displayUrl(image)}
            srcSet={source ? undefined : srcSet}
            sizes={source ? undefined : "(min-width: 1024px) 960px, 100vw"}
            width={image.width}
            height={image.height}
            alt={alt}
            fetchPriority="high"
            draggable={false}
            className={interactive ? "block h-auto w-full" : "block h-auto max-h-[80vh] w-auto max-w-full"}
          />
          {interactive && region ? <PhotoRegion box={region.box} label={region.label} strong /> : null}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-white">
        {interactive ? (
          <>
            <button
              type="button"
              className="btn-secondary px-3 py-1"
              onClick={() => controls.current?.zoom(1)}
              disabled={!view || view.scale >= view.maxScale - 0.001}
            >
              <span aria-hidden="true">+ </span>
              {t("common.zoom.in")}
            </button>
            <button type="button" className="btn-secondary px-3 py-1" onClick={() => controls.current?.zoom(-1)} disabled={!zoomed}>
              <span aria-hidden="true">− </span>
              {t("common.zoom.out")}
            </button>
            <button type="button" className="btn-secondary px-3 py-1" onClick={() => controls.current?.reset()} disabled={!zoomed}>
              {t("common.zoom.whole")}
            </button>
            <span role="status" className="tabular-nums">
              {t("common.zoom.percent", { percent: Math.round(scale * 100) })}
            </span>
            <span id={hint} className="sr-only">
              {t("common.zoom.hintPhoto")}
            </span>
          </>
        ) : null}
        {largest ? (
          <a href={largest.url} className="tap text-white underline">
            {t("common.zoom.largest", { width: largest.width, height: largest.height })}
          </a>
        ) : null}
      </div>
    </div>
  );
}
