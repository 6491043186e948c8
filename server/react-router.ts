import type { IncomingMessage } from "node:http";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfo, type KeptRender } from "#app/.server/platform/context.ts";
import { fromAVisitor, type CacheMiss, type RenderCache } from "./render-cache.ts";

// React Router behind Express: turns the Node request into a Fetch Request and
// writes the Response back. Written here rather than taken from
// @react-router/express because the body may already have been read, bounded,
// by the request guard (server/request-guard.ts): then it comes from memory.

export interface HandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext(req: express.Request, res: express.Response, render: Render): RouterContextProvider;
  /** Pages kept once rendered, per audience (render-cache.ts); the lookup itself runs earlier (servedFromCache). */
  cache?: RenderCache;
}

/** How a document is to be rendered. */
export interface Render {
  /**
   * A page to be kept by the render cache for an audience: without a nonce (its policy allows its scripts
   * by hash), noting what it reads of its viewer.
   */
  kept: KeptRender | null;
  /**
   * Rendered whole, its scripts started after its first paint: every visitor's page
   * (app/.server/platform/low-priority-scripts.ts), a kept one among them.
   */
  holdScripts: boolean;
}

function fetchHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The request's body as a web stream, and a way to let go of it. A route that
 * answers without reading the body (a refusal, a redirect to the login page)
 * leaves the rest unread on the connection: drain() reads and drops it, so the
 * connection goes on to the client's next request instead of hanging and being
 * reset (what React Router's own adapter does when the stream is dropped).
 */
function bodyStream(req: IncomingMessage): { body: ReadableStream<Uint8Array>; drain(): void } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const finish = (act: (c: ReadableStreamDefaultController<Uint8Array>) => void) => {
    if (!controller) return;
    const c = controller;
    controller = undefined;
    act(c);
  };
  const onData = (chunk: Buffer) => {
    if (!controller) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const onEnd = () => finish((c) => c.close());
  const onError = (error: Error) => finish((c) => c.error(error));
  const onClose = () => finish((c) => (req.complete ? c.close() : c.error(new Error("Užklausa nutraukta"))));
  const detach = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        req.once("close", onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        controller = undefined;
        detach();
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return {
    body,
    drain() {
      if (req.complete) return;
      controller = undefined;
      detach();
      req.resume();
    },
  };
}

/**
 * The address a request is answered at. A write's origin has been judged
 * already, in front of every route (request-guard.ts: this site's address or
 * SITE_URL), and it is the address the writer sees: React Router, which
 * checks a write's Origin against the request's address again, is handed it.
 * Behind a proxy not named in TRUST_PROXY the request's own address is the
 * proxy's upstream one, and every write from the site's real address was
 * refused with a bare 400 and the router's stack trace (issue 31).
 */
function answeredAt(req: express.Request): string {
  // req.host is the Host header, or X-Forwarded-Host behind a trusted proxy.
  const own = `${req.protocol}://${req.host || "localhost"}`;
  const origin = req.headers.origin;
  if (req.method === "GET" || req.method === "HEAD" || origin === undefined) return own;
  try {
    return new URL(origin).origin;
  } catch {
    return own; // Not a URL: the guard refused it before it came here.
  }
}

/** The request as React Router takes it; `address` (a kept page's: only the parameters it reads) in place of the one sent. */
function fetchRequest(req: express.Request, res: express.Response, address = req.originalUrl): { request: Request; drain(): void } {
  // The path is appended as text: '//other.example/' stays a path on this site.
  const url = new URL(`${answeredAt(req)}${address}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = fetchHeaders(req);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  let drain = () => {};
  if (req.method !== "GET" && req.method !== "HEAD") {
    const buffered = res.locals.body as Buffer | undefined;
    if (buffered) {
      init.body = new Uint8Array(buffered.buffer as ArrayBuffer, buffered.byteOffset, buffered.length);
      // A POST without a body is an empty form, so that every action can read it as one.
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else {
      const stream = bodyStream(req);
      init.body = stream.body;
      init.duplex = "half";
      drain = stream.drain;
    }
  }
  return { request: new Request(url, init), drain };
}

async function send(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  await pump(response.body, res);
}

const IDLE = Symbol("idle");

/**
 * Writes a streamed page. React Router's own writer flushes after every
 * chunk, and the compression middleware turns each flush into a full flush
 * that restarts the compressor (gzip output 30 % larger, on long pages 4×).
 * Here chunks that arrive together are written together, and the compressor
 * is flushed only when the stream pauses (a part of the page still loading),
 * so that what is rendered reaches the reader without waiting for the rest.
 */
async function pump(body: ReadableStream<Uint8Array>, res: express.Response & { flush?(): void }): Promise<void> {
  const reader = body.getReader();
  const closed = new Promise<typeof IDLE>((resolve) => res.once("close", () => resolve(IDLE)));
  try {
    let next = reader.read();
    for (;;) {
      let result = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE))]);
      if (result === IDLE) {
        res.flush?.();
        result = await Promise.race([next, closed]);
        if (result === IDLE) throw new Error("connection closed");
      }
      if (result.done) break;
      next = reader.read();
      if (!res.write(result.value)) {
        const drained = await Promise.race([new Promise<true>((resolve) => res.once("drain", () => resolve(true))), closed]);
        if (drained === IDLE) throw new Error("connection closed");
      }
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export function reactRouterHandler({ build, mode, getLoadContext, cache }: HandlerOptions): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    // A page that may be kept for its audience: rendered whole, for its kept address, without a nonce, then kept and served.
    const miss = req.method === "GET" && cache ? (res.locals.cacheMiss as CacheMiss | undefined) : undefined;
    let request: Request;
    let drain: () => void;
    try {
      ({ request, drain } = fetchRequest(req, res, miss?.address));
    } catch {
      // A Host header no URL can be made of.
      res.status(400).type("text").send("Netinkama užklausa.");
      return;
    }
    try {
      const kept: KeptRender | null = miss ? { personal: false } : null;
      // A kept page is rendered as its audience gets it: a visitor's with its scripts held, whatever else the request carries.
      const render = { kept, holdScripts: miss ? miss.viewer === null : fromAVisitor(req) };
      const context = getLoadContext(req, res, render);
      const response = await handle(request, context);
      if (requestInfo(context).databaseLost) {
        // Not the error page: the database is down, and the server's error handler answers without it.
        await response.body?.cancel();
        throw new DatabaseLost();
      }
      if (miss && kept && cache) await cache.serve(req, res, await cache.take(miss, response, kept));
      else await send(res, response);
    } catch (error) {
      // A reader who left mid-page is not an error of the site.
      if (!res.destroyed && !request.signal.aborted) next(error);
    } finally {
      drain();
    }
  };
}

/** A request that failed because the database could not be reached (its code is what connectionLost recognizes). */
class DatabaseLost extends Error {
  readonly code = "08006";
  constructor() {
    super("Duomenų bazė nepasiekiama");
  }
}
