// The sitemap protocol (sitemaps.org): at most SITEMAP_LIMIT addresses in one
// file; a site with more lists its parts in a sitemap index.

export const SITEMAP_LIMIT = 50_000;
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The document for /sitemap.xml (part null) or for /sitemap/<part>.xml, given
 * the site's paths; null for a part that does not exist. `path(i)` gives the
 * i-th of `total` paths, so that 100,000 people need no array of addresses.
 */
export function sitemapDocument(
  origin: string,
  total: number,
  path: (i: number) => string,
  part: number | null,
  limit = SITEMAP_LIMIT,
): string | null {
  const parts = Math.ceil(total / limit);
  const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
  const urls = (from: number, to: number) => {
    const lines: string[] = [];
    for (let i = from; i < Math.min(to, total); i++) lines.push(`  <url><loc>${escapeXml(origin + path(i))}</loc></url>`);
    return document(`<urlset ${NS}>\n${lines.join("\n")}\n</urlset>`);
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
  return urls((part - 1) * limit, part * limit);
}
