import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const HEAD_END = "</head>";

/**
 * Marks the page's module preloads `fetchpriority="low"` in the streamed HTML.
 *
 * React Router's <Scripts> preloads every module the page hydrates with, and a
 * browser fetches a modulepreload at high priority: on a slow phone the ~120 KB
 * of scripts then compete with the stylesheet and fonts that the first paint
 * waits for (and Lighthouse counts them as render-blocking). The page is fully
 * readable before hydration, so the scripts may come after. <Scripts> has no
 * option for the attribute, hence the rewrite; it touches only <head> (the
 * links are hoisted there), holding back at most the head, then passes the
 * rest through untouched. See docs/decisions/017.
 */
export function lowPriorityScripts(): Transform {
  let head: string | null = "";
  // A letter may be split between two chunks (the title is in <head>).
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const out = head.slice(0, end).replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`) + head.slice(end);
      head = null;
      callback(null, out);
    },
    flush(callback) {
      // A document without </head> (an error page cut short) goes out as it came.
      if (head !== null) head += decoder.end();
      callback(null, head || null);
    },
  });
}

const HELD_TYPE = "text/x-after-first-paint";
/**
 * Starts the held hydration script once the page has been painted: the frame
 * that draws the page runs the animation-frame callback, the timeout after it.
 * The new element's text is the held one's, so a kept page's policy allows it
 * by the same hash; on a page with a nonce it takes the held one's nonce. A
 * tab opened in the background hydrates when it is shown.
 */
const START_AFTER_PAINT =
  `requestAnimationFrame(function(){setTimeout(function(){` +
  `var held=document.querySelector('script[type="${HELD_TYPE}"]'),s=document.createElement("script");` +
  `s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;document.head.appendChild(s)})})`;

/**
 * For a visitor's page (a request without cookies, server/react-router.ts):
 * the page's scripts start only after its first paint.
 *
 * Module preloads, even at low priority, start ~120 KB of scripts before the
 * page is painted, and on a slow phone they share the line with the
 * stylesheet, the fonts and the first photos; Lighthouse's simulation counts
 * every request started before the largest paint. A visitor's page reads whole
 * without JavaScript (links and forms work as they are), so its scripts may
 * wait: the preloads are dropped and React Router's hydration module (the one
 * `<script type="module" async>`) is held as inert text and started by a small
 * inline script after the first paint (React re-adds the preload links when it
 * hydrates; they are then no longer needed). The whole document is read first,
 * so the page is sent whole. `nonce` is the response's own (empty for a page
 * to be kept, whose policy allows its inline scripts by hash). A document
 * without that module goes out unchanged.
 */
export function scriptsAfterFirstPaint(nonce = ""): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, holdScriptsUntilPainted(Buffer.concat(chunks).toString("utf8"), nonce));
    },
  });
}

/** The whole-document rewrite behind scriptsAfterFirstPaint(). */
export function holdScriptsUntilPainted(html: string, nonce = ""): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const hydrationScript = `<script${nonceAttribute} type="module" async="">`;
  const headEnd = html.indexOf(HEAD_END);
  const module = html.indexOf(hydrationScript, headEnd);
  if (headEnd === -1 || module === -1 || html.indexOf(hydrationScript, module + 1) !== -1) return html;
  const moduleEnd = html.indexOf("</script>", module) + "</script>".length;
  const head = html.slice(0, headEnd).replace(/<link rel="modulepreload"[^>]*>/g, "");
  return (
    head +
    html.slice(headEnd, module) +
    `<script type="${HELD_TYPE}"${nonceAttribute}>` +
    html.slice(module + hydrationScript.length, moduleEnd) +
    `<script${nonceAttribute}>${START_AFTER_PAINT}</script>` +
    html.slice(moduleEnd)
  );
}
