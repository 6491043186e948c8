import routes from "#app/routes.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file?: string;
  id?: string;
  children?: RouteEntry[];
}

/** A path with an optional segment ('en?') spelt both ways: without it, and with it. */
function spellings(path: string): string[] {
  const optional = /\/([^/]+)\?(?=\/|$)/.exec(path);
  if (!optional) return [path];
  return [path.replace(optional[0], ""), path.replace(optional[0], `/${optional[1]}`)].flatMap(spellings);
}

/**
 * Every address pattern app/routes.ts declares ('/asmuo/:id', and in English
 * '/en/asmuo/:id'), the catch-all as a made-up path. A route added there is
 * covered by the tests that use this.
 */
export function routePatterns(entries: RouteEntry[] = routes as RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const here = spellings(own.replace("*", "nera-tokio")).map((path) => path || "/");
    return [...(entry.path !== undefined || entry.index ? here : []), ...routePatterns(entry.children ?? [], own)];
  });
}

/**
 * Each pattern's route id, as React Router names it (the file without its
 * extension, unless an id is given): what a data request's `_routes` asks for.
 * The index route's pattern keeps its parent's.
 */
export function routeIds(entries: RouteEntry[] = routes as RouteEntry[], prefix = ""): Map<string, string> {
  const ids = new Map<string, string>();
  for (const entry of entries) {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    for (const path of spellings(own.replace("*", "nera-tokio"))) {
      const here = path || "/";
      if (entry.file && !ids.has(here)) ids.set(here, entry.id ?? entry.file.replace(/\.[^.]+$/, ""));
    }
    for (const [pattern, id] of routeIds(entry.children ?? [], own)) if (!ids.has(pattern)) ids.set(pattern, id);
  }
  return ids;
}

/**
 * The same address spelt otherwise, as the router still matches it: each
 * segment capitalised, and its last letter percent-encoded ('/Admin/Narial' → '/Admin/Naria%6C').
 */
export function respelt(path: string): string {
  const [pathname, query] = path.split("?");
  const capitalised = pathname.replace(/\/([a-z])/g, (_, letter: string) => `/${letter.toUpperCase()}`);
  const encoded = capitalised.replace(
    /([a-z])([^a-z]*)$/,
    (_, letter: string, rest: string) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}${rest}`,
  );
  return query ? `${encoded}?${query}` : encoded;
}

/** A pattern with its parameters filled in. */
export function fill(pattern: string, value: string): string {
  return pattern.replace(/:[a-z]+/g, value);
}

/** React Router's data request for an address ('/x.data', '/_root.data'). */
export function dataUrl(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
}
