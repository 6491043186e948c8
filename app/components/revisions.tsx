import type { FieldDiff, VersionSummary } from "#app/.server/platform/versions.ts";
import { useT } from "#app/i18n/react.tsx";
import { Form, Link } from "#app/i18n/router.tsx";

/**
 * A text's earlier versions, newest first (the history's, a story's): when,
 * the title then, who saved it, how long it was, "Compare" (what restoring
 * it would change, ?palyginti=id, a link that works without JavaScript) and
 * "Restore" on all but the current one, which posts intent=restore with the
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
  /** What restoring does, under the heading (said in the page's language). */
  note: string;
  /** The version compared with the current text, field by field. */
  comparison: { id: number; fields: FieldDiff[] } | null;
  /** The version whose restore waits for a confirmation. */
  confirmId: number | null;
  /** What the confirmation says happens (said in the page's language). */
  emptyWarning: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="versijos" className="mt-10">
      <h2 id="versijos" className="text-2xl font-semibold">
        {t("adminContent.revisions.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{note}</p>
      <ol className="mt-4 divide-y divide-line rounded-lg border border-line bg-paper">
        {revisions.map((revision) => {
          const when = t.dateTime(revision.createdAt);
          return (
            <li key={revision.id} id={`versija-${revision.id}`} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <time dateTime={revision.createdAt} className="font-medium">
                    {when}
                  </time>
                  <span className="block text-sm break-words text-ink-soft">
                    {revision.title} · {revision.author ?? t("adminContent.revisions.initial")} ·{" "}
                    {revision.length === 0
                      ? t("adminContent.revisions.noText")
                      : t("adminContent.revisions.length", { count: revision.length })}
                  </span>
                </div>
                {revision.id === currentId ? (
                  <span className="rounded bg-moss/10 px-2 py-1 text-sm text-moss">{t("adminContent.revisions.current")}</span>
                ) : (
                  <>
                    <Link
                      to={`?palyginti=${revision.id}#versija-${revision.id}`}
                      preventScrollReset
                      className="tap text-sm"
                      aria-label={t("adminContent.revisions.compareLabel", { when })}
                    >
                      {t("adminContent.revisions.compare")}
                    </Link>
                    <RestoreForm id={revision.id} label={t("adminContent.revisions.restoreLabel", { when })}>
                      {t("adminContent.revisions.restore")}
                    </RestoreForm>
                  </>
                )}
              </div>
              {confirmId === revision.id ? (
                <div role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
                  <p className="font-semibold">{emptyWarning}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <RestoreForm id={revision.id} confirmed label={t("adminContent.revisions.restoreAnywayLabel", { when })}>
                      {t("adminContent.revisions.restoreAnyway")}
                    </RestoreForm>
                    <Link to="." preventScrollReset>
                      {t("adminContent.revisions.dontRestore")}
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
  const t = useT();
  return (
    <section aria-label={t("adminContent.revisions.comparison", { when })} className="mt-3 rounded-md border border-line p-3 text-sm">
      <h3 className="font-semibold">{t("adminContent.revisions.ifRestored")}</h3>
      {fields.length === 0 ? (
        <p className="mt-1 text-ink-soft">{t("adminContent.revisions.same")}</p>
      ) : (
        <>
          <p className="mt-1 text-ink-soft">
            {t.rich("adminContent.revisions.key", {
              goes: (chunks) => <del className="bg-red-50 text-red-900">{chunks}</del>,
              comes: (chunks) => <ins className="bg-moss/10 text-moss">{chunks}</ins>,
            })}
          </p>
          <dl className="mt-2 space-y-2">
            {fields.map((field) => (
              <div key={field.label}>
                {/* The field's name, said by the server in the page's language (or a message id). */}
                <dt className="font-medium">{t.say(field.label)}</dt>
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
