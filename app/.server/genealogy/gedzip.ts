import fs from "node:fs";
import path from "node:path";
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Warning } from "./reader.ts";

// GEDZIP (GEDCOM 7): a ZIP archive with gedcom.ged at its root and the media
// files it names at the relative paths its FILE lines give.

export const GEDZIP_MAIN = "gedcom.ged";

/** A ZIP entry name as a safe relative path, or null for one that would leave the folder. */
function safeName(name: string): string | null {
  try {
    // A FILE may be written as a URI ('Bront%C3%AB.jpg'); the archive holds the plain name.
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: the name as it is.
  }
  const normalized = path.posix.normalize(name.replaceAll("\\", "/"));
  if (normalized.startsWith("../") || normalized === ".." || path.posix.isAbsolute(normalized) || normalized.includes("\0")) return null;
  return normalized;
}

/** Unpacks an archive into `dir`, streaming; returns the entries written (by their path in the archive). */
export async function unpackGedzip(file: string, dir: string, warnings: Warning[]): Promise<string[]> {
  const written: string[] = [];
  const unzip = new Unzip((entry) => {
    const name = safeName(entry.name);
    if (!name || entry.name.endsWith("/")) {
      if (!name) warnings.push({ line: 0, message: `Archyvo failas „${entry.name}“ praleistas: netinkamas kelias.` });
      return;
    }
    const target = path.join(dir, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const fd = fs.openSync(target, "w");
    entry.ondata = (error, data, final) => {
      if (error) throw error;
      fs.writeSync(fd, data);
      if (final) {
        fs.closeSync(fd);
        written.push(name);
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of fs.createReadStream(file)) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  return written;
}

/** Whether a file is a ZIP archive (by its first bytes). */
export function isZip(file: string): boolean {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    fs.closeSync(fd);
  }
}

function pushFile(entry: ZipDeflate | ZipPassThrough, file: string): void {
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(256 * 1024);
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      entry.push(buffer.subarray(0, read));
    }
    entry.push(new Uint8Array(0), true);
  } finally {
    fs.closeSync(fd);
  }
}

/** Packs gedcom.ged and media files (archive path, file on disk) into a GEDZIP archive. */
export function packGedzip(target: string, gedcom: string, files: { path: string; file: string }[]): void {
  const fd = fs.openSync(target, "w");
  try {
    let failure: Error | null = null;
    const zip = new Zip((error, data) => {
      if (error) failure = error;
      else fs.writeSync(fd, data);
    });
    const main = new ZipDeflate(GEDZIP_MAIN, { level: 6 });
    zip.add(main);
    pushFile(main, gedcom);
    const seen = new Set<string>();
    for (const { path: name, file } of files) {
      const safe = safeName(name);
      if (!safe || seen.has(safe) || !fs.existsSync(file)) continue;
      seen.add(safe);
      // Pictures and PDFs are compressed already.
      const entry = /\.(jpe?g|png|gif|webp|pdf|mp3|mp4|zip)$/i.test(safe) ? new ZipPassThrough(safe) : new ZipDeflate(safe, { level: 6 });
      zip.add(entry);
      pushFile(entry, file);
    }
    zip.end();
    if (failure) throw failure;
  } finally {
    fs.closeSync(fd);
  }
}
