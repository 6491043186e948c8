import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { requestInfo } from "#app/.server/platform/context.ts";
import { connectionLost } from "#app/.server/platform/db/postgres-pool.ts";
import { lowPriorityScripts, scriptsAfterFirstPaint } from "#app/.server/platform/low-priority-scripts.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The nonce matches the Content-Security-Policy header set in server/app.ts;
  // a page to be kept has none (its scripts are allowed by hash) and is rendered whole.
  const { nonce: given, holdScripts } = requestInfo(loadContext);
  const nonce = given || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, visitors and a page to be kept get the whole page at once (a visitor's is read whole
    // to hold its scripts; a kept one is read whole anyway); a page rendered for its user is streamed.
    const readyOption = holdScripts || !given || (userAgent && isbot(userAgent)) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        // pipeline, not pipe: an aborted render must end the response, not leave it hanging.
        // A visitor's page starts its scripts after its first paint; others preload them at low priority.
        const html = pipeline(body, holdScripts ? scriptsAfterFirstPaint(nonce) : lowPriorityScripts(), () => {});
        resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/**
 * Logs errors thrown by loaders and actions; requests the client aborted are
 * not errors. One that says the database cannot be reached is marked on the
 * request instead: the server answers it without the database (server/database-outage.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (connectionLost(error)) {
    requestInfo(context as RouterContextProvider).databaseLost = true;
    return;
  }
  console.error(error);
};
