import { AsyncLocalStorage } from "node:async_hooks";
import { SOURCE_LOCALE, type Locale } from "#app/i18n/locales.ts";
import type { T } from "#app/i18n/intl.ts";
import { serverT } from "./i18n.ts";

// The language of the request being answered, for the server code deep under
// a route that says something to the person who sent it (a form's field
// errors, a refusal): set once, by the language middleware in front of every
// route (language.ts), so no function has to be handed it. Code outside a
// request (the command line, a timer) is in Lithuanian.

const language = new AsyncLocalStorage<Locale>();

/** Runs `answer` as the answer to a request in `locale`. */
export function inRequestLanguage<R>(locale: Locale, answer: () => R): R {
  return language.run(locale, answer);
}

/** The language of the request being answered; Lithuanian outside one. */
export function requestLanguage(): Locale {
  return language.getStore() ?? SOURCE_LOCALE;
}

/** The messages in the language of the request being answered. */
export function requestT(): T {
  return serverT(requestLanguage());
}
