import { LOCALES, localized } from "#app/i18n/locales.ts";

// The sitemap protocol (sitemaps.org): at most SITEMAP_LIMIT addresses in one
// file; a site with more lists its parts in a sitemap index. Each page is
// listed in every language ('/medis' and '/en/medis'), each entry naming the
// others as its alternates (hreflang), and a page's languages stay in one file.

export const SITEMAP_LIMIT = 50_000;
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const XHTML = 'xmlns:xhtml="http://www.w3.org/1999/xhtml"';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The document for /sitemap.xml (part null) or for /sitemap/<part>.xml, given
 * the site's paths (bare, Lithuanian); null for a part that does not exist.
 * `path(i)` gives the i-th of `total` paths, so that 100,000 people need no
 * array of addresses. `limit` counts addresses, every language's.
 */
export function sitemapDocument(
  origin: string,
  total: number,
  path: (i: number) => string,
  part: number | null,
  limit = SITEMAP_LIMIT,
): string | null {
  const perFile = Math.max(1, Math.floor(limit / LOCALES.length));
  const parts = Math.ceil(total / perFile);
  const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
  const urls = (from: number, to: number) => {
    const lines: string[] = [];
    for (let i = from; i < Math.min(to, total); i++) {
      const page = path(i);
      const alternates = LOCALES.map(
        (locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(origin + localized(locale, page))}"/>`,
      ).join("");
      for (const locale of LOCALES) lines.push(`  <url><loc>${escapeXml(origin + localized(locale, page))}</loc>${alternates}</url>`);
    }
    return document(`<urlset ${NS} ${XHTML}>\n${lines.join("\n")}\n</urlset>`);
  };
  if (part === null) {
    if (parts <= 1) return urls(0, total);
    const entries = Array.from(
      { length: parts },
      (_, i) => `  <sitemap><loc>${escapeXml(`${origin}/sitemap/${i + 1}.xml`)}</loc></sitemap>`,
    );
    return document(`<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>`);
  }
  if (parts <= 1 || part > parts) return null;
  return urls((part - 1) * perFile, part * perFile);
}
