import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { accessMiddleware } from "#app/.server/accounts/access.ts";
import { currentUser, services } from "#app/.server/platform/context.ts";
import { sessionMiddleware } from "#app/.server/accounts/session.ts";
import { getSiteSettings } from "#app/.server/site-texts/settings.ts";
import { takeToast } from "#app/.server/platform/toast.ts";
import stylesheet from "./app.css?url";
import { ErrorPanel } from "#app/components/error-panel.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { SiteFooter, SiteHeader } from "#app/components/site-header.tsx";
import { ToastProvider } from "#app/components/toaster.tsx";
import { currentYear } from "#app/lib/lithuanian.ts";
import type { FrameSettings } from "#app/lib/site.ts";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, accessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { db, config } = services(context);
  // What every page shows of the family's settings; each page reads the texts it needs itself.
  const { familyName, contactEmail, tagline, footerLine } = await getSiteSettings(db);
  const { toast, clear } = await takeToast(request);
  return data(
    {
      user: user ? { username: user.username, role: user.role } : null,
      settings: { familyName, contactEmail, tagline, footerLine } satisfies FrameSettings,
      // Absolute addresses (for sharing) only from SITE_URL, never from the request's Host header.
      siteUrl: config.siteUrl?.origin ?? null,
      year: currentYear(),
      toast,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// Carries the loader's Set-Cookie (clearing a shown toast) onto full page loads.
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return headers;
}

// The stylesheet is a resource of its own (precedence): React writes it at the
// top of <head>, before the scripts' modulepreload links, so that the one
// file the first paint waits for is asked for first.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const settings: FrameSettings = root?.settings ?? { familyName: "Giminės svetainė", contactEmail: "", tagline: "", footerLine: "" };
  return (
    <html lang="lt">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#turinys"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-paper focus:p-2"
        >
          Pereiti prie turinio
        </a>
        <ToastProvider serverToast={root?.toast ?? null}>
          <SiteHeader settings={settings} role={root?.user?.role ?? null} />
          <main id="turinys" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
            {children}
          </main>
          <SiteFooter settings={settings} year={root?.year ?? currentYear()} role={root?.user?.role ?? null} />
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound path={location.pathname} />;
  }
  // The request's own fault (a page number that is not one, a form that is not a form), or a right the
  // account lacks: said plainly, the server's sentence ended once.
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const said = typeof error.data === "string" ? error.data.trim() : "";
    const sentence = said && !/[.!?]$/.test(said) ? `${said}.` : said;
    return (
      <ErrorPanel heading={error.status === 403 ? "Neturite teisės" : "Netinkama užklausa"}>
        <p className="mt-4 text-ink-soft">
          {sentence ? `${sentence} ` : ""}
          {error.status === 403
            ? "Jei manote, kad turėtumėte, paprašykite svetainės administratoriaus."
            : "Patikrinkite adresą arba grįžkite ir bandykite dar kartą."}
        </p>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel heading="Unexpected Application Error!" title="Klaida">
      <p className="mt-4 text-ink-soft">
        Atsiprašome, svetainėje įvyko netikėta klaida ir šio puslapio parodyti nepavyko. Pabandykite dar kartą vėliau. Jei klaida kartojasi,
        praneškite svetainės administratoriui.
      </p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-4 overflow-auto rounded bg-black/5 p-4 text-left text-xs">{error.stack}</pre>
      ) : null}
    </ErrorPanel>
  );
}
