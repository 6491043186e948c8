import { PERSON_FIELDS, SEX_LABEL_IDS, SEXES } from "#app/lib/person-fields.ts";
import { Say, useT } from "#app/i18n/react.tsx";
import { Field, type FieldErrors } from "./fields.tsx";

/**
 * A person's name and sex, as the editors' forms and a member's correction
 * ask for them; each field's message from the server beside it.
 */
export function NameFields({
  values,
  errors,
}: {
  values?: { givenNames: string; surname: string; birthSurname: string | null; sex: string };
  errors?: FieldErrors;
}) {
  const t = useT();
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {(["givenNames", "surname", "birthSurname"] as const).map((field) => (
          <Field
            key={field}
            id={field}
            label={t(PERSON_FIELDS[field].id)}
            defaultValue={values?.[field] ?? ""}
            maxLength={PERSON_FIELDS[field].max}
            error={errors?.[field]}
          />
        ))}
        <div>
          <SexSelect id="sex" defaultValue={values?.sex ?? "U"} error={errors?.sex} />
        </div>
      </div>
    </>
  );
}

/** A person's sex, as every form of the site asks for it. */
export function SexSelect({ id, defaultValue, error }: { id: string; defaultValue: string; error?: string }) {
  const t = useT();
  return (
    <>
      <label htmlFor={id} className="field-label">
        {t("genealogy.sex.label")}
      </label>
      <select
        id={id}
        name="sex"
        defaultValue={defaultValue}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {SEXES.map((sex) => (
          <option key={sex} value={sex}>
            {t(SEX_LABEL_IDS[sex])}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          <Say text={error} />
        </p>
      ) : null}
    </>
  );
}
