import type { RouterContextProvider } from "react-router";
import { currentUser, services } from "../context.ts";
import { livingYearsSetting, type Viewer } from "./people.ts";
import { currentTreeId } from "./trees.ts";

/** Who is looking (the administrator sees living people), and at which tree. */
export async function treeViewer(context: Readonly<RouterContextProvider>): Promise<{ treeId: number | null; viewer: Viewer }> {
  const { db } = services(context);
  const [treeId, livingYears] = await Promise.all([currentTreeId(db), livingYearsSetting(db)]);
  return { treeId, viewer: { admin: currentUser(context) !== null, livingYears } };
}
