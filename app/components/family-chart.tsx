import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BOX, type ChartLayout } from "../lib/tree-layout.ts";
import { IconButton } from "./icon-button.tsx";

const PAD = 40;
const SEX_FILL = { M: "#e8eef5", F: "#f7e9ec", X: "#eef0e6", U: "#f1ece3" } as const;

function clip(text: string, length = 22): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * The family tree chart. The server lays it out and renders it, so it shows
 * before any script runs; in the browser it pans (drag, arrow keys), zooms
 * (Ctrl + wheel, pinch, + and −) and opens a person's page on click or Enter.
 */
export function FamilyChart({ layout, label }: { layout: ChartLayout; label: string }) {
  const navigate = useNavigate();
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ x: number; y: number; moved: number } | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<number | null>(null);

  // The first view is a window around the chosen person, not the whole
  // chart: a wide family would otherwise start as a row of specks.
  const { minX, minY, maxX, maxY } = layout.bounds;
  const root = layout.boxes.find((b) => b.root) ?? layout.boxes[0];
  const width = Math.min(maxX - minX + 2 * PAD, 1400);
  const height = Math.min(maxY - minY + 2 * PAD, 860);
  const centerX = root.x + BOX.width / 2;
  const centerY = root.y + BOX.height / 2;
  const left = Math.min(Math.max(centerX - width / 2, minX - PAD), maxX + PAD - width);
  const top = Math.min(Math.max(centerY - height / 2, minY - PAD), maxY + PAD - height);

  // Ctrl + wheel (and a touchpad pinch, which arrives as one) zooms; a plain
  // wheel scrolls the page, which a chart should not trap. The listener must
  // not be passive to keep the page from zooming as well.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const factor = event.deltaY < 0 ? 1.15 : 1 / 1.15;
      setView((v) => ({ ...v, k: Math.min(4, Math.max(0.1, v.k * factor)) }));
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, []);

  const zoom = (factor: number) => setView((v) => ({ ...v, k: Math.min(4, Math.max(0.1, v.k * factor)) }));
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  // A person reached with Tab is brought into view if the pan left them outside it.
  const reveal = (x: number, y: number) =>
    setView((v) => {
      const shownX = centerX + v.x + v.k * (x - centerX);
      const shownY = centerY + v.y + v.k * (y - centerY);
      const inside =
        shownX > left + BOX.width / 2 &&
        shownX < left + width - BOX.width / 2 &&
        shownY > top + BOX.height &&
        shownY < top + height - BOX.height;
      return inside
        ? v
        : { ...v, x: left + width / 2 - centerX - v.k * (x - centerX), y: top + height / 2 - centerY - v.k * (y - centerY) };
    });

  return (
    <div className="card overflow-hidden">
      <div className="flex items-center justify-end gap-1 border-b border-line bg-paper px-2 py-1">
        <span className="mr-auto px-2 text-sm text-ink-soft">Tempkite arba naudokite rodykles; mastelis: + −, Ctrl ir pelės ratukas</span>
        <IconButton label="Priartinti" className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(1.25)}>
          +
        </IconButton>
        <IconButton label="Atitolinti" className="h-11 w-11 shrink-0 text-lg" onClick={() => zoom(1 / 1.25)}>
          −
        </IconButton>
        <IconButton label="Grąžinti pradinį vaizdą" className="h-11 w-11 shrink-0" onClick={() => setView({ x: 0, y: 0, k: 1 })}>
          ⟲
        </IconButton>
      </div>
      <div
        ref={frame}
        role="group"
        aria-label={label}
        tabIndex={0}
        data-chart
        className="relative h-[60vh] min-h-80 cursor-grab touch-none bg-parchment select-none active:cursor-grabbing"
        onKeyDown={(event) => {
          const step = 60;
          const keys: Record<string, () => void> = {
            ArrowLeft: () => pan(step, 0),
            ArrowRight: () => pan(-step, 0),
            ArrowUp: () => pan(0, step),
            ArrowDown: () => pan(0, -step),
            "+": () => zoom(1.25),
            "=": () => zoom(1.25),
            "-": () => zoom(1 / 1.25),
            "0": () => setView({ x: 0, y: 0, k: 1 }),
          };
          if (event.target === event.currentTarget && keys[event.key]) {
            event.preventDefault();
            keys[event.key]();
          }
        }}
        onPointerDown={(event) => {
          pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          drag.current = { x: event.clientX, y: event.clientY, moved: 0 };
          pinch.current = null;
        }}
        onPointerMove={(event) => {
          if (!pointers.current.has(event.pointerId)) return;
          pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          if (pointers.current.size === 2) {
            // Two fingers: the change in their distance zooms.
            const [a, b] = [...pointers.current.values()];
            const distance = Math.hypot(a.x - b.x, a.y - b.y);
            if (pinch.current) zoom(distance / pinch.current);
            pinch.current = distance;
            if (drag.current) drag.current.moved += 10;
            return;
          }
          if (!drag.current) return;
          const dx = event.clientX - drag.current.x;
          const dy = event.clientY - drag.current.y;
          drag.current = { x: event.clientX, y: event.clientY, moved: drag.current.moved + Math.abs(dx) + Math.abs(dy) };
          if (drag.current.moved > 4) {
            if (!frame.current?.hasPointerCapture(event.pointerId)) frame.current?.setPointerCapture(event.pointerId);
            pan(dx, dy);
          }
        }}
        onPointerUp={(event) => {
          pointers.current.delete(event.pointerId);
          if (pointers.current.size < 2) pinch.current = null;
        }}
        onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
      >
        <svg viewBox={`${left} ${top} ${width} ${height}`} className="h-full w-full" data-chart-ready>
          {/* Zoom about the middle of the chart, then pan (no style attribute: the page's policy forbids them). */}
          <g transform={`translate(${centerX + view.x} ${centerY + view.y}) scale(${view.k}) translate(${-centerX} ${-centerY})`}>
            <g fill="none" stroke="#8c7256" strokeWidth="2">
              {layout.lines.map((d, i) => (
                <path key={i} d={d} />
              ))}
            </g>
            {layout.boxes.map((box) => (
              <a
                key={`${box.person.id}:${box.x}:${box.y}`}
                href={`/asmuo/${box.person.id}`}
                // Named by the text it shows; a name cut short is given whole to screen readers.
                aria-label={
                  clip(box.person.name) === box.person.name ? undefined : [box.person.name, box.person.years].filter(Boolean).join(" ")
                }
                data-person={box.person.id}
                className="no-underline"
                onFocus={() => reveal(box.x + BOX.width / 2, box.y + BOX.height / 2)}
                onClick={(event) => {
                  event.preventDefault();
                  // A drag that ended on a box is a pan, not a click.
                  if ((drag.current?.moved ?? 0) > 4) return;
                  navigate(`/asmuo/${box.person.id}`);
                }}
              >
                <rect
                  x={box.x}
                  y={box.y}
                  width={BOX.width}
                  height={BOX.height}
                  rx="8"
                  fill={SEX_FILL[box.person.sex]}
                  stroke={box.root ? "#8a3b1f" : "#c9b28f"}
                  strokeWidth={box.root ? 3 : 1.5}
                />
                <text x={box.x + 10} y={box.y + 24} fontSize="14" fontWeight="600" fill="#2f2620">
                  {clip(box.person.name)}
                </text>
                {box.person.years ? (
                  <text x={box.x + 10} y={box.y + 46} fontSize="13" fill="#5c4f45">
                    {box.person.years}
                  </text>
                ) : null}
              </a>
            ))}
          </g>
        </svg>
      </div>
    </div>
  );
}
