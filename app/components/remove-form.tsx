import type { ReactNode } from "react";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";
import { IconButton } from "./icon-button.tsx";

// Removing asks first. With JavaScript the browser's own dialog asks; without
// it the form arrives unconfirmed and the page answers with ConfirmRemovePanel.
// Either way the server removes only with confirmed=1.

/** A form with a submit button (the children) that asks `question` before removing item `id`. */
export function RemoveForm({ id, question, children }: { id: number; question: string; children: ReactNode }) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
        else (event.currentTarget.elements.namedItem("confirmed") as HTMLInputElement).value = "1";
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="" />
      {children}
    </Form>
  );
}

/** RemoveForm with a bin icon for its button (a row of an editor's list), `label` its name and tooltip. */
export function RemoveIconForm({ id, question, label }: { id: number; question: string; label: string }) {
  return (
    <RemoveForm id={id} question={question}>
      <IconButton type="submit" label={label} className="p-2 text-red-800">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M7 3h6l1 1h3v2H3V4h3zm-2 4h10l-1 10H6z" />
        </svg>
      </IconButton>
    </RemoveForm>
  );
}

/** The question again, as a page section, for a browser without JavaScript. */
export function ConfirmRemovePanel({ id, question, detail, cancelTo }: { id: number; question: string; detail: string; cancelTo: string }) {
  const t = useT();
  return (
    <section role="alertdialog" aria-labelledby="confirm-remove" className="card mb-6 border-red-300 p-6">
      <h2 id="confirm-remove" className="text-lg font-semibold">
        {question}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{detail}</p>
      <div className="mt-4 flex gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
            {t("common.remove.yes")}
          </button>
        </Form>
        <Link to={cancelTo} className="btn-secondary">
          {t("common.cancel")}
        </Link>
      </div>
    </section>
  );
}
