import { AsyncLocalStorage } from "node:async_hooks";
import { createCookie, type Cookie, type MiddlewareFunction } from "react-router";
import { requestInfo } from "./context.ts";

// Every cookie the site sets, its flags in one place (issue 31): HttpOnly,
// SameSite=Lax, the whole site's path, and Secure whenever the site is reached
// over https (an https SITE_URL, or an https request behind a trusted proxy)
// — the session's, the trusted device's and a toast's alike. Whether the
// request is secure is known once, in front of the router (cookieMiddleware),
// so no code that sets a cookie has to be handed it.

const secureCookies = new AsyncLocalStorage<boolean>();

/** Runs `answer` with cookies marked Secure or not (a request's, a test's). */
export function withSecureCookies<R>(secure: boolean, answer: () => R): R {
  return secureCookies.run(secure, answer);
}

/** In front of every route: the request's cookies are Secure when the site is reached over https. */
export const cookieMiddleware: MiddlewareFunction<Response> = ({ context }, next) => withSecureCookies(requestInfo(context).secure, next);

/** A cookie of the site, living `maxAgeSeconds`, with the site's flags for the request being answered. */
export function siteCookie(name: string, maxAgeSeconds: number): Cookie {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: maxAgeSeconds,
    secure: secureCookies.getStore() ?? false,
  });
}

/**
 * Whether a Cookie header carries a cookie of this name with a value (an
 * emptied one, as a logout leaves it in some clients, is none).
 */
export function carriesCookie(header: string | undefined | null, name: string): boolean {
  return cookieValue(header, name) !== null;
}

/**
 * A cookie's value as sent (still encoded), the first of that name, or null
 * when there is none or it is empty.
 */
export function cookieValue(header: string | undefined | null, name: string): string | null {
  // Asked for every request a kept page may answer: no header is answered at once, and each name's pattern made once.
  if (!header) return null;
  let pattern = cookiePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;)\\s*${name}=([^;]*)`);
    cookiePatterns.set(name, pattern);
  }
  const value = pattern.exec(header)?.[1].trim();
  return value ? value : null;
}

/** The patterns of cookieValue, by cookie name (the site's own few). */
const cookiePatterns = new Map<string, RegExp>();
