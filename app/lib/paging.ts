import { data } from "react-router";
import type { MessageId } from "#app/i18n/catalog.ts";
import type { T } from "#app/i18n/intl.ts";
import { parseId } from "./numbers.ts";

// Every list a visitor can open comes a page at a time, the page in the URL
// (?puslapis=2) so that it works as a plain link, without JavaScript, and can
// be shared. One way to read the number, one answer for a bad one (400) and
// one for a page past the end (404, the not-found page), on every list.

export const PAGE_PARAM = "puslapis";
/** A page number that is not one: the 400 says it (the root's error page, in the page's language). */
export const BAD_PAGE_MESSAGE = "common.error.badPage" satisfies MessageId;

/** A page of a list, and where it stands in the whole. */
export interface Page<T> {
  items: T[];
  /** How many items the whole list has (for the audience that asked). */
  total: number;
  page: number;
  /** How many pages there are: at least 1, an empty list being one empty page. */
  pages: number;
}

/** One page of a list already read whole (a list that must be filtered in code first, as the living rule is). */
export function pageOf<T>(all: T[], page: number, size: number): Page<T> {
  const offset = pageOffset(page, size);
  return { items: all.slice(offset, offset + size), total: all.length, page, pages: pageCount(all.length, size) };
}

/** The page number a URL asks for: 1 when none is given, null when what is given is not a page number. */
export function parsePageNumber(params: URLSearchParams): number | null {
  const asked = params.get(PAGE_PARAM);
  return asked === null ? 1 : parseId(asked);
}

/** The page number of a request, or the clear 400 every list gives for a bad one. */
export function requestedPage(request: Request): number {
  const page = parsePageNumber(new URL(request.url).searchParams);
  if (page === null) throw data(BAD_PAGE_MESSAGE, { status: 400 });
  return page;
}

/** How many pages `total` items make, `size` a page. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The rows to skip for a page: what goes to OFFSET. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

/**
 * A page past the end of the list answers 404 (the not-found page) rather
 * than an empty list: an old link to a list that has shrunk says so, and a
 * crawler does not index empty pages. Page 1 always exists, empty or not.
 */
export function assertPageExists(page: { page: number; pages: number }): void {
  if (page.page > page.pages) throw data(null, { status: 404 });
}

/** The address of another page of the same list: the other parameters kept, page 1 without a number. */
export function pageHref(pathname: string, search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** A page's title after the first: 'Dokumentai – 2 puslapis'. */
export function pageTitle(t: T, title: string, page: number): string {
  return page > 1 ? t("common.pager.titled", { title, page }) : title;
}
