import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Say, useT } from "#app/i18n/react.tsx";
import { LOCALE_NAMES, LOCALES } from "#app/i18n/locales.ts";
import type { Route } from "./+types/account";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requestInfo, requireRole, services } from "#app/.server/platform/context.ts";
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
import { readForm, refusedField, refuseForm, withoutSecrets } from "#app/.server/platform/form.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";
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
import { formatDateTime } from "#app/lib/lithuanian.ts";
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import { ROLE_LABELS } from "#app/lib/roles.ts";

// One's own account, for every user: the name, the password, the devices
// logged in (each can be ended, or all at once).

const PAGE = "/paskyra";

export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(context, "narys");
  const { db } = services(context);
  const [sessions, passkeys, notices] = await Promise.all([
    listSessions(db, user.id, await readSessionToken(request)),
    listPasskeys(db, user.id),
    userNotices(db, user.id),
  ]);
  return { user, sessions, passkeys, notices, mailConfigured: services(context).config.mail !== undefined, minLength: MIN_PASSWORD_LENGTH };
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
    if (!result.ok && result.reason === "userNotFound") throw data("Tokio nario nėra", { status: 404 });
    if (!result.ok) return refuseForm(refusedField(read.typed, "username", ACCOUNT_REFUSALS.usernameTaken(read.value.username)));
    return redirectWithToast(PAGE, "accountRenamed");
  }
  if (intent === "password") {
    // A password is never sent back: the refused form comes back empty.
    const secrets = ["current", "next", "repeated"];
    const read = readForm(form, PASSWORD_CHANGE_FORM);
    if (!read.ok) return refuseForm(withoutSecrets(read, secrets));
    const result = await changePassword(db, user.id, read.value);
    if (!result.ok) return refuseForm(withoutSecrets(refusedField(read.typed, "current", ACCOUNT_REFUSALS.wrongPassword), secrets));
    const token = await readSessionToken(request);
    if (token) await destroyOtherSessions(db, user.id, token);
    return redirectWithToast(PAGE, "passwordChanged");
  }
  if (intent === "notices") {
    const read = readForm(form, NOTICES_FORM);
    if (!read.ok) return refuseForm(read);
    await setUserNotices(db, user.id, read.value);
    return redirectWithToast(PAGE, "notifySaved");
  }
  if (intent === "removePasskey") {
    if (!(await removePasskey(db, user.id, field("passkey")))) throw data("Tokio prisijungimo rakto nebėra", { status: 404 });
    return redirectWithToast(PAGE, "passkeyRemoved");
  }
  if (intent === "end") {
    if (!(await endSession(db, user.id, field("session")))) throw data("Tokio prisijungimo nebėra", { status: 404 });
    return redirectWithToast(PAGE, "sessionEnded");
  }
  if (intent === "everywhere") {
    // Every session, this one too: the user is logged out here as well.
    await destroyUserSessions(db, user.id);
    const headers = new Headers({ "Set-Cookie": await destroySession(db, null, requestInfo(context).secure) });
    return redirectWithToast("/login", "loggedOutEverywhere", undefined, headers);
  }
  throw redirect(PAGE);
}

type ActionData = Route.ComponentProps["actionData"];

export default function AccountPage({
  loaderData: { user, sessions, passkeys, notices, mailConfigured, minLength },
  actionData,
}: Route.ComponentProps) {
  // A refused form comes back with its intent among what was typed: its message goes to it.
  const refused = (intent: string) => (actionData?.typed.intent === intent ? actionData : undefined);
  return (
    <>
      <PageTitle>Paskyra</PageTitle>
      <h1 className="text-3xl font-bold">Jūsų paskyra</h1>
      <p className="mt-2 text-ink-soft">
        Prisijungę kaip <strong>{user.username}</strong> ({ROLE_LABELS[user.role].toLowerCase()}).
      </p>
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

function NameForm({ username, refused }: { username: string; refused: ActionData }) {
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  useFocusFirstError(errors, refused?.toast.id, ["username"]);
  return (
    <section aria-labelledby="vardas" className="card h-fit p-6">
      <h2 id="vardas" className="text-xl font-semibold">
        Vartotojo vardas
      </h2>
      <FormAlert toast={refused?.toast} />
      <Form method="post" noValidate className="mt-4 space-y-4" key={refused?.toast.id ?? username}>
        <input type="hidden" name="intent" value="name" />
        <Field
          id="username"
          label="Vardas, kuriuo prisijungiate"
          defaultValue={refused?.typed.username ?? username}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="username"
          error={errors?.username}
        />
        <button type="submit" className="btn-secondary">
          Pakeisti vardą
        </button>
      </Form>
    </section>
  );
}

const PASSWORD_FIELDS = ["current", "next", "repeated"] as const;

function PasswordForm({ minLength, refused }: { minLength: number; refused: ActionData }) {
  const errors: Partial<Record<string, string>> | undefined = refused?.errors;
  const saving = useNavigation().formData?.get("intent") === "password";
  useFocusFirstError(errors, refused?.toast.id, PASSWORD_FIELDS);
  return (
    <section id="slaptazodis" aria-labelledby="slaptazodis-title" className="card h-fit scroll-mt-4 p-6">
      <h2 id="slaptazodis-title" className="text-xl font-semibold">
        Slaptažodis
      </h2>
      <FormAlert toast={refused?.toast} />
      {/* The fields start empty after a refusal: a password is never sent back. */}
      <Form method="post" noValidate className="mt-4 space-y-4" key={refused?.toast.id}>
        <input type="hidden" name="intent" value="password" />
        <Field
          id="current"
          type="password"
          autoComplete="current-password"
          label="Dabartinis slaptažodis"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors?.current}
        />
        <NewPasswordFields
          errors={errors}
          minLength={minLength}
          hint={`Bent ${minLength} simbolių. Ilgas sakinys, kurį lengva prisiminti, tinka geriausiai.`}
        />
        <p className="text-sm text-ink-soft">Pakeitus slaptažodį, visi kiti jūsų prisijungimai (pvz., kitame kompiuteryje) baigiami.</p>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Keičiama…" : "Pakeisti slaptažodį"}
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
        Pranešimai el. paštu
      </h2>
      <p className="mt-1">
        <Link to="/paskyra/pasiulymai">Mano pasiūlymai ir jų likimas →</Link>
      </p>
      {mailConfigured ? null : (
        <p className="mt-1 text-sm text-ink-soft">Svetainės el. paštas kol kas nesukonfigūruotas: laiškai nesiunčiami.</p>
      )}
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
          label="El. paštas"
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
          <label htmlFor="notifyDecisions">Pranešti, kai mano pasiūlymas bus išspręstas</label>
        </div>
        <div>
          <label htmlFor="language" className="field-label">
            {t("account.notices.language")}
          </label>
          <select id="language" name="language" className="field-input" defaultValue={refused?.typed.language ?? notices.language}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-ink-soft">{t("account.notices.languageHelp")}</p>
          {errors?.language ? (
            <p className="mt-1 text-sm text-red-800">
              <Say text={errors.language} />
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-secondary">
          Išsaugoti
        </button>
      </Form>
    </section>
  );
}

function Passkeys({ passkeys }: { passkeys: Route.ComponentProps["loaderData"]["passkeys"] }) {
  return (
    <section aria-labelledby="raktai" className="card mt-8 p-6">
      <h2 id="raktai" className="text-xl font-semibold">
        Prisijungimo raktai
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Prisijungimo raktas (angl. passkey) leidžia prisijungti be slaptažodžio: telefono ar kompiuterio pirštų atspaudu, veidu ar PIN kodu.
      </p>
      {passkeys.length ? (
        <ul className="mt-4 divide-y divide-line">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{passkey.name}</p>
                <p className="text-sm text-ink-soft">
                  Pridėtas {formatDateTime(passkey.createdAt)}
                  {passkey.lastUsedAt ? `, naudotas ${formatDateTime(passkey.lastUsedAt)}` : ", dar nenaudotas"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="removePasskey" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <button type="submit" className="btn-secondary" aria-label={`Pašalinti raktą: ${passkey.name}`}>
                  Pašalinti
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-soft">Prisijungimo raktų dar nėra.</p>
      )}
      <AddPasskey />
    </section>
  );
}

function Sessions({ sessions }: { sessions: Route.ComponentProps["loaderData"]["sessions"] }) {
  return (
    <section aria-labelledby="prisijungimai" className="card mt-8 p-6">
      <h2 id="prisijungimai" className="text-xl font-semibold">
        Kur esate prisijungę
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {session.device ?? "Nežinomas įrenginys"}
                {session.current ? <span className="ml-2 rounded bg-moss/10 px-2 py-0.5 text-sm text-moss">Šis įrenginys</span> : null}
              </p>
              <p className="text-sm text-ink-soft">
                Prisijungta {formatDateTime(session.createdAt)}
                {session.lastSeenAt ? `, paskutinį kartą ${formatDateTime(session.lastSeenAt)}` : ""}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="session" value={session.id} />
                <button type="submit" className="btn-secondary" aria-label={`Atjungti: ${session.device ?? "nežinomas įrenginys"}`}>
                  Atjungti
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="everywhere" />
        <button type="submit" className="btn-primary">
          Atsijungti visur
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-soft">Baigia visus jūsų prisijungimus, ir šį.</p>
    </section>
  );
}
