import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";
import { sql } from "kysely";
import { connectionLost } from "#app/.server/platform/db/postgres-pool.ts";
import { migrations } from "#db/migrations/index.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { RenderCache } from "./render-cache.ts";
import { localized } from "#app/i18n/locales.ts";
import { languageOf } from "./request-guard.ts";

// While the database cannot be reached (a PostgreSQL restart, a failover, a
// network fault; issue 34 point 2), the site does not answer 500 to everyone:
// a page kept for visitors is served as it was last rendered, and everything
// else (writes, pages never kept) gets 503 with Retry-After and a page that
// says the site is briefly unavailable. An error that says the connection is
// gone (postgres-pool.ts connectionLost) marks the database down; while it is,
// requests are answered without asking it, and it is asked again at most once
// a second (in the background) until it answers.
//
// For load balancers: GET /healthz (the process answers) and GET /readyz (the
// database answers, its schema is this version's, the media folder is there).

/** How long a client is asked to wait before trying again (Retry-After, seconds). */
export const RETRY_AFTER_S = 30;
/** While the database is down, it is asked again at most this often. */
const PROBE_EVERY_MS = 1000;
/** How long a readiness check waits for the database. */
const READY_TIMEOUT_MS = 3000;

export class DatabaseHealth {
  readonly #db: Database;
  #down = false;
  #probedAt = 0;
  #probing = false;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Notes an error; true when it says the database cannot be reached (it is then thought down). */
  note(error: unknown): boolean {
    if (!connectionLost(error)) return false;
    if (!this.#down) console.error(`Duomenų bazė nepasiekiama: ${(error as Error).message ?? error}`);
    this.#down = true;
    return true;
  }

  /** Whether the database is thought down now; while it is, asks it again in the background (at most once a second). */
  get down(): boolean {
    if (this.#down && !this.#probing && Date.now() - this.#probedAt >= PROBE_EVERY_MS) {
      this.#probing = true;
      this.#probedAt = Date.now();
      sql`select 1`
        .execute(this.#db)
        .then(
          () => {
            this.#down = false;
            console.error("Duomenų bazė vėl pasiekiama.");
          },
          () => {},
        )
        .finally(() => (this.#probing = false));
    }
    return this.#down;
  }
}

/** The answer while the database is down: the page kept for visitors at this address, or 503. */
export function answerWithoutDatabase(req: express.Request, res: express.Response, cache: RenderCache): void {
  const page = req.method === "GET" || req.method === "HEAD" ? cache.lastKeptForVisitors(req) : null;
  if (page) {
    void cache.serve(req, res, page).catch(() => res.destroy());
    return;
  }
  unavailable(req, res);
}

/** 503, Retry-After, and the page (or, to the site's own scripts, the sentence) that says so in the request's language. */
export function unavailable(req: express.Request, res: express.Response): void {
  const t = languageOf(req);
  req.resume();
  res.status(503).setHeader("Retry-After", String(RETRY_AFTER_S));
  res.setHeader("Cache-Control", "no-store");
  if (req.accepts(["text", "html"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="${t.locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("common.unavailable.title")}</title><h1>${t("common.unavailable.title")}</h1><p>${t("common.unavailable.text")}</p><p><a href="${localized(t.locale, "/")}">${t("common.refused.home")}</a></p></html>`,
      );
  } else {
    res.type("text").send(t("common.unavailable.text"));
  }
}

/** In front of everything that reads the database: while it is down, requests are answered without it. */
export function whileDatabaseDown(health: DatabaseHealth, cache: RenderCache): express.RequestHandler {
  return (req, res, next) => (health.down ? answerWithoutDatabase(req, res, cache) : next());
}

/** The error handler's first look: an error that says the database is gone is answered as above. */
export function databaseErrors(health: DatabaseHealth, cache: RenderCache): express.ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent || !health.note(error)) return next(error);
    answerWithoutDatabase(req, res, cache);
  };
}

/** GET /healthz and GET /readyz, for load balancers and orchestrators; answered before anything else. */
export function healthChecks(db: Database, mediaRoot: string): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.setHeader("Cache-Control", "no-store");
    if (req.path === "/healthz") {
      res.type("text").send("gyvas");
      return;
    }
    if (req.path !== "/readyz") return next();
    const checks = { database: "", migrations: "", media: "" };
    try {
      const applied = await Promise.race([
        db
          .selectFrom("kyselyMigration" as never)
          .select("name" as never)
          .execute() as Promise<{ name: string }[]>,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("per ilgai")), READY_TIMEOUT_MS)),
      ]);
      checks.database = "ok";
      const known = Object.keys(migrations);
      const names = new Set(applied.map((row) => row.name));
      checks.migrations = known.every((name) => names.has(name)) ? (names.size > known.length ? "naujesnė schema" : "ok") : "neatnaujinta";
    } catch (error) {
      checks.database = `nepasiekiama: ${(error as Error).message}`;
      checks.migrations = "nežinoma";
    }
    checks.media = await mediaWritable(mediaRoot).then(
      () => "ok",
      (error: Error) => `nepasiekiama: ${error.message}`,
    );
    const ready = Object.values(checks).every((value) => value === "ok");
    res.status(ready ? 200 : 503).json(checks);
  };
}

/** The media folder can be written to; before the first upload it need not exist yet, but the data folder it goes in must. */
async function mediaWritable(root: string): Promise<void> {
  try {
    await fs.access(root, fs.constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await fs.access(path.dirname(root), fs.constants.W_OK);
  }
}
