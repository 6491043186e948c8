import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page's script runs. Controls that
 * only make sense with JavaScript (a disabled button waiting for a preview to
 * be confirmed) stay usable for a browser without it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
