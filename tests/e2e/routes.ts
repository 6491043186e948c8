import routes from "../../app/routes.ts";

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every address pattern app/routes.ts declares ('/asmuo/:id'), the catch-all
 * as a made-up path. A route added there is covered by the tests that use this.
 */
export function routePatterns(entries: RouteEntry[] = routes as RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const here = own.replace("*", "nera-tokio") || "/";
    return [...(entry.path !== undefined || entry.index ? [here] : []), ...routePatterns(entry.children ?? [], own)];
  });
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
