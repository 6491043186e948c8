import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "./server/precompress.ts";

/** After the browser's files are written: their brotli and gzip forms (server/assets.ts serves them). */
function precompressClient(): Plugin {
  return {
    name: "precompress-client",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (options.dir) await precompress(`${options.dir}/assets`);
    },
  };
}

/**
 * The site's own modules every public page loads (the frame, its lists and
 * their helpers) in one file rather than a dozen: each file is one more
 * request, and on HTTP/1.1 a phone opens six at a time. The editors' and the
 * tree's own modules stay with their routes, and so do the modules that only
 * one public page or only the editors' pages use in the browser (lib/access,
 * documents, gallery, guestbook, history and the history's article, the
 * gallery's grid and lightbox, lib/site's field rules, the "tik giminei" mark
 * and box, which the tree and the person pages never show), and the table of toast messages
 * (lib/toasts.ts, a seventh of this chunk), which only the pages that toast
 * in the browser load (the guestbook, passkeys, the editors' pages).
 */
const SITE_MODULES =
  /[\\/]app[\\/](components[\\/](error-panel|gallery|icon-button|not-found|page|pager|share-meta|site-header|toaster|use-hydrated)|lib[\\/](email-token|lithuanian|media|numbers|paging|roles))\.tsx?$/;

export default defineConfig({
  // A font stays a file: the page policy allows fonts from 'self', not data:
  // addresses (Vite would inline one under 4 KB into the stylesheet).
  build: { assetsInlineLimit: (file) => (file.endsWith(".woff2") ? false : undefined) },
  // The server bundle's entry is our own HTTP app (server/app.ts), which
  // imports the React Router build; server.ts starts it.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "site", test: SITE_MODULES }] } } } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompressClient()],
});
