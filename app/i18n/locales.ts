// The interface's languages and how an address names one. Lithuanian is the
// site's own language and lives at the bare addresses ('/medis'); English
// lives under '/en' ('/en/medis'), so a shared link opens in the language it
// was shared in and a kept page (server/render-cache.ts) is kept per language.

export const LOCALES = ["lt", "en"] as const;
export type Locale = (typeof LOCALES)[number];
/** The language of the bare addresses, and the source of every catalog. */
export const SOURCE_LOCALE: Locale = "lt";

/** How each language names itself (the language switch). */
export const LOCALE_NAMES: Record<Locale, string> = { lt: "Lietuviškai", en: "English" };

/** The prefix of a language's addresses: '' for Lithuanian, '/en' for English. */
export function localePrefix(locale: Locale): string {
  return locale === SOURCE_LOCALE ? "" : `/${locale}`;
}

// The router matches '/EN/medis' as '/en/medis' (it ignores case), so the
// language is read the same way.
const ENGLISH = /^\/en(?=\/|$)/i;

/** The language an address is in: '/en' and '/en/…' are English, every other address Lithuanian. */
export function localeOf(pathname: string): Locale {
  return ENGLISH.test(pathname) ? "en" : SOURCE_LOCALE;
}

/** The address without its language: '/en/medis' → '/medis', '/en' → '/'. */
export function withoutLocale(pathname: string): string {
  return pathname.replace(ENGLISH, "") || "/";
}

// Files the server sends as they are (images, scripts, downloads): one address for every language.
const UNLOCALIZED = /^\/(?:media|assets|fonts|favicon\.svg|robots\.txt|sitemap)(?=[/.?#]|$)/;

/**
 * A site address in a language: localized('en', '/medis?x=1') → '/en/medis?x=1',
 * localized('en', '/') → '/en'. Other sites' addresses, '#…' and '?…' are left as they are.
 */
export function localized(locale: Locale, to: string): string {
  if (!to.startsWith("/") || to.startsWith("//") || UNLOCALIZED.test(to)) return to;
  const bare = to.replace(ENGLISH, "") || "/";
  if (locale === SOURCE_LOCALE) return bare;
  const prefix = localePrefix(locale);
  // '/en' rather than '/en/' for the home page; '/?x' becomes '/en?x'.
  return bare === "/" || /^\/[?#]/.test(bare) ? `${prefix}${bare.slice(1)}` : `${prefix}${bare}`;
}

/** The same page in another language (the language switch, hreflang). */
export function samePageIn(locale: Locale, pathname: string, search = ""): string {
  return localized(locale, `${withoutLocale(pathname)}${search}`);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
