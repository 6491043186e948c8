import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * A value the browser knows and the server does not (the page's address,
 * whether passkeys are supported): the server's answer in its HTML and while
 * the page hydrates, then the browser's, without an effect that renders twice.
 */
export function useBrowserValue<T>(inBrowser: () => T, onServer: T): T {
  return useSyncExternalStore(never, inBrowser, () => onServer);
}

/**
 * False in the server's HTML and until the page's script runs. Controls that
 * only make sense with JavaScript (a disabled button waiting for a preview to
 * be confirmed) stay usable for a browser without it.
 */
export function useHydrated(): boolean {
  return useBrowserValue(() => true, false);
}
