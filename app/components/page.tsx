import { Fragment, type ReactNode } from "react";
import { paragraphs } from "#app/lib/paragraphs.ts";
import { splitAtEmail } from "#app/lib/email-token.ts";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";
import { useLocale, useT } from "#app/i18n/react.tsx";
import type { Locale } from "#app/i18n/locales.ts";
import { InLanguage } from "./in-language.tsx";
import { pageTitle } from "#app/lib/paging.ts";

/** The document title: the page's name (and its page of a list, past the first), then the family's. */
export function PageTitle({ children, page = 1 }: { children: string; page?: number }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const t = useT();
  const family = root?.settings.familyName;
  const title = pageTitle(t, children, page);
  return <title>{family ? t("common.pageTitle", { page: title, family }) : title}</title>;
}

/** A page's heading with an optional lead paragraph. */
export function PageHeading({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-ink-soft">{lead}</p> : null}
    </div>
  );
}

/** The family's settings every page has (the root loader's). */
export function useSiteSettings() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root?.settings ?? { familyName: "", contactEmail: "", tagline: "", footerLine: "", lithuanian: [] };
}

/** The site's public address (SITE_URL), or null: absolute links are built only from it. */
export function useSiteUrl(): string | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? null;
}

/**
 * A text the family wrote: blank lines start paragraphs, single line breaks
 * stay, and "[el. paštas]" is the contact address as a link. Rendered as text
 * (React escapes it): nothing typed becomes markup.
 */
export function TextBlock({ text, className, lang }: { text: string; className?: string; lang?: Locale }) {
  const { contactEmail } = useSiteSettings();
  const page = useLocale();
  // The family's text in another language than the page's (no English written yet): marked, and said to be so.
  if (lang && lang !== page) {
    return (
      <InLanguage lang={lang} note as="div">
        <TextBlock text={text} className={className} />
      </InLanguage>
    );
  }
  return paragraphs(text).map((paragraph, i) => (
    <p key={i} className={`whitespace-pre-line ${className ?? ""}`}>
      {splitAtEmail(paragraph).map((piece, j) => (
        <Fragment key={j}>
          {j > 0 ? (
            <a href={`mailto:${contactEmail}`} className="tap font-medium">
              {contactEmail}
            </a>
          ) : null}
          {piece}
        </Fragment>
      ))}
    </p>
  ));
}

/**
 * Which language one of the family's texts is shown in on this page: the
 * page's, unless the loader says it is still in Lithuanian (`lithuanian`
 * lists those fields).
 */
export function useTextLanguage(lithuanian: readonly string[] | undefined): (field: string) => Locale {
  const page = useLocale();
  return (field) => (lithuanian?.includes(field) ? "lt" : page);
}
