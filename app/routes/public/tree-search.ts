import type { Route } from "./+types/tree-search";
import { services } from "#app/.server/platform/context.ts";
import { searchPeoplePage } from "#app/.server/genealogy/search.ts";
import { treeViewer } from "#app/.server/genealogy/viewer.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { BAD_PAGE_MESSAGE, parsePageNumber } from "#app/lib/paging.ts";

/** Suggestions a page of the search-as-you-type holds. */
const SUGGESTIONS = 10;

// Search-as-you-type for the tree page: people whose names match, as JSON,
// a page at a time (?puslapis=2, as every list). A visitor never finds a
// living person here.
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const headers = { "Cache-Control": "no-store" };
  const page = parsePageNumber(params);
  if (page === null) return Response.json({ error: serverT(request)(BAD_PAGE_MESSAGE), people: [] }, { status: 400, headers });
  const { treeId, viewer } = await treeViewer(context);
  const query = params.get("q") ?? "";
  const found = treeId === null ? null : await searchPeoplePage(services(context).db, treeId, query, viewer, page, SUGGESTIONS);
  const { items = [], total = 0, pages = 1, more = false } = found ?? {};
  return Response.json({ people: items, total, page, pages, more }, { status: page > pages ? 404 : 200, headers });
}
