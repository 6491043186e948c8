import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { services } from "#app/.server/platform/context.ts";
import { destroySession, readSessionToken } from "#app/.server/accounts/session.ts";
import { redirectWithToast } from "#app/.server/platform/toast.ts";

// Logging out is a POST: a link or an image on another site cannot end the session.
export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await destroySession(services(context).db, await readSessionToken(request));
  return redirectWithToast("/", "loggedOut", undefined, { "Set-Cookie": cookie });
}

export function loader() {
  return redirect("/");
}
