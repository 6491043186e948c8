import { createTranslator, type T } from "./intl.ts";
import { ADMIN_CATALOGS, merge } from "./catalog.ts";
import { siteMessages } from "./site.ts";
import { LOCALES, localeOf, type Locale } from "./locales.ts";

/** The administration's messages with the site's: loaded by the admin layout only, so a visitor's browser never carries them. */
export const adminMessages = Object.fromEntries(
  LOCALES.map((locale) => [locale, { ...siteMessages[locale], ...merge(ADMIN_CATALOGS, locale) }]),
) as Record<Locale, Record<string, string>>;

const translators = new Map<Locale, T>();

/** The administration's messages outside React (an admin page's meta function). */
export function adminT(locale: Locale | { pathname: string }): T {
  const language = typeof locale === "string" ? locale : localeOf(locale.pathname);
  let t = translators.get(language);
  if (!t) translators.set(language, (t = createTranslator(language, adminMessages[language])));
  return t;
}
