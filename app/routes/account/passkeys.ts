import { data } from "react-router";
import type { Route } from "./+types/passkeys";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { registerPasskey, registrationOptions, relyingParty } from "#app/.server/accounts/passkeys.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { isUsersPassword } from "#app/.server/accounts/users.ts";

// Adding a passkey from /paskyra: 'options' (with the user's password) hands
// out a challenge for this user; 'register' checks the new passkey and keeps it.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("narys")];

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "narys");
  const { db, config } = services(context);
  const form = await request.formData();
  const rp = relyingParty(config, request, (await getSiteSettings(db)).familyName);
  if (form.get("intent") === "options") {
    // A passkey is another way into the account: whoever holds only the session
    // (a browser left open) cannot add one without the password.
    if (!(await isUsersPassword(db, user.id, String(form.get("password") ?? "")))) {
      return data({ ok: false, message: "Dabartinis slaptažodis neteisingas." }, { status: 400 });
    }
    return registrationOptions(db, user, rp);
  }
  let response;
  try {
    response = JSON.parse(String(form.get("response") ?? ""));
  } catch {
    throw data({ ok: false, message: "Netinkamas atsakymas." }, { status: 400 });
  }
  const result = await registerPasskey(db, user, rp, String(form.get("challengeId") ?? ""), response, String(form.get("name") ?? ""));
  return data(result, { status: result.ok ? 200 : 400 });
}
