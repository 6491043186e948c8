// The setting that names the tree the site shows. A module of its own, like
// tree-counts.ts: the change history's undo reads it (a merge is undone by
// naming the tree before it again, decision 034) and must not import the
// trees' module, which records through the change history.

/** The key of the setting whose value is the current tree's id. */
export const CURRENT_TREE = "genealogy_current_tree";
