import { useT } from "#app/i18n/react.tsx";
import { useHydrated } from "./use-hydrated.ts";

/** "Spausdinti": the browser's print dialog. Shown only once the page's script runs (without it, the browser's own menu prints). */
export function PrintButton() {
  const hydrated = useHydrated();
  const t = useT();
  if (!hydrated) return null;
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      {t("common.print")}
    </button>
  );
}
