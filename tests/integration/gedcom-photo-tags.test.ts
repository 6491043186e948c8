import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { listGalleryItems, updateGalleryItem } from "#app/.server/gallery/gallery.ts";
import { validateGedcom7 } from "#app/.server/genealogy/gedcom/gedcom7-rules.ts";
import { exportFile, importFile, makeCurrent } from "#app/.server/genealogy/trees.ts";
import { addPhotoPerson } from "#app/.server/gallery/photo-people.ts";
import { undoChange } from "#app/.server/changes/changes.ts";
import { summaryIn } from "#app/.server/changes/summary.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { addTestUser, createTestDatabase, type TestDatabase } from "./database.ts";

// Who is in the gallery's photos, through GEDCOM (issue 18): each tagged
// photo a record, each person's link with its rectangle (GEDCOM 7 CROP); a
// GEDZIP carries the photo; the tags come back on a re-import, on this site
// (the same photo, found by its file) and on a new one (the photo made anew).

const FAMILY = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Jonas /Jonaitis/
1 BIRT
2 DATE 1895
1 DEAT
2 DATE 1960
0 @I2@ INDI
1 NAME Ona /Petrauskaitė/
1 BIRT
2 DATE 1900
1 DEAT
2 DATE 1970
0 @I3@ INDI
1 NAME Petras /Jonaitis/
1 BIRT
2 DATE 1925
1 DEAT
2 DATE 1990
0 TRLR
`;

const WEDDING = "Jono ir Onos vestuvės";
const JONAS_BOX = { left: 0.1, top: 0.2, width: 0.25, height: 0.4 };
const ONA_BOX = { left: 0.55, top: 0.15, width: 0.2, height: 0.45 };

let t: TestDatabase;
let treeId: number;
let ids: Record<string, number>;
let weddingId: number;

async function load(db: TestDatabase, file: string) {
  return importFile(db.db, db.media, file, { sourceName: path.basename(file) });
}

async function peopleOf(db: TestDatabase, tree: number) {
  const rows = await db.db.selectFrom("genealogyPeople").select(["id", "xref"]).where("treeId", "=", tree).execute();
  return Object.fromEntries(rows.map((p) => [p.xref!.replaceAll("@", ""), p.id]));
}

/** The tags of a photo on a tree, by the person's GEDCOM identifier, rectangles to 3 decimals. */
async function tagsOf(db: TestDatabase, tree: number, itemId: number) {
  const people = await peopleOf(db, tree);
  const xrefOf = new Map(Object.entries(people).map(([xref, id]) => [id, xref]));
  const rows = await db.db
    .selectFrom("photoPeople")
    .selectAll()
    .where("treeId", "=", tree)
    .where("galleryItemId", "=", itemId)
    .orderBy("position")
    .execute();
  const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
  return rows.map((r) => ({
    person: xrefOf.get(r.personId!),
    box: r.boxLeft === null ? null : { left: round(r.boxLeft), top: round(r.boxTop), width: round(r.boxWidth), height: round(r.boxHeight) },
  }));
}

beforeEach(async () => {
  t = await createTestDatabase();
  const file = path.join(t.dir, "seima.ged");
  fs.writeFileSync(file, FAMILY);
  treeId = (await load(t, file)).treeId;
  ids = await peopleOf(t, treeId);
  weddingId = (await listGalleryItems(t.db, MEMBERS)).find((item) => item.title === WEDDING)!.id;
  const editor = await addTestUser(t.db, "redaktore", "redaktorius");
  for (const [who, box] of [
    ["I1", JONAS_BOX],
    ["I2", ONA_BOX],
    ["I3", null],
  ] as const) {
    expect(await addPhotoPerson(t.db, editor, weddingId, treeId, { personId: ids[who] }, box)).toEqual({ ok: true });
  }
  // Someone not in the tree has no place in the tree's file.
  await addPhotoPerson(t.db, editor, weddingId, treeId, { name: "Pamergė" }, { left: 0.8, top: 0.1, width: 0.1, height: 0.2 });
});
afterEach(() => t.close());

const EXPECTED = [
  { person: "I1", box: JONAS_BOX },
  { person: "I2", box: ONA_BOX },
  { person: "I3", box: null },
];

describe("tags in GEDCOM", () => {
  test("a GEDZIP carries the photo as a record with each person's rectangle as CROP, valid GEDCOM 7, never the original", async () => {
    const file = path.join(t.dir, "eksportas.gdz");
    await exportFile(t.db, t.media, file, { version: "7.0", zip: true });
    const entries = unzipSync(fs.readFileSync(file));
    const text = Buffer.from(entries["gedcom.ged"]).toString("utf8");
    expect(validateGedcom7(text)).toEqual([]);
    const record = new RegExp(
      `0 (@XG${weddingId}@) OBJE\\n1 FILE galerija/${weddingId}\\.jpg\\n2 FORM image/jpeg\\n2 TITL ${WEDDING}\\n1 REFN ${weddingId}\\n2 TYPE galerijos nuotrauka\\n1 NOTE `,
    );
    expect(text).toMatch(record);
    // The carried file: the largest picture the site shows (the deep-zoom rendition of the photo's full width,
    // larger than the display image), its pixels the CROP's.
    const media = await t.db
      .selectFrom("galleryItems")
      .innerJoin("media", "media.id", "galleryItems.mediaId")
      .select(["media.id", "media.originalExtension", "media.width", "media.displayWidth"])
      .where("galleryItems.id", "=", weddingId)
      .executeTakeFirstOrThrow();
    const picture = entries[`galerija/${weddingId}.jpg`];
    const { width, height } = await sharp(picture).metadata();
    expect(width).toBe(media.width);
    expect(width).toBeGreaterThan(media.displayWidth!);
    const crop = (box: typeof JONAS_BOX) =>
      `2 CROP\n3 TOP ${Math.round(box.top * height!)}\n3 LEFT ${Math.round(box.left * width!)}\n3 HEIGHT ${Math.round(box.height * height!)}\n3 WIDTH ${Math.round(box.width * width!)}`;
    expect(text).toContain(`0 @I1@ INDI`);
    expect(text.split("0 @I1@ INDI")[1].split("\n0 ")[0]).toContain(`1 OBJE @XG${weddingId}@\n${crop(JONAS_BOX)}`);
    expect(text.split("0 @I2@ INDI")[1].split("\n0 ")[0]).toContain(`1 OBJE @XG${weddingId}@\n${crop(ONA_BOX)}`);
    expect(text.split("0 @I3@ INDI")[1].split("\n0 ")[0]).toMatch(new RegExp(`1 OBJE @XG${weddingId}@(?!\\n2 CROP)`));
    expect(text).not.toContain("Pamergė");
    // Not the uploaded original (which may carry GPS data).
    const original = fs.readFileSync(path.join(t.media.root, "originals", `${media.id}.${media.originalExtension}`));
    expect(Buffer.from(picture).equals(original)).toBe(false);
  });

  test("tags survive export and re-import (GEDZIP): on this site the same photo gets them back, no second copy", async () => {
    const file = path.join(t.dir, "eksportas.gdz");
    await exportFile(t.db, t.media, file, { version: "7.0", zip: true });
    // The tags are gone from the site meanwhile: only the file has them now.
    await t.db.deleteFrom("photoPeople").execute();
    const photos = (await listGalleryItems(t.db, MEMBERS)).length;

    const imported = await load(t, file);
    expect(imported.current).toBe(false);
    expect(await makeCurrent(t.db, t.media, imported.treeId)).toBe("done");
    expect(await tagsOf(t, imported.treeId, weddingId)).toEqual(EXPECTED);
    expect((await listGalleryItems(t.db, MEMBERS)).length).toBe(photos);
    // The photo is the gallery's, not also a picture of the tree on the people's pages.
    expect(await t.db.selectFrom("genealogyMedia").select("id").where("treeId", "=", imported.treeId).execute()).toEqual([]);
    expect(await t.db.selectFrom("genealogyMediaLinks").select("mediaId").where("treeId", "=", imported.treeId).execute()).toEqual([]);
  });

  test("a re-import of the site's own file while the tags are still there adds none twice", async () => {
    const file = path.join(t.dir, "eksportas.gdz");
    await exportFile(t.db, t.media, file, { version: "7.0", zip: true });
    const imported = await load(t, file);
    await makeCurrent(t.db, t.media, imported.treeId);
    expect(await tagsOf(t, imported.treeId, weddingId)).toEqual([...EXPECTED]);
  });

  test("tags survive export and re-import (GEDZIP) into a new site: the photo is made there, with its title, text and tags", async () => {
    const file = path.join(t.dir, "eksportas.gdz");
    const wedding = (await listGalleryItems(t.db, MEMBERS)).find((item) => item.id === weddingId)!;
    await exportFile(t.db, t.media, file, { version: "7.0", zip: true });
    const other = await createTestDatabase({ seed: false });
    try {
      const imported = await importFile(other.db, other.media, file, { sourceName: "eksportas.gdz" });
      expect(imported.current).toBe(true);
      const [photo] = await listGalleryItems(other.db, MEMBERS);
      expect(photo).toMatchObject({ title: WEDDING, description: wedding.description, membersOnly: false });
      expect(await tagsOf(other, imported.treeId, photo.id)).toEqual(EXPECTED);
      expect(fs.existsSync(path.join(other.media.root, "public", photo.image!.id, "display.jpg"))).toBe(true);
      // The archive's picture is the gallery's now: the tree keeps no file of that name for its own exports.
      expect(await other.db.selectFrom("genealogyFiles").select("path").where("treeId", "=", imported.treeId).execute()).toEqual([]);
      // Both are in the change history, by the system: the photo's addition and its tags, each undoable.
      const changes = await other.db.selectFrom("changes").select(["id", "summary", "username"]).orderBy("id").execute();
      expect(changes.map((c) => [summaryIn(c.summary, serverT("lt")), c.username])).toEqual([
        [`Pridėta nuotrauka „${WEDDING}“`, null],
        [`Iš GEDCOM failo pažymėta, kas yra nuotraukoje „${WEDDING}“`, null],
      ]);
      const editor = await addTestUser(other.db, "redaktore", "redaktorius");
      expect(await undoChange(other.db, changes[1].id, editor)).toMatchObject({ ok: true });
      expect(await tagsOf(other, imported.treeId, photo.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test("a record naming a photo number no id can hold, or a photo not on this site, stays a picture of the tree", async () => {
    const file = path.join(t.dir, "svetimas.ged");
    fs.writeFileSync(
      file,
      FAMILY.replace(
        "0 TRLR",
        "0 @O1@ OBJE\n1 FILE galerija/1.jpg\n2 FORM jpg\n2 TITL Svetima\n1 REFN 99999999999\n2 TYPE galerijos nuotrauka\n" +
          `0 @O2@ OBJE\n1 FILE galerija/${weddingId}.jpg\n2 FORM jpg\n2 TITL Ne ta nuotrauka\n1 REFN ${weddingId}\n2 TYPE galerijos nuotrauka\n0 TRLR`,
      ).replace("0 @I2@ INDI\n", "0 @I2@ INDI\n1 OBJE @O1@\n1 OBJE @O2@\n"),
    );
    await t.db.deleteFrom("photoPeople").execute();
    const imported = await load(t, file);
    expect(await makeCurrent(t.db, t.media, imported.treeId)).toBe("done");
    const records = await t.db.selectFrom("genealogyMedia").select("title").where("treeId", "=", imported.treeId).orderBy("id").execute();
    expect(records.map((r) => r.title)).toEqual(["Svetima", "Ne ta nuotrauka"]);
    expect(await tagsOf(t, imported.treeId, weddingId)).toEqual([]);
  });

  test("GEDCOM 5.5.1 has the links without rectangles; a re-import finds the photo by its number and title", async () => {
    const file = path.join(t.dir, "eksportas.ged");
    await exportFile(t.db, t.media, file, { version: "5.5.1" });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain(`0 @XG${weddingId}@ OBJE\n1 FILE galerija/${weddingId}.jpg\n2 FORM jpg\n2 TITL ${WEDDING}\n1 REFN ${weddingId}`);
    expect(text).toContain(`1 OBJE @XG${weddingId}@`);
    expect(text).not.toContain("CROP");
    await t.db.deleteFrom("photoPeople").execute();
    const imported = await load(t, file);
    await makeCurrent(t.db, t.media, imported.treeId);
    expect(await tagsOf(t, imported.treeId, weddingId)).toEqual(EXPECTED.map(({ person }) => ({ person, box: null })));
  });

  test("the visitors' export leaves out a photo for the family only, and a re-import elsewhere keeps it the family's", async () => {
    const wedding = (await listGalleryItems(t.db, MEMBERS)).find((item) => item.id === weddingId)!;
    await updateGalleryItem(t.db, t.media, weddingId, { ...wedding, membersOnly: true });
    const publicFile = path.join(t.dir, "viesas.ged");
    await exportFile(t.db, t.media, publicFile, { version: "7.0", audience: "visitors" });
    expect(fs.readFileSync(publicFile, "utf8")).not.toContain("OBJE");

    const file = path.join(t.dir, "visas.gdz");
    await exportFile(t.db, t.media, file, { version: "7.0", zip: true });
    expect(Buffer.from(unzipSync(fs.readFileSync(file))["gedcom.ged"]).toString("utf8")).toContain("1 RESN CONFIDENTIAL");
    const other = await createTestDatabase({ seed: false });
    try {
      await importFile(other.db, other.media, file, { sourceName: "visas.gdz" });
      const [photo] = await listGalleryItems(other.db, MEMBERS);
      expect(photo).toMatchObject({ title: WEDDING, membersOnly: true });
    } finally {
      await other.close();
    }
  });
});
