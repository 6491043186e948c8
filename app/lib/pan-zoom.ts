import Panzoom from "@panzoom/panzoom";

// The moving part of a chart's window (components/zoom-frame.tsx), loaded only
// once the page runs in the browser: Panzoom (a maintained library) and the
// few listeners around it. The window's markup, its buttons and keys stay in
// the page's own script; this module and Panzoom arrive together after it, so
// a page that is only read never loads them up front.

const ZOOM_STEP = 0.25;
const KEY_STEP = 60;

export interface PanZoomControls {
  zoom(direction: 1 | -1): void;
  reset(): void;
  destroy(): void;
}

/**
 * Lets `stage` be dragged, pinched, zoomed and moved with the keys inside
 * `frame`; marks the frame `data-zoom-ready`. Returns what the window's
 * buttons call.
 */
export function attachPanZoom(frame: HTMLElement, stage: HTMLElement, startScale: number): PanZoomControls {
  // Whether the pointer moved since it went down: a drag that ends on a person is a pan, not a click.
  let dragged = false;
  let down: { x: number; y: number } | null = null;
  const onDown = (event: PointerEvent) => {
    down = { x: event.clientX, y: event.clientY };
    dragged = false;
  };
  const onMove = (event: PointerEvent) => {
    if (down && Math.abs(event.clientX - down.x) + Math.abs(event.clientY - down.y) > 6) dragged = true;
  };
  const onUp = () => (down = null);
  const onClick = (event: MouseEvent) => {
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    dragged = false;
  };
  const panzoom = Panzoom(stage, {
    canvas: true,
    cursor: "grab",
    startScale,
    minScale: 0.2,
    maxScale: 4,
    step: ZOOM_STEP,
    // The default also stops the event, which would keep a tap from focusing a person.
    handleStartEvent: (event: Event) => event.preventDefault(),
  });
  // Ctrl + wheel (and a touchpad pinch, which arrives as one) zooms; a plain
  // wheel scrolls the page, which a chart should not trap.
  const onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || event.metaKey) panzoom.zoomWithWheel(event);
  };
  const zoom = (direction: 1 | -1) => (direction > 0 ? panzoom.zoomIn() : panzoom.zoomOut());
  const reset = () => panzoom.reset();
  const panBy = (dx: number, dy: number) => {
    const { x, y } = panzoom.getPan();
    panzoom.pan(x + dx / panzoom.getScale(), y + dy / panzoom.getScale(), { force: true });
  };
  // The window itself focused: the arrow keys pan, + − zoom, 0 returns.
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
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== frame || !Object.hasOwn(keys, event.key)) return;
    event.preventDefault();
    keys[event.key]!();
  };
  // A person reached with Tab is brought into view if the pan left them outside it.
  const onFocus = (event: FocusEvent) => {
    if (event.target === frame || !(event.target instanceof Element)) return;
    const area = frame.getBoundingClientRect();
    const item = event.target.getBoundingClientRect();
    const dx = item.left < area.left ? area.left - item.left + 16 : item.right > area.right ? area.right - item.right - 16 : 0;
    const dy = item.top < area.top ? area.top - item.top + 16 : item.bottom > area.bottom ? area.bottom - item.bottom - 16 : 0;
    if (dx || dy) panBy(dx, dy);
  };
  frame.addEventListener("keydown", onKey);
  frame.addEventListener("focusin", onFocus);
  frame.addEventListener("pointerdown", onDown, true);
  window.addEventListener("pointermove", onMove, { passive: true });
  window.addEventListener("pointerup", onUp, { passive: true });
  frame.addEventListener("click", onClick, true);
  frame.addEventListener("wheel", onWheel, { passive: false });
  frame.dataset.zoomReady = "";

  return {
    zoom,
    reset,
    destroy() {
      panzoom.destroy();
      frame.removeEventListener("keydown", onKey);
      frame.removeEventListener("focusin", onFocus);
      frame.removeEventListener("pointerdown", onDown, true);
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      frame.removeEventListener("click", onClick, true);
      frame.removeEventListener("wheel", onWheel);
      delete frame.dataset.zoomReady;
    },
  };
}
