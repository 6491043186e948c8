import { randomBytes } from "node:crypto";
import type express from "express";
import type { Config } from "#app/.server/platform/env.ts";

// The headers every response carries. The render cache (render-cache.ts)
// sends the same list with the pages it keeps; only the script policy
// differs there (hashes instead of a nonce).

/**
 * The Content-Security-Policy: scripts run only from this site's files and,
 * inline, only those the page itself allows (a per-response nonce, or for a
 * kept page the hashes of its own scripts).
 */
export function contentSecurityPolicy(config: Config, scriptSources: string[]): string {
  const development = !config.production;
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    // Vite injects styles as inline tags while developing.
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Every header but the script policy. */
export function securityHeaderList(config: Config): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
  ];
  if (config.siteUrl?.protocol === "https:") headers.push(["Strict-Transport-Security", "max-age=31536000"]);
  return headers;
}

/**
 * Headers for every response. Scripts run only from this site and only with
 * the per-request nonce that entry.server.tsx gives React Router's scripts.
 */
export function securityHeaders(config: Config): express.RequestHandler {
  const list = securityHeaderList(config);
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(config, [`'nonce-${nonce}'`]));
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

/** Whether the site is reached over https here (an https SITE_URL, or an https request): its cookies are then Secure. */
export function answeredSecurely(config: Pick<Config, "siteUrl">, req: Pick<express.Request, "secure">): boolean {
  return config.siteUrl?.protocol === "https:" || req.secure;
}
