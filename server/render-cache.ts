import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import { ifNoneMatch } from "#app/.server/platform/download.ts";
import { requiredRole } from "#app/lib/access.ts";
import { routePath } from "./request-guard.ts";
import { withoutLocale } from "#app/i18n/locales.ts";
import { PAGE_PARAM } from "#app/lib/paging.ts";
import { SESSION_COOKIE } from "#app/.server/accounts/session.ts";
import { carriesCookie, cookieValue } from "#app/.server/platform/cookies.ts";
import type { KeptRender } from "#app/.server/platform/context.ts";
import { MESSAGE_COOKIE } from "#app/.server/platform/toast.ts";
import type { Role } from "#app/lib/roles.ts";

// Pages rendered once for an audience and served like static files until the
// site changes. What makes it correct:
//   - A page is kept per audience: a visitor, or a signed-in user's role
//     (narys, redaktorius, administratorius). What the family marks differs by
//     audience, never by person; the header and footer differ by role alone.
//     The audience comes from the session, looked up in the database (a
//     session that ended, in any process, is a visitor's at once); only
//     GET or HEAD, no Authorization, no toast to show (whoever has one gets a
//     fresh render, once). Other cookies decide nothing: the trusted device's
//     (read only at login, and left in a browser that logged out), another
//     site's (_ga on the same domain), anything a client makes up.
//   - A page rendered to be kept notes what it read of its viewer
//     (KeptRender, platform/context.ts): it is kept only when it was rendered
//     for the role the session has now; one that read the viewer's own person
//     (the tree opens at it) is kept for that person apart; one that read the
//     account itself (an id, a name) is not kept at all.
//   - Only the addresses in CACHED_PAGES, each open to everyone (the access
//     table says so, checked again here). A route added later is not cached
//     until it is named here. The guestbook is too: the moment its form was
//     shown travels in a cookie set for each request (STAMPED_PAGES), not in the page.
//   - The key is the audience and the address: its path as sent, and of its
//     query only the parameters the page reads (CACHED_PAGES), the page
//     rendered for that address; the tag is the content
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

/**
 * The pages a request may be served from the cache, each with the query
 * parameters its route reads (server/render-cache.test.ts checks them against
 * the routes): these paths exactly...
 */
export const CACHED_PAGES: Readonly<Record<string, readonly string[]>> = {
  "/": [],
  "/istorija": [PAGE_PARAM, "paieska", "visa"],
  "/medis": [PAGE_PARAM, "paieska", "asmuo", "kryptis"],
  "/giminyste": ["a", "b", "paieska"],
  "/medis/pavardes": [PAGE_PARAM, "pavarde"],
  "/medis/vietos": [PAGE_PARAM, "vieta"],
  "/medis/sia-diena": [PAGE_PARAM, "diena"],
  "/medis/statistika": [],
  "/galerija": [PAGE_PARAM, "tvarka", "desimtmetis", "asmuo", "albumas"],
  "/dokumentai": [PAGE_PARAM, "rikiuoti", "tvarka", "tipas", "paieska"],
  "/apie": [],
  "/sveciai": [PAGE_PARAM],
  "/sitemap.xml": [],
  "/robots.txt": [],
};
/** ...and one level under these (a person, a story, a photo's page, a part of the sitemap), which read none. */
export const CACHED_PAGE_PARENTS = ["/asmuo/", "/istorija/", "/galerija/", "/sitemap/"];

/**
 * Cached pages whose every answer also carries a cookie of its own, set in
 * front of the cache (the guestbook's: the moment its form was shown,
 * server/guestbook-moment.ts): never answered by the quick path, which runs
 * before any middleware.
 */
export const STAMPED_PAGES = ["/sveciai"];

/** Whether an address (a page or its data request, in either language) is one of the STAMPED_PAGES. */
export function stamped(url: string): boolean {
  return STAMPED_PAGES.includes(withoutLocale(routePath(url).toLowerCase()));
}

/** A data request's own parameter (which routes' data it asks for): part of every page's key. */
const DATA_PARAM = "_routes";

/** The query parameters a listed page reads, or null when the path is not one of the cached pages. */
function readParameters(path: string): readonly string[] | null {
  // Each page in either language ('/en/medis'), each kept under its own address.
  const page = withoutLocale(path);
  if (Object.hasOwn(CACHED_PAGES, page)) return CACHED_PAGES[page];
  const child = CACHED_PAGE_PARENTS.some(
    (parent) => page.startsWith(parent) && page.length > parent.length && !page.includes("/", parent.length),
  );
  return child ? [] : null;
}

/**
 * The address with only the parameters its page reads, each once, in the
 * order sent: '?v=1', '?utm_source=…' or a made-up one make no page of their
 * own (they were thousands of entries, and hundreds of megabytes).
 */
function keptAddress(originalUrl: string, parameters: readonly string[]): string {
  const mark = originalUrl.indexOf("?");
  if (mark === -1) return originalUrl;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(originalUrl.slice(mark + 1))) {
    if ((name === DATA_PARAM || parameters.includes(name)) && !kept.has(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${originalUrl.slice(0, mark)}?${query}` : originalUrl.slice(0, mark);
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

/**
 * The address of a request a kept page may answer (kept for its audience),
 * or null when it must be rendered for its sender: a GET or HEAD of a listed
 * public page, without credentials and without a message to show. Only the
 * parameters the page reads are in it (keptAddress): the page is rendered
 * for that address, and kept under it.
 */
export function cacheAddress(req: Pick<express.Request, "method" | "headers" | "originalUrl">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.headers.authorization !== undefined || carriesCookie(req.headers.cookie, MESSAGE_COOKIE)) return null;
  // As the router matches it: percent-decoded, in any case ('/Galerija'), its data request naming its page.
  const path = routePath(req.originalUrl).toLowerCase();
  const parameters = readParameters(path);
  if (parameters === null || requiredRole(path) !== null) return null;
  return keptAddress(req.originalUrl, parameters);
}

/** Who a kept page is for: a signed-in user's role and own person (null for a visitor, who has neither). */
export interface CacheViewer {
  role: Role;
  personId: number | null;
  /** Until when the session may be taken as it is without asking the database (ms): its expiry, or its next use to note. */
  until: number;
}

/** The key of a page: its audience, the viewer's own person when the page depends on it, and the address. */
function keyOf(address: string, viewer: CacheViewer | null, byPerson: boolean): string {
  const audience = viewer?.role ?? "lankytojas";
  return byPerson && viewer ? `${audience} ${viewer.personId ?? "-"} ${address}` : `${audience} ${address}`;
}

/** What servedFromCache found for a request it could not answer: the page is to be rendered whole for this viewer and kept. */
export interface CacheMiss {
  address: string;
  viewer: CacheViewer | null;
  tag: string;
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
   * (PostgreSQL), and the tag and the session are read for every request.
   */
  changed?: () => boolean;
  /** The viewer of a request carrying a session cookie, read from the database; null when the session is not a live one. */
  viewer(cookieHeader: string): Promise<CacheViewer | null>;
}

/**
 * What is known current while nothing is committed (SQLite): the tag, and
 * the sessions already looked up, by their cookie's value as sent. Any
 * commit (a logout, a disabled account, a changed role, a noted use) drops it.
 */
interface Known {
  tag: string;
  until: number;
  sessions: Map<string, CacheViewer | null>;
}

/** Sessions known at once at most (a flood of made-up cookies only empties the list). */
const MAX_KNOWN_SESSIONS = 10_000;

const HOUR_MS = 60 * 60 * 1000;

export class RenderCache {
  #pages = new Map<string, CachedPage>();
  #bytes = 0;
  /** The tag last read and the sessions looked up since, while nothing has been committed and the date is the same. */
  #known: Known | null = null;
  /** The keys (audience and address) whose page was rendered from the viewer's own person: kept per person. */
  #byPerson = new Set<string>();
  readonly #options: RenderCacheOptions;

  constructor(options: RenderCacheOptions) {
    this.#options = options;
  }

  get enabled(): boolean {
    return this.#options.maxBytes > 0;
  }

  /** The current tag: known, or read from the database. */
  async currentTag(): Promise<string> {
    const { changed } = this.#options;
    if (changed) {
      const known = this.#knownNow();
      if (known) return known.tag;
      // Whatever is committed from here on is seen by the next changed().
      changed();
    }
    const tag = await this.#options.tag();
    // Known until the next full hour: the tag's dates change at midnight UTC and at midnight in Vilnius, both on the hour.
    if (changed) this.#known = { tag, until: (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS, sessions: new Map() };
    return tag;
  }

  /** The tag and sessions known to be current without asking the database, or null. */
  #knownNow(): Known | null {
    const known = this.#known;
    if (!known || Date.now() >= known.until || this.#options.changed!()) {
      this.#known = null;
      return null;
    }
    return known;
  }

  /** The viewer of a request: a visitor without a session cookie, else the session's, read from the database. */
  async viewerOf(cookieHeader: string | undefined): Promise<CacheViewer | null> {
    const value = cookieValue(cookieHeader, SESSION_COOKIE);
    if (value === null) return null;
    // Remembered only in the state that was current before the read began: a commit after that drops it.
    const known = this.#known;
    const viewer = await this.#options.viewer(cookieHeader!);
    if (known && this.#known === known) {
      if (known.sessions.size >= MAX_KNOWN_SESSIONS) known.sessions.clear();
      known.sessions.set(value, viewer);
    }
    return viewer;
  }

  /** The kept page of an address for a viewer, and the key it is (or would be) kept under. */
  find(address: string, viewer: CacheViewer | null, tag: string): CachedPage | null {
    const base = keyOf(address, viewer, false);
    return this.get(viewer && this.#byPerson.has(base) ? keyOf(address, viewer, true) : base, tag);
  }

  /**
   * The page last kept for visitors at a request's address, whatever its tag:
   * what is served while the database cannot be asked which tag is current
   * (server/database-outage.ts). Never another audience's.
   */
  lastKeptForVisitors(req: Pick<express.Request, "method" | "headers" | "originalUrl">): CachedPage | null {
    if (!this.enabled) return null;
    const address = cacheAddress({ ...req, method: "GET", headers: { ...req.headers, cookie: undefined } });
    return address === null ? null : (this.#pages.get(keyOf(address, null, false)) ?? null);
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
  async take({ address, viewer, tag }: CacheMiss, response: Response, read: KeptRender): Promise<CachedPage> {
    const body = Buffer.from(await response.arrayBuffer());
    // Kept only for the audience it was rendered for: the role the session has (it may have changed since the
    // lookup), the person it read, nothing of the account itself.
    const byPerson = read.person !== undefined;
    const forTheViewer =
      !read.personal && read.role === (viewer?.role ?? null) && (!byPerson || (viewer !== null && read.person === viewer.personId));
    const key = keyOf(address, viewer, byPerson);
    const html = /^text\/html/i.test(response.headers.get("Content-Type") ?? "");
    const headers: [string, string][] = [...this.#options.securityHeaders];
    for (const [name, value] of response.headers.entries()) if (!NOT_KEPT_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    for (const cookie of response.headers.getSetCookie()) headers.push(["Set-Cookie", cookie]);
    if (html) headers.push(["Content-Security-Policy", this.#options.policy(scriptHashes(body.toString("utf8")))]);
    headers.push(["Vary", "Accept-Encoding, Cookie"]);
    // Stored, but asked about every time: the next edit must show at once. A signed-in user's only in their own browser.
    if (viewer) headers.push(["Cache-Control", "private, no-cache"]);
    else if (!response.headers.has("Cache-Control")) headers.push(["Cache-Control", "no-cache"]);
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
      forTheViewer &&
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      !/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "") &&
      body.length <= this.#options.maxBytes / 8;
    if (shareable) {
      if (byPerson) {
        if (this.#byPerson.size >= MAX_KNOWN_SESSIONS) this.#byPerson.clear();
        this.#byPerson.add(keyOf(address, viewer, false));
      }
      this.#keep(page);
    }
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
    const address = cacheAddress({ method: req.method ?? "", headers: req.headers, originalUrl: req.url });
    if (address === null || stamped(address)) return false;
    const known = this.#knownNow();
    if (!known) return false;
    // A session already looked up since the last commit, and not yet due to have its use noted.
    const value = cookieValue(req.headers.cookie, SESSION_COOKIE);
    const viewer = value === null ? null : known.sessions.get(value);
    if (viewer === undefined || (viewer !== null && Date.now() >= viewer.until)) return false;
    const page = this.find(address, viewer, known.tag);
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
 * In front of the router: answers a request from the page kept for its audience, or
 * marks it (res.locals.cacheMiss) so that the router renders the page whole
 * and keeps it (server/react-router.ts).
 */
export function servedFromCache(cache: RenderCache): express.RequestHandler {
  return async (req, res, next) => {
    const address = cache.enabled ? cacheAddress(req) : null;
    if (address === null) return next();
    try {
      const tag = await cache.currentTag();
      const viewer = await cache.viewerOf(req.headers.cookie);
      const page = cache.find(address, viewer, tag);
      if (!page) {
        res.locals.cacheMiss = { address, viewer, tag } satisfies CacheMiss;
        return next();
      }
      await cache.serve(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}
