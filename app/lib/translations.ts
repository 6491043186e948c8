import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";

// The family's content in another language (issue 30): what an editor wrote
// in English beside the Lithuanian, kept with the row as JSON by language and
// field ({"en": {"title": "…", "description": "…"}}). A page in English shows
// a field's English when there is one, else the Lithuanian, marked as such.
// Names are never translated, so there are no translations of them.

export type Translations = Partial<Record<Locale, Record<string, string>>>;

/** A row's translations from its column; anything unreadable reads as none. */
export function parseTranslations(json: string | null | undefined): Translations {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const found: Translations = {};
    for (const [locale, fields] of Object.entries(value as Record<string, unknown>)) {
      if (!fields || typeof fields !== "object") continue;
      found[locale as Locale] = Object.fromEntries(
        Object.entries(fields as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
    }
    return found;
  } catch {
    return {};
  }
}

/** The column's JSON for these translations, empty fields left out. */
export function storeTranslations(translations: Translations): string {
  const kept: Translations = {};
  for (const [locale, fields] of Object.entries(translations)) {
    const filled = Object.entries(fields ?? {}).filter(([, text]) => text.trim() !== "");
    if (filled.length) kept[locale as Locale] = Object.fromEntries(filled);
  }
  return JSON.stringify(kept);
}

/** A field as a page in `locale` shows it: its text, and the language it is in. */
export interface Shown {
  text: string;
  lang: Locale;
}

/** A field in a language: its translation when there is one, else the Lithuanian. */
export function shown(locale: Locale, lithuanian: string, translations: Translations, field: string): Shown {
  if (locale === SOURCE_LOCALE) return { text: lithuanian, lang: SOURCE_LOCALE };
  const text = translations[locale]?.[field];
  return text && text.trim() !== "" ? { text, lang: locale } : { text: lithuanian, lang: SOURCE_LOCALE };
}

/**
 * A row's fields in a language: each field's text, and the fields still in
 * Lithuanian (which the page marks). Empty Lithuanian fields stay empty.
 */
export function inLanguage<F extends string>(
  locale: Locale,
  row: Record<F, string>,
  translations: Translations,
  fields: readonly F[],
): { texts: Record<F, string>; lithuanian: F[] } {
  const texts = {} as Record<F, string>;
  const lithuanian: F[] = [];
  for (const field of fields) {
    const { text, lang } = shown(locale, row[field], translations, field);
    texts[field] = text;
    if (lang !== locale && text.trim() !== "") lithuanian.push(field);
  }
  return { texts, lithuanian };
}
