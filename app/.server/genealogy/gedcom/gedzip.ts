import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, type UnzipFile } from "fflate";
import { ImportRefused, type Warning } from "./reader.ts";

// GEDZIP (GEDCOM 7): a ZIP archive with gedcom.ged at its root and the media
// files it names at the relative paths its FILE lines give.

export const GEDZIP_MAIN = "gedcom.ged";

/**
 * How much an archive may unpack to. Counted while inflating, never taken
 * from the sizes the archive declares, which a crafted one can make up.
 */
export interface ArchiveLimits {
  /** gedcom.ged: as large as a GEDCOM file may be uploaded. */
  maxMainBytes: number;
  /** Every other entry: as large as one uploaded file may be. */
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxEntries: number;
}

/** A ZIP entry name as a safe relative path, or null for one that would leave the folder. */
export function safeName(name: string): string | null {
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

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Unpacks an archive into `dir`, streaming and asynchronously, within
 * `limits`: past any of them it stops and throws ImportRefused naming the
 * limit (the caller removes `dir`). Returns the entries written: the file on
 * disk that holds each, by its path in the archive.
 *
 * The files on disk are named by their order in the archive, not by their
 * paths, which a ZIP may hold where no folder can: a file `a` beside
 * `a/b.jpg`, a name longer than the file system allows. Each is still found
 * by the path the GEDCOM's FILE lines give. A file and a folder of one name
 * are warned about (other programs may fail to unpack such an archive); a
 * path given twice keeps its first file.
 */
export async function unpackGedzip(file: string, dir: string, warnings: Warning[], limits: ArchiveLimits): Promise<Map<string, string>> {
  const written = new Map<string, string>();
  // The archive's paths met so far, and every folder they are in.
  const seen = new Set<string>();
  const folders = new Set<string>();
  let total = 0;
  let entries = 0;
  let refused: ImportRefused | null = null;
  // Writes queued by fflate's (synchronous) callbacks, awaited after each input chunk.
  let writes: Promise<unknown>[] = [];
  const handles: Promise<fs.FileHandle>[] = [];

  const unzip = new Unzip((entry: UnzipFile) => {
    if (refused) return;
    const name = safeName(entry.name);
    if (!name || entry.name.endsWith("/")) {
      if (!name) warnings.push({ line: 0, message: { id: "adminTree.warning.badArchivePath", values: { name: entry.name } } });
      return;
    }
    if (++entries > limits.maxEntries) {
      refused = new ImportRefused({ id: "adminTree.refused.tooManyFiles", values: { max: String(limits.maxEntries) } });
      return;
    }
    if (seen.has(name)) {
      warnings.push({ line: 0, message: { id: "adminTree.warning.repeatedArchivePath", values: { name } } });
      return;
    }
    const parents = name
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/"));
    const clash = folders.has(name) ? name : parents.find((parent) => seen.has(parent));
    if (clash !== undefined) warnings.push({ line: 0, message: { id: "adminTree.warning.fileAndFolder", values: { name: clash } } });
    seen.add(name);
    for (const parent of parents) folders.add(parent);
    const max = name === GEDZIP_MAIN ? limits.maxMainBytes : limits.maxEntryBytes;
    const target = path.join(dir, name === GEDZIP_MAIN ? GEDZIP_MAIN : `${entries}.bin`);
    const handle = fs.open(target, "w");
    handles.push(handle);
    let size = 0;
    let chain: Promise<unknown> = handle;
    entry.ondata = (error, data, final) => {
      if (refused) return;
      if (error) {
        refused = new ImportRefused({ id: "adminTree.refused.brokenArchive", values: { name: entry.name } });
        return;
      }
      size += data.length;
      total += data.length;
      if (size > max || total > limits.maxTotalBytes) {
        refused = new ImportRefused(
          size > max
            ? { id: "adminTree.refused.fileTooLarge", values: { name: entry.name, max: megabytes(max) } }
            : { id: "adminTree.refused.archiveTooLarge", values: { max: megabytes(limits.maxTotalBytes) } },
        );
        entry.terminate();
        return;
      }
      chain = chain.then(() => handle.then((h) => h.write(data)));
      if (final) chain = chain.then(() => handle.then((h) => h.close())).then(() => written.set(name, target));
      writes.push(chain);
    };
    writes.push(handle);
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Small input chunks: deflate expands at most about a thousandfold, so one
    // chunk's output stays a few megabytes before it is written and counted.
    for await (const chunk of createReadStream(file, { highWaterMark: 16 * 1024 })) {
      unzip.push(chunk as Uint8Array);
      const pending = writes;
      writes = [];
      await Promise.all(pending);
      if (refused) throw refused;
    }
    unzip.push(new Uint8Array(0), true);
    await Promise.all(writes);
    if (refused) throw refused;
  } finally {
    // Whatever was left open (a refused archive) is closed; closing twice is harmless.
    await Promise.all(handles.map((h) => h.then((f) => f.close()).catch(() => {})));
  }
  return written;
}

/** Whether a file is a ZIP archive (by its first bytes). */
export async function isZip(file: string): Promise<boolean> {
  const handle = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  } finally {
    await handle.close();
  }
}

/**
 * Packs gedcom.ged and media files (archive path, file on disk) into a
 * GEDZIP archive, reading and writing asynchronously.
 */
export async function packGedzip(target: string, gedcom: string, files: { path: string; file: string }[]): Promise<void> {
  const out = await fs.open(target, "w");
  let failure: Error | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else writes = writes.then(() => out.write(data));
  });
  const add = async (entry: ZipDeflate | ZipPassThrough, file: string) => {
    zip.add(entry);
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      entry.push(chunk as Uint8Array);
      await writes;
    }
    entry.push(new Uint8Array(0), true);
    await writes;
  };
  try {
    await add(new ZipDeflate(GEDZIP_MAIN, { level: 6 }), gedcom);
    const seen = new Set<string>([GEDZIP_MAIN]);
    for (const { path: name, file } of files) {
      const safe = safeName(name);
      if (!safe || seen.has(safe)) continue;
      seen.add(safe);
      // Pictures, sounds and PDFs are compressed already.
      const stored = /\.(jpe?g|png|gif|webp|pdf|mp3|mp4|oga|ogg|m4a|zip)$/i.test(safe);
      await add(stored ? new ZipPassThrough(safe) : new ZipDeflate(safe, { level: 6 }), file);
    }
    zip.end();
    await writes;
    if (failure) throw failure;
  } finally {
    await out.close();
  }
}
