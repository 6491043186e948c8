import { data } from "react-router";
import { localeOf, localized } from "#app/i18n/locales.ts";
import { userLanguage } from "#app/.server/accounts/users.ts";
import type { Route } from "./+types/passkey-login";
import { attemptLogin } from "#app/.server/accounts/auth.ts";
import { requestInfo, services } from "#app/.server/platform/context.ts";
import { issueDeviceCookie, minutesUntil, readDeviceToken } from "#app/.server/accounts/login-throttle.ts";
import {
  authenticationOptions,
  passkeyOwner,
  readAuthenticationAnswer,
  relyingParty,
  verifyPasskeyLogin,
} from "#app/.server/accounts/passkeys.ts";
import { createSession, destroySession, readSessionToken } from "#app/.server/accounts/session.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { toastCookie } from "#app/.server/platform/toast.ts";
import { landingOf } from "#app/lib/roles.ts";
import { saidToast } from "#app/.server/platform/toast.ts";
import { requestT } from "#app/.server/platform/request-language.ts";

// Logging in with a passkey (the login page's button): 'options' hands out a
// challenge; 'verify' checks the browser's answer and starts the session.
// The same throttling as a password login: the attempt counts for the user
// whose passkey is offered (login-throttle.ts).
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = services(context);
  const { clientAddress } = requestInfo(context);
  const form = await request.formData();
  const rp = relyingParty(config, request, (await getSiteSettings(db)).familyName);
  if (form.get("intent") === "options") {
    const options = await authenticationOptions(db, rp, clientAddress);
    return options ?? data({ ok: false, toast: saidToast("passkeyBusy") }, { status: 429 });
  }

  const response = readAuthenticationAnswer(form.get("response"));
  if (!response) return data({ ok: false, toast: { title: requestT()("auth.passkey.badAnswer"), variant: "error" } }, { status: 400 });
  const username = (await passkeyOwner(db, response)) ?? "";
  const result = await attemptLogin(db, { username, clientAddress, deviceToken: await readDeviceToken(request) }, () =>
    verifyPasskeyLogin(db, rp, String(form.get("challengeId") ?? ""), response),
  );
  if (!result.ok) {
    const toast =
      result.reason === "throttled"
        ? saidToast("loginThrottled", { minutes: minutesUntil(result.retryAt, new Date()) })
        : saidToast("passkeyLoginFailed");
    return data({ ok: false, toast }, { status: result.reason === "throttled" ? 429 : 401 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(db, await readSessionToken(request)));
  headers.append("Set-Cookie", await createSession(db, result.user.id, request.headers.get("User-Agent")));
  headers.append("Set-Cookie", await issueDeviceCookie(db, result.user.username));
  headers.append("Set-Cookie", await toastCookie("loginSuccess"));
  // Where the user lands: in English when they log in from an English page or chose English.
  const english = localeOf(new URL(request.url).pathname) === "en" || (await userLanguage(db, result.user.id)) === "en";
  return data({ ok: true, to: localized(english ? "en" : "lt", landingOf(result.user.role)) }, { headers });
}
