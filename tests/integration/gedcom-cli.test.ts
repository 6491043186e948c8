import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { gedcomCli } from "./gedcom-cli.ts";

// The GEDCOM command line read by hand (issue 32, point 8): its usage on
// --help, and a command line it does not understand said in one Lithuanian
// line, never node's stack trace.

let t: TestDatabase;
let usage: string;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  usage = (await gedcomCli(t, "--help")).stdout;
});
afterAll(() => t.close());

/** Every command and option scripts/gedcom.ts has. */
const EVERYTHING = [
  "import FAILAS",
  "export FAILAS",
  "--json",
  "--code-page auto|1257|1252",
  "--replace",
  "--merge",
  "--prefer site|file",
  "--accept-cut-off",
  "--version 5.5.1|7.0",
  "--public",
  "-h, --help",
];

test.each([["--help"], ["-h"]])("%s prints the usage, every command and option in it, and exits 0", async (flag) => {
  const run = await gedcomCli(t, flag);
  expect(run.code).toBe(0);
  expect(run.stderr).toBe("");
  expect(run.stdout.split("\n")[0]).toBe("Naudojimas:");
  for (const part of EVERYTHING) expect(run.stdout).toContain(part);
  // Said with the rest of a command too.
  expect((await gedcomCli(t, "import", "medis.ged", flag)).stdout).toBe(run.stdout);
});

// (Each is a process of its own: they run side by side.)
test.concurrent.for<[string[], string]>([
  [["--foo"], "Nežinoma parinktis --foo."],
  [["import", "medis.ged", "--replase"], "Nežinoma parinktis --replase."],
  [["import", "medis.ged", "-x"], "Nežinoma parinktis -x."],
  [["export", "medis.ged", "--version"], "Parinkčiai --version reikia reikšmės."],
  [["export", "medis.ged", "--version", "--public"], "Parinkčiai --version reikia reikšmės."],
  [["import", "medis.ged", "--json=taip"], "Parinktis --json reikšmės nepriima."],
  [["import"], "Komandai import reikia failo vardo."],
  [[], "Nenurodyta komanda (import arba export)."],
  [["importuoti", "medis.ged"], "Nežinoma komanda „importuoti“: galima import arba export."],
  [["import", "medis.ged", "kitas.ged"], "Nereikalingas argumentas „kitas.ged“."],
  [["import", "medis.ged", "--code-page", "toString"], "Netinkama --code-page reikšmė „toString“: galima auto, 1257 arba 1252."],
  [["import", "medis.ged", "--replace", "--merge"], "--replace ir --merge kartu negalima: pasirinkite vieną."],
])("%j: one Lithuanian line, then the usage, on standard error; exit 2", async ([args, line], { expect }) => {
  const run = await gedcomCli(t, ...args);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr).toBe(`${line}\n\n${usage}`);
  expect(run.stderr).not.toMatch(/\n\s+at |ERR_PARSE_ARGS|TypeError/);
});
