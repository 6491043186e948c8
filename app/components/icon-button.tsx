import * as Tooltip from "@radix-ui/react-tooltip";
import type { ButtonHTMLAttributes, ReactNode } from "react";

// The spec's tooltip timing: open after 700 ms, and 300 ms during which the
// next tooltip opens without waiting.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Provider>
  );
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode };

/** A button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({ label, children, className = "", type = "button", ...rest }: Props) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button
          type={type}
          aria-label={label}
          className={`rounded-md hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-30 ${className}`}
          {...rest}
        >
          {children}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded bg-ink px-2 py-1 text-xs text-white shadow">
          {label}
          <Tooltip.Arrow className="fill-ink" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
