import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { PhotoRegion } from "./photo-region.tsx";
import { displayUrl, gridUrl, type ImageRef, type ZoomLevel } from "#app/lib/media.ts";
import type { PhotoBox } from "#app/lib/photo-people.ts";

// Deep zoom on a photo's page (issue 18): the visitor zooms with two fingers,
// the wheel, the keyboard or the buttons, and drags to look around. The
// picture's box never changes size (CSS fits it from the display image's
// proportions); inside it the image is scaled and moved with a transform, and
// once it is shown larger than the file in use, the next larger rendition the
// server derived is fetched and swapped in when decoded. The original file is
// never asked for. Without JavaScript the srcset offers every rendition and a
// link opens the largest.

const STEP = 1.5;

interface View {
  scale: number;
  x: number;
  y: number;
}

const FITTED: View = { scale: 1, x: 0, y: 0 };

/** Keeps the scaled picture covering its box: no empty edge dragged into view. */
function clamp(view: View, width: number, height: number, maxScale: number): View {
  const scale = Math.min(maxScale, Math.max(1, view.scale));
  return {
    scale,
    x: Math.min(0, Math.max(width * (1 - scale), view.x)),
    y: Math.min(0, Math.max(height * (1 - scale), view.y)),
  };
}

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
  const picture = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const [view, setView] = useState<View>(FITTED);
  // The rendition swapped in once zoomed; null while the page's own srcset serves.
  const [source, setSource] = useState<ZoomLevel | null>(null);
  const [interactive, setInteractive] = useState(false);
  const hint = useId();
  const largest = zoom.at(-1);
  const fullWidth = largest?.width ?? image.width;

  useEffect(() => setInteractive(true), []);

  /** The box's size now, and how far in one may zoom: to the largest rendition's own pixels, at least twice. */
  function measure() {
    const rect = box.current!.getBoundingClientRect();
    return { rect, maxScale: Math.max(2, fullWidth / Math.max(1, rect.width)) };
  }

  /** Zooms by `factor` keeping the point (px, py) of the box, in CSS pixels from its corner, where it is. */
  function zoomAt(factor: number, px?: number, py?: number) {
    const { rect, maxScale } = measure();
    const x = px ?? rect.width / 2;
    const y = py ?? rect.height / 2;
    setView((v) => {
      const scale = Math.min(maxScale, Math.max(1, v.scale * factor));
      const ratio = scale / v.scale;
      return clamp({ scale, x: x - (x - v.x) * ratio, y: y - (y - v.y) * ratio }, rect.width, rect.height, maxScale);
    });
  }

  function panBy(dx: number, dy: number) {
    const { rect, maxScale } = measure();
    setView((v) => clamp({ scale: v.scale, x: v.x + dx, y: v.y + dy }, rect.width, rect.height, maxScale));
  }

  // The wheel zooms where the pointer is; the listener is not passive, so the page does not scroll meanwhile.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const delta = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? rect.height : 1);
      zoomAt(Math.exp(-delta * 0.002), event.clientX - rect.left, event.clientY - rect.top);
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  });

  // A window that changes size starts again from the fitted picture.
  useEffect(() => {
    const reset = () => setView(FITTED);
    window.addEventListener("resize", reset);
    return () => window.removeEventListener("resize", reset);
  }, []);

  // Sharper pixels when the picture is shown larger than the file in use: the
  // smallest rendition that covers it, fetched and decoded before it is swapped in.
  useEffect(() => {
    const img = picture.current;
    if (!img || view.scale === 1 || zoom.length === 0) return;
    const needed = box.current!.getBoundingClientRect().width * view.scale * window.devicePixelRatio;
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
  }, [view.scale, zoom, largest, source]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (view.scale > 1 || pointers.current.size > 1) event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const was = pointers.current.get(event.pointerId);
    if (!was) return;
    const before = [...pointers.current.values()];
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const after = [...pointers.current.values()];
    if (after.length === 1) {
      if (view.scale > 1) panBy(event.clientX - was.x, event.clientY - was.y);
      return;
    }
    // Two fingers: zoom by how much farther apart they are, around the point between them, which also pans.
    const [a0, b0] = before;
    const [a1, b1] = after;
    const apart0 = Math.hypot(a0.x - b0.x, a0.y - b0.y);
    const apart1 = Math.hypot(a1.x - b1.x, a1.y - b1.y);
    if (apart0 < 1) return;
    const rect = box.current!.getBoundingClientRect();
    const mid = { x: (a1.x + b1.x) / 2 - rect.left, y: (a1.y + b1.y) / 2 - rect.top };
    const midBefore = { x: (a0.x + b0.x) / 2 - rect.left, y: (a0.y + b0.y) / 2 - rect.top };
    panBy(mid.x - midBefore.x, mid.y - midBefore.y);
    zoomAt(apart1 / apart0, mid.x, mid.y);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const { rect } = measure();
    const step = Math.round(rect.width / 10);
    const actions: Record<string, () => void> = {
      "+": () => zoomAt(STEP),
      "=": () => zoomAt(STEP),
      "-": () => zoomAt(1 / STEP),
      "0": () => setView(FITTED),
      ArrowLeft: () => panBy(step, 0),
      ArrowRight: () => panBy(-step, 0),
      ArrowUp: () => panBy(0, step),
      ArrowDown: () => panBy(0, -step),
    };
    const action = actions[event.key];
    // Arrows scroll the page as usual while the picture is not zoomed.
    if (!action || (event.key.startsWith("Arrow") && view.scale === 1)) return;
    event.preventDefault();
    action();
  }

  const { maxScale } = interactive && box.current ? measure() : { maxScale: 2 };
  const srcSet = [
    `${gridUrl(image, 400, "jpg")} 400w`,
    `${gridUrl(image, 800, "jpg")} 800w`,
    `${displayUrl(image)} ${image.width}w`,
    ...zoom.map((level) => `${level.url} ${level.width}w`),
  ].join(", ");
  return (
    <div>
      <div
        ref={box}
        tabIndex={interactive ? 0 : undefined}
        role={interactive ? "group" : undefined}
        aria-label={interactive ? `${alt}: priartinama nuotrauka` : undefined}
        aria-describedby={interactive ? hint : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          zoomAt(STEP * STEP, event.clientX - rect.left, event.clientY - rect.top);
        }}
        onKeyDown={onKeyDown}
        className={interactive ? "relative mx-auto overflow-hidden select-none" : "relative mx-auto w-fit overflow-hidden"}
        // Set only once hydrated, through the DOM: the content security policy
        // refuses style attributes in the page's HTML.
        style={
          interactive
            ? {
                // The box from the display image's proportions alone, whichever file fills it.
                width: `min(100%, ${image.width}px, calc(80vh * ${(image.width / image.height).toFixed(5)}))`,
                // One finger scrolls the page while the picture is fitted; zoomed, it drags the picture.
                touchAction: view.scale > 1 ? "none" : "pan-y",
                cursor: view.scale > 1 ? "grab" : "zoom-in",
              }
            : undefined
        }
      >
        {/* The picture and the rectangles on it move and scale together. */}
        <div
          data-testid="zoomed"
          style={
            view.scale === 1
              ? undefined
              : { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: "0 0", willChange: "transform" }
          }
          className="relative"
        >
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
              onClick={() => zoomAt(STEP)}
              disabled={view.scale >= maxScale - 0.001}
            >
              <span aria-hidden="true">+ </span>Priartinti
            </button>
            <button type="button" className="btn-secondary px-3 py-1" onClick={() => zoomAt(1 / STEP)} disabled={view.scale === 1}>
              <span aria-hidden="true">− </span>Atitolinti
            </button>
            <button type="button" className="btn-secondary px-3 py-1" onClick={() => setView(FITTED)} disabled={view.scale === 1}>
              Visa nuotrauka
            </button>
            <span role="status" className="tabular-nums">
              {Math.round(view.scale * 100)} %
            </span>
            <span id={hint} className="sr-only">
              Priartinkite dviem pirštais, pelės ratuku, mygtukais arba klavišais + ir −; rodyklėmis ar pele pastumkite vaizdą, 0 – visa
              nuotrauka.
            </span>
          </>
        ) : null}
        {largest ? (
          <a href={largest.url} className="text-white underline">
            Didžiausia raiška ({largest.width} × {largest.height} taškų)
          </a>
        ) : null}
      </div>
    </div>
  );
}
