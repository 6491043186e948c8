import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { adminMiddleware, requireAdmin } from "../../.server/context.ts";

// Every /admin page passes through this middleware. React Router runs server
// middleware on client navigations only for routes with a loader, hence the loader.
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { username: requireAdmin(context).username };
}

const ADMIN_LINKS = [
  { to: "/admin", label: "Pagrindinis", end: true },
  { to: "/admin/tekstai", label: "Tekstai" },
  { to: "/admin/istorija", label: "Istorija" },
  { to: "/admin/galerija", label: "Galerija" },
  { to: "/admin/dokumentai", label: "Dokumentai" },
  { to: "/admin/sveciai", label: "Svečių knyga" },
  { to: "/admin/medis", label: "Giminės medis" },
];

export default function AdminLayout() {
  return (
    <div>
      <nav aria-label="Administravimo meniu" className="mb-8 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-paper p-2">
        {ADMIN_LINKS.map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) => `btn ${isActive ? "bg-accent text-white" : "text-ink hover:bg-accent-soft"}`}
          >
            {link.label}
          </NavLink>
        ))}
        <Form method="post" action="/logout" className="ml-auto">
          <button type="submit" className="btn-secondary">
            Atsijungti
          </button>
        </Form>
      </nav>
      <Outlet />
    </div>
  );
}
