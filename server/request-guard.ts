import type express from "express";
import type { Config } from "#app/.server/platform/env.ts";
import { hasLiveSession, SESSION_COOKIE } from "#app/.server/accounts/session.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";
import { carriesCookie } from "#app/.server/platform/cookies.ts";
import { MEMORY_PHOTOS_MAX } from "#app/lib/memories.ts";
import { localeOf, localized, withoutLocale } from "#app/i18n/locales.ts";
import type { Message, T } from "#app/i18n/intl.ts";
import { serverT } from "#app/.server/platform/i18n.ts";

// Rules every request obeys before any route sees it, so that a new route
// cannot forget them:
//   0. Its path decodes: '/%c0%af' is refused with 400 rather than failing
//      somewhere inside.
//   1. A state-changing request (anything but GET, HEAD, OPTIONS) must come
//      from this site: its Origin, or its Referer when there is no Origin, names
//      this site. With neither, only a request without a session may pass (a
//      script or an old client posting to the guestbook), never one that could
//      act for a logged-in user.
//   2. Its body is bounded while it is read: a form gets FORM_LIMITS (a few
//      kilobytes for a visitor, more with a session), an upload route its file
//      limit, and only with a session — one that exists, looked up, not a
//      cookie that is only present. A form body is read here, whole and
//      bounded, and must be a well-formed form; routes then read it from memory.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Largest body of a form that carries no file. */
export const FORM_LIMITS = {
  /** A visitor's forms: the guestbook (a 2,000-character message) and the login. */
  anonymous: 64 * 1024,
  /** An editor's forms: the history text (about 65,000 characters) and the like, percent-encoded. */
  session: 1024 * 1024,
};

/** What a form field may carry besides a file: the multipart envelope and a few text fields. */
const UPLOAD_FORM_ALLOWANCE = 1024 * 1024;

/**
 * The routes that receive files, and the largest body each accepts. The
 * route itself enforces its file limit while streaming to disk; this is the
 * outer bound that stops an oversized request before it starts.
 */
function uploadLimit(pathname: string, config: Config): number | null {
  // The same route in either language ('/en/admin/galerija').
  switch (withoutLocale(pathname)) {
    case "/admin/galerija":
    case "/admin/galerija/ikelti":
    case "/admin/dokumentai":
      return config.uploads.maxBytes + UPLOAD_FORM_ALLOWANCE;
    case "/admin/medis":
      return config.maxGedcomBytes + UPLOAD_FORM_ALLOWANCE;
    // A member's proposals with photos (issue 17): a memory's few, a gallery upload's one.
    case "/paskyra/pasiulymai/prisiminimas":
      return MEMORY_PHOTOS_MAX * config.uploads.maxBytes + UPLOAD_FORM_ALLOWANCE;
    case "/paskyra/pasiulymai/nuotrauka":
      return config.uploads.maxBytes + UPLOAD_FORM_ALLOWANCE;
    case "/admin/medis/importuoti":
      return config.maxGedcomBytes;
    default:
      return null;
  }
}

/** The route a request is for: React Router's data requests ('/x.data', '/_root.data') name their page. */
export function routePath(url: string): string {
  let pathname = url.split("?")[0];
  try {
    pathname = decodeURI(pathname);
  } catch {
    // Malformed escapes: left as they are; no route matches them anyway.
  }
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

function hasSessionCookie(req: express.Request): boolean {
  return carriesCookie(req.headers.cookie, SESSION_COOKIE);
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from this site. This site is the
 * address the request was sent to (as the proxy reports it when TRUST_PROXY
 * is set) or SITE_URL.
 */
export function sameOrigin(req: express.Request, config: Config): boolean {
  const own = new Set([originOf(`${req.protocol}://${req.host}`), config.siteUrl?.origin].filter(Boolean));
  const origin = req.headers.origin;
  if (origin !== undefined) return own.has(originOf(origin));
  const referer = req.headers.referer;
  if (referer !== undefined) return own.has(originOf(referer));
  return !hasSessionCookie(req);
}

export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
    this.limit = limit;
  }
}

/**
 * Reads a request body into memory, refusing (BodyTooLargeError) as soon as it
 * passes the limit (refuse() then drops the rest as it arrives).
 */
export function readBody(req: express.Request, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > limit) return reject(new BodyTooLargeError(limit));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData).off("end", onEnd);
      chunks.length = 0;
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Whether a buffered body is a form a route can read: URL-encoded, or multipart that parses. */
async function isReadableForm(contentType: string | undefined, body: Buffer): Promise<boolean> {
  if (!contentType || !FORM_TYPES.test(contentType)) return false;
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return true;
  try {
    await new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    }).formData();
    return true;
  } catch {
    return false;
  }
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The language of the page a request was sent from or for: its address's ('/en/…' is English). */
/** The request's language, by its address (/en/…): for answers made before any route. */
export function languageOf(req: express.Request): T {
  return serverT(localeOf(routePath(req.originalUrl)));
}

/**
 * A short page (or plain text for scripts) for a request refused before any
 * route, in the language of its address.
 */
export function refuse(req: express.Request, res: express.Response, status: number, message: Message): void {
  const t = languageOf(req);
  // Whatever is left of the body is read and dropped (never kept), so the
  // client finishes sending and reads this answer instead of a reset connection.
  req.resume();
  res.status(status).setHeader("Cache-Control", "no-store");
  // A page asked for by the browser gets a page; the site's own scripts' requests (Accept: */*) the sentence alone,
  // which the page shows in its own error panel (not an HTML document inside it).
  if (req.accepts(["text", "html"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="${t.locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t("common.refused.title")}</title><p>${t(message)}</p><p><a href="${localized(t.locale, "/")}">${t("common.refused.home")}</a></p></html>`,
      );
  } else {
    res.type("text").send(t(message));
  }
}

/** Why the guard refused, as messages (said in the request's language by refuse). */
export const MESSAGES = {
  foreignOrigin: "common.refused.foreignOrigin",
  tooLarge: (limit: number): Message => ({ id: "common.refused.tooLarge", values: { limit: kilobytes(limit) } }),
  notAForm: "common.refused.notAForm",
  badPath: "common.refused.badPath",
} satisfies Record<string, Message | ((limit: number) => Message)>;

function pathDecodes(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

/** The guard, as Express middleware in front of the router (server/app.ts). */
export function requestGuard(config: Config, db: Database): express.RequestHandler {
  return async (req, res, next) => {
    if (!pathDecodes(req.originalUrl)) return refuse(req, res, 400, MESSAGES.badPath);
    if (SAFE_METHODS.has(req.method)) return next();
    if (!sameOrigin(req, config)) return refuse(req, res, 403, MESSAGES.foreignOrigin);

    const session = await hasLiveSession(db, req.headers.cookie ?? null);
    const upload = session ? uploadLimit(routePath(req.originalUrl), config) : null;
    if (upload !== null) {
      // Streamed by the route, which bounds the file itself.
      if (Number(req.headers["content-length"]) > upload) return refuse(req, res, 413, MESSAGES.tooLarge(upload));
      return next();
    }

    const limit = session ? FORM_LIMITS.session : FORM_LIMITS.anonymous;
    let body: Buffer;
    try {
      body = await readBody(req, limit);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) return next(error);
      return refuse(req, res, 413, MESSAGES.tooLarge(limit));
    }
    if (body.length > 0 || req.headers["content-type"] !== undefined) {
      if (!(await isReadableForm(req.headers["content-type"], body))) return refuse(req, res, 400, MESSAGES.notAForm);
    }
    res.locals.body = body;
    next();
  };
}
