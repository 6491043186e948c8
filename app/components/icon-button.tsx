import { useEffect, useId, useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from "react";

// The spec's tooltip timing: open after 700 ms, and 300 ms during which the
// next tooltip opens without waiting.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Written here rather than taken from a tooltip library: what an icon button
// needs (a label shown on hover or keyboard focus, after the spec's delay,
// kept inside the window) is a few lines, and the library was a fifth of the
// JavaScript every public page loaded (issue 15: pages within 1.1× of a bare
// React Router app).

/** When the last tooltip closed: within the skip delay the next opens at once. */
let lastClosed = 0;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode };

/** A button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({ label, children, className = "", type = "button", ...rest }: Props) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  const show = (delay: number) => {
    clearTimeout(timer.current);
    if (delay <= 0 || Date.now() - lastClosed < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosed = Date.now();
      return false;
    });
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    // A scroll that moves the button takes the tooltip away (it is placed once, fixed); one that
    // does not (a toast's button, fixed itself, or the end of a scroll that brought focus here) leaves it.
    const at = button.current?.getBoundingClientRect();
    const onScroll = () => {
      const now = button.current?.getBoundingClientRect();
      if (!at || !now || now.left !== at.left || now.top !== at.top) hide();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onScroll, true);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onScroll, true);
    };
  }, [open]);
  // Above the button, centred, kept inside the window (below it when there is no room above).
  useLayoutEffect(() => {
    if (!open || !button.current || !tip.current) return setPlace(null);
    const b = button.current.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    const margin = 4;
    const left = Math.min(Math.max(margin, b.left + b.width / 2 - t.width / 2), window.innerWidth - t.width - margin);
    const top = b.top - t.height - margin >= 0 ? b.top - t.height - margin : b.bottom + margin;
    setPlace({ left, top });
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type={type}
        aria-label={label}
        aria-describedby={open ? id : undefined}
        className={`rounded-md hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-30 ${className}`}
        {...rest}
        onPointerEnter={(event) => {
          rest.onPointerEnter?.(event);
          if (event.pointerType === "mouse") show(TOOLTIP_DELAY_MS);
        }}
        onPointerLeave={(event) => {
          rest.onPointerLeave?.(event);
          hide();
        }}
        onFocus={(event) => {
          rest.onFocus?.(event);
          if (event.currentTarget.matches(":focus-visible")) show(0);
        }}
        onBlur={(event) => {
          rest.onBlur?.(event);
          hide();
        }}
        onClick={(event) => {
          hide();
          rest.onClick?.(event);
        }}
      >
        {children}
      </button>
      {open ? (
        <span
          ref={tip}
          id={id}
          role="tooltip"
          style={place ? { left: place.left, top: place.top } : { left: 0, top: 0, visibility: "hidden" }}
          className="pointer-events-none fixed z-50 rounded bg-ink px-2 py-1 text-xs whitespace-nowrap text-white shadow"
        >
          {label}
        </span>
      ) : null}
    </>
  );
}
