import type { Services } from "./context.ts";

// Notices of what waits for an editor and of decisions (issue 17 item 4).
// The routes call these after the write has been committed; a notice that
// cannot be sent never undoes or fails the write.

/** A member filed a proposal (or a visitor wrote in the guestbook): tell the administrator, as they chose. */
export async function onNewItem(_services: Services, _item: { kind: "proposal" | "guestbook"; id: number }): Promise<void> {
  // Filled in by the notifications work (issue 17, item 4).
}

/** A proposal was approved or rejected: tell its author if they asked to hear. */
export async function onProposalDecided(_services: Services, _proposalId: number): Promise<void> {
  // Filled in by the notifications work (issue 17, item 4).
}
