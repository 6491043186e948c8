import fs from "node:fs";

// Debian's Chromium, not a browser downloaded by Playwright (the machines here
// cannot download one). The flags keep it from reaching for the network.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/**
 * The browser the tests drive: Debian's chromium-headless-shell when it is
 * installed (the same Chromium and Blink, as Playwright itself runs headless
 * tests), else the full Chromium. The shell does the full browser's work
 * without its windowing and UI process: the browser suite spends about a
 * quarter less CPU (docs/decisions/028). The benchmarks keep the full browser.
 */
export const TEST_BROWSER_PATH = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const CHROMIUM_LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: FLAGS };

export const TEST_BROWSER_LAUNCH_OPTIONS = { executablePath: TEST_BROWSER_PATH, args: FLAGS };

export function assertChromium(): void {
  if (!fs.existsSync(TEST_BROWSER_PATH)) {
    throw new Error(
      `Chromium not found at ${TEST_BROWSER_PATH}: install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROME_PATH.`,
    );
  }
}
