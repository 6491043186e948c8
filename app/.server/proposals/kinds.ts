import { eventKind, personFieldsKind, relationKind } from "./person.ts";
import { memoryKind } from "./memories.ts";
import { photoKind } from "./gallery-photos.ts";
import type { ProposalKind } from "./proposals.ts";

// The kinds of proposal a member can make, by the name stored with each
// proposal (proposals.kind). Each handler says how the proposal reads, what
// it conflicts with and how it is applied (see ProposalKind in proposals.ts).
export const PROPOSAL_KINDS: Record<string, ProposalKind<any>> = {
  event: eventKind,
  "person-fields": personFieldsKind,
  relation: relationKind,
  memory: memoryKind,
  photo: photoKind,
};
