import fs from "node:fs";
import { MEMBERS } from "#app/.server/accounts/audience.ts";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  addDocument,
  DOCUMENT_FORM,
  findDocument,
  listDocuments,
  removeDocument,
  updateDocument,
} from "#app/.server/documents/documents.ts";
import { readForm } from "#app/.server/platform/form.ts";
import { UploadRejected, uploadRefusal, type ReceivedFile } from "#app/.server/media/intake.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { prepareScan } from "#app/.server/media/pipeline.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

const PDF = path.resolve(import.meta.dirname, "../fixtures/metrikai.pdf");

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.close());

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

function received(bytes: Buffer, name: string): ReceivedFile {
  const dir = path.join(t.media.root, "tmp");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `upload-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, bytes);
  return { path: file, name, size: bytes.length };
}

function mediaFiles(id: string): string[] {
  const pub = path.join(t.media.root, "public", id);
  const members = path.join(t.media.root, "members", id);
  const originals = path.join(t.media.root, "originals");
  return [
    ...(fs.existsSync(pub) ? fs.readdirSync(pub).map((f) => `public/${f}`) : []),
    ...(fs.existsSync(members) ? fs.readdirSync(members).map((f) => `members/${f}`) : []),
    ...(fs.existsSync(originals)
      ? fs
          .readdirSync(originals)
          .filter((f) => f.startsWith(id))
          .map((f) => `originals/${f}`)
      : []),
  ].sort();
}

const TYPED = { title: "Mirties liudijimas", person: "Ona Jonaitienė", year: "1961", type: "Mirties liudijimas" };
const FIELDS = { ...TYPED, membersOnly: false };

describe("document fields", () => {
  const read = (fields: Record<string, string>) => readForm(form(fields), DOCUMENT_FORM);

  test("all four are required, each named; what was typed comes back", () => {
    const labels = { title: "Pavadinimas", person: "Asmuo", year: "Metai", type: "Tipas" };
    for (const [missing, label] of Object.entries(labels)) {
      const result = read({ ...TYPED, [missing]: "  " });
      expect(result).toEqual({ ok: false, typed: { ...TYPED, [missing]: "  " }, errors: { [missing]: `Laukas „${label}“ privalomas.` } });
    }
  });

  test("the year is checked and written one way", () => {
    const range = read({ ...TYPED, year: "1920-1925" });
    expect(range.ok && range.value).toEqual({ ...FIELDS, year: "1920–1925", removeScan: false });
    expect(read({ ...TYPED, year: "Apie 1900" })).toMatchObject({ ok: true, value: { year: "apie 1900" } });
    const refused = read({ ...TYPED, year: "XIX a. pabaiga" });
    expect(refused).toEqual({
      ok: false,
      typed: { ...TYPED, year: "XIX a. pabaiga" },
      errors: { year: "Metai turi būti, pavyzdžiui, „1918“, „1920–1925“, „apie 1900“, „prieš 1900“ arba „po 1900“." },
    });
  });

  test("a field over its limit is refused with the limit named, not cut", () => {
    expect(read({ ...TYPED, title: "a".repeat(201) })).toMatchObject({
      ok: false,
      errors: { title: "Laukas „Pavadinimas“ per ilgas: daugiausia 200 simbolių." },
    });
  });
});

describe("documents", () => {
  test("a new document gets the highest id plus one, and is stored at once", async () => {
    expect(await listDocuments(t.db, MEMBERS)).toHaveLength(5);
    const id = await addDocument(t.db, t.media, FIELDS, null);
    expect(id).toBe(6);
    expect(await findDocument(t.db, 6)).toEqual({ id: 6, ...FIELDS, scan: null });
  });

  test("a PDF scan is kept and served as it is; a replaced or removed scan is kept out of a visitor's sight (for an undo)", async () => {
    const pdf = await prepareScan(t.media, received(fs.readFileSync(PDF), "metrikai.pdf"));
    expect(pdf.record).toMatchObject({ kind: "pdf", originalType: "application/pdf" });
    const id = await addDocument(t.db, t.media, FIELDS, pdf);
    expect((await findDocument(t.db, id))!.scan).toEqual({ id: pdf.record.id, kind: "pdf" });
    expect(mediaFiles(pdf.record.id)).toEqual([`originals/${pdf.record.id}.pdf`, "public/scan.pdf"]);
    expect(fs.readFileSync(path.join(t.media.root, "public", pdf.record.id, "scan.pdf"))).toEqual(fs.readFileSync(PDF));

    const jpeg = await sharp({ create: { width: 2400, height: 3200, channels: 3, background: "#ddd" } })
      .jpeg()
      .toBuffer();
    const image = await prepareScan(t.media, received(jpeg, "skenas.jpg"));
    expect(await updateDocument(t.db, t.media, id, { ...FIELDS, year: "1962" }, { replace: image })).toBe(true);
    expect(await findDocument(t.db, id)).toEqual({ id, ...FIELDS, year: "1962", scan: { id: image.record.id, kind: "image" } });
    expect(mediaFiles(pdf.record.id)).toEqual(["members/scan.pdf", `originals/${pdf.record.id}.pdf`]);
    expect(mediaFiles(image.record.id)).toContain("public/display.jpg");

    expect(await removeDocument(t.db, t.media, id)).toBe(true);
    expect(mediaFiles(image.record.id)).toContain("members/display.jpg");
    expect(mediaFiles(image.record.id).filter((f) => f.startsWith("public/"))).toEqual([]);
    expect(await findDocument(t.db, id)).toBeNull();
    expect(await t.db.selectFrom("media").selectAll().execute()).toHaveLength(7); // the gallery's seeded pictures and both scans
  });

  test("a scan can be removed and the document kept", async () => {
    const pdf = await prepareScan(t.media, received(fs.readFileSync(PDF), "metrikai.pdf"));
    const id = await addDocument(t.db, t.media, FIELDS, pdf);
    expect(await updateDocument(t.db, t.media, id, FIELDS, { remove: true })).toBe(true);
    expect((await findDocument(t.db, id))!.scan).toBeNull();
    expect(mediaFiles(pdf.record.id)).toEqual(["members/scan.pdf", `originals/${pdf.record.id}.pdf`]);
  });

  test("a cut-off PDF and a file that is neither PDF nor image are refused", async () => {
    const whole = fs.readFileSync(PDF);
    const cut = await prepareScan(t.media, received(whole.subarray(0, 300), "nutrukes.pdf")).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(UploadRejected);
    expect((cut as UploadRejected).message).toBe("Failas pažeistas arba neužbaigtas. Įkelkite jį dar kartą.");
    const text = await prepareScan(t.media, received(Buffer.from("Laiškas tekstu"), "laiskas.pdf")).catch((e: unknown) => e);
    expect((text as UploadRejected).message).toBe("Skenas turi būti PDF arba paveikslėlio failas (pvz., JPEG, PNG ar TIFF).");
    // The editor's page says it in its reader's language; in Lithuanian, the same words.
    expect(uploadRefusal(text as UploadRejected)).toEqual({ id: "common.upload.notScan", values: {} });
    expect(serverT("lt")(uploadRefusal(text as UploadRejected))).toBe((text as UploadRejected).message);
    expect(serverT("lt")(uploadRefusal(cut as UploadRejected))).toBe((cut as UploadRejected).message);
    expect(serverT("en")(uploadRefusal(text as UploadRejected))).toBe("A scan must be a PDF or an image file (such as JPEG, PNG or TIFF).");
  });

  test("a file that only starts and ends like a PDF is refused and nothing is kept", async () => {
    const pdfOriginals = () => fs.readdirSync(path.join(t.media.root, "originals")).filter((f) => f.endsWith(".pdf"));
    fs.mkdirSync(path.join(t.media.root, "originals"), { recursive: true });
    const before = pdfOriginals();
    const fake = Buffer.from("%PDF-1.7\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n");
    const refused = await prepareScan(t.media, received(fake, "skenas.pdf")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UploadRejected);
    expect((refused as UploadRejected).message).toBe("Šio PDF failo atverti nepavyko: jis pažeistas arba tik atrodo kaip PDF.");
    expect(serverT("lt")(uploadRefusal(refused as UploadRejected))).toBe((refused as UploadRejected).message);
    expect(serverT("en")(uploadRefusal(refused as UploadRejected))).toBe(
      "This PDF file could not be opened: it is damaged or only looks like a PDF.",
    );
    expect(pdfOriginals()).toEqual(before);
    // The real scan still passes the same check.
    expect((await prepareScan(t.media, received(fs.readFileSync(PDF), "metrikai.pdf"))).record.kind).toBe("pdf");
  });

  test("updating or removing a document that is gone says so and changes nothing", async () => {
    expect(await updateDocument(t.db, t.media, 99, FIELDS, null)).toBe(false);
    expect(await removeDocument(t.db, t.media, 99)).toBe(false);
    expect(await listDocuments(t.db, MEMBERS)).toHaveLength(5);
  });
});
