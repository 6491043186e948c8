import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { currentTreeId, importFile, listTrees, makeCurrent, sweepAbandonedImports } from "#app/.server/genealogy/trees.ts";
import { ImportRefused, MAX_FIRST_LINE, readGedcom } from "#app/.server/genealogy/gedcom/reader.ts";
import { importRunner } from "#app/.server/genealogy/gedcom/import-process.ts";
import { parseConfig } from "#app/.server/platform/env.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { generate } from "#bench/gedcom-generate.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { gedcomCli } from "./gedcom-cli.ts";

// Files that are not what they claim: cut off, circular, left half imported.

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

/** A generated 2,000-person file cut off after `bytes`, mid-record, as a broken download is. */
function cutFile(bytes: number): string {
  const whole = path.join(t.dir, "visas.ged");
  generate(2000, whole);
  const cut = path.join(t.dir, "nutrukes.ged");
  fs.writeFileSync(cut, fs.readFileSync(whole).subarray(0, bytes));
  return cut;
}

test("a cut-off file is flagged, kept as an import, and published only when accepted by name", async () => {
  const summary = await importFile(t.db, t.media, cutFile(60_000), { sourceName: "nutrukes.ged" });
  expect(summary.cutOff).toBe(true);
  expect(summary.people).toBeGreaterThan(100);
  // Even as the first tree, it is not published on its own.
  expect(summary.current).toBe(false);
  expect(await currentTreeId(t.db)).toBeNull();
  const [tree] = await listTrees(t.db);
  expect(tree).toMatchObject({ id: summary.treeId, cutOff: true, current: false });
  expect(await makeCurrent(t.db, t.media, summary.treeId)).toBe("cutOff");
  expect(await currentTreeId(t.db)).toBeNull();
  expect(await makeCurrent(t.db, t.media, summary.treeId, { acceptCutOff: true })).toBe("done");
  expect(await currentTreeId(t.db)).toBe(summary.treeId);

  // The whole file is not flagged.
  const whole = await importFile(t.db, t.media, path.join(t.dir, "visas.ged"), { sourceName: "visas.ged" });
  expect(whole.cutOff).toBe(false);
});

test("a person who is their own ancestor is warned about, with the line", async () => {
  const file = path.join(t.dir, "ratas.ged");
  fs.writeFileSync(
    file,
    [
      "0 HEAD",
      "1 GEDC",
      "2 VERS 5.5.1",
      "0 @A@ INDI",
      "1 NAME Jonas /Ratas/",
      "1 FAMC @F2@",
      "1 FAMS @F1@",
      "0 @B@ INDI",
      "1 NAME Petras /Ratas/",
      "1 FAMC @F1@",
      "1 FAMS @F2@",
      "0 @F1@ FAM",
      "1 HUSB @A@",
      "1 CHIL @B@",
      "0 @F2@ FAM",
      "1 HUSB @B@",
      "1 CHIL @A@",
      "0 @C@ INDI",
      "1 NAME Ona /Tiesi/",
      "0 TRLR",
      "",
    ].join("\n"),
  );
  const summary = await importFile(t.db, t.media, file, { sourceName: "ratas.ged" });
  const circle = summary.warnings.filter((w) => typeof w.message === "object" && w.message.id === "adminTree.warning.ownAncestor");
  expect(circle).toHaveLength(1);
  expect([4, 8]).toContain(circle[0].line);
  expect(serverT("lt")(circle[0].message)).toMatch(/^Asmuo @[AB]@ yra pats sau protėvis: tėvų ir vaikų ryšiai sudaro ratą\.$/);
});

test("an import a killed process left half done is marked failed and removed at the next start", async () => {
  const summary = await importFile(t.db, t.media, cutFile(30_000), { sourceName: "x.ged" });
  // As a kill -9 in the middle of an import leaves it.
  await t.db.updateTable("genealogyTrees").set({ status: "importing" }).where("id", "=", summary.treeId).execute();
  expect(await sweepAbandonedImports(t.db, t.media, { othersAlive: true })).toBe(0);
  expect(await sweepAbandonedImports(t.db, t.media, { othersAlive: false })).toBe(1);
  const tree = await t.db.selectFrom("genealogyTrees").select("status").where("id", "=", summary.treeId).executeTakeFirstOrThrow();
  expect(tree.status).toBe("failed");
  expect(await t.db.selectFrom("genealogyPeople").select("id").where("treeId", "=", summary.treeId).execute()).toEqual([]);
  expect(await listTrees(t.db)).toEqual([]);
});

const cli = (...args: string[]) => gedcomCli(t, ...args);

test("the command line says what went wrong in one line, and names a cut-off file", async () => {
  const missing = await cli("import", path.join(t.dir, "nera.ged"));
  expect(missing.code).toBe(1);
  expect(missing.out.trim()).toBe(`Failas nerastas: ${path.join(t.dir, "nera.ged")}`);
  const letter = path.join(t.dir, "laiskas.ged");
  fs.writeFileSync(letter, "Sveiki!\n");
  const refused = await cli("import", letter);
  expect(refused.code).toBe(1);
  expect(refused.out.trim()).toBe("Tai ne GEDCOM failas: jis turi prasidėti eilute „0 HEAD“.");
  expect(refused.out).not.toMatch(/\n\s+at /);

  const cut = await cli("import", cutFile(40_000));
  expect(cut.code).toBe(0);
  expect(cut.out.split("\n")[0]).toBe(
    "DĖMESIO: failas nutrūkęs (nėra pabaigos eilutės „0 TRLR“): dalies asmenų, šeimų ar ryšių gali trūkti.",
  );
  expect(cut.out).toContain("Medis nepaskelbtas. Kad vis tiek jį paskelbtumėte, pakartokite su --accept-cut-off.");
  expect(await currentTreeId(t.db)).toBeNull();
});

/** The administrator's upload as the server runs it, the import's process started from `root` (the project's folder). */
function upload(file: string, root = path.resolve(import.meta.dirname, "../..")): Promise<unknown> {
  const config = parseConfig({ DATA_DIR: t.dir, ...(t.database.kind === "postgres" ? { DATABASE_URL: t.database.url } : {}) });
  return importRunner(config, root)
    .run(t.db, file, { sourceName: path.basename(file) })
    .catch((error: unknown) => error);
}

test("the administrator's upload: a file refused in the import's own process comes back as a message, said in the page's language", async () => {
  // A GEDCOM header over a table: only reading the whole file tells.
  const header = path.join(t.dir, "tik-antraste.ged");
  fs.writeFileSync(header, "0 HEAD\n1 CHAR UTF-8\nVardas;Pavardė;Gimė\nJonas;Jonaitis;1880\n");
  const refused = await upload(header);
  expect(refused).toBeInstanceOf(ImportRefused);
  expect((refused as ImportRefused).said).toBe("adminTree.refused.noOneInIt");
  expect((refused as ImportRefused).message).toBe(
    "Tai ne GEDCOM giminės medis: failas nutrūksta ir jame nėra nė vieno asmens ar šeimos. Patikrinkite, ar įkėlėte tą failą.",
  );
  expect(await listTrees(t.db)).toEqual([]);
});

test("a file that is not GEDCOM is refused by the server itself, no import process started; the message in either language", async () => {
  const letter = path.join(t.dir, "laiskas.ged");
  fs.writeFileSync(letter, "Sveiki!\n");
  // From a folder with no import program: a process started there would fail otherwise.
  const refused = await upload(letter, t.dir);
  expect(refused).toBeInstanceOf(ImportRefused);
  expect((refused as ImportRefused).said).toBe("adminTree.refused.notGedcom");
  // The error's own message is Lithuanian: the server's log and the command line.
  expect((refused as ImportRefused).message).toBe("Tai ne GEDCOM failas: jis turi prasidėti eilute „0 HEAD“.");
  expect(serverT("en")((refused as ImportRefused).said)).toBe("This is not a GEDCOM file: it must begin with the line “0 HEAD”.");
});

test("warnings kept before they were messages are Lithuanian sentences, shown as they are in either language", async () => {
  const summary = await importFile(t.db, t.media, path.join(import.meta.dirname, "../fixtures/gedcom/lietuviai-utf8.ged"), {
    sourceName: "senas.ged",
  });
  const old = { line: 36, message: "Data „17 GRU 1975“ neatpažinta: išsaugota kaip tekstas." };
  await t.db
    .updateTable("genealogyTrees")
    .set({ warnings: JSON.stringify([old]) })
    .where("id", "=", summary.treeId)
    .execute();
  const [tree] = await listTrees(t.db);
  expect(tree.warnings).toEqual([old]);
  expect(serverT("en").say(tree.warnings[0].message)).toBe(old.message);
  // The new ones are messages, said in the reader's language.
  expect(serverT("en").say(summary.warnings[0].message)).toBe("Date “17 GRU 1975” not recognised: kept as text.");
});

/** A file of 50 MB with no line end, written in chunks into the test's folder: `start`, then words. */
function noLineEnds(name: string, start: string): string {
  const file = path.join(t.dir, name);
  const out = fs.openSync(file, "w");
  fs.writeSync(out, start);
  const words = Buffer.alloc(1024 * 1024, "seneliai ir proseneliai ");
  for (let i = 0; i < 50; i++) fs.writeSync(out, words);
  fs.closeSync(out);
  return file;
}

/** Whatever an import may have left: trees, media rows, files kept (or thrown away) and temporary ones. */
async function leftBehind() {
  const files = (folder: string) => (fs.existsSync(path.join(t.media.root, folder)) ? fs.readdirSync(path.join(t.media.root, folder)) : []);
  return {
    trees: await t.db.selectFrom("genealogyTrees").select(["id", "status"]).execute(),
    media: await t.db.selectFrom("media").select("id").execute(),
    files: [...files("originals"), ...files("trash"), ...files("tmp")],
  };
}
const NOTHING = { trees: [], media: [], files: [] };

const NO_LINE_END =
  "Tai ne GEDCOM failas: pirmoji jo eilutė nesibaigia ir viršija 4\u00a0096 ženklus, o GEDCOM failas prasideda trumpa eilute „0 HEAD“.";

describe("a file with no line ends is no GEDCOM file: refused as such from its start, leaving nothing (issue 32, point 7)", () => {
  test.each([
    ["words, no 0 HEAD", ""],
    ["0 HEAD, then no line end", "0 HEAD "],
  ])("%s", async (_name, start) => {
    const file = noLineEnds("be-eiluciu.ged", start);
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    const refused = await importFile(t.db, t.media, file, { sourceName: "be-eiluciu.ged" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect((refused as ImportRefused).said).toEqual({ id: "adminTree.refused.noLineEnd", values: { max: MAX_FIRST_LINE } });
    expect((refused as ImportRefused).message).toBe(NO_LINE_END);
    expect(await leftBehind()).toEqual(NOTHING);
    expect(await listTrees(t.db)).toEqual([]);

    // Refused at its start: the reader takes a few of its 50 MB, not all.
    let read = 0;
    async function* counted() {
      for await (const chunk of fs.createReadStream(file)) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    await expect(readGedcom(counted()).next()).rejects.toThrow(NO_LINE_END);
    expect(read).toBeLessThan(1024 * 1024);

    // The command line says the same in one line.
    const run = await cli("import", file);
    expect(run.code).toBe(1);
    expect(run.out.trim()).toBe(NO_LINE_END);
    expect(await leftBehind()).toEqual(NOTHING);
  });

  test("the administrator's upload is refused by the server itself, after its first 4,096 characters, in the page's language", async () => {
    const file = noLineEnds("be-eiluciu.ged", "0 HEAD ");
    // From a folder with no import program: the server reads the file's start and refuses it before starting one.
    const refused = await upload(file, t.dir);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect(serverT("en")((refused as ImportRefused).said)).toBe(
      "This is not a GEDCOM file: its first line does not end within 4,096 characters, and a GEDCOM file begins with the short line “0 HEAD”.",
    );
    expect(await leftBehind()).toEqual(NOTHING);
  });

  test("a file whose one header line is followed by no one is refused before anything of it is kept", async () => {
    const file = path.join(t.dir, "tik-antraste.ged");
    fs.writeFileSync(file, "0 HEAD\n1 CHAR UTF-8\nVardas;Pavardė;Gimė\nJonas;Jonaitis;1880\n");
    await expect(importFile(t.db, t.media, file, { sourceName: "tik-antraste.ged" })).rejects.toThrow(ImportRefused);
    // Not even kept and thrown away: no copy of the file in the trash.
    expect(await leftBehind()).toEqual(NOTHING);
  });
});
