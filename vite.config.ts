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
 * tree's own modules stay with their routes.
 */
const SITE_MODULES =
  /[\\/]app[\\/](components[\\/](error-panel|gallery|history-article|icon-button|members-only|not-found|page|pager|share-meta|site-header|toaster|use-hydrated)|lib[\\/](access|documents|gallery|guestbook|history|lithuanian|media|numbers|paging|roles|site|toasts))\.tsx?$/;

export default defineConfig({
  // The server bundle's entry is our own HTTP app (server/app.ts), which
  // imports the React Router build; server.ts starts it.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "site", test: SITE_MODULES }] } } } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompressClient()],
});
