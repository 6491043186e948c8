import type { MessageId } from "#app/i18n/catalog.ts";
import { useT } from "#app/i18n/react.tsx";
import { Link } from "#app/i18n/router.tsx";

/** The tree's indexes, each a page of its own. */
export const TREE_INDEXES = [
  { href: "/medis", label: "tree.indexes.tree" },
  { href: "/medis/pavardes", label: "tree.indexes.surnames" },
  { href: "/medis/vietos", label: "tree.indexes.places" },
  { href: "/medis/sia-diena", label: "tree.indexes.onThisDay" },
  { href: "/medis/statistika", label: "tree.indexes.statistics" },
] as const satisfies readonly { href: string; label: MessageId }[];

/** Links between the tree and its indexes (plain links: they work without JavaScript). */
export function TreeIndexNav({ current }: { current: (typeof TREE_INDEXES)[number]["href"] }) {
  const t = useT();
  return (
    <nav aria-label={t("tree.indexes.label")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {TREE_INDEXES.map(({ href, label }) => (
          <li key={href}>
            <Link
              to={href}
              aria-current={href === current ? "page" : undefined}
              className={`btn min-h-11 ${href === current ? "bg-accent text-white hover:bg-accent-dark" : "border border-line bg-paper text-ink hover:bg-accent-soft"}`}
            >
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What an index shows while the tree is empty. */
export function EmptyTree() {
  const t = useT();
  return <p className="card p-6 text-ink-soft">{t("tree.indexes.empty")}</p>;
}
