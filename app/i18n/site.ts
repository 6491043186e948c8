import { createTranslator, type T } from "./intl.ts";
import { merge, SITE_CATALOGS } from "./catalog.ts";
import { LOCALES, localeOf, type Locale } from "./locales.ts";

/** What every page's browser loads: the frame, the public pages, the account. */
export const siteMessages = Object.fromEntries(LOCALES.map((locale) => [locale, merge(SITE_CATALOGS, locale)])) as Record<
  Locale,
  Record<string, string>
>;

const translators = new Map<Locale, T>();

/** The site's messages outside React, in a language or in the language of an address (a meta function's location). */
export function siteT(locale: Locale | { pathname: string }): T {
  const language = typeof locale === "string" ? locale : localeOf(locale.pathname);
  let t = translators.get(language);
  if (!t) translators.set(language, (t = createTranslator(language, siteMessages[language])));
  return t;
}
