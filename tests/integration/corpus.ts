import fs from "node:fs";
import path from "node:path";

/** The public GEDCOM corpus (a copy of ../shared/gedcom; its README says where each file comes from). */
export const CORPUS = path.resolve(import.meta.dirname, "../fixtures/gedcom-corpus");

/** Every file of the corpus with its GEDCOM version and its INDI and FAM record counts (inventory.tsv). */
export const inventory = fs
  .readFileSync(path.join(CORPUS, "inventory.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const cells = line.split("\t");
    return { file: cells[0], version: cells[5], indi: Number(cells[9]), fam: Number(cells[10]) };
  });
