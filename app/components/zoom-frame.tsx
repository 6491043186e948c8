import { useEffect, useRef, type ReactNode } from "react";
import { useT } from "#app/i18n/react.tsx";
import type { PanZoomControls } from "#app/lib/pan-zoom.ts";
import { IconButton } from "./icon-button.tsx";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A window onto a drawing larger than the screen: the drawing's point (0, 0)
 * stands in the window's middle, so the server's HTML already shows the chosen
 * person centred, at any width, before any script runs. With JavaScript,
 * Panzoom (a maintained library) moves it: one finger or the mouse drags, two
 * fingers pinch, Ctrl (or a touchpad pinch) with the wheel zooms, the arrow
 * keys pan and + − 0 zoom and return. The moving part (lib/pan-zoom.ts, with
 * Panzoom) loads only after the page runs, so a reader's first scripts stay
 * small. Without JavaScript the drawing is its links, and no hint or button
 * promises what cannot work.
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
  const t = useT();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const controls = useRef<PanZoomControls | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import("#app/lib/pan-zoom.ts").then(({ attachPanZoom }) => {
      if (cancelled || !frame.current || !stage.current) return;
      controls.current = attachPanZoom(frame.current, stage.current, startScale);
    });
    return () => {
      cancelled = true;
      controls.current?.destroy();
      controls.current = null;
    };
  }, [startScale]);

  const zoom = (direction: 1 | -1) => controls.current?.zoom(direction);
  const reset = () => controls.current?.reset();

  return (
    <div className="card overflow-hidden">
      {hydrated ? (
        <div className="flex items-center justify-end gap-1 border-b border-line bg-paper px-2 py-1">
          <p className="mr-auto px-2 text-sm text-ink-soft">
            <span className="pointer-coarse:hidden">{t("common.zoom.hintPointer")}</span>
            <span className="hidden pointer-coarse:inline">{t("common.zoom.hintTouch")}</span>
          </p>
          <IconButton label={t("common.zoom.in")} className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(1)}>
            +
          </IconButton>
          <IconButton label={t("common.zoom.out")} className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(-1)}>
            −
          </IconButton>
          <IconButton label={t("common.zoom.reset")} className="h-11 w-11 shrink-0" onClick={reset}>
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
