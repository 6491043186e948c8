import { data, redirect, useNavigation } from "react-router";
import { Say, useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { LOCALE_NAMES, LOCALES } from "#app/i18n/locales.ts";
import type { Route } from "./+types/account";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { passwordThrottled } from "#app/.server/accounts/password-throttled.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { MIN_PASSWORD_LENGTH } from "#app/.server/platform/env.ts";
import {
  destroyOtherSessions,
  destroySession,
  destroyUserSessions,
  endSession,
  listSessions,
  readSessionToken,
} from "#app/.server/accounts/session.ts";
import { listPasskeys, removePasskey } from "#app/.server/accounts/passkeys.ts";
import { takeUnseenLoginFailures, type LoginFailures } from "#app/.server/accounts/login-failure-log.ts";
import { readForm, refusedField, refuseForm, withoutSecrets } from "#app/.server/platform/form.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import {
  ACCOUNT_NAME_FORM,
  changePassword,
  NOTICES_FORM,
  PASSWORD_CHANGE_FORM,
  renameUser,
  setUserNotices,
  userNotices,
} from "#app/.server/accounts/users.ts";
import { Field, useFocusFirstError, NewPasswordFields } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { AddPasskey } from "#app/components/passkeys.tsx";
import { ACCOUNT_REFUSALS, EMAIL_MAX_LENGTH } from "#app/lib/accounts.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";

// One's own account, for every user: the failed logins against their name
// since they last looked (decision 037), the name, the password, the notices
// and the language of their letters (and of the site after logging in), the
// passkeys, the devices logged in (each can be ended, or all at once).

const PAGE = "/paskyra";

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  const { db } = services(context);
  const [sessions, passkeys, notices, failedLogins] = await Promise.all([
    listSessions(db, user.id, await readSessionToken(request)),
    listPasskeys(db, user.id),
    userNotices(db, user.id),
    // Shown once: from now on they are seen.
    takeUnseenLoginFailures(db, user.id),
  ]);
  return {
    user,
    failedLogins,
    sessions,
    passkeys,
    notices,
    mailConfigured: services(context).config.mail !== undefined,
    minLength: MIN_PASSWORD_LENGTH,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const { db } = services(context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent");
  if (intent === "name") {
    const read = readForm(form, ACCOUNT_NAME_FORM);
    if (!read.ok) return refuseForm(read);
    const result = await renameUser(db, user.id, read.value.username);
    if (!result.ok && result.reason === "userNotFound") throw data("account.error.noUser", { status: 404 });
    if (!result.ok)
      return refuseForm(refusedField(read.typed, "username", requestT()(ACCOUNT_REFUSALS.usernameTaken(read.value.username))));
    return redirectWithToast(PAGE, "accountRenamed");
  }
  if (intent === "password") {
    // A password is never sent back: the refused form comes back empty.
    const secrets = ["current", "next", "repeated"];
    const read = readForm(form, PASSWORD_CHANGE_FORM);
    if (!read.ok) return refuseForm(withoutSecrets(read, secrets));
    const result = await changePassword(db, user.id, read.value);
    if (!result.ok && result.reason === "throttled") return passwordThrottled(read.typed, "current", result.retryAt, secrets);
    if (!result.ok) return refuseForm(withoutSecrets(refusedField(read.typed, "current", ACCOUNT_REFUSALS.wrongPassword), secrets));
    const token = await readSessionToken(request);
    if (token) await destroyOtherSessions(db, user.id, token);
    return redirectWithToast(PAGE, "passwordChanged");
  }
  if (intent === "notices") {
    // The address, the decisions' letters and the language (a language not offered is refused, nothing saved).
    const read = readForm(form, NOTICES_FORM);
    if (!read.ok) return refuseForm(read);
    await setUserNotices(db, user.id, read.value);
    return redirectWithToast(PAGE, "notifySaved");
  }
  if (intent === "removePasskey") {
    if (!(await removePasskey(db, user.id, field("passkey")))) throw data("account.passkeys.gone", { status: 404 });
    return redirectWithToast(PAGE, "passkeyRemoved");
  }
  if (intent === "end") {
    if (!(await endSession(db, user.id, field("session")))) throw data("account.sessions.gone", { status: 404 });
    return redirectWithToast(PAGE, "sessionEnded");
  }
  if (intent === "everywhere") {
    // Every session, this one too: the user is logged out here as well.
    await destroyUserSessions(db, user.id);
    const headers = new Headers({ "Set-Cookie": await destroySession(db, null) });
    return redirectWithToast("/login", "loggedOutEverywhere", undefined, headers);
  }
  throw redirect(PAGE);
}

type ActionData = Route.ComponentProps["actionData"];

export default function AccountPage({
  loaderData: { user, failedLogins, sessions, passkeys, notices, mailConfigured, minLength },
  actionData,
}: Route.ComponentProps) {
  const t = useT();
  // A refused form comes back with its intent among what was typed: its message goes to it.
  const refused = (intent: string) => (actionData?.typed.intent === intent ? actionData : undefined);
  return (
    <>
      <PageTitle>{t("account.title")}</PageTitle>
      <h1 className="text-3xl font-bold">{t("account.heading")}</h1>
      <p className="mt-2 text-ink-soft">
        {t.rich("account.signedInAs", { username: user.username, role: user.role, b: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {failedLogins ? <FailedLogins failures={failedLogins} /> : null}
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <NameForm username={user.username} refused={refused("name")} />
        <PasswordForm minLength={minLength} refused={refused("password")} />
      </div>
      <Notices notices={notices} mailConfigured={mailConfigured} refused={refused("notices")} />
      <Passkeys passkeys={passkeys} />
      <Sessions sessions={sessions} />
    </>
  );
}

/** The failed logins against this user's name since the page last told them (nothing when there were none). */
function FailedLogins({ failures }: { failures: LoginFailures }) {
  const t = useT();
  return (
    <section aria-labelledby="nesekmingi" className="card mt-6 border-accent bg-accent-soft p-6">
      <h2 id="nesekmingi" className="text-xl font-semibold text-accent-dark">
        {t("account.failedLogins.heading")}
      </h2>
      <p className="mt-2">
        {t("account.failedLogins.text", {
          count: failures.count,
          atLeast: failures.atLeast ? "yes" : "no",
          addresses: failures.addresses,
          when: failures.first === failures.last ? t.dateTime(failures.first) : t.dateTimeRange(failures.first, failures.last),
        })}
      </p>
      <p className="mt-2 text-sm">{t.rich("account.failedLogins.advice", { a: (chunks) => <a href="#slaptazodis">{chunks}</a> })}</p>
    </section>
  );
}

function NameForm({ username, refused }: { username: string; refused: ActionData }) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  useFocusFirstError(errors, refused?.toast.id, ["username"]);
  return (
    <section aria-labelledby="vardas" className="card h-fit p-6">
      <h2 id="vardas" className="text-xl font-semibold">
        {t("account.name.heading")}
      </h2>
      <FormAlert toast={refused?.toast} />
      <Form method="post" noValidate className="mt-4 space-y-4" key={refused?.toast.id ?? username}>
        <input type="hidden" name="intent" value="name" />
        <Field
          id="username"
          label={t("account.name.field")}
          defaultValue={refused?.typed.username ?? username}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          error={errors?.username}
        />
        <button type="submit" className="btn-secondary">
          {t("account.name.submit")}
        </button>
      </Form>
    </section>
  );
}

const PASSWORD_FIELDS = ["current", "next", "repeated"] as const;

function PasswordForm({ minLength, refused }: { minLength: number; refused: ActionData }) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  const saving = useNavigation().formData?.get("intent") === "password";
  useFocusFirstError(errors, refused?.toast.id, PASSWORD_FIELDS);
  return (
    <section id="slaptazodis" aria-labelledby="slaptazodis-title" className="card h-fit scroll-mt-4 p-6">
      <h2 id="slaptazodis-title" className="text-xl font-semibold">
        {t("account.password.heading")}
      </h2>
      <FormAlert toast={refused?.toast} />
      {/* The fields start empty after a refusal: a password is never sent back. */}
      <Form method="post" noValidate className="mt-4 space-y-4" key={refused?.toast.id}>
        <input type="hidden" name="intent" value="password" />
        <Field
          id="current"
          type="password"
          autoComplete="current-password"
          label={t("account.password.current")}
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors?.current}
        />
        <NewPasswordFields errors={errors} minLength={minLength} hint={t("account.password.hint", { min: minLength })} />
        <p className="text-sm text-ink-soft">{t("account.password.othersEnd")}</p>
        <button type="submit" className="btn-primary" disabled={saving}>
          {t(saving ? "account.password.busy" : "account.password.submit")}
        </button>
      </Form>
    </section>
  );
}

function Notices({
  notices,
  mailConfigured,
  refused,
}: {
  notices: Route.ComponentProps["loaderData"]["notices"];
  mailConfigured: boolean;
  refused: ActionData;
}) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  useFocusFirstError(errors, refused?.toast.id, ["email"]);
  return (
    <section aria-labelledby="pranesimai" className="card mt-8 p-6">
      <h2 id="pranesimai" className="text-xl font-semibold">
        {t("account.notices.heading")}
      </h2>
      <p className="mt-1">
        <Link to="/paskyra/pasiulymai">{t("account.notices.proposals")}</Link>
      </p>
      {mailConfigured ? null : <p className="mt-1 text-sm text-ink-soft">{t("account.notices.noMail")}</p>}
      <FormAlert toast={refused?.toast} />
      <Form
        method="post"
        noValidate
        className="mt-4 max-w-xl space-y-4"
        key={refused?.toast.id ?? `${notices.email}${notices.notifyDecisions}${notices.language}`}
      >
        <input type="hidden" name="intent" value="notices" />
        <Field
          id="email"
          type="email"
          label={t("account.notices.email")}
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={refused?.typed.email ?? notices.email}
          error={errors?.email}
        />
        <div className="flex items-center gap-2">
          <input
            id="notifyDecisions"
            name="notifyDecisions"
            type="checkbox"
            value="1"
            defaultChecked={refused ? refused.typed.notifyDecisions === "1" : notices.notifyDecisions}
          />
          <label htmlFor="notifyDecisions">{t("account.notices.decisions")}</label>
        </div>
        <div>
          <label htmlFor="language" className="field-label">
            {t("account.notices.language")}
          </label>
          <select
            id="language"
            name="language"
            className="field-input"
            defaultValue={refused?.typed.language ?? notices.language}
            aria-describedby={errors?.language ? "language-help language-error" : "language-help"}
            aria-invalid={errors?.language ? true : undefined}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
          <p id="language-help" className="mt-1 text-sm text-ink-soft">
            {t("account.notices.languageHelp")}
          </p>
          {errors?.language ? (
            <p id="language-error" className="mt-1 text-sm text-red-800">
              <Say text={errors.language} />
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-secondary">
          {t("account.notices.submit")}
        </button>
      </Form>
    </section>
  );
}

function Passkeys({ passkeys }: { passkeys: Route.ComponentProps["loaderData"]["passkeys"] }) {
  const t = useT();
  return (
    <section aria-labelledby="raktai" className="card mt-8 p-6">
      <h2 id="raktai" className="text-xl font-semibold">
        {t("account.passkeys.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("account.passkeys.lead")}</p>
      {passkeys.length ? (
        <ul className="mt-4 divide-y divide-line">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{passkey.name}</p>
                <p className="text-sm text-ink-soft">
                  {passkey.lastUsedAt
                    ? t("account.passkeys.addedUsed", { added: t.dateTime(passkey.createdAt), used: t.dateTime(passkey.lastUsedAt) })
                    : t("account.passkeys.addedUnused", { added: t.dateTime(passkey.createdAt) })}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="removePasskey" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <button type="submit" className="btn-secondary" aria-label={t("account.passkeys.removeNamed", { name: passkey.name })}>
                  {t("account.passkeys.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-soft">{t("account.passkeys.none")}</p>
      )}
      <AddPasskey />
    </section>
  );
}

function Sessions({ sessions }: { sessions: Route.ComponentProps["loaderData"]["sessions"] }) {
  const t = useT();
  return (
    <section aria-labelledby="prisijungimai" className="card mt-8 p-6">
      <h2 id="prisijungimai" className="text-xl font-semibold">
        {t("account.sessions.heading")}
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {session.device ?? t("account.sessions.unknownDevice")}
                {session.current ? (
                  <span className="ml-2 rounded bg-moss/10 px-2 py-0.5 text-sm text-moss">{t("account.sessions.thisDevice")}</span>
                ) : null}
              </p>
              <p className="text-sm text-ink-soft">
                {session.lastSeenAt
                  ? t("account.sessions.sinceLast", { since: t.dateTime(session.createdAt), last: t.dateTime(session.lastSeenAt) })
                  : t("account.sessions.since", { since: t.dateTime(session.createdAt) })}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="session" value={session.id} />
                <button
                  type="submit"
                  className="btn-secondary"
                  aria-label={t("account.sessions.endNamed", { device: session.device ?? t("account.sessions.unknownDeviceNamed") })}
                >
                  {t("account.sessions.end")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="everywhere" />
        <button type="submit" className="btn-primary">
          {t("account.sessions.everywhere")}
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-soft">{t("account.sessions.everywhereHelp")}</p>
    </section>
  );
}
