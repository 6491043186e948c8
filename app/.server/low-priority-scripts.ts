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
