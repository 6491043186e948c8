import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, expect, test } from "vitest";
import { validateGedcom7 } from "#app/.server/genealogy/gedcom/gedcom7-rules.ts";
import { toRaw, type RawNode } from "#app/.server/genealogy/gedcom/model.ts";
import { readGedcom } from "#app/.server/genealogy/gedcom/reader.ts";
import { toGedcom7 } from "#app/.server/genealogy/gedcom/to-gedcom7.ts";
import { exportFile, importFile } from "#app/.server/genealogy/trees.ts";
import { CORPUS, inventory } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { declaredSchema, decodeGedcom } from "./gedcom-lines.ts";

// Every file of the public corpus is imported and exported as GEDCOM 7.0, and the export is validated
// (gedcom7-rules.ts). A 5.x file's export must be valid; a 7.x file's export may only break the rules the
// file itself breaks (the official test files have SOUR↔SNOTE cycles and empty records, which an export
// cannot mend). Two exceptions for 5.x files, both needing the whole file and so not done by toGedcom7
// (to-gedcom7.ts): cross-reference identifiers 7.0 does not allow (@NoTe@, @submission@), and pointer
// cycles that the file's own records form (5.5.1 allowed them).
//
// toGedcom7 must also leave valid 7.0 as it is: every record of the 7.x files, and every record of each
// 7.0 export, comes out of it unchanged.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

/** The GEDCOM bytes of a corpus file (a GEDZIP's gedcom.ged). */
function gedcomBytes(file: string): Uint8Array {
  const bytes = fs.readFileSync(path.join(CORPUS, file));
  return file.endsWith(".gdz") ? unzipSync(bytes)["gedcom.ged"] : bytes;
}

async function records(bytes: Uint8Array): Promise<RawNode[]> {
  const out: RawNode[] = [];
  for await (const node of readGedcom((async function* () { yield bytes; })())) out.push(toRaw(node)); // prettier-ignore
  return out;
}

/** A violation as compared between files: a pointer cycle is the same whichever record the validator starts from. */
function violationKey(message: string): string {
  const cycle = /^Pointer cycle (.*?): /.exec(message);
  return cycle ? `Pointer cycle between ${[...new Set(cycle[1].match(/@[^@]+@/g))].sort().join(" ")}` : message;
}

/** The source's records and the records each points to; and the identifiers 7.0 does not allow. */
function sourcePointers(text: string) {
  const links = new Set<string>();
  const invalidXrefs = new Set<string>();
  let record: string | undefined;
  for (const line of text.split(/\r\n|\n\r|\r|\n/)) {
    const m = /^\s*(\d+)\s+(?:(@[^@\s][^@]*@)\s+)?\S+(?: (.*))?$/.exec(line);
    if (!m) continue;
    if (m[1] === "0") {
      record = m[2];
      if (record && !/^@[A-Z0-9_]+@$/.test(record)) invalidXrefs.add(record);
    } else if (record && m[3] && /^@[^@#\s][^@]*@$/.test(m[3])) links.add(`${record} ${m[3]}`);
  }
  return { links, invalidXrefs };
}

test.each(inventory)("$file exported as GEDCOM 7.0", async ({ file, version }) => {
  const summary = await importFile(t.db, t.media, path.join(CORPUS, file), { sourceName: path.basename(file) });
  const target = path.join(t.dir, `${path.basename(file)}.7.ged`);
  await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "7.0" });
  const exported = decodeGedcom(fs.readFileSync(target));
  const violations = validateGedcom7(exported);
  const source = decodeGedcom(gedcomBytes(file));

  if (version.startsWith("7")) {
    // As many times as the source has it (a cycle is one cycle however often the validator meets it).
    const own = new Map<string, number>();
    for (const v of validateGedcom7(source)) own.set(violationKey(v.message), (own.get(violationKey(v.message)) ?? 0) + 1);
    const added = violations.filter((v) => {
      const key = violationKey(v.message);
      const left = own.get(key) ?? 0;
      if (left > 0 && !key.startsWith("Pointer cycle")) own.set(key, left - 1);
      return left === 0;
    });
    expect(added.map((v) => `${v.line}: ${v.message}`)).toEqual([]);
  } else {
    const lines = exported.split("\n");
    const { links, invalidXrefs } = sourcePointers(source);
    const fromSource = (message: string, line: number) => {
      const cycle = /^Pointer cycle (.*?): /.exec(message)?.[1].match(/@[^@]+@/g);
      if (cycle) return cycle.slice(1).every((to, i) => links.has(`${cycle[i]} ${to}`));
      return [...invalidXrefs].some((xref) => lines[line - 1].includes(xref));
    };
    expect(violations.filter((v) => !fromSource(v.message, v.line)).map((v) => `${v.line}: ${v.message}`)).toEqual([]);
  }

  // Every extension tag the export uses is declared in HEAD.SCHMA with a URI, and what the file itself declared is kept.
  const declared = declaredSchema(exported);
  const used = [...exported.matchAll(/^\d+ (?:@[^@]+@ )?(_[A-Z0-9_]+)/gm)].map((m) => m[1]);
  expect(used.filter((tag) => !declared.has(tag))).toEqual([]);
  for (const uris of declared.values()) for (const uri of uris) expect(uri).toMatch(/^[a-z][a-z0-9+.-]*:\S+$/);
  for (const [tag, uris] of declaredSchema(source)) expect(declared.get(tag), tag).toEqual(uris);

  // Converting the 7.0 export again changes nothing.
  const written = await records(fs.readFileSync(target));
  expect(written.flatMap((record) => toGedcom7(record, { from: "7" }))).toEqual(written);
});

test.each(inventory.filter((i) => i.version.startsWith("7")))("$file: toGedcom7 leaves every record as it is", async ({ file }) => {
  const read = await records(gedcomBytes(file));
  expect(read.flatMap((record) => toGedcom7(record, { from: "7" }))).toEqual(read);
});
