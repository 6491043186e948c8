import { Form, Link } from "react-router";
import type { FieldDiff, VersionSummary } from "#app/.server/platform/versions.ts";
import { formatDateTime, plural } from "#app/lib/lithuanian.ts";

/**
 * A text's earlier versions, newest first (the history's, a story's): when,
 * the title then, who saved it, how long it was, "Palyginti" (what restoring
 * it would change, ?palyginti=id, a link that works without JavaScript) and
 * "Atkurti" on all but the current one, which posts intent=restore with the
 * version's id. A version the server asks to confirm (it would blank the
 * text visitors read) shows the question and a second button in its place.
 */
export function Revisions({
  revisions,
  currentId,
  note,
  comparison,
  confirmId,
  emptyWarning,
}: {
  revisions: VersionSummary[];
  currentId: number | undefined;
  /** What restoring does, under the heading. */
  note: string;
  /** The version compared with the current text, field by field. */
  comparison: { id: number; fields: FieldDiff[] } | null;
  /** The version whose restore waits for a confirmation. */
  confirmId: number | null;
  /** What the confirmation says happens. */
  emptyWarning: string;
}) {
  return (
    <section aria-labelledby="versijos" className="mt-10">
      <h2 id="versijos" className="text-2xl font-semibold">
        Ankstesnės versijos
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{note}</p>
      <ol className="mt-4 divide-y divide-line rounded-lg border border-line bg-paper">
        {revisions.map((revision) => {
          const when = formatDateTime(revision.createdAt);
          return (
            <li key={revision.id} id={`versija-${revision.id}`} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <time dateTime={revision.createdAt} className="font-medium">
                    {when}
                  </time>
                  <span className="block text-sm break-words text-ink-soft">
                    {revision.title} · {revision.author ?? "pradinis turinys"} ·{" "}
                    {revision.length === 0 ? "be teksto" : plural(revision.length, ["ženklas", "ženklai", "ženklų"])}
                  </span>
                </div>
                {revision.id === currentId ? (
                  <span className="rounded bg-moss/10 px-2 py-1 text-sm text-moss">Dabartinė</span>
                ) : (
                  <>
                    <Link
                      to={`?palyginti=${revision.id}#versija-${revision.id}`}
                      preventScrollReset
                      className="tap text-sm"
                      aria-label={`Palyginti ${when} versiją su dabartine`}
                    >
                      Palyginti
                    </Link>
                    <RestoreForm id={revision.id} label={`Atkurti ${when} versiją`}>
                      Atkurti
                    </RestoreForm>
                  </>
                )}
              </div>
              {confirmId === revision.id ? (
                <div role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
                  <p className="font-semibold">{emptyWarning}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <RestoreForm id={revision.id} confirmed label={`Vis tiek atkurti ${when} versiją`}>
                      Vis tiek atkurti
                    </RestoreForm>
                    <Link to="." preventScrollReset>
                      Neatkurti
                    </Link>
                  </div>
                </div>
              ) : null}
              {comparison?.id === revision.id ? <Comparison fields={comparison.fields} when={when} /> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RestoreForm({ id, confirmed, label, children }: { id: number; confirmed?: boolean; label: string; children: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="revisionId" value={id} />
      {confirmed ? <input type="hidden" name="confirmed" value="1" /> : null}
      <button type="submit" className="btn-secondary" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** What restoring the version would change: struck through what goes, underlined what comes, by field. */
function Comparison({ fields, when }: { fields: FieldDiff[]; when: string }) {
  return (
    <section aria-label={`Kas pasikeistų atkūrus ${when} versiją`} className="mt-3 rounded-md border border-line p-3 text-sm">
      <h3 className="font-semibold">Atkūrus šią versiją</h3>
      {fields.length === 0 ? (
        <p className="mt-1 text-ink-soft">Tekstas toks pat kaip dabartinis.</p>
      ) : (
        <>
          <p className="mt-1 text-ink-soft">
            <del className="bg-red-50 text-red-900">Perbraukta</del> – kas dingtų, <ins className="bg-moss/10 text-moss">pabraukta</ins> –
            kas atsirastų.
          </p>
          <dl className="mt-2 space-y-2">
            {fields.map((field) => (
              <div key={field.label}>
                <dt className="font-medium">{field.label}</dt>
                <dd className="break-words whitespace-pre-wrap">
                  {field.parts.map((part, i) =>
                    part.kind === "goes" ? (
                      <del key={i} className="bg-red-50 text-red-900">
                        {part.text}
                      </del>
                    ) : part.kind === "comes" ? (
                      <ins key={i} className="bg-moss/10 text-moss">
                        {part.text}
                      </ins>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
