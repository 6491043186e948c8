import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { Toast } from "#app/lib/toasts.ts";
import { useT } from "#app/i18n/react.tsx";
import { IconButton } from "./icon-button.tsx";

// Toasts: short messages in a corner. A toast from the server (after an
// action's redirect) is part of the rendered page, so it is read without
// JavaScript too; with JavaScript toasts close themselves after a while. A
// newer toast about the same page's forms takes the place of the older one
// ('Įrašas pridėtas!' is not shown beside the 'Klaida!' it answers), and at
// most two show at once, so that on a phone they never cover much of it.

export interface ShownToast extends Toast {
  id: string;
  /** What the toast is about: the page it was shown on. A newer toast of the same group replaces it. */
  group?: string;
}

const DISMISS_AFTER_MS = 6000;
const MAX_SHOWN = 2;

/** The toasts shown once `toast` arrives: it replaces its group's older one, and only the newest MAX_SHOWN stay. */
export function stackToasts(list: ShownToast[], toast: ShownToast): ShownToast[] {
  return [...list.filter((t) => t.group !== toast.group), toast].slice(-MAX_SHOWN);
}

const ToastContext = createContext<(toast: Toast & { id?: string }) => void>(() => {});

/** Shows a toast from browser code (a check made before anything is sent). */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ serverToast, children }: { serverToast: ShownToast | null; children: ReactNode }) {
  const t = useT();
  const path = useLocation().pathname;
  const [toasts, setToasts] = useState<ShownToast[]>(serverToast ? [{ ...serverToast, group: path }] : []);
  const seen = useRef(new Set(serverToast ? [serverToast.id] : []));

  useEffect(() => {
    if (serverToast && !seen.current.has(serverToast.id)) {
      seen.current.add(serverToast.id);
      setToasts((list) => stackToasts(list, { ...serverToast, group: path }));
    }
  }, [serverToast]); // eslint-disable-line react-hooks/exhaustive-deps

  const show = useCallback(
    (toast: Toast & { id?: string }) => {
      setToasts((list) => stackToasts(list, { ...toast, id: toast.id ?? crypto.randomUUID(), group: path }));
    },
    [path],
  );
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <ToastContext value={show}>
      {children}
      <section
        aria-label={t("common.toast.region")}
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex max-h-[25vh] flex-col items-center gap-2 overflow-y-auto p-2 sm:max-h-none sm:items-end sm:p-4"
      >
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  // A toast stays while the pointer is over it or the focus is in it, and has
  // its full time again once both have left: nobody loses a message they are
  // reading or a button they are about to press (WCAG 2.2.1, timing adjustable).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  const t = useT();
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss, held]);

  const colors =
    toast.variant === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : toast.variant === "success"
        ? "border-green-300 bg-green-50 text-green-900"
        : "border-line bg-paper text-ink";
  return (
    <div
      role={toast.variant === "error" ? "alert" : "status"}
      data-toast={toast.variant}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget as Node | null))}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-3 text-sm shadow-lg sm:p-4 sm:text-base ${colors}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{t.say(toast.title, toast.values)}</p>
        {toast.description ? <p className="mt-0.5 text-sm">{t.say(toast.description, toast.values)}</p> : null}
        {toast.note ? <p className="mt-0.5 hidden text-sm sm:block">{t.say(toast.note, toast.values)}</p> : null}
      </div>
      <IconButton label={t("common.toast.close")} onClick={() => onDismiss(toast.id)} className="-m-1 p-1">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 4 10 8.7 14.7 4 16 5.3 11.3 10l4.7 4.7-1.3 1.3-4.7-4.7L5.3 16 4 14.7 8.7 10 4 5.3z" />
        </svg>
      </IconButton>
    </div>
  );
}
