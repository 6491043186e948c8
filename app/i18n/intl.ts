import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { ReactNode } from "react";
import type { Locale } from "./locales.ts";
import type { MessageId } from "./catalog.ts";

// One way to say anything: t('gallery.title'), t('gallery.count', { count }),
// the same in a component (useT), a meta function, a loader or a letter
// (translator). Messages are ICU MessageFormat: plurals by the language's own
// rules ({count, plural, one {# nuotrauka} few {# nuotraukos} other {# nuotraukų}}),
// dates and numbers by Intl.

/** The family's time zone: the server's render and the browser's agree on a date. */
export const TIME_ZONE = "Europe/Vilnius";

export type Value = string | number | Date | null | undefined;
export type Values = Record<string, Value>;
export type RichValues = Record<string, Value | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * What a domain module says, for the page to put in the reader's language: a
 * message id, with the values it names. A module never returns a sentence.
 */
export type Message = MessageId | { id: MessageId; values?: Values };

export interface T {
  /** The message in this language, as text. */
  (message: Message, values?: Values): string;
  /** A message with markup in it: <a>…</a> or <b>…</b> filled by the values' functions. */
  rich(id: MessageId, values: RichValues): ReactNode;
  /** '2026 m. lapkričio 21 d.' / 'November 21, 2026' */
  date(value: string | Date): string;
  /** The date and the time of day. */
  dateTime(value: string | Date): string;
  /** Two moments as dateTime says them, what they share said once: '2026 m. lapkričio 27 d. 14:02–14:10'. */
  dateTimeRange(from: string | Date, to: string | Date): string;
  /** '1 234' / '1,234' */
  number(value: number): string;
  /**
   * Text that may be a message or a sentence already said: an id or a Message
   * is said in this language, anything else shown as it is (a form error, a
   * toast's line, the family's words).
   */
  say(text: string | Message, values?: Values): string;
  /** Whether the catalogs loaded here know this id (a server's 4xx may carry one). */
  has(id: string): id is MessageId;
  locale: Locale;
}

export function makeT(intl: IntlShape): T {
  const t = ((message: Message, values?: Values) => {
    const { id, values: own } = typeof message === "string" ? { id: message, values: undefined } : message;
    return intl.formatMessage({ id }, { ...own, ...values } as Record<string, string | number | Date>) as string;
  }) as T;
  t.rich = (id, values) => intl.formatMessage({ id }, values as Record<string, ReactNode>) as ReactNode;
  t.date = (value) => intl.formatDate(value, { year: "numeric", month: "long", day: "numeric" });
  t.dateTime = (value) => intl.formatDate(value, { dateStyle: "long", timeStyle: "short" });
  t.dateTimeRange = (from, to) => intl.formatDateTimeRange(from, to, { dateStyle: "long", timeStyle: "short" });
  t.number = (value) => intl.formatNumber(value);
  t.has = (id): id is MessageId => Object.hasOwn(intl.messages, id);
  t.say = (text, values) => {
    if (typeof text !== "string") return t.has(text.id) ? t(text, values) : text.id;
    return t.has(text) ? t(text, values) : text;
  };
  t.locale = intl.locale as Locale;
  return t;
}

const cache = createIntlCache();

/** The intl object for a language and its messages (the provider's and the translators' settings in one place). */
export function intlConfig(locale: Locale, messages: Record<string, string>) {
  return {
    locale,
    messages,
    defaultLocale: "lt",
    timeZone: TIME_ZONE,
    // A message missing from a catalog shows its id (which the tests look for); it is not an error to throw.
    onError: (error: { code?: string; message: string }) => {
      if (error.code === "MISSING_TRANSLATION") return;
      console.error(error.message);
    },
  };
}

/** A translator outside React: meta functions, loaders, letters. */
export function createTranslator(locale: Locale, messages: Record<string, string>): T {
  return makeT(createIntl(intlConfig(locale, messages), cache));
}

const intls = new WeakMap<object, Map<Locale, IntlShape>>();

/**
 * One intl object for a bundle of catalogs in a language, made once and kept:
 * its formatters parse each message once for the life of the process (or the
 * page), not once for every page made. (IntlProvider would make a new one, and
 * parse every message again, on each server render.)
 */
export function sharedIntl(locale: Locale, messages: Record<Locale, Record<string, string>>): IntlShape {
  let byLocale = intls.get(messages);
  if (!byLocale) intls.set(messages, (byLocale = new Map()));
  let intl = byLocale.get(locale);
  if (!intl) byLocale.set(locale, (intl = createIntl(intlConfig(locale, messages[locale]), cache)));
  return intl;
}
