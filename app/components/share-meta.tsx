import { useLocation } from "react-router";
import { useLocale } from "#app/i18n/react.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { pageHref } from "#app/lib/paging.ts";
import { useSiteSettings, useSiteUrl } from "./page.tsx";

/**
 * What a page says of itself when it is shared or found: its description, and
 * Open Graph and Twitter card tags (React puts them in the document's head).
 * Absolute addresses (the page's, its picture's) need SITE_URL; without it
 * they are left out rather than made from the request's Host header.
 */
export function ShareMeta({
  title,
  description,
  image,
  type = "website",
  page = 1,
}: {
  title: string;
  description: string;
  /** The path of the page's picture (a display image), if it has one. */
  image?: string | null;
  type?: "website" | "article" | "profile";
  /** Of a list that comes a page at a time: each page its own address (the list's other parameters, a sort or a search, left out). */
  page?: number;
}) {
  const { familyName } = useSiteSettings();
  const siteUrl = useSiteUrl();
  const { pathname } = useLocation();
  const locale = useLocale();
  const text = summary(description) || title;
  const picture = siteUrl && image ? `${siteUrl}${image}` : null;
  const address = siteUrl ? `${siteUrl}${pageHref(pathname, "", page)}` : null;
  return (
    <>
      <meta name="description" content={text} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={familyName} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {address ? <meta property="og:url" content={address} /> : null}
      {address ? <link rel="canonical" href={address} /> : null}
      {picture ? <meta property="og:image" content={picture} /> : null}
      <meta name="twitter:card" content={picture ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      {picture ? <meta name="twitter:image" content={picture} /> : null}
    </>
  );
}

/** The page's language as Open Graph names it. */
const OG_LOCALES: Record<Locale, string> = { lt: "lt_LT", en: "en_GB" };

/** One line of at most 200 characters, cut between words. */
function summary(description: string): string {
  const line = description.replace(/\s+/g, " ").trim();
  if (line.length <= 200) return line;
  const cut = line.slice(0, 199);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 150 ? cut.lastIndexOf(" ") : 199)}…`;
}
