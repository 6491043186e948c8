import fs from "node:fs";
import path from "node:path";
import { unzipSync, Zip, ZipPassThrough, zipSync } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ImportRefused } from "#app/.server/genealogy/gedcom/import.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { exportFile, importFile, type ImportFileOptions } from "#app/.server/genealogy/trees.ts";
import type { ArchiveLimits } from "#app/.server/genealogy/gedcom/gedzip.ts";
import { originalPath } from "#app/.server/media/storage.ts";
import { gedcomCli } from "./gedcom-cli.ts";
import { CORPUS } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// GEDZIP archives against their limits, and the files they carry. The bombs
// are built here, small, against small limits; the limits' defaults are the
// configuration's (env.ts).

const MB = 1024 * 1024;
const LIMITS: ArchiveLimits = { maxMainBytes: 8 * MB, maxEntryBytes: 2 * MB, maxTotalBytes: 6 * MB, maxEntries: 20 };

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
});
afterEach(() => t.close());

const tmpEntries = () => (fs.existsSync(path.join(t.media.root, "tmp")) ? fs.readdirSync(path.join(t.media.root, "tmp")) : []);

function archive(name: string, entries: Record<string, Uint8Array | string>): string {
  const file = path.join(t.dir, name);
  const data = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === "string" ? Buffer.from(v) : v]));
  fs.writeFileSync(file, zipSync(data, { level: 9 }));
  return file;
}

function load(file: string, options: Partial<ImportFileOptions> = {}) {
  return importFile(t.db, t.media, file, { sourceName: path.basename(file), limits: LIMITS, ...options });
}

const GEDCOM = (body: string) => `0 HEAD\n1 GEDC\n2 VERS 7.0\n${body}0 TRLR\n`;

describe("an archive is refused, with the limit named, as soon as it unpacks past one", () => {
  test.each([
    [
      "an entry larger than one upload may be",
      () => ({ "gedcom.ged": GEDCOM(""), "media/nuliai.jpg": new Uint8Array(5 * MB) }),
      "Archyvo failas „media/nuliai.jpg“ išpakuotas didesnis nei 2 MB: archyvas neimportuotas.",
    ],
    [
      "entries larger than the total together",
      () => ({
        "gedcom.ged": GEDCOM(""),
        ...Object.fromEntries([1, 2, 3, 4].map((n) => [`media/${n}.bin`, new Uint8Array(1.9 * MB).fill(n)])),
      }),
      "Archyvas išpakuotas didesnis nei 6 MB: jis neimportuotas.",
    ],
    [
      "more entries than allowed",
      () => ({ "gedcom.ged": GEDCOM(""), ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`media/${i}.txt`, "x"])) }),
      "Archyve daugiau nei 20 failų: jis neimportuotas.",
    ],
    [
      "a gedcom.ged larger than a GEDCOM upload may be",
      () => ({ "gedcom.ged": GEDCOM(`0 @N1@ SNOTE ${"x".repeat(9 * MB)}\n`) }),
      "Archyvo failas „gedcom.ged“ išpakuotas didesnis nei 8 MB: archyvas neimportuotas.",
    ],
  ])("%s", async (_name, entries, message) => {
    const file = archive("bomba.gdz", entries());
    expect(fs.statSync(file).size).toBeLessThan(200 * 1024);
    const refused = await load(file).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect((refused as Error).message).toBe(message);
    expect(tmpEntries()).toEqual([]);
    expect(await t.db.selectFrom("genealogyTrees").select("id").execute()).toEqual([]);
    expect(await t.db.selectFrom("media").select("id").execute()).toEqual([]);
  });

  test("CONC lines that add up to more than a value may hold are cut, with a warning, in bounded memory", async () => {
    const conc = `1 CONC ${"y".repeat(200)}\n`.repeat(30_000);
    const file = archive("conc.gdz", { "gedcom.ged": GEDCOM(`0 @N1@ SNOTE pradžia\n${conc}0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n`) });
    const summary = await load(file);
    expect(summary.people).toBe(1);
    expect(summary.warnings.map((w) => serverT("lt")(w.message))).toContain("Tekstas ilgesnis nei 1 MB: nuo šios eilutės jis nutrauktas.");
    expect(tmpEntries()).toEqual([]);
  });
});

describe("the files an archive brings", () => {
  test("the files the GEDCOM names are kept and go back out in a GEDZIP export of GEDCOM 7.0; others are reported, not kept", async () => {
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#884422" } })
      .jpeg()
      .toBuffer();
    const file = archive("seima.gdz", {
      "gedcom.ged": GEDCOM(
        "0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 OBJE @O1@\n1 SOUR @S1@\n2 OBJE @O2@\n" +
          "0 @S1@ SOUR\n1 TITL Metrikų knyga\n" +
          "0 @O1@ OBJE\n1 FILE media/Jon%C4%97.jpg\n2 FORM image/jpeg\n2 TRAN media/balsas.mp3\n3 FORM audio/mpeg\n" +
          "0 @O2@ OBJE\n1 FILE media/metrikai.txt\n2 FORM text/plain\n",
      ),
      "media/Jonė.jpg": picture,
      "media/balsas.mp3": "ID3 garsas",
      "media/metrikai.txt": "1898 m. kovo 5 d. gimė Jonas.",
      "media/nereikalingas.txt": "niekas jo nemini",
    });
    const summary = await load(file);
    expect(summary.warnings.map((w) => w.message)).toEqual([
      { id: "adminTree.warning.unnamedArchiveFile", values: { name: "media/nereikalingas.txt" } },
    ]);
    expect(serverT("lt")(summary.warnings[0].message)).toBe(
      "Archyvo failas „media/nereikalingas.txt“ GEDCOM faile nenurodytas: neišsaugotas.",
    );
    const kept = await t.db
      .selectFrom("genealogyFiles")
      .innerJoin("media", "media.id", "genealogyFiles.mediaId")
      .select(["genealogyFiles.path", "media.kind"])
      .where("treeId", "=", summary.treeId)
      .orderBy("path")
      .execute();
    expect(kept).toEqual([
      { path: "media/Jon%C4%97.jpg", kind: "image" },
      { path: "media/balsas.mp3", kind: "file" },
      { path: "media/metrikai.txt", kind: "file" },
    ]);
    expect(tmpEntries()).toEqual([]);

    const target = path.join(t.dir, "eksportas.gdz");
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "5.5.1", zip: true });
    const out = unzipSync(fs.readFileSync(target));
    expect(Object.keys(out).sort()).toEqual(["gedcom.ged", "media/Jonė.jpg", "media/balsas.mp3", "media/metrikai.txt"]);
    expect(Buffer.from(out["media/Jonė.jpg"]).equals(picture)).toBe(true);
    expect(Buffer.from(out["media/metrikai.txt"]).toString()).toBe("1898 m. kovo 5 d. gimė Jonas.");
    // A GEDZIP archive holds GEDCOM 7.0, whatever version was asked for.
    expect(Buffer.from(out["gedcom.ged"]).toString()).toContain("2 VERS 7.0");
  });

  test("every file of the specification's maximal archive comes back", async () => {
    const original = path.join(CORPUS, "fs-gedcom.io/gedcom70/maximal70.gdz");
    const summary = await importFile(t.db, t.media, original, { sourceName: "maximal70.gdz" });
    const target = path.join(t.dir, "maximal.gdz");
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "7.0", zip: true });
    const files = (zip: Record<string, Uint8Array>) =>
      Object.entries(zip)
        .filter(([name, data]) => name !== "gedcom.ged" && !name.endsWith("/") && data.length > 0)
        .map(([name, data]) => `${name}:${data.length}`)
        .sort();
    expect(files(unzipSync(fs.readFileSync(target)))).toEqual(files(unzipSync(fs.readFileSync(original))));
  });
});

describe("paths an archive may hold and no folder can (issue 32, point 6)", () => {
  /** A GEDCOM whose one media record names each of `files`. */
  const naming = (...files: string[]) =>
    GEDCOM(
      `0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 OBJE @O1@\n0 @O1@ OBJE\n${files.map((f) => `1 FILE ${f}\n2 FORM text/plain\n`).join("")}`,
    );

  /** The files a tree keeps from its archive, by the path its GEDCOM gives: their contents. */
  async function keptFiles(treeId: number): Promise<Record<string, string>> {
    const rows = await t.db
      .selectFrom("genealogyFiles")
      .innerJoin("media", "media.id", "genealogyFiles.mediaId")
      .select(["genealogyFiles.path", "media.id", "media.originalExtension"])
      .where("treeId", "=", treeId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.path, fs.readFileSync(originalPath(t.media, r), "utf8")]));
  }

  test.each([
    ["the file first, then one in a folder of its name", ["a", "a/b.txt"]],
    ["the file in the folder first, then the file of the folder's name", ["a/b.txt", "a"]],
  ])("a file `a` beside `a/b.txt` (%s): both kept, by the paths the GEDCOM gives, with a warning", async (_name, order) => {
    const contents: Record<string, string> = { a: "failas a", "a/b.txt": "failas aplanke a" };
    const file = archive("a-ir-a.gdz", {
      "gedcom.ged": naming("a", "a/b.txt"),
      ...Object.fromEntries(order.map((name) => [name, contents[name]])),
    });
    const summary = await load(file);
    expect(summary.people).toBe(1);
    expect(summary.warnings.map((w) => serverT("lt")(w.message))).toEqual([
      "Archyve „a“ yra ir failas, ir aplankas: perskaityti abu, bet kitos programos tokio archyvo gali neišpakuoti.",
    ]);
    expect(await keptFiles(summary.treeId)).toEqual(contents);
    expect(tmpEntries()).toEqual([]);

    // And they go back out as they came.
    const target = path.join(t.dir, "atgal.gdz");
    await exportFile(t.db, t.media, target, { treeId: summary.treeId, version: "7.0", zip: true });
    const out = unzipSync(fs.readFileSync(target));
    expect(Buffer.from(out.a).toString()).toBe("failas a");
    expect(Buffer.from(out["a/b.txt"]).toString()).toBe("failas aplanke a");
  });

  test("a name longer than a file system allows is kept by it all the same", async () => {
    const long = `media/${"ilgas-vardas-".repeat(30)}.txt`;
    const summary = await load(archive("ilgas.gdz", { "gedcom.ged": naming(long), [long]: "tekstas" }));
    expect(summary.warnings).toEqual([]);
    expect(await keptFiles(summary.treeId)).toEqual({ [long]: "tekstas" });
    expect(tmpEntries()).toEqual([]);
  });

  test("a path the archive holds twice keeps its first file, with a warning", async () => {
    const file = path.join(t.dir, "du-kartus.gdz");
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, data) => {
      if (error) throw error;
      chunks.push(data);
    });
    for (const [name, text] of [
      ["gedcom.ged", naming("a.txt")],
      ["a.txt", "pirmasis"],
      ["a.txt", "antrasis"],
    ]) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(Buffer.from(text), true);
    }
    zip.end();
    fs.writeFileSync(file, Buffer.concat(chunks));
    const summary = await load(file);
    expect(summary.warnings.map((w) => serverT("lt")(w.message))).toEqual(["Archyve failas „a.txt“ yra du kartus: perskaitytas pirmasis."]);
    expect(await keptFiles(summary.treeId)).toEqual({ "a.txt": "pirmasis" });
  });

  test("the command line imports such an archive and says the warning, with no system error", async () => {
    const file = archive("a-ir-a.gdz", { "gedcom.ged": naming("a", "a/b.txt"), "a/b.txt": "b", a: "a" });
    const run = await gedcomCli(t, "import", file);
    expect(run.out).not.toMatch(/EISDIR|ENOTDIR|EEXIST|\n\s+at /);
    expect(run.code).toBe(0);
    expect(run.out).toContain("Importuota: 1 asmuo");
    expect(run.out).toContain(
      "  Archyve „a“ yra ir failas, ir aplankas: perskaityti abu, bet kitos programos tokio archyvo gali neišpakuoti.",
    );
  });
});
