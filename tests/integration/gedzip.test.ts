import fs from "node:fs";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ImportRefused } from "#app/.server/genealogy/gedcom/import.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { exportFile, importFile, type ImportFileOptions } from "#app/.server/genealogy/trees.ts";
import type { ArchiveLimits } from "#app/.server/genealogy/gedcom/gedzip.ts";
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
