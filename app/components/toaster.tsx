import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { Toast } from "../lib/toasts.ts";
import { IconButton } from "./icon-button.tsx";

// Toasts: short messages in a corner. A toast from the server (after an
// action's redirect) is part of the rendered page, so it is read without
// JavaScript too; with JavaScript toasts close themselves after a while.

export interface ShownToast extends Toast {
  id: string;
}

const DISMISS_AFTER_MS = 6000;

const ToastContext = createContext<(toast: Toast) => void>(() => {});

/** Shows a toast from browser code (a check made before anything is sent). */
export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ serverToast, children }: { serverToast: ShownToast | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>(serverToast ? [serverToast] : []);
  const seen = useRef(new Set(serverToast ? [serverToast.id] : []));

  useEffect(() => {
    if (serverToast && !seen.current.has(serverToast.id)) {
      seen.current.add(serverToast.id);
      setToasts((list) => [...list, serverToast]);
    }
  }, [serverToast]);

  const show = useCallback((toast: Toast) => {
    setToasts((list) => [...list, { ...toast, id: crypto.randomUUID() }]);
  }, []);
  const dismiss = useCallback((id: string) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <ToastContext value={show}>
      {children}
      <section
        aria-label="Pranešimai"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), DISMISS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

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
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${colors}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
        {toast.note ? <p className="mt-1 text-sm">{toast.note}</p> : null}
      </div>
      <IconButton label="Uždaryti pranešimą" onClick={() => onDismiss(toast.id)} className="-m-1 p-1">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d="M5.3 4 10 8.7 14.7 4 16 5.3 11.3 10l4.7 4.7-1.3 1.3-4.7-4.7L5.3 16 4 14.7 8.7 10 4 5.3z" />
        </svg>
      </IconButton>
    </div>
  );
}
