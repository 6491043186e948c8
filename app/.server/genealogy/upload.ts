import fs from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { mediaTmpDir, type MediaStore } from "../media.ts";

/** A GEDCOM upload larger than the limit. */
export class TooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`Failas per didelis: daugiausia ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    this.name = "TooLargeError";
  }
}

/**
 * Streams a request body (the raw file, as the import page sends it) to a
 * temporary file, never holding more than a chunk in memory; stops at the limit.
 */
export async function receiveRawUpload(request: Request, store: MediaStore, maxBytes: number): Promise<string> {
  if (!request.body) throw new TooLargeError(maxBytes);
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > maxBytes) throw new TooLargeError(maxBytes);
  const file = path.join(await mediaTmpDir(store), `gedcom-${randomBytes(8).toString("hex")}`);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? new TooLargeError(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as never), limit, fs.createWriteStream(file));
    return file;
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}
