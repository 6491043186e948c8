import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { requestInfo, services } from "../../.server/context.ts";
import { destroySession, readSessionToken } from "../../.server/session.ts";
import { redirectWithToast } from "../../.server/toast.ts";

// Logging out is a POST: a link or an image on another site cannot end the session.
export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await destroySession(services(context).db, await readSessionToken(request), requestInfo(context).secure);
  return redirectWithToast("/", "loggedOut", undefined, { "Set-Cookie": cookie });
}

export function loader() {
  return redirect("/");
}
