import fs from "node:fs";
import path from "node:path";
import express from "express";

// The browser's files (build/client/assets): each name carries a hash of its
// content, so it never changes and is cached for a year. The build left
// brotli and gzip forms beside them (server/precompress.ts); a client that
// accepts one gets it as it is on disk, nothing compressed per request.
// They are served before the pages' security headers (server/app.ts): what
// those say (script policy, framing, referrer, opener, permissions) applies
// to documents, and a script, a stylesheet or a font sent with them carries
// half a kilobyte for nothing. Each gets X-Content-Type-Options; an SVG, which
// a browser could open as a document, gets the page policy too.

type Encoding = "br" | "gzip";
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

export function precompressedAssets(dir: string, documentPolicy: string): express.RequestHandler {
  // Immutable: a validator (ETag, Last-Modified) would never be used.
  const serve = express.static(dir, {
    immutable: true,
    maxAge: "1y",
    index: false,
    etag: false,
    lastModified: false,
    setHeaders(res, file) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      if (file.endsWith(".svg")) res.setHeader("Content-Security-Policy", documentPolicy);
    },
  });
  const variants = new Map<string, Encoding[]>();
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    // No build yet: nothing to serve.
  }
  const present = new Set(names);
  for (const name of names) {
    const encodings = (Object.keys(SUFFIX) as Encoding[]).filter((encoding) => present.has(name + SUFFIX[encoding]));
    if (encodings.length) variants.set(`/${name.split(path.sep).join("/")}`, encodings);
  }
  return (req, res, next) => {
    const encodings = req.method === "GET" || req.method === "HEAD" ? variants.get(req.path) : undefined;
    if (!encodings) return serve(req, res, next);
    res.setHeader("Vary", "Accept-Encoding");
    const chosen = req.acceptsEncodings([...encodings, "identity"]);
    if (chosen === "br" || chosen === "gzip") {
      // The type of the file itself, not of its compressed form.
      res.type(path.extname(req.path));
      res.setHeader("Content-Encoding", chosen);
      req.url = req.path + SUFFIX[chosen];
    }
    serve(req, res, next);
  };
}
