import { useNavigation } from "react-router";
import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import type { Route } from "./+types/reset";
import { linkState, redeemResetLink, RESET_FORM } from "#app/.server/accounts/account-links.ts";
import { services } from "#app/.server/platform/context.ts";
import { MIN_PASSWORD_LENGTH } from "#app/.server/platform/env.ts";
import { readForm, refuseForm, withoutSecrets } from "#app/.server/platform/form.ts";
import { redirectWithToast, refusal } from "#app/.server/platform/toast.ts";
import { NewPasswordFields, useFocusFirstError } from "#app/components/fields.tsx";
import { FormAlert } from "#app/components/form-alert.tsx";
import { PageTitle } from "#app/components/page.tsx";
import { UnusableLinkNotice } from "#app/components/unusable-link.tsx";
import { LINK_STATE_IDS, type UnusableLink } from "#app/lib/account-links.ts";

// A password-reset link's page: the user sets a new password, every session
// of theirs ends, and they log in with it. The link works once.

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await linkState(services(context).db, "reset", params.token);
  return { state: state.state, username: state.state === "ok" ? state.username : null, minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = readForm(await request.formData(), RESET_FORM);
  // A password is never sent back: the refused form comes back empty.
  if (!read.ok) return refuseForm(withoutSecrets(read, ["next", "repeated"]));
  const result = await redeemResetLink(services(context).db, params.token, read.value);
  // (In the form's shape, with nothing typed to keep.)
  if (!result.ok) return refusal({ title: LINK_STATE_IDS[result.state as UnusableLink], variant: "error" }, 410, { typed: {}, errors: {} });
  return redirectWithToast("/login", "passwordReset");
}

const ORDER = ["next", "repeated"] as const;

export default function ResetPage({ loaderData: { state, username, minLength }, actionData }: Route.ComponentProps) {
  const t = useT();
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  useFocusFirstError(errors, actionData?.toast.id, ORDER);
  return (
    <>
      <PageTitle>{t("auth.reset.title")}</PageTitle>
      <section className="card mx-auto max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t("auth.reset.title")}</h1>
        {state !== "ok" ? (
          <UnusableLinkNotice state={state} />
        ) : (
          <>
            <p className="mt-2 text-ink-soft">
              {t.rich("auth.reset.lead", { username: username ?? "", b: (chunks) => <strong>{chunks}</strong> })}
            </p>
            <FormAlert toast={actionData?.toast} />
            <Form method="post" noValidate className="mt-6 space-y-4" key={actionData?.toast.id}>
              <input type="text" name="username" autoComplete="username" value={username ?? ""} readOnly hidden />
              <NewPasswordFields errors={errors} minLength={minLength} />
              <button type="submit" className="btn-primary w-full" disabled={busy}>
                {t(busy ? "auth.reset.busy" : "auth.reset.submit")}
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
