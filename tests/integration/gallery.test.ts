import { execFile } from "node:child_process";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  addGalleryUpload,
  addRefusedField,
  GALLERY_ADD_FORM,
  listGalleryItems,
  moveGalleryItem,
  removeGalleryItem,
  saveGalleryOrder,
  updateGalleryItem,
} from "#app/.server/gallery/gallery.ts";
import { discardReceived, readUploadForm, UploadRejected, uploadRefusal, type ReceivedFile } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { inRequestLanguage } from "#app/.server/platform/request-language.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { deriveMissingZoom, prepareImage } from "#app/.server/media/pipeline.ts";
import { cleanUpMedia, locateMediaFiles, placeAllMedia, removeMediaFiles } from "#app/.server/media/storage.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { keepProposalPhotos } from "#app/.server/proposals/attached-photos.ts";
import { bombPng } from "#tests/fixtures/images.ts";

let t: TestDatabase;
let scratch: string;
beforeEach(async () => {
  t = await createTestDatabase({ seed: false });
  scratch = fs.mkdtempSync(path.join(t.dir, "scratch-"));
});
afterEach(() => t.close());

/** Every file the media store holds in use (not in the trash), as paths relative to its root. */
function storedFiles(): string[] {
  if (!fs.existsSync(t.media.root)) return [];
  return (fs.readdirSync(t.media.root, { recursive: true }) as string[])
    .filter((p) => !p.startsWith("trash") && fs.statSync(path.join(t.media.root, p)).isFile())
    .sort();
}

/** Puts bytes where the form parser would have received them. */
function received(bytes: Buffer, name: string): ReceivedFile {
  const dir = path.join(t.media.root, "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `upload-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(target, bytes);
  return { path: target, name, size: bytes.length };
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

async function jpeg(width: number, height: number, options: { exif?: Record<string, Record<string, string>>; orientation?: number } = {}) {
  let image = sharp({ create: { width, height, channels: 3, background: "#806040" } }).jpeg({ quality: 90 });
  if (options.exif) image = image.withExif(options.exif);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/**
 * The add as both routes make it: the form read (GALLERY_ADD_FORM), then the
 * upload; a refusal as the page shows it, each field's message.
 */
async function addFromForm(fields: Record<string, string>, file: ReceivedFile | undefined) {
  const read = readForm(form(fields), GALLERY_ADD_FORM);
  if (!read.ok) {
    await discardReceived(file);
    return { ok: false, errors: read.errors };
  }
  const result = await addGalleryUpload(t.db, t.media, read.value, file);
  return result.ok ? result : { ok: false, errors: addRefusedField(read.typed, result).errors };
}

async function add(bytes: Buffer, name: string, fields = { title: "Sodyba", description: "Apie 1930 m." }) {
  return addFromForm(fields, received(bytes, name));
}

function publicFile(mediaId: string, file: string) {
  return path.join(t.media.root, "public", mediaId, file);
}

describe("one intake decides what a picture is, for every route", () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(1)</script><rect width="400" height="300"/></svg>',
  );
  const page = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]);

  test("an SVG, or a JPEG with a page after its picture: refused by the gallery and by a member's proposal alike, nothing kept", async () => {
    const photo = await jpeg(400, 300);
    for (const [bytes, name] of [
      [svg, "piesinys.svg"],
      [page(photo), "nuotrauka.jpg"],
      [Buffer.concat([photo.subarray(0, 1000), Buffer.from("<!DOCTYPE html><p>x"), photo.subarray(1000)]), "vidury.jpg"],
    ] as const) {
      expect(await add(bytes, name), name).toEqual({ ok: false, errors: { image: serverT("lt")("common.upload.notImage") } });
      const kept = await keepProposalPhotos(t.db, t.media, [received(bytes, name)]);
      expect(kept, name).toMatchObject({ ok: false, status: 400, message: serverT("lt")("common.upload.notImage") });
    }
    expect(await t.db.selectFrom("media").select("id").execute()).toEqual([]);
    expect(fs.readdirSync(path.join(t.media.root, "tmp")).filter((f) => f.startsWith("upload-"))).toEqual([]);
  });

  test("a photo with XMP metadata (XML, no page) and trailing zero bytes is still a photo", async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#806040" } })
      .jpeg()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .toBuffer();
    expect(await add(Buffer.concat([photo, Buffer.alloc(64)]), "xmp.jpg")).toEqual({ ok: true, id: expect.any(Number) });
    expect(await keepProposalPhotos(t.db, t.media, [received(photo, "xmp.jpg")])).toMatchObject({ ok: true });
  });
});

describe("the image pipeline", () => {
  test("a 6000x4000 upload yields a 1200x800 display JPEG at quality 95, grid sizes, and the original byte for byte", async () => {
    const bytes = await jpeg(6000, 4000);
    const result = await add(bytes, "didele.jpg");
    expect(result).toEqual({ ok: true, id: 1 });
    const [item] = await listGalleryItems(t.db, MEMBERS);
    expect(item.image).toMatchObject({ width: 1200, height: 800 });
    const display = await sharp(publicFile(item.image!.id, "display.jpg")).metadata();
    expect(display).toMatchObject({ format: "jpeg", width: 1200, height: 800 });
    // Each grid size covers a 4:3 card of its nominal width: 3:2 at 300 px high is 450 wide.
    for (const [file, format, width, height] of [
      ["w400.webp", "webp", 450, 300],
      ["w400.jpg", "jpeg", 450, 300],
      ["w800.webp", "webp", 900, 600],
      ["w800.jpg", "jpeg", 900, 600],
    ] as const) {
      expect(await sharp(publicFile(item.image!.id, file)).metadata()).toMatchObject({ format, width, height });
    }
    const media = await t.db.selectFrom("media").selectAll().executeTakeFirstOrThrow();
    expect(media).toMatchObject({
      width: 6000,
      height: 4000,
      originalType: "image/jpeg",
      originalName: "didele.jpg",
      originalSize: bytes.length,
    });
    const original = fs.readFileSync(path.join(t.media.root, "originals", `${media.id}.jpg`));
    expect(createHash("sha256").update(original).digest("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  test("deep zoom: a 6000x4000 scan gets renditions 2400 and 6000 wide beside the display image; a small one gets none", async () => {
    await add(await jpeg(6000, 4000), "didele.jpg");
    const [item] = await listGalleryItems(t.db, MEMBERS);
    expect(await sharp(publicFile(item.image!.id, "zoom-2400.jpg")).metadata()).toMatchObject({
      format: "jpeg",
      width: 2400,
      height: 1600,
    });
    expect(await sharp(publicFile(item.image!.id, "zoom-6000.jpg")).metadata()).toMatchObject({
      format: "jpeg",
      width: 6000,
      height: 4000,
    });
    expect(await t.db.selectFrom("media").select("zoom").where("id", "=", item.image!.id).executeTakeFirst()).toEqual({
      zoom: "[2400,6000]",
    });

    await add(await jpeg(1300, 866), "maza.jpg", { title: "Maža", description: "Maža nuotrauka." });
    const small = (await listGalleryItems(t.db, MEMBERS)).find((i) => i.title === "Maža")!;
    expect(fs.readdirSync(path.join(t.media.root, "public", small.image!.id)).filter((f) => f.startsWith("zoom"))).toEqual([]);
    expect(await t.db.selectFrom("media").select("zoom").where("id", "=", small.image!.id).executeTakeFirst()).toEqual({ zoom: "[]" });
  });

  test("a picture stored before deep zoom gets its renditions at start-up, in the folder its audience reads from", async () => {
    await add(await jpeg(3000, 2000), "sena.jpg");
    const [item] = await listGalleryItems(t.db, MEMBERS);
    const id = item.image!.id;
    // As an installation from before: no renditions, the row not derived; and the photo for the family only.
    fs.rmSync(publicFile(id, "zoom-3000.jpg"));
    await t.db.updateTable("media").set({ zoom: null }).where("id", "=", id).execute();
    await updateGalleryItem(t.db, t.media, item.id, { title: item.title, description: item.description, membersOnly: true });
    expect(fs.existsSync(path.join(t.media.root, "members", id, "display.jpg"))).toBe(true);

    expect(await deriveMissingZoom(t.db, t.media)).toBe(1);
    expect(await sharp(path.join(t.media.root, "members", id, "zoom-3000.jpg")).metadata()).toMatchObject({ width: 3000, height: 2000 });
    expect(fs.existsSync(path.join(t.media.root, "public", id))).toBe(false);
    expect(await t.db.selectFrom("media").select("zoom").where("id", "=", id).executeTakeFirst()).toEqual({ zoom: "[3000]" });
    expect(storedFiles().filter((f) => f.startsWith("tmp"))).toEqual([]);
    // Done once: nothing waits any more.
    expect(await deriveMissingZoom(t.db, t.media)).toBe(0);

    // A picture whose original is gone is reported and left as it is; the others are still done.
    await t.db.updateTable("media").set({ zoom: null }).where("id", "=", id).execute();
    fs.rmSync(
      storedFiles()
        .find((f) => f.startsWith("originals/"))!
        .replace(/^/, `${t.media.root}/`),
    );
    expect(await deriveMissingZoom(t.db, t.media)).toBe(0);
    expect(await t.db.selectFrom("media").select("zoom").where("id", "=", id).executeTakeFirst()).toEqual({ zoom: null });
  });

  test("the display JPEG is encoded at the spec's quality (0.95)", async () => {
    // A noisy picture: at q95 it is clearly larger than the same picture at q80.
    const noise = await sharp(Buffer.from(Array.from({ length: 1200 * 800 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 1200, height: 800, channels: 3 },
    })
      .png()
      .toBuffer();
    await add(noise, "triuksmas.png");
    const [item] = await listGalleryItems(t.db, MEMBERS);
    const display = fs.readFileSync(publicFile(item.image!.id, "display.jpg"));
    const q95 = await sharp(noise).jpeg({ quality: 95 }).toBuffer();
    const q80 = await sharp(noise).jpeg({ quality: 80 }).toBuffer();
    expect(Math.abs(display.length - q95.length) / q95.length).toBeLessThan(0.02);
    expect(display.length).toBeGreaterThan(q80.length * 1.2);
  });

  test("an EXIF-rotated photo comes out upright", async () => {
    // Stored sideways: the top of the scene is on the left of the pixels, red; orientation 6 turns it up.
    const pixels = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#0000ff" } })
      .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: "#ff0000" } }, left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    const rotated = await sharp(pixels).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await add(rotated, "pasukta.jpg");
    const [item] = await listGalleryItems(t.db, MEMBERS);
    expect(item.image).toMatchObject({ width: 400, height: 800 });
    const { data, info } = await sharp(publicFile(item.image!.id, "display.jpg")).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 800]);
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    const [r1, , b1] = at(200, 100);
    const [r2, , b2] = at(200, 700);
    expect(r1).toBeGreaterThan(200); // red on top
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200); // blue below
    expect(r2).toBeLessThan(60);
    // The stored size is the upright size.
    expect(await t.db.selectFrom("media").select(["width", "height"]).executeTakeFirst()).toEqual({ width: 400, height: 800 });
  });

  test("no GPS or camera data in any derived file; the original keeps them", async () => {
    const bytes = await jpeg(1600, 1200, {
      exif: { IFD0: { Make: "Zenit", Model: "E", Copyright: "Jonaičiai" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "54/1 23/1 0/1" } },
    });
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    await add(bytes, "su-gps.jpg");
    const [item] = await listGalleryItems(t.db, MEMBERS);
    for (const file of fs.readdirSync(path.join(t.media.root, "public", item.image!.id))) {
      const meta = await sharp(publicFile(item.image!.id, file)).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(fs.readFileSync(publicFile(item.image!.id, file)).includes(Buffer.from("Zenit")), file).toBe(false);
    }
    const original = storedFiles().find((f) => f.startsWith("originals/"))!;
    expect((await sharp(path.join(t.media.root, original)).metadata()).exif).toBeDefined();
  });

  test("the type comes from the bytes: a PNG named .jpg is a PNG; a text file named .jpg is refused and nothing is kept", async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: "#336699" } })
      .png()
      .toBuffer();
    expect(await add(png, "tikrai-png.jpg")).toMatchObject({ ok: true });
    const media = await t.db.selectFrom("media").select(["originalType", "originalExtension"]).executeTakeFirstOrThrow();
    expect(media).toEqual({ originalType: "image/png", originalExtension: "png" });
    const before = storedFiles();

    const result = await add(Buffer.from("Tai ne nuotrauka, o laiškas.\n"), "laiskas.jpg");
    expect(result).toEqual({
      ok: false,
      errors: { image: "Šis failas nėra nuotrauka. Pasirinkite paveikslėlio failą (pvz., JPEG, PNG ar TIFF)." },
    });
    expect(storedFiles()).toEqual(before);
    expect(await listGalleryItems(t.db, MEMBERS)).toHaveLength(1);
  });

  test("TIFF scans are accepted", async () => {
    const tiff = await sharp({ create: { width: 1000, height: 1400, channels: 3, background: "#aa9988" } })
      .tiff()
      .toBuffer();
    expect(await add(tiff, "skenas.tif")).toMatchObject({ ok: true });
    expect((await listGalleryItems(t.db, MEMBERS))[0].image).toMatchObject({ width: 571, height: 800 });
  });

  test("a truncated image is refused with its own message and nothing is kept", async () => {
    const whole = await sharp({
      create: { width: 2000, height: 1500, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const result = await add(whole.subarray(0, Math.floor(whole.length * 0.6)), "nutruke.jpg");
    expect(result).toEqual({ ok: false, errors: { image: "Failas pažeistas arba neužbaigtas. Įkelkite jį dar kartą." } });
    expect(storedFiles()).toEqual([]);
    expect(await t.db.selectFrom("media").selectAll().execute()).toEqual([]);
  });

  test("a 20000x20000 image is refused before it is decoded, in a process that stays small", async () => {
    const bomb = path.join(scratch, "bomb.png");
    await bombPng(bomb, 20000, 20000);
    expect(fs.statSync(bomb).size).toBeLessThan(2 * 1024 * 1024);
    const script = path.join(scratch, "bomb.ts");
    const mediaModule = (name: string) => path.resolve(import.meta.dirname, `../../app/.server/media/${name}.ts`);
    fs.writeFileSync(
      script,
      `import { mediaStore } from ${JSON.stringify(mediaModule("storage"))};
       import { prepareImage } from ${JSON.stringify(mediaModule("pipeline"))};
       const store = mediaStore({ dataDir: ${JSON.stringify(scratch)}, uploads: { maxBytes: 30 * 1024 * 1024, maxPixels: 100_000_000 } });
       const size = (await import("node:fs")).statSync(${JSON.stringify(bomb)}).size;
       let reason = "accepted";
       try { await prepareImage(store, { path: ${JSON.stringify(bomb)}, name: "bomb.png", size }); } catch (e) { reason = e.reason ?? String(e); }
       console.log(JSON.stringify({ reason, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`,
    );
    // In the environment `npm run serve` gives the server (decision 030).
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
    });
    const outcome = JSON.parse(stdout.trim().split("\n").pop()!);
    expect(outcome.reason).toBe("tooManyPixels");
    expect(outcome.maxRssMb).toBeLessThan(300);

    const result = await addFromForm({ title: "x", description: "y" }, received(fs.readFileSync(bomb), "bomb.png"));
    expect(result).toEqual({ ok: false, errors: { image: "Nuotrauka per didelė: daugiausia 100 megapikselių." } });
    // An English page's editor reads it in English.
    const english = await inRequestLanguage("en", () =>
      addFromForm({ title: "x", description: "y" }, received(fs.readFileSync(bomb), "bomb.png")),
    );
    expect(english).toEqual({ ok: false, errors: { image: "The photo is too large: 100 megapixels at most." } });
    expect(storedFiles()).toEqual([]);
  });

  test("100-megapixel photos, one after another, keep a long-running process under 350 MB", async () => {
    // A 10000 x 10000 PNG (within the 100-megapixel limit), processed three times in one process.
    const big = path.join(scratch, "didele.png");
    await sharp({ create: { width: 10000, height: 10000, channels: 3, background: "#8a7050" } })
      .png({ compressionLevel: 1 })
      .toFile(big);
    const script = path.join(scratch, "big.ts");
    const mediaModule = (name: string) => path.resolve(import.meta.dirname, `../../app/.server/media/${name}.ts`);
    fs.writeFileSync(
      script,
      `import fs from "node:fs";
       import { mediaStore } from ${JSON.stringify(mediaModule("storage"))};
       import { prepareImage } from ${JSON.stringify(mediaModule("pipeline"))};
       const store = mediaStore({ dataDir: ${JSON.stringify(path.join(scratch, "big-store"))}, uploads: { maxBytes: 300 * 1024 * 1024, maxPixels: 100_000_000 } });
       const sizes = [];
       for (let i = 0; i < 3; i++) {
         const copy = ${JSON.stringify(scratch)} + "/copy-" + i + ".png";
         fs.copyFileSync(${JSON.stringify(big)}, copy);
         const prepared = await prepareImage(store, { path: copy, name: "didele.png", size: fs.statSync(copy).size });
         sizes.push([prepared.record.displayWidth, prepared.record.displayHeight]);
       }
       console.log(JSON.stringify({ sizes, maxRssMb: process.resourceUsage().maxRSS / 1024 }));`,
    );
    // In the environment `npm run serve` gives the server (decision 030).
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
    });
    const outcome = JSON.parse(stdout.trim().split("\n").pop()!);
    expect(outcome.sizes).toEqual([
      [800, 800],
      [800, 800],
      [800, 800],
    ]);
    expect(outcome.maxRssMb).toBeLessThan(350);
  });

  test("a file over the size limit is refused while it is read, and nothing is kept", async () => {
    const small = await createTestDatabase({ seed: false, uploads: { maxBytes: 1024 * 1024, maxPixels: 100_000_000 } });
    try {
      const big = await sharp({
        create: { width: 3000, height: 2000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const body = new FormData();
      body.set("title", "Per didelė");
      body.set("image", new File([big], "didele.jpg", { type: "image/jpeg" }));
      const request = new Request("http://localhost/admin/galerija", { method: "POST", body });
      const error = await readUploadForm(request, small.media, "image").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadRejected);
      expect((error as UploadRejected).message).toBe("Failas per didelis: daugiausia 1 MB.");
      // The editor's page says it in its reader's language, with the limit.
      expect(uploadRefusal(error as UploadRejected)).toEqual({ id: "common.upload.tooLarge", values: { max: 1 } });
      expect(serverT("lt")(uploadRefusal(error as UploadRejected))).toBe("Failas per didelis: daugiausia 1 MB.");
      expect(serverT("en")(uploadRefusal(error as UploadRejected))).toBe("The file is too large: 1 MB at most.");
      const tmp = path.join(small.media.root, "tmp");
      expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    } finally {
      await small.close();
    }
  });

  test("missing fields and a missing image get the spec's messages and store nothing", async () => {
    const bytes = await jpeg(800, 600);
    expect(await add(bytes, "a.jpg", { title: "  ", description: "Aprašymas" })).toEqual({
      ok: false,
      errors: { title: "Prašome užpildyti visus laukus" },
    });
    expect(await add(bytes, "a.jpg", { title: "", description: "" })).toEqual({
      ok: false,
      errors: { title: "Prašome užpildyti visus laukus", description: "Prašome užpildyti visus laukus" },
    });
    expect(await addFromForm({ title: "Pavadinimas", description: "Aprašymas" }, undefined)).toEqual({
      ok: false,
      errors: { image: "Prašome pasirinkti nuotrauką" },
    });
    // The domain gives the reason; the route the words.
    const fields = { title: "Pavadinimas", description: "Aprašymas", membersOnly: false, album: null };
    expect(await addGalleryUpload(t.db, t.media, fields, undefined)).toEqual({ ok: false, reason: "galleryMissingImage" });
    expect(storedFiles()).toEqual([]);
    expect(await listGalleryItems(t.db, MEMBERS)).toEqual([]);
  });

  test("over-long fields are refused with their limits named, never cut; the file is not kept", async () => {
    const bytes = await jpeg(800, 600);
    expect(await add(bytes, "a.jpg", { title: "ą".repeat(201), description: "ą".repeat(2001) })).toEqual({
      ok: false,
      errors: {
        title: "Laukas „Pavadinimas“ per ilgas: daugiausia 200 simbolių.",
        description: "Laukas „Aprašymas“ per ilgas: daugiausia 2000 simbolių.",
      },
    });
    expect(storedFiles()).toEqual([]);
    // An English page's editor reads the field's English name.
    expect(await inRequestLanguage("en", () => add(bytes, "a.jpg", { title: "ą".repeat(201), description: "Aprašymas" }))).toEqual({
      ok: false,
      errors: { title: serverT("en")("common.form.tooLong", { label: "Title", max: 200 }) },
    });
    // At the limit, it is all kept.
    expect(await add(bytes, "a.jpg", { title: "ą".repeat(200), description: "ą".repeat(2000) })).toMatchObject({ ok: true });
    expect((await listGalleryItems(t.db, MEMBERS))[0]).toMatchObject({ title: "ą".repeat(200), description: "ą".repeat(2000) });
  });

  test("when the database write fails, the files already written are removed", async () => {
    // (Memories, who is in a photo, albums and linked documents point to gallery items: PostgreSQL drops the table only after them.)
    await t.db.schema.dropTable("memories").execute();
    await t.db.schema.dropTable("photo_people").execute();
    await t.db.schema.dropTable("album_photos").execute();
    await t.db.schema.dropTable("photo_documents").execute();
    await t.db.schema.dropTable("gallery_items").execute();
    const result = await add(await jpeg(1000, 800), "a.jpg");
    expect(result).toEqual({ ok: false, errors: { image: "Nepavyko apdoroti nuotraukos. Bandykite dar kartą." } });
    expect(storedFiles()).toEqual([]);
    expect(await t.db.selectFrom("media").selectAll().execute()).toEqual([]);
  });
});

describe("gallery items", () => {
  test("ids are the highest plus one; a removed item's files are kept out of a visitor's sight (for an undo)", async () => {
    await add(await jpeg(800, 600), "1.jpg");
    await add(await jpeg(800, 600), "2.jpg");
    expect((await listGalleryItems(t.db, MEMBERS)).map((i) => i.id)).toEqual([1, 2]);
    expect(await removeGalleryItem(t.db, t.media, 1)).toBe(true);
    expect(storedFiles().filter((f) => f.startsWith("originals/"))).toHaveLength(2);
    expect(storedFiles().filter((f) => f.startsWith("public/"))).toHaveLength(5);
    expect(storedFiles().filter((f) => f.startsWith("members/"))).toHaveLength(5);
    // The hourly sweep leaves them there: no item open to everyone shows them.
    expect(await placeAllMedia(t.db, t.media)).toBe(0);
    expect(await cleanUpMedia(t.db, t.media, { othersAlive: false })).toBe(0);
    expect(storedFiles().filter((f) => f.startsWith("members/"))).toHaveLength(5);
    await add(await jpeg(800, 600), "3.jpg");
    expect((await listGalleryItems(t.db, MEMBERS)).map((i) => i.id)).toEqual([2, 3]);
    expect(await removeGalleryItem(t.db, t.media, 99)).toBe(false);
  });

  test("the saved order is the display order; a stale order changes nothing", async () => {
    for (const n of [1, 2, 3]) await add(await jpeg(400, 300), `${n}.jpg`, { title: `Nr. ${n}`, description: "x" });
    expect(await saveGalleryOrder(t.db, [3, 1, 2])).toBe(true);
    expect((await listGalleryItems(t.db, MEMBERS)).map((i) => i.title)).toEqual(["Nr. 3", "Nr. 1", "Nr. 2"]);
    expect(await saveGalleryOrder(t.db, [1, 2])).toBe(false);
    expect(await saveGalleryOrder(t.db, [1, 1, 2])).toBe(false);
    expect(await moveGalleryItem(t.db, 2, "up")).toBe(true);
    expect((await listGalleryItems(t.db, MEMBERS)).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(await moveGalleryItem(t.db, 3, "up")).toBe(true);
    expect((await listGalleryItems(t.db, MEMBERS)).map((i) => i.id)).toEqual([3, 2, 1]);
  });

  test("clean-up removes files left without a row, and only those", async () => {
    await add(await jpeg(400, 300), "keep.jpg");
    const orphan = await prepareImage(t.media, received(await jpeg(400, 300), "orphan.jpg"));
    expect(storedFiles().filter((f) => f.includes(orphan.record.id))).toHaveLength(6);
    // While another process lives, fresh files may be its upload about to get its row.
    expect(await cleanUpMedia(t.db, t.media, { othersAlive: true })).toBe(0);
    // Alone, this process knows they are left over.
    expect(await cleanUpMedia(t.db, t.media, { othersAlive: false })).toBe(2);
    expect(storedFiles().filter((f) => f.includes(orphan.record.id))).toEqual([]);
    expect(storedFiles()).toHaveLength(6);
  });

  test("removed files wait an hour in the trash, where a backup can still find them", async () => {
    await add(await jpeg(400, 300), "a.jpg");
    const media = await t.db.selectFrom("media").select(["id", "originalExtension"]).executeTakeFirstOrThrow();
    // The way a tree's removal or a rejected proposal's photos go (the gallery keeps a removed item's files).
    await t.db.deleteFrom("galleryItems").execute();
    await t.db.deleteFrom("media").execute();
    await removeMediaFiles(t.media, media);
    expect(storedFiles()).toEqual([]);
    const found = await locateMediaFiles(t.media, media);
    expect(found?.original).toContain(`${path.sep}trash${path.sep}`);
    expect(fs.existsSync(path.join(found!.publicDir, "display.jpg"))).toBe(true);
    expect(await cleanUpMedia(t.db, t.media, { othersAlive: false })).toBe(0);
    const trash = path.join(t.media.root, "trash");
    const [entry] = fs.readdirSync(trash);
    fs.renameSync(path.join(trash, entry), path.join(trash, `${media.id}.${Date.now() - 61 * 60 * 1000}`));
    expect(await cleanUpMedia(t.db, t.media, { othersAlive: false })).toBe(1);
    expect(fs.readdirSync(trash)).toEqual([]);
    expect(await locateMediaFiles(t.media, media)).toBeNull();
  });
});
