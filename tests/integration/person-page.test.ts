import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "#app/.server/genealogy/living.ts";
import { personDetail, type PersonDetail } from "#app/.server/genealogy/person-page.ts";
import type { Warning } from "#app/.server/genealogy/gedcom/reader.ts";
import { findTree, importFile } from "#app/.server/genealogy/trees.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { CORPUS } from "./corpus.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// A person page's sources, timeline and portrait, read from imported files:
// the Kennedy family as a genealogy program exported it (78 sources, citations
// with QUAY, pictures named by path), alone and in a GEDZIP archive with some
// of its pictures; and small families written here for what that file lacks.

const YEAR = new Date().getUTCFullYear();
const visitor: Viewer = { members: false, seesPrivate: false, livingYears: 110 };
const admin: Viewer = { members: true, seesPrivate: true, livingYears: 110 };
const KENNEDY = path.join(CORPUS, "samples/kennedy.ged");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t.close());

async function idOf(treeId: number, xref: string): Promise<number> {
  const row = await t.db
    .selectFrom("genealogyPeople")
    .select("id")
    .where("treeId", "=", treeId)
    .where("xref", "=", xref)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function page(treeId: number, xref: string, viewer: Viewer): Promise<PersonDetail> {
  return said((await personDetail(t.db, treeId, await idOf(treeId, xref), viewer))!);
}

/** The page as a Lithuanian reader reads it: what names an event or a fact (a message id, or the family's own word) said. */
function said(p: PersonDetail): PersonDetail {
  const lt = serverT("lt");
  return {
    ...p,
    timeline: p.timeline.map((e) => ({ ...e, label: lt.say(e.label) })),
    partners: p.partners.map((f) => ({ ...f, events: f.events.map((e) => ({ ...e, label: lt.say(e.label) })) })),
    sources: p.sources.map((s) => ({
      ...s,
      citations: s.citations.map((c) => ({ ...c, supports: c.supports.map((label) => lt.say(label)) })),
    })),
  };
}

const picture = (background: string, width = 60, height = 80) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

function archive(name: string, entries: Record<string, Uint8Array | string>): string {
  const file = path.join(t.dir, name);
  const data = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, typeof v === "string" ? Buffer.from(v) : v]));
  fs.writeFileSync(file, zipSync(data));
  return file;
}

/** A warning that a file the GEDCOM names did not come with it. */
const missingFile = (w: Warning) => typeof w.message === "object" && w.message.id === "adminTree.warning.missingFile";

const timelineOf = (p: PersonDetail) => p.timeline.map((e) => [e.label, e.relative?.name ?? null, e.date]);

describe("a plain .ged names pictures it cannot bring", () => {
  test("each missing file is a warning at the line that names it, kept with the tree for the import summary", async () => {
    const summary = await importFile(t.db, t.media, KENNEDY, { sourceName: "kennedy.ged" });
    const missing = summary.warnings.filter(missingFile);
    // Ten pictures and scans; the header's FILE (the GEDCOM file's own name) is none.
    expect(missing).toHaveLength(10);
    expect(missing[0]).toEqual({
      line: 426,
      message: { id: "adminTree.warning.missingFile", values: { name: "photos/Joseph_Patrick_Kennedy.jpg" } },
    });
    expect(serverT("lt")(missing[0].message)).toBe(
      "Failas „photos/Joseph_Patrick_Kennedy.jpg“ neįkeltas kartu su GEDCOM failu: svetainėje jis nerodomas.",
    );
    expect(missing.map((w) => w.line)).toEqual([426, 498, 572, 597, 1306, 1333, 1369, 4273, 4976, 5853]);
    expect(summary.warnings.some((w) => serverT("lt")(w.message).includes("kennedy.ged"))).toBe(false);
    // What /admin/medis shows: the stored tree.
    const tree = await findTree(t.db, summary.treeId);
    expect(tree?.warningCount).toBe(summary.warnings.length);
    expect(tree?.warnings).toEqual(expect.arrayContaining(missing));
  });

  test("a web address is not a file to bring; one path named twice is one warning", async () => {
    const file = path.join(t.dir, "nuorodos.ged");
    fs.writeFileSync(
      file,
      "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Jonas /Jonaitis/\n1 OBJE @O1@\n1 OBJE @O2@\n1 OBJE @O3@\n" +
        "0 @O1@ OBJE\n1 FILE https://example.com/jonas.jpg\n0 @O2@ OBJE\n1 FILE C:\\nuotraukos\\jonas.jpg\n" +
        "0 @O3@ OBJE\n1 FILE C:\\nuotraukos\\jonas.jpg\n0 TRLR\n",
    );
    const summary = await importFile(t.db, t.media, file, { sourceName: "nuorodos.ged" });
    expect(summary.warnings).toEqual([
      { line: 13, message: { id: "adminTree.warning.missingFile", values: { name: "C:\\nuotraukos\\jonas.jpg" } } },
    ]);
  });
});

describe("the Kennedy family from a GEDZIP archive with some of its pictures", () => {
  let treeId: number;
  let summaryWarnings: Warning[];
  beforeAll(async () => {
    const file = archive("kennedy.gdz", {
      "gedcom.ged": fs.readFileSync(KENNEDY),
      "photos/John-kennedy.jpg": await picture("#335577", 90, 120),
      "documents/Kennedy-Wins-Nixon-Concedes-1960-election-Evening-Sun-Baltimore.jpg": await picture("#eeeeee", 200, 150),
    });
    const summary = await importFile(t.db, t.media, file, { sourceName: "kennedy.gdz" });
    treeId = summary.treeId;
    summaryWarnings = summary.warnings;
  });

  test("the files the archive lacks are warned about, the ones it brought are not", async () => {
    const missing = summaryWarnings.filter(missingFile);
    expect(missing.map((w) => w.line)).toEqual([426, 498, 597, 1306, 1333, 1369, 4273, 4976]);
    expect((await findTree(t.db, treeId))?.warnings).toEqual(expect.arrayContaining(missing));
  });

  test("John F. Kennedy's sources: numbered in the order of the facts, with the source's words and the citation's quality", async () => {
    const jfk = await page(treeId, "@I104@", admin);
    const own = jfk.timeline.filter((e) => e.about === "self");
    expect(own.map((e) => [e.label, e.sources])).toEqual([
      ["Gimimas", [1]],
      ["Profesija", []],
      ["Mirtis", [3]],
      ["Palaidojimas", [4]],
    ]);
    expect(jfk.timeline.find((e) => e.label === "Santuoka")?.sources).toEqual([2]);
    expect(jfk.sources.map((s) => [s.number, s.title, s.text, s.citations.map((c) => [c.supports, c.quality])])).toEqual([
      [1, null, "p. 221, MVR 212 [Amended Rec]:45", [[["Gimimas"], 2]]],
      [2, null, "p. 221, St. Mary's Church, by Archbishop Richard Cushing", [[["Santuoka"], 2]]],
      [3, "Assassinated", null, [[["Mirtis"], 2]]],
      [4, "Arlington National Cemetery", null, [[["Palaidojimas"], 2]]],
      [5, null, null, [[["Asmuo"], null]]],
      [6, null, null, [[["Šeima"], null]]],
    ]);
    // The source cited for the person (S13) points to the newspaper's scan the archive brought.
    const media = await t.db
      .selectFrom("genealogyMedia")
      .select("mediaId")
      .where("treeId", "=", treeId)
      .where("xref", "=", "@M00001@")
      .executeTakeFirstOrThrow();
    expect(jfk.sources[4].scans).toEqual([
      { mediaId: media.mediaId, kind: "image", title: "Evening Sun Journal, November 9, 1960", width: 200, height: 150 },
    ]);
  });

  test("his portrait is the picture his record names; a person whose picture did not come has none", async () => {
    const jfk = await page(treeId, "@I104@", visitor);
    expect(jfk.portrait).toEqual({ mediaId: expect.any(String), width: 90, height: 120 });
    expect(jfk.portrait?.mediaId).toBe(jfk.pictures[0].mediaId);
    expect((await page(treeId, "@I105@", visitor)).portrait).toBeNull();
  });

  test("his timeline: his events, his siblings' deaths, his marriage, his children's births and a son's death, in date order", async () => {
    const jfk = await page(treeId, "@I104@", admin);
    expect(timelineOf(jfk)).toEqual([
      ["Gimimas", null, "1917 m. gegužės 29 d."],
      ["Mirė brolis", "Joseph Patrick KENNEDY", "1944 m. rugpjūčio 12 d."],
      ["Mirė sesuo", 'Kathleen "Kick" KENNEDY', "1948 m. gegužės 13 d."],
      ["Santuoka", "Jacqueline Lee BOUVIER", "1953 m. rugsėjo 12 d."],
      ["Gimė duktė", "Caroline Bouvier KENNEDY", "1957 m. lapkričio 27 d."],
      ["Gimė sūnus", "John Fitzgerald KENNEDY", "1960 m. lapkričio 25 d."],
      ["Profesija", null, "nuo 1961 m. sausio 20 d. iki 1963 m. lapkričio 22 d."],
      ["Gimė sūnus", "Patrick Bouvier KENNEDY", "1963 m. rugpjūčio 7 d."],
      ["Mirė sūnus", "Patrick Bouvier KENNEDY", "1963 m. rugpjūčio 9 d."],
      ["Mirtis", null, "1963 m. lapkričio 22 d."],
      ["Palaidojimas", null, "1963 m. lapkričio 25 d."],
    ]);
    // His father died after him, his parents' other events were before his birth: outside his life.
    expect(jfk.timeline.some((e) => e.label === "Mirė tėvas" || e.label === "Mirė motina")).toBe(false);
  });

  test("to a visitor, his living wife and daughter add nothing: no marriage, no birth, no source of theirs, no name", async () => {
    // The file has no death for Jacqueline (1929): by the living rule she is living, so the couple's events stay private.
    const jfk = await page(treeId, "@I104@", visitor);
    expect(timelineOf(jfk).map((e) => e[0])).toEqual([
      "Gimimas",
      "Mirė brolis",
      "Mirė sesuo",
      "Gimė sūnus",
      "Profesija",
      "Gimė sūnus",
      "Mirė sūnus",
      "Mirtis",
      "Palaidojimas",
    ]);
    expect(jfk.sources.map((s) => s.citations.flatMap((c) => c.supports))).toEqual([["Gimimas"], ["Mirtis"], ["Palaidojimas"], ["Asmuo"]]);
    for (const secret of ["Caroline", "1957", "Jacqueline", "1929", "St. Mary's Church", "Newport"])
      expect(JSON.stringify(jfk)).not.toContain(secret);
  });
});

describe("citations a genealogy program writes in full", () => {
  let treeId: number;
  let scanId: string;
  let pdfId: string;
  beforeAll(async () => {
    const gedcom = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
2 SOUR @S2@
3 PAGE p. 3
1 SEX M
1 OBJE @O1@
1 OBJE @O2@
2 _PRIM Y
1 BIRT
2 DATE 5 MAR 1898
2 SOUR @S1@
3 PAGE 1898 m. gimimo įrašas Nr. 12
3 QUAY 3
3 DATA
4 DATE 7 MAR 1898
4 TEXT Gimė kūdikis vardu Jonas.
3 NOTE Įrašą perrašė klebonas.
3 OBJE @O3@
1 DEAT
2 DATE 1961
2 SOUR @S1@
3 PAGE 1961 m. mirties įrašas Nr. 4
3 QUAY 1
2 SOUR Šeimos pasakojimas
1 BURI
2 SOUR @S1@
3 PAGE 1961 m. mirties įrašas Nr. 4
3 QUAY 1
0 @S1@ SOUR
1 TITL Miroslavo parapijos metrikų knyga
1 AUTH Miroslavo Šv. Jurgio parapija
1 PUBL Lietuvos valstybės istorijos archyvas, f. 669
1 OBJE @O4@
0 @S2@ SOUR
1 TITL Šeimos Biblija
0 @O1@ OBJE
1 FILE nuotraukos/jaunas.jpg
2 FORM jpg
0 @O2@ OBJE
1 FILE nuotraukos/portretas.jpg
2 FORM jpg
0 @O3@ OBJE
1 FILE skenai/gimimas.jpg
2 FORM jpg
2 TITL Gimimo įrašas
0 @O4@ OBJE
1 FILE skenai/knyga.pdf
2 FORM pdf
2 TITL Knygos viršelis
0 TRLR
`;
    const file = archive("jonas.gdz", {
      "gedcom.ged": gedcom,
      "nuotraukos/jaunas.jpg": await picture("#aa3333"),
      "nuotraukos/portretas.jpg": await picture("#33aa33", 120, 160),
      "skenai/gimimas.jpg": await picture("#ffffff", 300, 200),
      "skenai/knyga.pdf": fs.readFileSync(path.join(import.meta.dirname, "../fixtures/metrikai.pdf")),
    });
    treeId = (await importFile(t.db, t.media, file, { sourceName: "jonas.gdz" })).treeId;
    const files = new Map(
      (await t.db.selectFrom("genealogyFiles").select(["path", "mediaId"]).where("treeId", "=", treeId).execute()).map((f) => [
        f.path,
        f.mediaId,
      ]),
    );
    scanId = files.get("skenai/gimimas.jpg")!;
    pdfId = files.get("skenai/knyga.pdf")!;
  });

  test("one source cited for three facts is one footnote, its citations grouped: page, quality, date, text, note, scan", async () => {
    const jonas = await page(treeId, "@I1@", visitor);
    expect(jonas.timeline.map((e) => [e.label, e.sources])).toEqual([
      ["Gimimas", [1]],
      ["Mirtis", [1, 2]],
      ["Palaidojimas", [1]],
    ]);
    expect(jonas.sources).toEqual([
      {
        number: 1,
        title: "Miroslavo parapijos metrikų knyga",
        author: "Miroslavo Šv. Jurgio parapija",
        publication: "Lietuvos valstybės istorijos archyvas, f. 669",
        text: null,
        notes: [],
        scans: [{ mediaId: pdfId, kind: "pdf", title: "Knygos viršelis", width: 0, height: 0 }],
        citations: [
          {
            supports: ["Gimimas"],
            page: "1898 m. gimimo įrašas Nr. 12",
            quality: 3,
            date: "1898 m. kovo 7 d.",
            texts: ["Gimė kūdikis vardu Jonas."],
            notes: ["Įrašą perrašė klebonas."],
            scans: [{ mediaId: scanId, kind: "image", title: "Gimimo įrašas", width: 300, height: 200 }],
          },
          // The same page cited for the death and the burial: one citation supporting both.
          {
            supports: ["Mirtis", "Palaidojimas"],
            page: "1961 m. mirties įrašas Nr. 4",
            quality: 1,
            date: null,
            texts: [],
            notes: [],
            scans: [],
          },
        ],
      },
      // A citation written as text alone is a source of its own.
      {
        number: 2,
        title: null,
        author: null,
        publication: null,
        text: null,
        notes: [],
        scans: [],
        citations: [{ supports: ["Mirtis"], page: null, quality: null, date: null, texts: ["Šeimos pasakojimas"], notes: [], scans: [] }],
      },
      // The name's citation, kept in the name's JSON, found by its source's xref.
      {
        number: 3,
        title: "Šeimos Biblija",
        author: null,
        publication: null,
        text: null,
        notes: [],
        scans: [],
        citations: [{ supports: ["Vardas"], page: "p. 3", quality: null, date: null, texts: [], notes: [], scans: [] }],
      },
    ]);
  });

  test("the portrait is the picture marked _PRIM Y, not the first one", async () => {
    const jonas = await page(treeId, "@I1@", visitor);
    const portrait = await t.db
      .selectFrom("genealogyFiles")
      .select("mediaId")
      .where("treeId", "=", treeId)
      .where("path", "=", "nuotraukos/portretas.jpg")
      .executeTakeFirstOrThrow();
    expect(jonas.pictures).toHaveLength(2);
    expect(jonas.portrait).toEqual({ mediaId: portrait.mediaId, width: 120, height: 160 });
  });

  test("the export writes the citations back as they came", async () => {
    const { exportFile } = await import("#app/.server/genealogy/trees.ts");
    const target = path.join(t.dir, "jonas-out.ged");
    await exportFile(t.db, t.media, target, { treeId, version: "5.5.1" });
    const text = fs.readFileSync(target, "utf8");
    for (const line of [
      "3 QUAY 3",
      "4 TEXT Gimė kūdikis vardu Jonas.",
      "3 PAGE 1898 m. gimimo įrašas Nr. 12",
      "2 SOUR Šeimos pasakojimas",
      "2 _PRIM Y",
    ])
      expect(text).toContain(line);
  });
});

describe("the timeline of a family written here", () => {
  // Petras (1900–1980): his mother died before he was born, his father and
  // brother in his life; his first wife died, a son was born; a second partner
  // and a younger son are living.
  let treeId: number;
  beforeAll(async () => {
    const file = path.join(t.dir, "seima.ged");
    fs.writeFileSync(
      file,
      `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @P@ INDI
1 NAME Petras /Kalvaitis/
1 SEX M
1 OCCU kalvis
1 BIRT
2 DATE 1900
1 BURI
1 DEAT
2 DATE 1980
1 FAMC @F0@
1 FAMS @F1@
1 FAMS @F2@
0 @T@ INDI
1 NAME Antanas /Kalvaitis/
1 SEX M
1 DEAT
2 DATE 1950
1 FAMS @F0@
0 @M@ INDI
1 NAME Agota /Kalvaitienė/
1 SEX F
1 DEAT
2 DATE 1899
1 FAMS @F0@
0 @B@ INDI
1 NAME Kazys /Kalvaitis/
1 SEX M
1 BIRT
2 DATE 1902
1 DEAT
2 DATE 1970
1 FAMC @F0@
0 @W@ INDI
1 NAME Ona /Kalvaitienė/
1 SEX F
1 DEAT
2 DATE 1930
1 FAMS @F1@
0 @S@ INDI
1 NAME Jurgis /Kalvaitis/
1 SEX M
1 BIRT
2 DATE 1925
1 DEAT
2 DATE 1990
1 FAMC @F1@
0 @L@ INDI
1 NAME Aldona /Gyvoji/
1 SEX F
1 BIRT
2 DATE ${YEAR - 70}
1 FAMS @F2@
0 @Y@ INDI
1 NAME Rimas /Gyvasis/
1 SEX M
1 BIRT
2 DATE ${YEAR - 50}
1 FAMC @F2@
0 @F0@ FAM
1 HUSB @T@
1 WIFE @M@
1 CHIL @B@
1 CHIL @P@
0 @F1@ FAM
1 HUSB @P@
1 WIFE @W@
1 MARR
2 DATE 1924
1 CHIL @S@
0 @F2@ FAM
1 HUSB @P@
1 WIFE @L@
1 MARR
2 DATE ${YEAR - 51}
1 CHIL @Y@
0 TRLR
`,
    );
    treeId = (await importFile(t.db, t.media, file, { sourceName: "seima.ged" })).treeId;
  });

  test("the administrator sees the living son's birth and the second marriage; undated events after the dated, the burial last", async () => {
    expect(timelineOf(await page(treeId, "@P@", admin))).toEqual([
      ["Gimimas", null, "1900 m."],
      ["Santuoka", "Ona Kalvaitienė", "1924 m."],
      ["Gimė sūnus", "Jurgis Kalvaitis", "1925 m."],
      ["Mirė žmona", "Ona Kalvaitienė", "1930 m."],
      ["Mirė tėvas", "Antanas Kalvaitis", "1950 m."],
      ["Mirė brolis", "Kazys Kalvaitis", "1970 m."],
      ["Santuoka", "Aldona Gyvoji", `${YEAR - 51} m.`],
      ["Gimė sūnus", "Rimas Gyvasis", `${YEAR - 50} m.`],
      ["Mirtis", null, "1980 m."],
      ["Profesija", null, null],
      ["Palaidojimas", null, null],
    ]);
  });

  test("a visitor: the living partner and son add nothing, and nothing of theirs reaches the page", async () => {
    const petras = await page(treeId, "@P@", visitor);
    expect(timelineOf(petras)).toEqual([
      ["Gimimas", null, "1900 m."],
      ["Santuoka", "Ona Kalvaitienė", "1924 m."],
      ["Gimė sūnus", "Jurgis Kalvaitis", "1925 m."],
      ["Mirė žmona", "Ona Kalvaitienė", "1930 m."],
      ["Mirė tėvas", "Antanas Kalvaitis", "1950 m."],
      ["Mirė brolis", "Kazys Kalvaitis", "1970 m."],
      ["Mirtis", null, "1980 m."],
      ["Profesija", null, null],
      ["Palaidojimas", null, null],
    ]);
    for (const secret of ["Aldona", "Gyvoji", "Rimas", "Gyvasis", String(YEAR - 50), String(YEAR - 51)]) {
      expect(JSON.stringify(petras)).not.toContain(secret);
    }
  });
});
