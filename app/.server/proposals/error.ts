/**
 * A proposal that cannot be applied as it stands (a reviewer's edit that is
 * not valid): the approval's transaction rolls back and the message is shown.
 * In a module of its own so that the kinds can throw it without importing
 * proposals.ts, which imports them.
 */
export class ProposalInputError extends Error {}
