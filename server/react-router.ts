import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

// React Router behind Express: turns the Node request into a Fetch Request and
// writes the Response back. Written here rather than taken from
// @react-router/express because the body may already have been read, bounded,
// by the request guard (server/request-guard.ts): then it comes from memory.

export interface HandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext(req: express.Request, res: express.Response): RouterContextProvider;
}

function fetchHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function fetchRequest(req: express.Request, res: express.Response): Request {
  // req.host is the Host header, or X-Forwarded-Host behind a trusted proxy. The
  // path is appended as text: '//other.example/' stays a path on this site.
  const url = new URL(`${req.protocol}://${req.host || "localhost"}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = fetchHeaders(req);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const buffered = res.locals.body as Buffer | undefined;
    if (buffered) {
      init.body = new Uint8Array(buffered.buffer as ArrayBuffer, buffered.byteOffset, buffered.length);
      // A POST without a body is an empty form, so that every action can read it as one.
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
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
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export function reactRouterHandler({ build, mode, getLoadContext }: HandlerOptions): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    let request: Request;
    try {
      request = fetchRequest(req, res);
    } catch {
      // A Host header no URL can be made of.
      res.status(400).type("text").send("Netinkama užklausa.");
      return;
    }
    try {
      await send(res, await handle(request, getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
