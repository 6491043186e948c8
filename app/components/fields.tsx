import { useEffect, type ReactNode } from "react";
import { Say, useT } from "#app/i18n/react.tsx";
import { PASSWORD_MAX_LENGTH } from "#app/lib/login.ts";
import type { Toast } from "#app/lib/toasts.ts";

// Form fields as every editor shows them: the label, the input, and the
// server's message for it, tied together for screen readers.

export type FieldErrors = Partial<Record<string, string>>;

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Several lines (a textarea) rather than one. */
  multiline?: boolean;
  rows?: number;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
  /** Uncontrolled (defaultValue), or controlled with onChange (for a live preview). */
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  name?: string;
  placeholder?: string;
  /**
   * The language of what is typed, when it is not the page's: the family's
   * Lithuanian on an English page, its English version on a Lithuanian one.
   * The browser's spell checking and a screen reader follow it.
   */
  lang?: string;
}

export function Field({
  id,
  label,
  error,
  hint,
  multiline,
  rows = 4,
  type,
  autoComplete,
  maxLength,
  required,
  defaultValue,
  value,
  onChange,
  name,
  placeholder,
  lang,
}: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: name ?? id,
    maxLength,
    required,
    autoComplete,
    placeholder,
    lang,
    className: "field-input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    ...(value !== undefined ? { value, onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) } : { defaultValue }),
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {multiline ? <textarea {...common} rows={rows} /> : <input {...common} type={type ?? "text"} />}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          <Say text={error} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * When the server refuses a form (`token` changes), the first field it names
 * gets the focus, so the message is where the user is looking.
 */
export function useFocusFirstError(errors: FieldErrors | undefined, token: string | undefined, order: readonly string[]) {
  useEffect(() => {
    if (!errors) return;
    const first = order.find((field) => errors[field]) ?? Object.keys(errors).find((field) => errors[field]);
    if (first) document.getElementById(first)?.focus();
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * A new password typed twice ('next', 'repeated'): the account page, an
 * invitation and a new-password link. Never filled in again after a refusal.
 * `label` and `hint` (a message id or words already said) replace "New
 * password" and "At least N characters."; with another label the second
 * field is "Repeat the password" rather than "Repeat the new password".
 */
export function NewPasswordFields({
  errors,
  minLength,
  label,
  hint,
}: {
  errors: FieldErrors | undefined;
  minLength: number;
  label?: string;
  hint?: string;
}) {
  const t = useT();
  const fresh = label === undefined || label === "common.password.new";
  return (
    <>
      <Field
        id="next"
        type="password"
        autoComplete="new-password"
        label={label === undefined ? t("common.password.new") : t.say(label)}
        hint={hint === undefined ? t("common.password.hint", { min: minLength }) : t.say(hint)}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        error={errors?.next}
      />
      <Field
        id="repeated"
        type="password"
        autoComplete="new-password"
        label={t(fresh ? "common.password.repeatNew" : "common.password.repeat")}
        maxLength={PASSWORD_MAX_LENGTH}
        required
        error={errors?.repeated}
      />
    </>
  );
}

// --- Added by the forms (tree) group ---

/** A form the server refused (refuseForm): what was typed, each field's message and the toast. */
export interface RefusedForm {
  typed: Record<string, string>;
  errors: FieldErrors;
  toast: Toast & { id: string };
}

/**
 * The refused form in an action's answer, when that is what it is (an action
 * that also answers otherwise, with a confirmation or a plain refusal, has
 * its answers' types merged into one by TypeScript); undefined otherwise.
 */
export function refusedForm(actionData: unknown): RefusedForm | undefined {
  return actionData && typeof actionData === "object" && "typed" in actionData && "errors" in actionData && "toast" in actionData
    ? (actionData as RefusedForm)
    : undefined;
}
