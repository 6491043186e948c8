import { redirect, useNavigation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import type { Route } from "./+types/login";
import { attemptPasswordLogin } from "#app/.server/accounts/auth.ts";
import { currentUser, requestInfo, services } from "#app/.server/platform/context.ts";
import { issueDeviceCookie, minutesUntil, readDeviceToken } from "#app/.server/accounts/login-throttle.ts";
import { createSession, destroySession, readSessionToken } from "#app/.server/accounts/session.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { PageTitle } from "#app/components/page.tsx";
import { PasskeyLogin } from "#app/components/passkeys.tsx";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import { landingOf } from "#app/lib/roles.ts";
import { localized } from "#app/i18n/locales.ts";
import { userLanguage } from "#app/.server/accounts/users.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (user) throw redirect(landingOf(user.role));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = services(context);
  const { clientAddress } = requestInfo(context);
  const form = await request.formData();
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!username || !password) return redirectWithToast("/login", "loginMissingFields");

  const result = await attemptPasswordLogin(db, { username, password, clientAddress, deviceToken: await readDeviceToken(request) });
  if (!result.ok) {
    return result.reason === "throttled"
      ? redirectWithToast("/login", "loginThrottled", { minutes: minutesUntil(result.retryAt, new Date()) })
      : redirectWithToast("/login", "loginFailed");
  }
  // A new session id at every login: a session id planted before login is worthless.
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(db, await readSessionToken(request)));
  headers.append("Set-Cookie", await createSession(db, result.user.id, request.headers.get("User-Agent")));
  // This browser keeps its own allowance of attempts from now on.
  headers.append("Set-Cookie", await issueDeviceCookie(db, result.user.username));
  // Into the member's own language, when they chose English (an English page's login stays English anyway).
  const landing = localized(await userLanguage(db, result.user.id), landingOf(result.user.role));
  return redirectWithToast(landing, "loginSuccess", undefined, headers);
}

export default function LoginPage() {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <>
      <PageTitle>{t("auth.login.title")}</PageTitle>
      <section className="card mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth.login.title")}</h1>
        <p className="mt-2 text-sm text-ink-soft">{t("auth.login.lead")}</p>
        <Form method="post" className="mt-6 space-y-4">
          <div>
            <label htmlFor="username" className="field-label">
              {t("auth.login.username")}
            </label>
            <input
              id="username"
              name="username"
              type="text"
              className="field-input"
              required
              maxLength={USERNAME_MAX_LENGTH}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          </div>
          <div>
            <label htmlFor="password" className="field-label">
              {t("auth.login.password")}
            </label>
            <input
              id="password"
              name="password"
              type="password"
              className="field-input"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              autoComplete="current-password"
            />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {t(busy ? "auth.login.busy" : "auth.login.submit")}
          </button>
        </Form>
        <div className="mt-4">
          <PasskeyLogin />
        </div>
      </section>
    </>
  );
}
