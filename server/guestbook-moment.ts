import type express from "express";
import type { Database } from "#app/.server/platform/db/schema.ts";
import type { Config } from "#app/.server/platform/env.ts";
import { withSecureCookies } from "#app/.server/platform/cookies.ts";
import { formMomentCookie } from "#app/.server/guestbook/guestbook.ts";
import { stamped } from "./render-cache.ts";
import { answeredSecurely } from "./security-headers.ts";

/**
 * Every showing of the guestbook (its page or its data, kept or rendered, in
 * either language) carries the moment it was shown, signed, in a cookie
 * (guestbook/guestbook.ts): the form's anti-spam token, out of the page, so
 * that the page itself is the same for everyone and is kept. In front of the
 * render cache, so that a kept page gets it too.
 */
export function guestbookMoment(db: Database, config: Pick<Config, "siteUrl">): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!stamped(req.originalUrl)) return next();
    try {
      res.append("Set-Cookie", await withSecureCookies(answeredSecurely(config, req), () => formMomentCookie(db)));
      next();
    } catch (error) {
      next(error);
    }
  };
}
