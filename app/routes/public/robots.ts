import type { Route } from "./+types/robots";
import { services } from "#app/.server/platform/context.ts";

// What search engines may read: everything public, not the administration.
// The sitemap is named only with SITE_URL (its addresses must be absolute,
// and they are never made from the request's Host header).
export function loader({ context }: Route.LoaderArgs) {
  const { config } = services(context);
  const lines = ["User-agent: *", "Disallow: /admin", "Disallow: /login", "Disallow: /logout", "Allow: /"];
  if (config.siteUrl) lines.push("", `Sitemap: ${config.siteUrl.origin}/sitemap.xml`);
  return new Response(`${lines.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
