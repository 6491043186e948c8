import { Form } from "react-router";
import { formatDateTime } from "#app/lib/lithuanian.ts";

/**
 * A text's earlier versions, newest first (the history's, a story's): when,
 * the title then, who saved it, and "Atkurti" on all but the current one,
 * which posts intent=restore with the version's id.
 */
export function Revisions({
  revisions,
  currentId,
  note,
}: {
  revisions: { id: number; createdAt: string; author: string | null; title: string }[];
  currentId: number | undefined;
  /** What restoring does, under the heading. */
  note: string;
}) {
  return (
    <section aria-labelledby="versijos" className="mt-10">
      <h2 id="versijos" className="text-2xl font-semibold">
        Ankstesnės versijos
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{note}</p>
      <ol className="mt-4 divide-y divide-line rounded-lg border border-line bg-paper">
        {revisions.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <time dateTime={revision.createdAt} className="font-medium">
                {formatDateTime(revision.createdAt)}
              </time>
              <span className="block truncate text-sm text-ink-soft">
                {revision.title} · {revision.author ?? "pradinis turinys"}
              </span>
            </div>
            {revision.id === currentId ? (
              <span className="rounded bg-moss/10 px-2 py-1 text-sm text-moss">Dabartinė</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="revisionId" value={revision.id} />
                <button type="submit" className="btn-secondary" aria-label={`Atkurti ${formatDateTime(revision.createdAt)} versiją`}>
                  Atkurti
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
