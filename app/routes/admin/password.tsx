import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/password";
import { requireAdmin, services } from "../../.server/context.ts";
import { MIN_PASSWORD_LENGTH } from "../../.server/env.ts";
import { destroyOtherSessions, readSessionToken } from "../../.server/session.ts";
import { redirectWithToast, refusal } from "../../.server/toast.ts";
import { changePassword } from "../../.server/users.ts";
import { Field, useFocusFirstError } from "../../components/fields.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { PageTitle } from "../../components/page.tsx";
import { PASSWORD_MAX_LENGTH } from "../../lib/login.ts";

// The administrator chooses their own password; every other session of
// theirs ends (a lost phone stays logged in no longer), this one stays.

export function loader() {
  return { minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(context);
  const { db } = services(context);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const errors = await changePassword(db, user.id, { current: field("current"), next: field("next"), repeated: field("repeated") });
  if (Object.keys(errors).length > 0) return refusal("formInvalid", 400, { errors });
  const token = await readSessionToken(request);
  if (token) await destroyOtherSessions(db, user.id, token);
  return redirectWithToast("/admin", "passwordChanged");
}

const ORDER = ["current", "next", "repeated"] as const;

export default function PasswordPage({ loaderData: { minLength }, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<string, string>> | undefined = actionData?.errors;
  const saving = useNavigation().state === "submitting";
  useFocusFirstError(errors, actionData?.toast.id, ORDER);
  return (
    <>
      <PageTitle>Slaptažodis</PageTitle>
      <h1 className="text-3xl font-bold">Slaptažodžio keitimas</h1>
      <section className="card mt-6 max-w-xl p-6">
        <FormAlert toast={actionData?.toast} />
        {/* The fields start empty after a refusal: a password is never sent back. */}
        <Form method="post" noValidate className="space-y-4" key={actionData?.toast.id}>
          <Field
            id="current"
            type="password"
            autoComplete="current-password"
            label="Dabartinis slaptažodis"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors?.current}
          />
          <Field
            id="next"
            type="password"
            autoComplete="new-password"
            label="Naujas slaptažodis"
            hint={`Bent ${minLength} simbolių. Ilgas sakinys, kurį lengva prisiminti, tinka geriausiai.`}
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors?.next}
          />
          <Field
            id="repeated"
            type="password"
            autoComplete="new-password"
            label="Pakartokite naują slaptažodį"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors?.repeated}
          />
          <p className="text-sm text-ink-soft">Pakeitus slaptažodį, visi kiti jūsų prisijungimai (pvz., kitame kompiuteryje) baigiami.</p>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Keičiama…" : "Pakeisti slaptažodį"}
          </button>
        </Form>
      </section>
    </>
  );
}
