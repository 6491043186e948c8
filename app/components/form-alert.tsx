import { useEffect } from "react";
import type { Toast } from "#app/lib/toasts.ts";
import { useToast } from "./toaster.tsx";
import { Say } from "#app/i18n/react.tsx";

/**
 * A message the server returned for a refused form: shown next to the form
 * (so it reads without JavaScript too) and, in the browser, also as a toast.
 */
export function FormAlert({ toast }: { toast: (Toast & { id: string }) | null | undefined }) {
  const show = useToast();
  useEffect(() => {
    if (toast) show(toast);
  }, [toast?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!toast) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">
        <Say text={toast.title} values={toast.values} />
      </p>
      {toast.description ? (
        <p className="mt-1 text-sm">
          <Say text={toast.description} values={toast.values} />
        </p>
      ) : null}
    </div>
  );
}
