import { useEffect, useRef, type ReactNode } from "react";
import type { PanzoomObject } from "@panzoom/panzoom";
import { IconButton } from "./icon-button.tsx";
import { useHydrated } from "./use-hydrated.ts";

const KEY_STEP = 60;
const ZOOM_STEP = 0.25;

/**
 * A window onto a drawing larger than the screen: the drawing's point (0, 0)
 * stands in the window's middle, so the server's HTML already shows the chosen
 * person centred, at any width, before any script runs. With JavaScript,
 * Panzoom (a maintained library, loaded only here) moves it: one finger or the
 * mouse drags, two fingers pinch, Ctrl (or a touchpad pinch) with the wheel
 * zooms, the arrow keys pan and + − 0 zoom and return. Without JavaScript the
 * drawing is its links, and no hint or button promises what cannot work.
 */
export function ZoomFrame({
  label,
  children,
  startScale = 1,
  tall = false,
}: {
  label: string;
  children: ReactNode;
  startScale?: number;
  /** From a tablet's width up, a taller window with (0, 0) in its middle (the fan); otherwise (0, 0) stands a little above the middle, leaving room for the children's row. */
  tall?: boolean;
}) {
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const panzoom = useRef<PanzoomObject | null>(null);
  // Whether the pointer moved since it went down: a drag that ends on a person is a pan, not a click.
  const dragged = useRef(false);

  useEffect(() => {
    const el = frame.current;
    const inner = stage.current;
    if (!el || !inner) return;
    let cancelled = false;
    let down: { x: number; y: number } | null = null;
    const onDown = (event: PointerEvent) => {
      down = { x: event.clientX, y: event.clientY };
      dragged.current = false;
    };
    const onMove = (event: PointerEvent) => {
      if (down && Math.abs(event.clientX - down.x) + Math.abs(event.clientY - down.y) > 6) dragged.current = true;
    };
    const onUp = () => (down = null);
    const onClick = (event: MouseEvent) => {
      if (!dragged.current) return;
      event.preventDefault();
      event.stopPropagation();
      dragged.current = false;
    };
    // Ctrl + wheel (and a touchpad pinch, which arrives as one) zooms; a plain
    // wheel scrolls the page, which a chart should not trap.
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !panzoom.current) return;
      panzoom.current.zoomWithWheel(event);
    };
    el.addEventListener("pointerdown", onDown, true);
    window.addEventListener("pointermove", onMove, { passive: true });
    window.addEventListener("pointerup", onUp, { passive: true });
    el.addEventListener("click", onClick, true);
    el.addEventListener("wheel", onWheel, { passive: false });
    void import("@panzoom/panzoom").then(({ default: Panzoom }) => {
      if (cancelled) return;
      panzoom.current = Panzoom(inner, {
        canvas: true,
        cursor: "grab",
        startScale,
        minScale: 0.2,
        maxScale: 4,
        step: ZOOM_STEP,
        // The default also stops the event, which would keep a tap from focusing a person.
        handleStartEvent: (event: Event) => event.preventDefault(),
      });
      el.dataset.zoomReady = "";
    });
    return () => {
      cancelled = true;
      panzoom.current?.destroy();
      panzoom.current = null;
      el.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      el.removeEventListener("click", onClick, true);
      el.removeEventListener("wheel", onWheel);
    };
  }, [startScale]);

  const zoom = (direction: 1 | -1) => (direction > 0 ? panzoom.current?.zoomIn() : panzoom.current?.zoomOut());
  const reset = () => panzoom.current?.reset();
  /** Moves the drawing by a distance on screen. */
  const panBy = (dx: number, dy: number) => {
    const pz = panzoom.current;
    if (!pz) return;
    const { x, y } = pz.getPan();
    pz.pan(x + dx / pz.getScale(), y + dy / pz.getScale(), { force: true });
  };

  return (
    <div className="card overflow-hidden">
      {hydrated ? (
        <div className="flex items-center justify-end gap-1 border-b border-line bg-paper px-2 py-1">
          <p className="mr-auto px-2 text-sm text-ink-soft">
            <span className="pointer-coarse:hidden">Tempkite pele arba rodyklėmis; mastelis: + −, Ctrl ir ratukas</span>
            <span className="hidden pointer-coarse:inline">Braukite pirštu; artinkite dviem pirštais</span>
          </p>
          <IconButton label="Priartinti" className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(1)}>
            +
          </IconButton>
          <IconButton label="Atitolinti" className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(-1)}>
            −
          </IconButton>
          <IconButton label="Grąžinti pradinį vaizdą" className="h-11 w-11 shrink-0" onClick={reset}>
            ⟲
          </IconButton>
        </div>
      ) : null}
      <div
        ref={frame}
        role="group"
        aria-label={label}
        tabIndex={hydrated ? 0 : undefined}
        data-chart
        className={`relative ${tall ? "h-[60vh] sm:h-[80vh]" : "h-[60vh]"} min-h-96 touch-none overflow-hidden bg-parchment select-none`}
        onKeyDown={(event) => {
          const keys: Record<string, () => void> = {
            ArrowLeft: () => panBy(KEY_STEP, 0),
            ArrowRight: () => panBy(-KEY_STEP, 0),
            ArrowUp: () => panBy(0, KEY_STEP),
            ArrowDown: () => panBy(0, -KEY_STEP),
            "+": () => zoom(1),
            "=": () => zoom(1),
            "-": () => zoom(-1),
            "0": reset,
          };
          if (event.target === event.currentTarget && keys[event.key]) {
            event.preventDefault();
            keys[event.key]();
          }
        }}
        onFocus={(event) => {
          // A person reached with Tab is brought into view if the pan left them outside it.
          if (event.target === event.currentTarget || !frame.current) return;
          const area = frame.current.getBoundingClientRect();
          const item = event.target.getBoundingClientRect();
          const dx = item.left < area.left ? area.left - item.left + 16 : item.right > area.right ? area.right - item.right - 16 : 0;
          const dy = item.top < area.top ? area.top - item.top + 16 : item.bottom > area.bottom ? area.bottom - item.bottom - 16 : 0;
          if (dx || dy) panBy(dx, dy);
        }}
      >
        <div ref={stage} className="absolute inset-0">
          <svg
            width="1"
            height="1"
            overflow="visible"
            className={`absolute ${tall ? "top-[42%] sm:top-1/2" : "top-[42%]"} left-1/2 overflow-visible font-sans`}
          >
            {children}
          </svg>
        </div>
      </div>
    </div>
  );
}
