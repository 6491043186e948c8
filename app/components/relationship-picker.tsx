import { Form } from "react-router";
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
  return (
    <Form
      method="get"
      action="/giminyste"
      role="search"
      aria-label="Kaip susiję: kito asmens paieška"
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="a" value={personId} />
      <PersonSuggestField
        id={inputId}
        label="Kitas asmuo"
        placeholder="Vardas ar pavardė"
        query={query}
        href={(p) => `/giminyste?a=${personId}&b=${p.id}`}
        exclude={(p) => p.id === personId || p.hidden}
      />
      <button type="submit" className="btn-primary">
        Ieškoti
      </button>
    </Form>
  );
}

/** The picker as a section of a person page. */
export function RelationshipSection({ personId }: { personId: number }) {
  return (
    <section aria-labelledby="kaip-susije" className="card mt-6 p-5">
      <h2 id="kaip-susije" className="mb-2 text-xl font-semibold">
        Kaip susiję?
      </h2>
      <p className="mb-3 text-ink-soft">Raskite kitą giminės medžio asmenį ir pamatysite, kaip jis susijęs su šiuo.</p>
      <RelationshipPicker personId={personId} />
    </section>
  );
}
