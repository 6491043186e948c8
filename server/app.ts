import { randomBytes } from "node:crypto";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext, servicesContext } from "#app/.server/context.ts";
import { migrateToLatest, openDatabase } from "#app/.server/db.ts";
import { parseConfig, type Config } from "#app/.server/env.ts";
import { otherInstancesAlive, registerInstance } from "#app/.server/instances.ts";
import { importRunner } from "#app/.server/genealogy/import-process.ts";
import { sweepAbandonedImports } from "#app/.server/genealogy/trees.ts";
import { cleanUpMedia, mediaStore, membersMediaDir, placeAllMedia, publicMediaDir } from "#app/.server/media.ts";
import { seedIfNew } from "#app/.server/seed.ts";
import { deleteExpiredSessions, findSessionUser, sessionTokenOf } from "#app/.server/session.ts";
import { atLeast } from "#app/lib/roles.ts";
import { ensureAdministrator } from "#app/.server/users.ts";
import { reactRouterHandler } from "./react-router.ts";
import { requestGuard } from "./request-guard.ts";

// The HTTP application: start-up work (configuration, database, migrations,
// first-run content, the administrator), security headers, static files and
// the React Router request handler. server.ts builds it and listens.

export interface AppOptions {
  /** The React Router server build, or a function loading it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The built browser assets; absent in development, where Vite serves them. */
  clientDir?: string;
  /** The project's folder (where server.ts is): child processes are started from there. */
  root: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

export interface App {
  handler: express.Express;
  config: Config;
  close(): Promise<void>;
}

export async function createApp({ build, clientDir, root, env = process.env, log = console.log }: AppOptions): Promise<App> {
  const config = parseConfig(env);
  const db = openDatabase(config.database);
  const media = mediaStore(config);
  const imports = importRunner(config, root);
  await migrateToLatest(db);
  if (await seedIfNew(db, media)) log("Nauja svetainė: įrašytas pradinis turinys.");
  await ensureAdministrator(db, config.initialAdmin, log);
  await deleteExpiredSessions(db);
  const instance = await registerInstance(db);
  const othersAlive = await otherInstancesAlive(db, instance.id);
  const abandoned = await sweepAbandonedImports(db, media, { othersAlive });
  if (abandoned) log(`Nebaigti GEDCOM importai (${abandoned}) pažymėti nepavykusiais ir pašalinti.`);
  await cleanUpMedia(db, media, { othersAlive });
  const moved = await placeAllMedia(db, media);
  if (moved) log(`Nuotraukų failai (${moved}) perkelti ten, kur jų žiūrovai (viešai ar tik giminei).`);
  // Every hour: the trash, uploads another process abandoned, files a crash left in the wrong place.
  const hourly = setInterval(
    async () => {
      try {
        await cleanUpMedia(db, media, { othersAlive: await otherInstancesAlive(db, instance.id) });
        await placeAllMedia(db, media);
      } catch (error) {
        console.error(error);
      }
    },
    60 * 60 * 1000,
  );
  hourly.unref();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(compression());
  app.use(securityHeaders(config));
  // Decodable paths, and origin and body limits for every state-changing request, before anything else.
  app.use(requestGuard(config));

  if (clientDir) {
    // Vite puts a content hash in every file name under assets/, so they never change.
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }
  // Derived images: each upload gets a new id, so a name never changes content.
  // A scanned PDF opens in the browser's own viewer. It gets a policy of its
  // own: a sandbox with nothing allowed, so that even a file that got past the
  // upload's check could run nothing as this site (the viewer works inside it).
  const pdfHeaders = (res: express.Response, file: string) => {
    if (file.endsWith(".pdf")) {
      res.setHeader("Content-Security-Policy", PDF_POLICY);
      res.setHeader("Content-Disposition", "inline");
    }
  };
  app.use("/media", express.static(publicMediaDir(media), { immutable: true, maxAge: "1y", index: false, setHeaders: pdfHeaders }));
  // What is for the family only lives in another folder (media.ts), served at
  // the same addresses to a member's session only; to anyone else it does not
  // exist. Kept in the member's own browser, never in a shared cache.
  app.use(
    "/media",
    async (req, _res, next) => {
      try {
        const token = await sessionTokenOf(req.headers.cookie ?? null);
        const user = token ? await findSessionUser(db, token) : null;
        next(atLeast(user?.role, "narys") ? undefined : Object.assign(new Error("not found"), { status: 404 }));
      } catch (error) {
        next(error);
      }
    },
    express.static(membersMediaDir(media), {
      index: false,
      fallthrough: false,
      cacheControl: false,
      setHeaders(res, file) {
        res.setHeader("Cache-Control", "private, max-age=86400");
        pdfHeaders(res, file);
      },
    }),
  );

  app.all(
    "/{*path}",
    reactRouterHandler({
      build,
      mode: config.production ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, { db, config, media, imports });
        context.set(requestInfoContext, {
          nonce: res.locals.cspNonce as string,
          clientAddress: clientAddress(req),
          secure: config.siteUrl?.protocol === "https:" || req.secure,
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    // The request's own fault, as a library judged it: a missing media file
    // (express.static with fallthrough off), a path it will not serve.
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res
        .status(status)
        .type("text")
        .send(status === 404 ? "Failas nerastas" : status === 403 ? "Draudžiama" : "Netinkama užklausa");
      return;
    }
    console.error(error);
    res
      .status(500)
      .type("html")
      .send(
        '<!doctype html><html lang="lt"><meta charset="utf-8"><title>Klaida</title><p>Įvyko serverio klaida. Bandykite vėliau.</p><p><a href="/">Į pradžią</a></p></html>',
      );
  });

  return {
    handler: app,
    config,
    async close() {
      clearInterval(hourly);
      await instance.stop();
      await db.destroy();
    },
  };
}

const PDF_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

function clientAddress(req: express.Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/**
 * Headers for every response. Scripts run only from this site and only with
 * the per-request nonce that entry.server.tsx gives React Router's scripts.
 */
function securityHeaders(config: Config): express.RequestHandler {
  const development = !config.production;
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // Vite injects styles as inline tags while developing.
      development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      development ? "connect-src 'self' ws:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (config.siteUrl?.protocol === "https:") {
      res.setHeader("Strict-Transport-Security", "max-age=31536000");
    }
    next();
  };
}

/** The React Router build compiled into this bundle (production). */
export async function productionBuild(): Promise<ServerBuild> {
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}
