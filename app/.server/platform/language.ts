import type { MiddlewareFunction } from "react-router";
import { localeOf, localized, SOURCE_LOCALE } from "#app/i18n/locales.ts";
import { setRequestLocale } from "./context.ts";
import { inRequestLanguage } from "./request-language.ts";

/**
 * Keeps a reader in their language: a redirect answering an English request
 * ('/en/…') goes to the English address. Routes name the bare address
 * (redirect('/admin'), the login a session needs), and this one place in front
 * of them puts it in the request's language, a page's request or its data request.
 */
export const languageMiddleware: MiddlewareFunction<Response> = async ({ url, context }, next) => {
  const locale = localeOf(url.pathname);
  setRequestLocale(context, locale);
  const response = await inRequestLanguage(locale, next);
  const location = response.headers.get("Location");
  if (locale === SOURCE_LOCALE || location === null || response.status < 300 || response.status >= 400) return response;
  const headers = new Headers(response.headers);
  headers.set("Location", localized(locale, location));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
