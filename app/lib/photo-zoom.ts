import Panzoom from "@panzoom/panzoom";

// The moving part of a photo's deep zoom (components/zoomable-photo.tsx),
// loaded only once the page runs in the browser: Panzoom (a maintained
// library), as on the family chart (lib/pan-zoom.ts), and the few listeners
// around it. The photo's markup, its buttons and the larger renditions stay in
// the page's own script; this module and Panzoom arrive together after it, so
// a page that is only read never loads them.

/** How much a button or the + − keys zoom; a double click zooms twice as much. */
const STEP = 1.5;
/** Below this much over 1 the picture counts as fitted (a pinch seldom lands on 1 exactly). */
const FITTED = 1.001;

/** How far the photo is zoomed, and how far it may be. */
export interface PhotoZoomView {
  scale: number;
  maxScale: number;
}

/** What the photo's buttons call, and the page when it leaves. */
export interface PhotoZoomControls {
  zoom(direction: 1 | -1): void;
  reset(): void;
  destroy(): void;
}

/** How far in one may zoom in a box this wide: to the largest rendition's own pixels, at least twice. */
function limitFor(box: HTMLElement, fullWidth: number): number {
  return Math.max(2, fullWidth / Math.max(1, box.getBoundingClientRect().width));
}

/**
 * Lets `stage` (the picture and the rectangles on it) be zoomed from 1 up to
 * the largest rendition's own pixels (`fullWidth`) inside `box`, with two
 * fingers, the wheel, a double click, the keys + − 0 and the buttons, and
 * dragged with a finger, the mouse or the arrow keys, never so far that an
 * empty edge shows. Calls `onChange` whenever the scale or its limit changes
 * (at once, too); marks the box `data-zoom-ready`. Returns what the buttons call.
 */
export function attachPhotoZoom(
  box: HTMLElement,
  stage: HTMLElement,
  fullWidth: number,
  onChange: (view: PhotoZoomView) => void,
): PhotoZoomControls {
  let maxScale = limitFor(box, fullWidth);
  const panzoom = Panzoom(stage, {
    // The whole box takes the pointer, not only the picture inside it.
    canvas: true,
    // The picture always covers its box: zoomed out no further than fitted, and dragged no further than its edges.
    contain: "outside",
    minScale: 1,
    maxScale,
    // One finger scrolls the page while the picture is fitted; zoomed, it drags the picture (set in `update`).
    touchAction: "pan-y",
    cursor: "zoom-in",
    // Panzoom's default cancels the press, which would keep a click from
    // focusing the box for the keys (the box is not selectable and the image
    // not draggable, so there is nothing else to cancel).
    handleStartEvent: () => {},
  });

  let reported: PhotoZoomView | null = null;
  /**
   * Writes the transform at once and tells the page. Panzoom writes it only in
   * the next animation frame, but measures the picture's box (transform
   * included) for its limits: a second change in the same frame (a pinch
   * moves two fingers) would be limited by a stale size and could uncover an
   * edge.
   */
  const update = () => {
    const scale = panzoom.getScale();
    const { x, y } = panzoom.getPan();
    stage.style.transform = `scale(${scale}) translate(${x}px, ${y}px)`;
    if (reported?.scale === scale && reported.maxScale === maxScale) return;
    const zoomed = scale > FITTED;
    if (!reported || zoomed !== reported.scale > FITTED) {
      panzoom.setOptions({ touchAction: zoomed ? "none" : "pan-y", cursor: zoomed ? "grab" : "zoom-in" });
    }
    reported = { scale, maxScale };
    onChange(reported);
  };

  /** Zooms to `scale` (within the limits) around the point under the pointer, or the box's middle. */
  const zoomTo = (scale: number, point?: { clientX: number; clientY: number }) => {
    const to = Math.min(maxScale, Math.max(1, scale));
    if (point) panzoom.zoomToPoint(to, point);
    else panzoom.zoom(to);
    update();
  };
  /** Moves the picture by (dx, dy) CSS pixels on the screen; Panzoom's pan is in the unscaled picture's pixels. */
  const panBy = (dx: number, dy: number) => {
    const { x, y } = panzoom.getPan();
    const scale = panzoom.getScale();
    panzoom.pan(x + dx / scale, y + dy / scale, { force: true });
    update();
  };
  // Multiplied and divided, not Panzoom's exp(step): 150 %, 225 %, 338 % and back to 100 % exactly.
  const zoom = (direction: 1 | -1) => zoomTo(direction > 0 ? panzoom.getScale() * STEP : panzoom.getScale() / STEP);
  const reset = () => {
    panzoom.reset({ animate: false });
    update();
  };

  // The fingers on the box, followed alongside Panzoom's own listeners (on the
  // document, so they run before these on the window).
  const fingers = new Map<number, { x: number; y: number }>();
  const middle = () => {
    const all = [...fingers.values()];
    return { x: all.reduce((sum, p) => sum + p.x, 0) / all.length, y: all.reduce((sum, p) => sum + p.y, 0) / all.length };
  };
  const onDown = (event: PointerEvent) => {
    // A new touch (or the mouse) starts afresh, should an earlier finger's end have been missed.
    if (event.isPrimary) fingers.clear();
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (fingers.size !== 2) return;
    const [a, b] = [...fingers.values()];
    const apart = Math.hypot(a!.x - b!.x, a!.y - b!.y);
    // Panzoom's pinch adds step / 80 to the starting scale for each pixel the
    // fingers move apart; with this step the scale follows the ratio of their
    // distances, so the picture stays under the fingers at any zoom.
    if (apart >= 1) panzoom.setOptions({ step: (80 * panzoom.getScale()) / apart });
  };
  const onMove = (event: PointerEvent) => {
    const was = fingers.get(event.pointerId);
    if (!was) return;
    const before = middle();
    fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    // Panzoom has just dragged or pinched it.
    update();
    // Panzoom pinches around the point between two fingers but does not follow it; moving it drags the picture too.
    if (fingers.size > 1) {
      const after = middle();
      panBy(after.x - before.x, after.y - before.y);
    }
  };
  const onUp = (event: PointerEvent) => {
    fingers.delete(event.pointerId);
  };

  // The wheel zooms where the pointer is, by how far it turned; the listener is not passive, so the page does not scroll meanwhile.
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? box.getBoundingClientRect().height : 1;
    zoomTo(panzoom.getScale() * Math.exp(-event.deltaY * lines * 0.002), event);
  };
  const onDoubleClick = (event: MouseEvent) => zoomTo(panzoom.getScale() * STEP * STEP, event);

  // The box itself focused: + − zoom, 0 returns, the arrows pan by a tenth of its width.
  const step = () => Math.round(box.getBoundingClientRect().width / 10);
  const keys: Record<string, () => void> = {
    "+": () => zoom(1),
    "=": () => zoom(1),
    "-": () => zoom(-1),
    "0": reset,
    ArrowLeft: () => panBy(step(), 0),
    ArrowRight: () => panBy(-step(), 0),
    ArrowUp: () => panBy(0, step()),
    ArrowDown: () => panBy(0, -step()),
  };
  const onKey = (event: KeyboardEvent) => {
    // Ctrl or ⌘ with + − 0 still zoom the whole page, as the browser does.
    if (event.target !== box || event.ctrlKey || event.metaKey || event.altKey || !Object.hasOwn(keys, event.key)) return;
    // Arrows scroll the page as usual while the picture is fitted.
    if (event.key.startsWith("Arrow") && panzoom.getScale() <= FITTED) return;
    event.preventDefault();
    keys[event.key]!();
  };

  // A box that changes size (the window resized or turned) starts again from
  // the fitted picture, with the limit for its new width.
  let width = box.getBoundingClientRect().width;
  const resized = new ResizeObserver(() => {
    const now = box.getBoundingClientRect().width;
    if (now === width) return;
    width = now;
    maxScale = limitFor(box, fullWidth);
    panzoom.setOptions({ maxScale });
    reset();
  });

  box.addEventListener("pointerdown", onDown);
  window.addEventListener("pointermove", onMove, { passive: true });
  window.addEventListener("pointerup", onUp, { passive: true });
  window.addEventListener("pointercancel", onUp, { passive: true });
  box.addEventListener("wheel", onWheel, { passive: false });
  box.addEventListener("dblclick", onDoubleClick);
  box.addEventListener("keydown", onKey);
  resized.observe(box);
  box.dataset.zoomReady = "";
  update();

  return {
    zoom,
    reset,
    destroy() {
      panzoom.destroy();
      panzoom.resetStyle();
      stage.style.transform = "";
      resized.disconnect();
      box.removeEventListener("pointerdown", onDown);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      box.removeEventListener("wheel", onWheel);
      box.removeEventListener("dblclick", onDoubleClick);
      box.removeEventListener("keydown", onKey);
      delete box.dataset.zoomReady;
    },
  };
}
