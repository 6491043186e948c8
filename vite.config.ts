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

export default defineConfig({
  // The server bundle's entry is our own HTTP app (server/app.ts), which
  // imports the React Router build; server.ts starts it.
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompressClient()],
});
