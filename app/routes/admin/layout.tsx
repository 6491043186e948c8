import { Outlet } from "react-router";
import { adminMessages } from "#app/i18n/admin.ts";
import type { MessageId } from "#app/i18n/catalog.ts";
import { I18nProvider, useT } from "#app/i18n/react.tsx";
import { NavLink } from "#app/i18n/router.tsx";
import type { Route } from "./+types/layout";
import { roleMiddleware } from "#app/.server/accounts/access.ts";
import { requireRole, services } from "#app/.server/platform/context.ts";
import { waitingCounts } from "#app/.server/accounts/notifications.ts";
import { mayOpen } from "#app/lib/access.ts";

// Who may open an /admin page: the access table in front of every route
// (app/.server/accounts/access.ts), this layout's middleware (which runs however the
// address is spelt and whatever a data request asks for), and each loader and
// action again. The loader also tells the menu what the user may open.
export const middleware: Route.MiddlewareFunction[] = [roleMiddleware("redaktorius")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireRole(context, "redaktorius");
  return { username: user.username, role: user.role, waiting: await waitingCounts(services(context).db) };
}

const ADMIN_LINKS: { to: string; label: MessageId; end?: boolean }[] = [
  { to: "/admin", label: "admin.menu.home", end: true },
  { to: "/admin/tekstai", label: "admin.menu.texts" },
  { to: "/admin/istorija", label: "admin.menu.history" },
  { to: "/admin/galerija", label: "admin.menu.gallery" },
  { to: "/admin/dokumentai", label: "admin.menu.documents" },
  { to: "/admin/sveciai", label: "admin.menu.guestbook" },
  { to: "/admin/perziura", label: "admin.menu.review" },
  { to: "/admin/medis", label: "admin.menu.tree" },
  { to: "/admin/nariai", label: "admin.menu.members" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The administration's words with the site's: only these pages load them.
  return (
    <I18nProvider messages={adminMessages}>
      <AdminMenu {...loaderData} />
      <Outlet />
    </I18nProvider>
  );
}

/**
 * The administration's menu: on one row from a wide screen's width (1280 px,
 * with the waiting counts too); narrower, in even columns, so that no link
 * is left alone at the end of a ragged row.
 */
function AdminMenu({ role, waiting }: Route.ComponentProps["loaderData"]) {
  const t = useT();
  const item = ({ isActive }: { isActive: boolean }) => `btn px-3 ${isActive ? "bg-accent text-white" : "text-ink hover:bg-accent-soft"}`;
  return (
    <nav
      aria-label={t("admin.menu.label")}
      className="mb-8 grid grid-cols-2 gap-1 rounded-lg border border-line bg-paper p-2 sm:grid-cols-5 xl:flex xl:items-center"
    >
      {ADMIN_LINKS.filter((link) => mayOpen(role, link.to)).map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} className={item}>
          {t(link.label)}
          <WaitingBadge count={link.to === "/admin/perziura" ? waiting.proposals : link.to === "/admin/sveciai" ? waiting.guestbook : 0} />
        </NavLink>
      ))}
      <NavLink to="/paskyra" className={(state) => `${item(state)} xl:ml-auto`}>
        {t("admin.menu.account")}
      </NavLink>
    </nav>
  );
}

/** The number waiting behind a menu link (issue 17): proposals, guestbook entries. */
function WaitingBadge({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-sm font-semibold text-white" data-waiting={count}>
      <span className="sr-only">{`${t("admin.menu.waiting")} `}</span>
      {count}
    </span>
  );
}
