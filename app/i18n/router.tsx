import { useCallback } from "react";
import {
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
  useNavigate as useRouterNavigate,
  type FormProps,
  type LinkProps,
  type NavigateOptions,
  type NavLinkProps,
  type To,
} from "react-router";
import { localized, type Locale } from "./locales.ts";
import { useLocale } from "./react.tsx";

// React Router's links and forms, kept in the page's language: a link to
// '/medis' on an English page goes to '/en/medis'. Code names the bare
// address, as the route table does, and imports these in place of React
// Router's own. Redirects need nothing: the language middleware
// (.server/platform/language.ts) keeps every redirect of an English request in English.

function localizedTo(locale: Locale, to: To): To {
  if (typeof to === "string") return localized(locale, to);
  return to.pathname === undefined ? to : { ...to, pathname: localized(locale, to.pathname) };
}

/** A site address in the page's language, for a plain <a href> or a fetch. */
export function useLocalized(): (to: string) => string {
  const locale = useLocale();
  return useCallback((to: string) => localized(locale, to), [locale]);
}

export function Link({ to, ...props }: LinkProps & React.RefAttributes<HTMLAnchorElement>) {
  return <RouterLink to={localizedTo(useLocale(), to)} {...props} />;
}

export function NavLink({ to, ...props }: NavLinkProps & React.RefAttributes<HTMLAnchorElement>) {
  return <RouterNavLink to={localizedTo(useLocale(), to)} {...props} />;
}

export function Form({ action, ...props }: FormProps & React.RefAttributes<HTMLFormElement>) {
  const locale = useLocale();
  return <RouterForm action={action === undefined ? undefined : localized(locale, action)} {...props} />;
}

export function useNavigate() {
  const navigate = useRouterNavigate();
  const locale = useLocale();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => (typeof to === "number" ? navigate(to) : navigate(localizedTo(locale, to), options)),
    [navigate, locale],
  );
}
