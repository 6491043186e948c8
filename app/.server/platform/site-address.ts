import type { Config } from "#app/.server/platform/env.ts";
import type { Database } from "#app/.server/platform/db/schema.ts";

// This site's address, for the links in its letters (issue 28). SITE_URL
// when it is set. Otherwise the address the family's editors reach the site
// at: the origin their own browser sent with their last change, which the
// request guard has checked is this site's (server/request-guard.ts) and
// which only a signed-in editor's request may set, so that no stranger's
// crafted Host header ever lands in a letter. A letter written before any
// editor changed anything carries the path alone.

const KEY = "site_origin";

/** The origin a browser named with its request (Origin, else Referer), or null. */
export function requestOrigin(request: Request): string | null {
  const sent = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!sent) return null;
  try {
    const url = new URL(sent);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** Keeps the origin of an editor's change as the site's address, when SITE_URL does not say it (written only when it changed). */
export async function rememberSiteAddress(db: Database, config: Pick<Config, "siteUrl">, request: Request): Promise<void> {
  if (config.siteUrl) return;
  const origin = requestOrigin(request);
  if (!origin) return;
  const stored = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  if (stored?.value === origin) return;
  await db
    .insertInto("settings")
    .values({ key: KEY, value: origin })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: origin }))
    .execute();
}

/** An address of this site for a letter: absolute when the site's address is known, else the path alone. */
export async function letterLink(db: Database, config: Pick<Config, "siteUrl">, path: string): Promise<string> {
  const base = config.siteUrl?.origin ?? (await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst())?.value;
  return base ? new URL(path, base).toString() : path;
}
