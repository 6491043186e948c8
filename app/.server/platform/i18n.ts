import { ADMIN_CATALOGS, LETTER_CATALOGS, merge, SITE_CATALOGS } from "#app/i18n/catalog.ts";
import { createTranslator, type T } from "#app/i18n/intl.ts";
import { localeOf, type Locale } from "#app/i18n/locales.ts";

const ALL = { ...SITE_CATALOGS, ...ADMIN_CATALOGS, ...LETTER_CATALOGS };
const translators = new Map<Locale, T>();

/** Every message, on the server (letters, a loader's words): in a language, or in the language of a request's address. */
export function serverT(locale: Locale | Request): T {
  const language = typeof locale === "string" ? locale : localeOf(new URL(locale.url).pathname);
  let t = translators.get(language);
  if (!t) translators.set(language, (t = createTranslator(language, merge(ALL, language))));
  return t;
}
