import { useMemo, type ReactNode } from "react";
import { RawIntlProvider, useIntl, type IntlShape } from "react-intl";
import { useLocation } from "react-router";
import { sharedIntl, makeT, type Message, type T, type Values } from "./intl.ts";
import { localeOf, type Locale } from "./locales.ts";

/**
 * The page's language and messages for everything under it. The language is
 * the address's ('/en/…' is English), so the server's render and the browser's
 * agree and a kept page is kept per language.
 */
export function I18nProvider({ messages, children }: { messages: Record<Locale, Record<string, string>>; children: ReactNode }) {
  const intl: IntlShape = sharedIntl(useLocale(), messages);
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

/** The language of the page being shown. */
export function useLocale(): Locale {
  return localeOf(useLocation().pathname);
}

/** The messages in the page's language: const t = useT(); t('gallery.title'). */
export function useT(): T {
  const intl = useIntl();
  return useMemo(() => makeT(intl), [intl]);
}

/** Text that may be a message id or a sentence already said (a form's error, a toast's line): said in the page's language. */
export function Say({ text, values }: { text: string | Message; values?: Values }) {
  return useT().say(text, values);
}
