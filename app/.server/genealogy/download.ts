import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Database } from "../db.ts";
import type { MediaStore } from "../media.ts";
import { exportFile, type ExportFileOptions } from "./trees.ts";

/**
 * An export of the current tree as a download: written to a temporary file
 * (a large tree never sits in memory), streamed, then deleted. 404 when there
 * is no tree.
 */
export async function exportDownload(
  db: Database,
  store: MediaStore,
  options: ExportFileOptions & { filename: string; cacheControl: string },
): Promise<Response> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seima-gedcom-"));
  const file = path.join(dir, options.zip ? "medis.gdz" : "medis.ged");
  const result = await exportFile(db, store, file, options).catch((error: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  if (!result) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw data("Giminės medžio dar nėra", { status: 404 });
  }
  const stream = fs.createReadStream(file);
  stream.on("close", () => fs.rmSync(dir, { recursive: true, force: true }));
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": options.zip ? "application/zip" : "text/plain; charset=utf-8",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": `attachment; filename="${options.filename}"`,
      "Cache-Control": options.cacheControl,
    },
  });
}
