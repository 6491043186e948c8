import type { RouterContextProvider } from "react-router";
import { atLeast } from "#app/lib/roles.ts";
import { currentUser, services } from "#app/.server/platform/context.ts";
import { livingYearsSetting, type Viewer } from "./living.ts";
import { currentTreeId } from "./trees.ts";

/**
 * Who is looking, and at which tree: a visitor sees neither the living nor
 * the private; a member sees the living but not the private; an editor and
 * the administrator see everyone.
 */
export async function treeViewer(context: Readonly<RouterContextProvider>): Promise<{ treeId: number | null; viewer: Viewer }> {
  const { db } = services(context);
  const role = currentUser(context)?.role;
  const [treeId, livingYears] = await Promise.all([currentTreeId(db), livingYearsSetting(db)]);
  return { treeId, viewer: { members: atLeast(role, "narys"), seesPrivate: atLeast(role, "redaktorius"), livingYears } };
}
