import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { keptRenderContext, requestInfoContext, servicesContext } from "#app/.server/platform/context.ts";
import { migrateToLatest, openDatabase } from "#app/.server/platform/db/connect.ts";
import { parseConfig, RECOMMENDED_PASSWORD_HASH_LOG_N, type Config } from "#app/.server/platform/env.ts";
import { otherInstancesAlive, registerInstance } from "#app/.server/platform/instances.ts";
import { importRunner } from "#app/.server/genealogy/gedcom/import-process.ts";
import { sweepAbandonedImports } from "#app/.server/genealogy/trees.ts";
import { deriveMissingZoom } from "#app/.server/media/pipeline.ts";
import { cleanUpMedia, mediaStore, membersMediaDir, placeAllMedia, publicMediaDir } from "#app/.server/media/storage.ts";
import { seedIfNew } from "#app/.server/seed/seed.ts";
import { sendDailyDigest } from "#app/.server/accounts/notifications.ts";
import { reloadStatistics } from "#app/.server/platform/db/planner-statistics.ts";
import { deleteExpiredSessions, findSession, findSessionUser, sessionTokenOf } from "#app/.server/accounts/session.ts";
import { atLeast } from "#app/lib/roles.ts";
import { ensureAdministrator } from "#app/.server/accounts/users.ts";
import { renderTag } from "#app/.server/genealogy/prepared-indexes.ts";
import { startIndexBuilder } from "#app/.server/genealogy/index-build.ts";
import { commitWatch } from "#app/.server/platform/content-version.ts";
import { precompressedAssets } from "./assets.ts";
import { reactRouterHandler } from "./react-router.ts";
import { RenderCache, servedFromCache } from "./render-cache.ts";
import { guestbookMoment } from "./guestbook-moment.ts";
import { requestGuard } from "./request-guard.ts";
import { databaseErrors, DatabaseHealth, healthChecks, whileDatabaseDown } from "./database-outage.ts";
import { answeredSecurely, contentSecurityPolicy, securityHeaderList, securityHeaders } from "./security-headers.ts";

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
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  config: Config;
  close(): Promise<void>;
}

export async function createApp({ build, clientDir, root, env = process.env, log = console.log }: AppOptions): Promise<App> {
  const config = parseConfig(env);
  for (const line of configurationAdvice(config)) log(line);
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
  // Deep-zoom renditions of pictures stored before there were any, behind the site's own uploads.
  let closing = false;
  const zooming = deriveMissingZoom(db, media, () => closing).then(
    (derived) => {
      if (derived) log(`Paruoštas priartinimas nuotraukoms (${derived}).`);
    },
    (error: unknown) => console.error(error),
  );
  // Every hour: the trash, uploads another process abandoned, files a crash left in the wrong place,
  // the planner's statistics.
  const hourly = setInterval(
    async () => {
      try {
        // With the grace period always: this very process may be in the middle of an upload.
        await cleanUpMedia(db, media, { othersAlive: true });
        await placeAllMedia(db, media);
        // Statistics another process measured (a command-line import) reach this connection's plans.
        await reloadStatistics(db);
      } catch (error) {
        console.error(error);
      }
    },
    60 * 60 * 1000,
  );
  hourly.unref();
  // The administrator's daily digest of new proposals and guestbook entries, when chosen
  // (accounts/notifications.ts): asked every quarter hour; the day is claimed in the database, so
  // of several processes one sends it.
  // The tree's whole-tree indexes, built before anyone asks (genealogy/index-build.ts).
  const indexes = startIndexBuilder(db, config, root);
  const digest = setInterval(() => void sendDailyDigest({ db, config, media, imports }), 15 * 60 * 1000);
  digest.unref();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  if (clientDir) {
    // Vite puts a content hash in every file name under assets/, so they never change;
    // the build compressed them once (server/precompress.ts). Files, not documents:
    // they carry their own few headers (server/assets.ts).
    app.use("/assets", precompressedAssets(`${clientDir}/assets`, contentSecurityPolicy(config, [])));
  }
  app.use(securityHeaders(config));
  // GET /healthz and /readyz for load balancers (database-outage.ts).
  app.use(healthChecks(db, media.root));
  // Pages as they were rendered for each audience, until the site changes (render-cache.ts); already compressed.
  const watch = config.database.kind === "sqlite" ? commitWatch(config.database.file) : undefined;
  const cache = new RenderCache({
    maxBytes: config.production ? config.renderCacheBytes : 0,
    policy: (sources) => contentSecurityPolicy(config, sources),
    securityHeaders: securityHeaderList(config),
    tag: () => renderTag(db),
    changed: watch?.changed,
    async viewer(cookieHeader) {
      const token = await sessionTokenOf(cookieHeader);
      const session = token ? await findSession(db, token) : null;
      if (!session) return null;
      return { role: session.user.role, personId: session.personId, until: Math.min(session.expiresAt, session.noteUseAt) };
    },
  });
  // While the database cannot be reached: kept pages as they were, 503 for the rest (database-outage.ts).
  const health = new DatabaseHealth(db);
  health.watchSchema();
  app.use(whileDatabaseDown(health, cache));
  // Decodable paths, and origin and body limits for every state-changing request, before anything else that reads them.
  app.use(requestGuard(config, db));
  // The guestbook's form's moment, a cookie of each showing, kept page or not (guestbook-moment.ts).
  app.use(guestbookMoment(db, config));
  app.use(servedFromCache(cache));
  app.use(compression());
  if (clientDir) app.use(publicFiles(clientDir));
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
      cache,
      getLoadContext(req, res, { kept, holdScripts }) {
        const context = new RouterContextProvider();
        context.set(servicesContext, { db, config, media, imports });
        if (kept) context.set(keptRenderContext, kept);
        context.set(requestInfoContext, {
          nonce: kept ? "" : (res.locals.cspNonce as string),
          holdScripts,
          clientAddress: clientAddress(req),
          secure: answeredSecurely(config, req),
        });
        return context;
      },
    }),
  );

  // An error that says the database is gone: answered without it, as while it is down.
  app.use(databaseErrors(health, cache));
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
    // A kept page whose tag is known current is sent before any middleware
    // (render-cache.ts): the same bytes and headers the usual way would send.
    handler: (req, res) => {
      if (!cache.serveKnown(req, res)) app(req, res);
    },
    config,
    async close() {
      closing = true;
      await zooming;
      clearInterval(hourly);
      clearInterval(digest);
      await indexes.stop();
      health.stop();
      watch?.close();
      await instance.stop();
      await db.destroy();
    },
  };
}

/**
 * The files at the site's root (favicon.svg and the like), known at start:
 * a page's address is not looked for on disk first.
 */
function publicFiles(clientDir: string): express.RequestHandler {
  const serve = express.static(clientDir, { maxAge: "1h", index: false });
  const names = new Set(
    fs
      .readdirSync(clientDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

const PDF_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

function clientAddress(req: express.Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** The React Router build compiled into this bundle (production). */
export async function productionBuild(): Promise<ServerBuild> {
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

/**
 * What an operator should know about the configuration at start-up, though
 * the site runs with it: an https SITE_URL without TRUST_PROXY means a proxy
 * in front whose addresses and protocol the site is not told to believe.
 */
export function configurationAdvice(config: Pick<Config, "siteUrl" | "trustProxy" | "passwordHashLogN">): string[] {
  const advice: string[] = [];
  if (config.siteUrl?.protocol === "https:" && config.trustProxy === false) {
    advice.push(
      `Dėmesio: SITE_URL yra ${config.siteUrl.origin}, bet TRUST_PROXY nenustatytas. Jei svetainė veikia už tarpinio serverio ` +
        "(nginx, Caddy), nustatykite TRUST_PROXY=true: tada žinomas tikrasis lankytojo adresas (prisijungimų ribojimui) ir https.",
    );
  }
  if (config.passwordHashLogN < RECOMMENDED_PASSWORD_HASH_LOG_N) {
    advice.push(
      `Dėmesio: PASSWORD_HASH_LOG_N=${config.passwordHashLogN}, mažiau nei rekomenduojama (${RECOMMENDED_PASSWORD_HASH_LOG_N}): ` +
        "nauji slaptažodžiai saugomi taip, kad pavogtos duomenų bazės slaptažodžius atspėti lengviau. Tai tinka tik testams.",
    );
  }
  return advice;
}
