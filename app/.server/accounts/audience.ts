import type { RouterContextProvider } from "react-router";
import { atLeast } from "#app/lib/roles.ts";
import { currentUser } from "#app/.server/platform/context.ts";

// Who is looking at a list of the family's content: whether they see what is
// marked for the family only ("tik giminei": a gallery item, a document, the
// history's period). Every function that lists such content takes one, so
// that no caller can forget to decide.

export interface Audience {
  members: boolean;
}

/** A visitor: what is for the family only is left out. */
export const VISITORS: Audience = { members: false };
/** A member, an editor, the administrator: everything. */
export const MEMBERS: Audience = { members: true };

/** The audience of this request: members and above see everything. */
export function audienceOf(context: Readonly<RouterContextProvider>): Audience {
  return atLeast(currentUser(context)?.role, "narys") ? MEMBERS : VISITORS;
}
