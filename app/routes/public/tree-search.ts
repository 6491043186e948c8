import type { Route } from "./+types/tree-search";
import { services } from "../../.server/context.ts";
import { searchPeople } from "../../.server/genealogy/people.ts";
import { treeViewer } from "../../.server/genealogy/viewer.ts";

// Search-as-you-type for the tree page: people whose names match, as JSON.
// A visitor never finds a living person here.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { treeId, viewer } = await treeViewer(context);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const people = treeId === null ? [] : await searchPeople(services(context).db, treeId, query, viewer, 10);
  return Response.json({ people }, { headers: { "Cache-Control": "no-store" } });
}
