import fs from "node:fs/promises";
import path from "node:path";
import type express from "express";
import { sql } from "kysely";
import { connectionLost } from "#app/.server/platform/db/postgres-pool.ts";
import { schemaState } from "#app/.server/platform/db/connect.ts";
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

/** Why requests are answered without the database: it does not answer, or a newer version has migrated it. */
export type Unavailable = "unreachable" | "upgrading";

/** How often a running process looks whether a newer version has migrated the database. */
const SCHEMA_LOOK_MS = 10_000;

export class DatabaseHealth {
  readonly #db: Database;
  #down = false;
  #newerSchema = false;
  #probedAt = 0;
  #probing = false;
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Notes an error; true when it says the database cannot be reached (it is then thought down). */
  note(error: unknown): boolean {
    if (!connectionLost(error)) {
      // A table or column this version expects is gone: perhaps a newer version has migrated. Looked at now.
      if (schemaMismatch(error)) void this.lookAtSchema();
      return false;
    }
    if (!this.#down) console.error(`Duomenų bazė nepasiekiama: ${(error as Error).message ?? error}`);
    this.#down = true;
    return true;
  }

  /**
   * Why requests are to be answered without the database now, or null when
   * they are not. While it does not answer, it is asked again in the
   * background (at most once a second).
   */
  get unavailable(): Unavailable | null {
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
    return this.#down ? "unreachable" : this.#newerSchema ? "upgrading" : null;
  }

  /** Whether the database is thought down now (see unavailable). */
  get down(): boolean {
    return this.unavailable === "unreachable";
  }

  /**
   * Looks every few seconds whether a newer version has migrated the
   * database: from then on this process writes nothing and serves what it
   * has kept (an upgrade's old processes, until they are replaced).
   */
  watchSchema(): void {
    this.#timer = setInterval(() => void this.lookAtSchema(), SCHEMA_LOOK_MS);
    this.#timer.unref();
  }

  async lookAtSchema(): Promise<void> {
    try {
      const newer = (await schemaState(this.#db)).state === "newer";
      if (newer && !this.#newerSchema) {
        console.error("Duomenų bazę atnaujino naujesnė svetainės versija: šis procesas tik rodo išsaugotus puslapius.");
      }
      this.#newerSchema = newer;
    } catch (error) {
      this.note(error);
    }
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
  }
}

/** PostgreSQL's "no such column" and "no such table", and SQLite's. */
function schemaMismatch(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "42703" || code === "42P01" || /no such (column|table)|has no column named/i.test(String(message ?? ""));
}

/** The answer without the database: the page kept for visitors at this address, or 503. */
export function answerWithoutDatabase(req: express.Request, res: express.Response, cache: RenderCache, why: Unavailable): void {
  const page = req.method === "GET" || req.method === "HEAD" ? cache.lastKeptForVisitors(req) : null;
  if (page) {
    void cache.serve(req, res, page).catch(() => res.destroy());
    return;
  }
  unavailable(req, res, why);
}

/** 503, Retry-After, and the page (or, to the site's own scripts, the sentence) that says so in the request's language. */
export function unavailable(req: express.Request, res: express.Response, why: Unavailable): void {
  const t = languageOf(req);
  req.resume();
  res.status(503).setHeader("Retry-After", String(RETRY_AFTER_S));
  res.setHeader("Cache-Control", "no-store");
  const text = t(why === "upgrading" ? "common.unavailable.upgrading" : "common.unavailable.text");
  if (req.accepts(["text", "html"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="${t.locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("common.unavailable.title")}</title><h1>${t("common.unavailable.title")}</h1><p>${text}</p><p><a href="${localized(t.locale, "/")}">${t("common.refused.home")}</a></p></html>`,
      );
  } else {
    res.type("text").send(text);
  }
}

/** In front of everything that reads the database: while it is down, requests are answered without it. */
export function whileDatabaseDown(health: DatabaseHealth, cache: RenderCache): express.RequestHandler {
  return (req, res, next) => {
    const why = health.unavailable;
    if (why) answerWithoutDatabase(req, res, cache, why);
    else next();
  };
}

/** The error handler's first look: an error that says the database is gone is answered as above. */
export function databaseErrors(health: DatabaseHealth, cache: RenderCache): express.ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent || !health.note(error)) return next(error);
    answerWithoutDatabase(req, res, cache, "unreachable");
  };
}

/** GET /healthz and GET /readyz, for load balancers and orchestrators; answered before anything else. */
export function healthChecks(db: Database, mediaRoot: string): express.RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || (req.path !== "/healthz" && req.path !== "/readyz")) return next();
    res.setHeader("Cache-Control", "no-store");
    if (req.path === "/healthz") {
      res.type("text").send("gyvas");
      return;
    }
    const checks = { database: "", migrations: "", media: "" };
    try {
      const schema = await Promise.race([
        schemaState(db),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("per ilgai")), READY_TIMEOUT_MS)),
      ]);
      checks.database = "ok";
      checks.migrations = { current: "ok", behind: "neatnaujinta", newer: "naujesnė schema" }[schema.state];
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
