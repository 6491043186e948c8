import { randomUUID } from "node:crypto";
import { requestT } from "./request-language.ts";
import { serverT } from "./i18n.ts";
import type { T } from "#app/i18n/intl.ts";
import { data, redirect } from "react-router";
import { siteCookie } from "./cookies.ts";
import { isToastKey, resolveToast, type Toast, type ToastKey } from "#app/lib/toasts.ts";

// A toast survives the redirect after an action in a cookie that lives one
// minute and is cleared by the next page load that shows it. The cookie holds
// only a key from the catalogue and small parameters, never text to display:
// the text is said when the page is made, in the language of its address.

/** The cookie that carries a message to show once, to the next page. */
export const MESSAGE_COOKIE = "pranesimas";
const flashCookie = () => siteCookie(MESSAGE_COOKIE, 60);

export interface ShownToast extends Toast {
  /** Distinguishes two identical toasts in a row. */
  id: string;
}

type Params = Record<string, number>;

/** The Set-Cookie header that makes the next page show this toast. */
export function toastCookie(key: ToastKey, params?: Params): Promise<string> {
  return flashCookie().serialize({ key, params, id: randomUUID() });
}

/** A redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(url: string, key: ToastKey, params?: Params, headers: HeadersInit = {}) {
  const h = new Headers(headers);
  h.append("Set-Cookie", await toastCookie(key, params));
  return redirect(url, { headers: h });
}

/** The toast waiting for this request, said in the request's language, and the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: ShownToast | null; clear: string | null }> {
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return { toast: null, clear: null };
  const clear = await flashCookie().serialize("", { maxAge: 0, expires: new Date(0) });
  const { key, params, id } = value as { key?: unknown; params?: unknown; id?: unknown };
  if (typeof key !== "string" || !isToastKey(key) || typeof id !== "string") return { toast: null, clear };
  const safeParams: Params = {};
  if (params && typeof params === "object") {
    for (const [name, v] of Object.entries(params)) if (typeof v === "number" && Number.isFinite(v)) safeParams[name] = v;
  }
  return { toast: { ...said(serverT(request), key, safeParams), id: id.slice(0, 64) }, clear };
}

/** A toast's lines said by `t`, with nothing left to fill in. */
function said(t: T, key: ToastKey, params?: Params): Toast {
  return sayLines(t, resolveToast(key, params));
}

/**
 * Action data for a refused form: the page shows the message next to the form
 * (without JavaScript) and as a toast (with it). Nothing is redirected, so the
 * form keeps what was typed.
 */
export function refusal<Extra extends object = object>(toast: ToastKey | Toast, status = 400, extra?: Extra) {
  // Said here, in the request's language, from every catalog: the page's
  // toaster knows only the site's words, and a refusal may name the
  // administration's (a role change refused, a tree's edit refused).
  const t = requestT();
  const shown = typeof toast === "string" ? said(t, toast) : sayLines(t, toast);
  return data({ ...(extra as Extra), toast: { ...shown, id: randomUUID() } }, { status });
}

/** A toast whose lines may be message ids, said by `t`. */
function sayLines(t: T, { title, description, note, values, variant }: Toast): Toast {
  return {
    title: t.say(title, values),
    ...(description ? { description: t.say(description, values) } : {}),
    ...(note ? { note: t.say(note, values) } : {}),
    variant,
  };
}

/**
 * A toast said in the language of the request being answered: for an answer
 * in JSON that a page's script shows as it is (an upload's, a passkey's).
 */
export function saidToast(key: ToastKey, params?: Params): Toast {
  return said(requestT(), key, params);
}
