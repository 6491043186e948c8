import { data } from "react-router";
import type { Route } from "./+types/passkeys";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import {
  MAX_PASSKEYS,
  PASSKEY_NAME_FORM,
  PASSKEY_OPTIONS_FORM,
  readRegistrationAnswer,
  registerPasskey,
  registrationOptions,
  relyingParty,
} from "#app/.server/accounts/passkeys.ts";
import { readForm, refusedField, refuseForm, withoutSecrets } from "#app/.server/platform/form.ts";
import { requestT } from "#app/.server/platform/request-language.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { checkCurrentPassword } from "#app/.server/accounts/users.ts";
import { passwordThrottled } from "#app/.server/accounts/password-throttled.ts";
import { ACCOUNT_REFUSALS, PASSKEY_REFUSALS } from "#app/lib/accounts.ts";

// Adding a passkey from /paskyra: 'options' (with the user's password and the
// name the passkey will have) hands out a challenge for this user; 'register'
// checks the new passkey and keeps it. Both are fetched by the page's script
// (components/passkeys.tsx), which marks the fields a refusal names. Its
// messages are said in the page's language (the script posts to the page's address).
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const { db, config } = services(context);
  const form = await request.formData();
  const rp = relyingParty(config, request, (await getSiteSettings(db)).familyName);
  if (form.get("intent") === "options") {
    // A passkey is another way into the account: whoever holds only the session
    // (a browser left open) cannot add one without the password, which is never sent back.
    const read = readForm(form, PASSKEY_OPTIONS_FORM);
    if (!read.ok) return refuseForm(withoutSecrets(read, ["password"]));
    const check = await checkCurrentPassword(db, user.id, read.value.password);
    if (!check.ok && check.reason === "throttled") return passwordThrottled(read.typed, "password", check.retryAt, ["password"]);
    if (!check.ok) return refuseForm(withoutSecrets(refusedField(read.typed, "password", ACCOUNT_REFUSALS.wrongPassword), ["password"]));
    return registrationOptions(db, user, rp);
  }
  const read = readForm(form, PASSKEY_NAME_FORM);
  if (!read.ok) return refuseForm(read);
  const response = readRegistrationAnswer(form.get("response"));
  if (!response) return data({ ok: false, message: requestT()("account.passkeys.badAnswer") }, { status: 400 });
  const result = await registerPasskey(db, user, rp, String(form.get("challengeId") ?? ""), response, read.value.name);
  return result.ok
    ? data(result)
    : data({ ok: false, message: requestT()(PASSKEY_REFUSALS[result.reason], { max: MAX_PASSKEYS }) }, { status: 400 });
}
