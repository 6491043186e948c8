import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { languageMiddleware } from "#app/.server/platform/language.ts";
import { cookieMiddleware } from "#app/.server/platform/cookies.ts";
import { I18nProvider, useT } from "#app/i18n/react.tsx";
import type { Values } from "#app/i18n/intl.ts";
import { siteMessages } from "#app/i18n/site.ts";
import { LOCALES, localeOf, samePageIn } from "#app/i18n/locales.ts";
import type { Route } from "./+types/root";
import { accessMiddleware } from "#app/.server/accounts/access.ts";
import { currentUser, requestLocale, services } from "#app/.server/platform/context.ts";
import { sessionMiddleware } from "#app/.server/accounts/session.ts";
import { siteSettingsIn } from "#app/.server/site-texts/settings.ts";
import { takeToast } from "#app/.server/platform/toast.ts";
import stylesheet from "./app.css?url";
import { ErrorPanel } from "#app/components/error-panel.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { SiteFooter, SiteHeader } from "#app/components/site-header.tsx";
import { ToastProvider } from "#app/components/toaster.tsx";
import { currentYear } from "#app/lib/lithuanian.ts";
import type { FrameSettings } from "#app/lib/site.ts";

export const middleware: Route.MiddlewareFunction[] = [cookieMiddleware, languageMiddleware, sessionMiddleware, accessMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  const { db, config } = services(context);
  // What every page shows of the family's settings; each page reads the texts it needs itself.
  const { familyName, contactEmail, tagline, footerLine, lithuanian } = await siteSettingsIn(db, requestLocale(context));
  const { toast, clear } = await takeToast(request);
  return data(
    {
      // The role alone: the header and footer differ by it, and a page kept for a role names nobody.
      role: user?.role ?? null,
      settings: {
        familyName,
        contactEmail,
        tagline,
        footerLine,
        // Which of them an English page shows in Lithuanian (marked lang="lt").
        lithuanian: lithuanian.filter((field) => field === "familyName" || field === "tagline" || field === "footerLine"),
      } satisfies FrameSettings,
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
  const { pathname, search } = useLocation();
  const locale = localeOf(pathname);
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* The same page in each language (search engines offer a reader theirs); absolute only from SITE_URL. */}
        {LOCALES.map((other) => (
          <link key={other} rel="alternate" hrefLang={other} href={`${root?.siteUrl ?? ""}${samePageIn(other, pathname, search)}`} />
        ))}
      </head>
      <body className="flex min-h-screen flex-col">
        <I18nProvider messages={siteMessages}>
          <Frame>{children}</Frame>
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const t = useT();
  const root = useRouteLoaderData<typeof loader>("root");
  const settings: FrameSettings = root?.settings ?? {
    familyName: t("common.siteFallbackName"),
    contactEmail: "",
    tagline: "",
    footerLine: "",
    lithuanian: [],
  };
  return (
    <>
      <a
        href="#turinys"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-paper focus:p-2"
      >
        {t("common.skipToContent")}
      </a>
      <ToastProvider serverToast={root?.toast ?? null}>
        <SiteHeader settings={settings} role={root?.role ?? null} />
        <main id="turinys" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
        <SiteFooter settings={settings} year={root?.year ?? currentYear()} role={root?.role ?? null} />
      </ToastProvider>
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound path={location.pathname} />;
  }
  // The request's own fault (a page number that is not one, a form that is not a form), or a right the
  // account lacks: said plainly, the server's sentence ended once.
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // A route may say why by a message id ('common.error.badPage'), shown in the page's language.
    const data: unknown = error.data;
    // A library's own refusal carries its error's text, a stack trace even: never shown to a person.
    const internal = typeof data === "string" && /\n\s+at |^\w*Error\b/.test(data);
    const said =
      typeof data === "string" && !internal
        ? (t.has(data) ? t(data) : data).trim()
        : data && typeof data === "object" && "id" in data && typeof data.id === "string" && t.has(data.id)
          ? t({ id: data.id, values: "values" in data ? (data.values as Values) : undefined })
          : "";
    const sentence = said && !/[.!?]$/.test(said) ? `${said}.` : said;
    return (
      <ErrorPanel heading={t(error.status === 403 ? "common.error.forbidden" : "common.error.badRequest")}>
        <p className="mt-4 text-ink-soft">
          {sentence ? `${sentence} ` : ""}
          {t(error.status === 403 ? "common.error.forbiddenHelp" : "common.error.badRequestHelp")}
        </p>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel heading={t("common.error.heading")} title={t("common.error.title")}>
      <p className="mt-4 text-ink-soft">{t("common.error.unexpected")}</p>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-4 overflow-auto rounded bg-black/5 p-4 text-left text-xs">{error.stack}</pre>
      ) : null}
    </ErrorPanel>
  );
}
