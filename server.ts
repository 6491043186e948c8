// Starts the site: `node server.ts` serves the production build (npm start
// builds it first); NODE_ENV=development serves the sources through Vite.
import { createServer } from "node:http";
import type { ServerBuild } from "react-router";
import { fileURLToPath } from "node:url";
import type * as AppModule from "./server/app.ts";

const development = process.env.NODE_ENV === "development";
const root = fileURLToPath(new URL(".", import.meta.url));
// React and Express read NODE_ENV themselves: unset means production here.
process.env.NODE_ENV ??= "production";

async function load(): Promise<AppModule.App> {
  if (!development) {
    // The production bundle is server/app.ts compiled with the whole app.
    const bundle = (await import(new URL("./build/server/index.js", import.meta.url).href)) as typeof AppModule;
    const clientDir = fileURLToPath(new URL("./build/client", import.meta.url));
    return bundle.createApp({ build: bundle.productionBuild, clientDir, root });
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const bundle = (await devServer.ssrLoadModule("./server/app.ts")) as typeof AppModule;
  const app = await bundle.createApp({
    root,
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  });
  const handler = app.handler;
  app.handler = (req, res) => devServer.middlewares(req, res, () => handler(req, res));
  const close = app.close;
  app.close = async () => {
    await devServer.close();
    await close();
  };
  return app;
}

let app: AppModule.App;
try {
  app = await load();
} catch (error) {
  // What the operator must fix, said plainly: the configuration, or a database a newer version has migrated.
  console.error(error instanceof Error && (error.name === "ConfigError" || error.name === "SchemaNewerError") ? error.message : error);
  process.exit(1);
}

const { port, host } = app.config;
const server = createServer(app.handler);
// An idle keep-alive connection stays open longer than a client or proxy keeps
// it (proxies commonly 60 s): otherwise the server may close it at the moment
// the client sends on it, and that request fails with a reset connection.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  console.log(`Svetainė veikia: http://${host ?? "localhost"}:${actualPort}`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`Gautas ${signal}: stabdoma.`);
  server.close(async () => {
    await app.close();
    process.exit(0);
  });
  // Idle keep-alive connections would otherwise hold the server open.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
