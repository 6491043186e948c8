import { data } from "react-router";
import type { Route } from "./+types/sitemap";
import { services } from "#app/.server/platform/context.ts";
import { clientHas } from "#app/.server/platform/download.ts";
import { publicPeople } from "#app/.server/genealogy/prepared-indexes.ts";
import { publicStorySlugs } from "#app/.server/stories/stories.ts";
import { sitemapDocument } from "#app/lib/sitemap.ts";

const PAGES = [
  "/",
  "/istorija",
  "/medis",
  "/medis/pavardes",
  "/medis/vietos",
  "/medis/sia-diena",
  "/medis/statistika",
  "/galerija",
  "/dokumentai",
  "/apie",
  "/sveciai",
];

// The public pages, the published stories open to everyone, the photos open to everyone and the people who are not
// living (a living person's page is not listed). Only with SITE_URL set. /sitemap.xml is the whole list or, past the protocol's
// 50,000 addresses, an index of /sitemap/1.xml, /sitemap/2.xml, ... The people
// are the published list, built in the background after each change
// (genealogy/prepared-indexes.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  // A sitemap's addresses are absolute: they come from SITE_URL, never from the request's Host header.
  if (!config.siteUrl) throw data("Svetainės žemėlapiui reikia SITE_URL (viešo svetainės adreso)", { status: 404 });
  const origin = config.siteUrl.origin;
  const asked = params.dalis === undefined ? null : /^([1-9]\d{0,5})\.xml$/.exec(params.dalis);
  if (asked === null && params.dalis !== undefined) throw data("Puslapis nerastas", { status: 404 });
  const part = asked ? Number(asked[1]) : null;

  const [{ tag, ids }, photos, stories] = await Promise.all([
    publicPeople(db),
    db.selectFrom("galleryItems").select("id").where("membersOnly", "=", 0).orderBy("position").orderBy("id").execute(),
    publicStorySlugs(db),
  ]);
  const addresses = [...PAGES, ...stories.map((slug) => `/istorija/${slug}`), ...photos.map((photo) => `/galerija/${photo.id}`)];
  const etag = `"${tag}-${Buffer.from(origin).toString("base64url")}-${part ?? 0}"`;
  const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600", ETag: etag };
  if (clientHas(request, etag)) return new Response(null, { status: 304, headers });
  const xml = sitemapDocument(
    origin,
    addresses.length + ids.length,
    (i) => (i < addresses.length ? addresses[i] : `/asmuo/${ids[i - addresses.length]}`),
    part,
  );
  if (xml === null) throw data("Puslapis nerastas", { status: 404 });
  return new Response(xml, { headers });
}
