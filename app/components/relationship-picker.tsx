import { useT } from "#app/i18n/react.tsx";
import { Form } from "#app/i18n/router.tsx";
import { PersonSuggestField } from "./person-suggest.tsx";

/**
 * "Kaip susiję?" on a person page: a GET form to /giminyste that searches for
 * the other person by name (diacritics ignored) and works without JavaScript;
 * with it, suggestions while typing lead straight to the answer.
 */
export function RelationshipPicker({
  personId,
  query = "",
  inputId = "giminyste-kitas",
}: {
  personId: number;
  query?: string;
  inputId?: string;
}) {
  const t = useT();
  return (
    <Form method="get" action="/giminyste" role="search" aria-label={t("kinship.picker.search")} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="a" value={personId} />
      <PersonSuggestField
        id={inputId}
        label={t("kinship.picker.other")}
        placeholder={t("kinship.picker.name")}
        query={query}
        href={(p) => `/giminyste?a=${personId}&b=${p.id}`}
        exclude={(p) => p.id === personId || p.hidden}
      />
      <button type="submit" className="btn-primary">
        {t("kinship.picker.submit")}
      </button>
    </Form>
  );
}

/** The picker as a section of a person page. */
export function RelationshipSection({ personId }: { personId: number }) {
  const t = useT();
  return (
    <section aria-labelledby="kaip-susije" className="card mt-6 p-5">
      <h2 id="kaip-susije" className="mb-2 text-xl font-semibold">
        {t("kinship.section.heading")}
      </h2>
      <p className="mb-3 text-ink-soft">{t("kinship.section.text")}</p>
      <RelationshipPicker personId={personId} />
    </section>
  );
}
