import { useRef, useSyncExternalStore } from "react";
import { Link as BareLink, useLocation } from "react-router";
import type { MessageId } from "#app/i18n/catalog.ts";
import { isLocale, LOCALE_NAMES, LOCALES, samePageIn, type Locale } from "#app/i18n/locales.ts";
import { useLocale, useT } from "#app/i18n/react.tsx";
import { siteT } from "#app/i18n/site.ts";
import { InLanguage } from "./in-language.tsx";
import { Form, Link, NavLink } from "#app/i18n/router.tsx";
import { atLeast, type Role } from "#app/lib/roles.ts";
import type { FrameSettings } from "#app/lib/site.ts";

const NAV_ITEMS: { to: string; label: MessageId }[] = [
  { to: "/", label: "common.nav.home" },
  { to: "/istorija", label: "common.nav.history" },
  { to: "/medis", label: "common.nav.tree" },
  { to: "/galerija", label: "common.nav.gallery" },
  { to: "/dokumentai", label: "common.nav.documents" },
  { to: "/apie", label: "common.nav.about" },
  { to: "/sveciai", label: "common.nav.guestbook" },
];

/** The sections, and the way in: logging in, one's account (a member), the administration (an editor and above). */
function navItems(role: Role | null): { to: string; label: MessageId }[] {
  const own: { to: string; label: MessageId } =
    role === null
      ? { to: "/login", label: "common.nav.login" }
      : atLeast(role, "redaktorius")
        ? { to: "/admin", label: "common.nav.admin" }
        : { to: "/paskyra", label: "common.nav.account" };
  return [...NAV_ITEMS, own];
}

/** Logging out of this browser only (a POST, so another site's link cannot do it); "Atsijungti visur" is on the account page. */
function LogOut({ onClick }: { onClick?: () => void }) {
  const t = useT();
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={`${linkClass({ isActive: false })} w-full cursor-pointer text-left`} onClick={onClick}>
        {t("common.nav.logout")}
      </button>
    </Form>
  );
}

/**
 * The same page in the other language, named in that language. A whole page
 * load: every loader answers again in the new language.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  return (
    <p className={className}>
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <BareLink
          key={other}
          to={samePageIn(other, pathname, search)}
          reloadDocument
          hrefLang={other}
          lang={other}
          className="tap text-sm font-medium"
        >
          {LOCALE_NAMES[other]}
        </BareLink>
      ))}
    </p>
  );
}

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-medium no-underline ${
    isActive ? "bg-accent text-white" : "text-ink hover:bg-accent-soft"
  }`;
}

/** The language a browser asks for first among the site's, when it is not the page's; null: none of the site's, or the page's. */
export function preferredOther(languages: readonly string[], page: Locale): Locale | null {
  for (const tag of languages) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === page) return null;
    if (isLocale(language)) return language;
  }
  return null;
}

const subscribeToNothing = () => () => {};
const browserLanguages = () => (navigator.languages ?? [navigator.language]).join(",");
const noLanguages = () => "";

/**
 * An offer, in the reader's own language, to read the page in it: from the
 * browser's languages, after the page has loaded. The server never redirects
 * by Accept-Language, and a kept page is the same for everyone, so the offer
 * is the browser's to make.
 */
function LanguageOffer() {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  // The server's render (and a kept page) has no languages to read: none until the browser's own render.
  const languages = useSyncExternalStore(subscribeToNothing, browserLanguages, noLanguages);
  const offered = languages ? preferredOther(languages.split(","), locale) : null;
  if (offered === null) return null;
  return (
    <p lang={offered} className="bg-accent-soft px-4 py-2 text-center text-sm">
      {siteT(offered)("common.language.offer")}{" "}
      <BareLink to={samePageIn(offered, pathname, search)} reloadDocument hrefLang={offered} className="tap font-medium">
        {LOCALE_NAMES[offered]}
      </BareLink>
    </p>
  );
}

/**
 * The family's name, the subtitle and the navigation. On a phone the links fold
 * into a menu button; it is a <details> element, so it opens without JavaScript.
 */
export function SiteHeader({ settings: { familyName, tagline, lithuanian }, role }: { settings: FrameSettings; role: Role | null }) {
  const t = useT();
  const locale = useLocale();
  const menu = useRef<HTMLDetailsElement>(null);
  const items = navItems(role);
  return (
    <header className="border-b border-line bg-paper">
      <LanguageOffer />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
        <Link to="/" className="no-underline">
          <InLanguage
            lang={lithuanian.includes("familyName") ? "lt" : locale}
            className="block font-serif text-2xl font-bold text-ink sm:text-3xl"
          >
            {familyName}
          </InLanguage>
          {tagline ? (
            <InLanguage lang={lithuanian.includes("tagline") ? "lt" : locale} className="block text-sm text-ink-soft">
              {tagline}
            </InLanguage>
          ) : null}
        </Link>
        <div className="flex items-center gap-4">
          <LanguageSwitch />
          <details ref={menu} className="group relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
              </svg>
              {t("common.nav.menu")}
            </summary>
            <nav
              aria-label={t("common.nav.main")}
              className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-line bg-paper p-2 shadow-lg"
            >
              <ul className="flex flex-col gap-1">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === "/"} className={linkClass} onClick={() => menu.current?.removeAttribute("open")}>
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
                {role !== null ? (
                  <li>
                    <LogOut onClick={() => menu.current?.removeAttribute("open")} />
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </div>
      <nav aria-label={t("common.nav.main")} className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
          {role !== null ? (
            <li className="ml-auto">
              <LogOut />
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

/** The family's name, the site's sections, the contact address and the family's own line. */
export function SiteFooter({
  settings: { familyName, contactEmail, tagline, footerLine, lithuanian },
  year,
  role,
}: {
  settings: FrameSettings;
  year: number;
  role: Role | null;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <footer className="mt-16 border-t border-line bg-paper">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-[2fr_3fr]">
        <div>
          <InLanguage
            lang={lithuanian.includes("familyName") ? "lt" : locale}
            as="div"
            className="font-serif text-xl font-semibold text-ink"
          >
            {familyName}
          </InLanguage>
          {tagline ? (
            <InLanguage lang={lithuanian.includes("tagline") ? "lt" : locale} as="div" className="mt-1 text-ink-soft">
              {tagline}
            </InLanguage>
          ) : null}
          {contactEmail ? (
            <p className="mt-4">
              <span className="text-ink-soft">{t("common.footer.write")}</span>
              <a href={`mailto:${contactEmail}`} className="tap font-medium break-all">
                {contactEmail}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-label={t("common.nav.sections")}>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-3">
            {navItems(role).map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="inline-block py-1.5 text-ink no-underline hover:text-accent hover:underline">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-ink-soft">
          © {year} {familyName}.{footerLine ? " " : ""}
          {footerLine ? <InLanguage lang={lithuanian.includes("footerLine") ? "lt" : locale}>{footerLine}</InLanguage> : null}
        </p>
      </div>
    </footer>
  );
}
