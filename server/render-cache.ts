import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { ifNoneMatch } from "#app/.server/platform/download.ts";
import { requiredRole } from "#app/lib/access.ts";
import { routePath } from "./request-guard.ts";
import { withoutLocale } from "#app/i18n/locales.ts";
import { SESSION_COOKIE } from "#app/.server/accounts/session.ts";
import { carriesCookie } from "#app/.server/platform/cookies.ts";
import { MESSAGE_COOKIE } from "#app/.server/platform/toast.ts";

// Visitors' pages, rendered once and served like static files until the site
// changes. What makes it correct:
//   - Only requests that cannot be anyone in particular use it: GET or HEAD,
//     none of the cookies a page is rendered from (PAGE_COOKIES: a session, a
//     toast to show; whoever carries one gets a fresh render), no
//     Authorization. Other cookies decide nothing: the trusted device's (read
//     only at login, and left in a browser that logged out), another site's
//     (_ga on the same domain), anything a client makes up.
//   - Only the addresses in CACHED_PAGES, each open to everyone (the access
//     table says so, checked again here). A route added later is not cached
//     until it is named here. The guestbook is not: its form carries a token of
//     the moment it was shown (guestbook/guestbook.ts), which a shared copy would defeat.
//   - The key is the address as sent (path and query); the tag is the content
//     version and the date (publishedTag): every write by an editor or the
//     administrator, an import or a restore changes the version, in the database,
//     so every process sees it; the date moves the living-people rule.
//   - A response is kept only when it is a 200 that sets no cookie and does not
//     ask to be private.
// Scripts: a kept page is the same bytes for everyone, so it cannot carry a
// per-response nonce. It is rendered without one, and its policy allows
// exactly its own inline scripts by their SHA-256 hashes (and this site's
// files), which keeps the guarantee the nonce gives: an injected script matches
// neither. Every other response keeps its own nonce (server/app.ts).

/** The pages a visitor's request may be served from the cache: these paths exactly... */
export const CACHED_PAGES = [
  "/",
  "/istorija",
  "/medis",
  "/giminyste",
  "/medis/pavardes",
  "/medis/vietos",
  "/medis/sia-diena",
  "/medis/statistika",
  "/galerija",
  "/dokumentai",
  "/apie",
  "/sitemap.xml",
  "/robots.txt",
];
/** ...and one level under these (a person, a story, a photo's page, a part of the sitemap). */
export const CACHED_PAGE_PARENTS = ["/asmuo/", "/istorija/", "/galerija/", "/sitemap/"];

function listed(address: string): boolean {
  // Each page in either language ('/en/medis'), each kept under its own address.
  const path = withoutLocale(address);
  if (CACHED_PAGES.includes(path)) return true;
  return CACHED_PAGE_PARENTS.some((parent) => path.startsWith(parent) && path.length > parent.length && !path.includes("/", parent.length));
}

/**
 * The site's cookies a page is rendered from: the session (who is asking) and
 * a message to show once. A cookie added later that a page reads belongs here.
 */
export const PAGE_COOKIES = [SESSION_COOKIE, MESSAGE_COOKIE];

/**
 * A request that cannot be anyone in particular: a GET or HEAD with none of
 * the PAGE_COOKIES and no Authorization. Its page is a visitor's.
 */
export function fromAVisitor(req: Pick<express.Request, "method" | "headers">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization !== undefined) return false;
  return !PAGE_COOKIES.some((name) => carriesCookie(req.headers.cookie, name));
}

/** The cache key of a request a kept page may answer, or null when it must be rendered for its sender. */
export function cacheKey(req: Pick<express.Request, "method" | "headers" | "originalUrl">): string | null {
  if (!fromAVisitor(req)) return null;
  // As the router matches it: percent-decoded, in any case ('/Galerija'), its data request naming its page.
  const path = routePath(req.originalUrl).toLowerCase();
  if (!listed(path) || requiredRole(path) !== null) return null;
  return req.originalUrl;
}

export interface CachedPage {
  key: string;
  tag: string;
  status: number;
  /** The response's own headers (content type, caching), with the security headers and the page's policy. */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** The body brotli- or gzip-compressed, once asked for; `ready` once done (what the quick path can send). */
  encodings: Map<Encoding, Promise<Buffer>>;
  ready: Map<Encoding, Buffer>;
  bytes: number;
}

type Encoding = "br" | "gzip";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Encoded once per kept page and served many times: strong settings that still keep a first request quick. */
function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: 9 });
}

/** Inline scripts of an HTML document (no src), as the browser hashes them. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1])) continue;
    scripts.push(match[2]);
  }
  return scripts;
}

export function scriptHashes(html: string): string[] {
  const hashes = new Set(inlineScripts(html).map((script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`));
  return [...hashes];
}

/** A response's headers that the cache sets itself (or refuses to keep: a cookie). */
const NOT_KEPT_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "content-security-policy",
  "etag",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** The client's preferred encoding among brotli and gzip (Accept-Encoding with its q-values; '*' counts for both). */
export function chosenEncoding(req: Pick<IncomingMessage, "headers">): Encoding | null {
  const header = req.headers["accept-encoding"];
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const best = weight("br") >= weight("gzip") ? "br" : "gzip";
  return weight(best) > 0 ? best : null;
}

export interface RenderCacheOptions {
  /** The most the kept pages may take in memory, encoded forms included. */
  maxBytes: number;
  /** The policy for a page allowing these script sources besides this site's files. */
  policy(scriptSources: string[]): string;
  /** The headers every response carries (server/security-headers.ts). */
  securityHeaders: readonly [string, string][];
  /** The tag of what visitors see now (the content version and the date), read from the database. */
  tag(): Promise<string>;
  /**
   * Whether anything may have been committed to the database since the last
   * call (by any process); undefined when that cannot be known cheaply
   * (PostgreSQL), and the tag is read for every request.
   */
  changed?: () => boolean;
}

const HOUR_MS = 60 * 60 * 1000;

export class RenderCache {
  #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** The tag last read, while nothing has been committed since and the date is the same. */
  #known: { tag: string; until: number } | null = null;
  readonly #options: RenderCacheOptions;

  constructor(options: RenderCacheOptions) {
    this.#options = options;
  }

  get enabled(): boolean {
    return this.#options.maxBytes > 0;
  }

  /** The current tag, read from the database. */
  async currentTag(): Promise<string> {
    const { changed } = this.#options;
    // Whatever is committed from here on is seen by the next changed().
    changed?.();
    const tag = await this.#options.tag();
    // Known until the next full hour: the tag's dates change at midnight UTC and at midnight in Vilnius, both on the hour.
    if (changed) this.#known = { tag, until: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS };
    return tag;
  }

  /** The tag known to be current without asking the database, or null. */
  #knownTag(): string | null {
    const known = this.#known;
    if (!known || Date.now() >= known.until || this.#options.changed!()) {
      this.#known = null;
      return null;
    }
    return known.tag;
  }

  /** The kept page for this key and tag; a page kept under an older tag is dropped. */
  get(key: string, tag: string): CachedPage | null {
    const page = this.#pages.get(key);
    if (!page) return null;
    this.#pages.delete(key);
    if (page.tag !== tag) {
      this.#bytes -= page.bytes;
      return null;
    }
    // Most recently used last: the oldest are the first to go.
    this.#pages.set(key, page);
    return page;
  }

  /**
   * Reads a response rendered for the cache (whole, without a nonce) and
   * keeps it when it may be shared. Returns it as a page either way: its
   * scripts need the hash policy even when it is not kept.
   */
  async take(key: string, tag: string, response: Response): Promise<CachedPage> {
    const body = Buffer.from(await response.arrayBuffer());
    const html = /^text\/html/i.test(response.headers.get("Content-Type") ?? "");
    const headers: [string, string][] = [...this.#options.securityHeaders];
    for (const [name, value] of response.headers.entries()) if (!NOT_KEPT_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    for (const cookie of response.headers.getSetCookie()) headers.push(["Set-Cookie", cookie]);
    if (html) headers.push(["Content-Security-Policy", this.#options.policy(scriptHashes(body.toString("utf8")))]);
    headers.push(["Vary", "Accept-Encoding, Cookie"]);
    // Stored, but asked about every time: the next edit must show at once.
    if (!response.headers.has("Cache-Control")) headers.push(["Cache-Control", "no-cache"]);
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    if (response.status === 200) headers.push(["ETag", etag]);
    const page: CachedPage = {
      key,
      tag,
      status: response.status,
      headers,
      body,
      etag,
      encodings: new Map(),
      ready: new Map(),
      bytes: body.length,
    };
    const shareable =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      !/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "") &&
      body.length <= this.#options.maxBytes / 8;
    if (shareable) this.#keep(page);
    return page;
  }

  #keep(page: CachedPage): void {
    const old = this.#pages.get(page.key);
    if (old) {
      this.#pages.delete(page.key);
      this.#bytes -= old.bytes;
    }
    this.#pages.set(page.key, page);
    this.#bytes += page.bytes;
    this.#evict();
  }

  #evict(): void {
    for (const [key, page] of this.#pages) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#pages.delete(key);
      this.#bytes -= page.bytes;
    }
  }

  #encoded(page: CachedPage, encoding: Encoding): Promise<Buffer> {
    let encoded = page.encodings.get(encoding);
    if (!encoded) {
      encoded = encode(page.body, encoding);
      page.encodings.set(encoding, encoded);
      encoded.then(
        (buffer) => {
          page.ready.set(encoding, buffer);
          page.bytes += buffer.length;
          // Counted only while the page is still kept.
          if (this.#pages.get(page.key) === page) {
            this.#bytes += buffer.length;
            this.#evict();
          }
        },
        () => page.encodings.delete(encoding),
      );
    }
    return encoded;
  }

  /** Sends a page: 304 when the client has it, else the body in the best encoding it accepts. */
  async serve(req: IncomingMessage, res: ServerResponse, page: CachedPage): Promise<void> {
    const encoding = page.body.length < MIN_COMPRESSED ? null : chosenEncoding(req);
    const body = encoding ? await this.#encoded(page, encoding) : page.body;
    write(req, res, page, body, encoding);
  }

  /**
   * The quick path, before any middleware: answers at once when the tag is
   * known to be current, the page is kept and its encoding is ready; else
   * returns false and the request goes the usual way (servedFromCache).
   */
  serveKnown(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.enabled || !this.#options.changed || req.url === undefined) return false;
    const key = cacheKey({ method: req.method ?? "", headers: req.headers, originalUrl: req.url });
    if (key === null) return false;
    const tag = this.#knownTag();
    const page = tag === null ? null : this.get(key, tag);
    if (!page) return false;
    const encoding = page.body.length < MIN_COMPRESSED ? null : chosenEncoding(req);
    const body = encoding ? page.ready.get(encoding) : page.body;
    if (!body) return false;
    write(req, res, page, body, encoding);
    return true;
  }
}

/** Smaller than this, a page is sent as it is. */
const MIN_COMPRESSED = 1024;

function write(req: IncomingMessage, res: ServerResponse, page: CachedPage, body: Buffer, encoding: Encoding | null): void {
  if (page.status === 200 && ifNoneMatch(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, page.headers.flat());
    res.end();
    return;
  }
  const headers = page.headers.flat();
  headers.push("Content-Length", String(body.length));
  if (encoding) headers.push("Content-Encoding", encoding);
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * In front of the router: answers a visitor's request from a kept page, or
 * marks it (res.locals.cacheMiss) so that the router renders the page whole
 * and keeps it (server/react-router.ts).
 */
export function servedFromCache(cache: RenderCache): express.RequestHandler {
  return async (req, res, next) => {
    const key = cache.enabled ? cacheKey(req) : null;
    if (key === null) return next();
    try {
      const tag = await cache.currentTag();
      const page = cache.get(key, tag);
      if (!page) {
        res.locals.cacheMiss = { key, tag };
        return next();
      }
      await cache.serve(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}
