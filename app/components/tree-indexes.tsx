import { Link } from "react-router";

/** The tree's indexes, each a page of its own. */
export const TREE_INDEXES = [
  { href: "/medis", label: "Medis" },
  { href: "/medis/pavardes", label: "Pavardės" },
  { href: "/medis/vietos", label: "Vietos" },
  { href: "/medis/sia-diena", label: "Šią dieną" },
  { href: "/medis/statistika", label: "Statistika" },
] as const;

/** Links between the tree and its indexes (plain links: they work without JavaScript). */
export function TreeIndexNav({ current }: { current: (typeof TREE_INDEXES)[number]["href"] }) {
  return (
    <nav aria-label="Medžio rodyklės" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {TREE_INDEXES.map(({ href, label }) => (
          <li key={href}>
            <Link
              to={href}
              aria-current={href === current ? "page" : undefined}
              className={`btn min-h-11 ${href === current ? "bg-accent text-white hover:bg-accent-dark" : "border border-line bg-paper text-ink hover:bg-accent-soft"}`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What an index shows while the tree is empty. */
export function EmptyTree() {
  return <p className="card p-6 text-ink-soft">Giminės medis dar neįkeltas.</p>;
}
