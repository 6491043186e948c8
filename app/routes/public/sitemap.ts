import type { Route } from "./+types/sitemap";
import { services } from "../../.server/context.ts";
import { livingYearsSetting, publicPersonIds } from "../../.server/genealogy/people.ts";
import { currentTreeId } from "../../.server/genealogy/trees.ts";

const PAGES = ["/", "/istorija", "/medis", "/galerija", "/dokumentai", "/apie", "/sveciai"];

// The public pages and the people who are not living (a living person's page is not listed).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const origin = config.siteUrl?.origin ?? new URL(request.url).origin;
  const treeId = await currentTreeId(db);
  const people = treeId === null ? [] : await publicPersonIds(db, treeId, await livingYearsSetting(db));
  const urls = [...PAGES, ...people.map((id) => `/asmuo/${id}`)].map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    },
  );
}
