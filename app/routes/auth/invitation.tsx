import { useNavigation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import type { Route } from "./+types/invitation";
import { acceptInvitation, INVITATION_FORM, linkState } from "#app/.server/accounts/account-links.ts";
import { currentUser, requestLocale, services } from "#app/.server/platform/context.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { MIN_PASSWORD_LENGTH } from "#app/.server/platform/env.ts";
import { issueDeviceCookie } from "#app/.server/accounts/login-throttle.ts";
import { createSession, destroySession, readSessionToken } from "#app/.server/accounts/session.ts";
import { readForm, refusedField, refuseForm, withoutSecrets } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { Field, useFocusFirstError, NewPasswordFields } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { UnusableLinkNotice } from "#app/components/unusable-link.tsx";
import { ACCOUNT_REFUSALS } from "#app/lib/accounts.ts";
import { LINK_STATE_IDS, type UnusableLink } from "#app/lib/account-links.ts";
import { USERNAME_MAX_LENGTH } from "#app/lib/login.ts";
import { landingOf } from "#app/lib/roles.ts";

// An invitation's page: the invitee chooses a name and a password, and is
// logged in. The link works once (app/.server/accounts/account-links.ts).
// The new account's language is the page's: its letters, and the site after logging in.

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const state = await linkState(db, "invite", params.token);
  return {
    state: state.state,
    role: state.state === "ok" ? state.role : null,
    loggedIn: currentUser(context) !== null,
    minLength: MIN_PASSWORD_LENGTH,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = services(context);
  // The passwords are never sent back: a refused form comes back with the name only.
  const secrets = ["next", "repeated"];
  const read = readForm(await request.formData(), INVITATION_FORM);
  if (!read.ok) return refuseForm(withoutSecrets(read, secrets));
  const result = await acceptInvitation(db, params.token, read.value, requestLocale(context));
  if (!result.ok) {
    const taken = withoutSecrets(
      refusedField(read.typed, "username", requestT()(ACCOUNT_REFUSALS.usernameTaken(read.value.username))),
      secrets,
    );
    // A link no longer usable: said as its page says it, in the form's shape (the name typed kept).
    if ("state" in result) {
      return refusal({ title: LINK_STATE_IDS[result.state as UnusableLink], variant: "error" }, 410, {
        typed: taken.typed,
        errors: {},
      });
    }
    return refuseForm(taken);
  }
  // Logged in as the new user (whoever was logged in in this browser before is not any more).
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(db, await readSessionToken(request)));
  headers.append("Set-Cookie", await createSession(db, result.value.id, request.headers.get("User-Agent")));
  headers.append("Set-Cookie", await issueDeviceCookie(db, result.value.username));
  return redirectWithToast(landingOf(result.value.role), "invitationAccepted", undefined, headers);
}

const ORDER = ["username", "next", "repeated"] as const;

export default function InvitationPage({ loaderData: { state, role, loggedIn, minLength }, actionData }: Route.ComponentProps) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  useFocusFirstError(errors, actionData?.toast.id, ORDER);
  return (
    <>
      <PageTitle>{t("auth.invitation.title")}</PageTitle>
      <section className="card mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth.invitation.heading")}</h1>
        {state !== "ok" ? (
          <UnusableLinkNotice state={state} />
        ) : (
          <>
            <p className="mt-2 text-ink-soft">
              {t.rich("auth.invitation.lead", { role: role ?? "narys", b: (chunks) => <strong>{chunks}</strong> })}
            </p>
            {loggedIn ? <p className="mt-2 text-sm text-ink-soft">{t("auth.invitation.loggedIn")}</p> : null}
            <FormAlert toast={actionData?.toast} />
            <Form method="post" noValidate className="mt-6 space-y-4" key={actionData?.toast.id}>
              <Field
                id="username"
                label={t("auth.invitation.username")}
                hint={t("auth.invitation.usernameRule")}
                defaultValue={actionData?.typed.username ?? ""}
                maxLength={USERNAME_MAX_LENGTH}
                autoComplete="username"
                required
                error={errors?.username}
              />
              <NewPasswordFields errors={errors} minLength={minLength} label={t("auth.invitation.password")} />
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {t(busy ? "auth.invitation.busy" : "auth.invitation.submit")}
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
