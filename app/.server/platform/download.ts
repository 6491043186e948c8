import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

// Files sent to the browser as downloads: the backup, the GEDCOM exports.
// The file is streamed (never held in memory) with asynchronous I/O only. A
// temporary one is removed once its stream ends, fails or is abandoned; a HEAD
// request gets the headers and opens nothing (React Router drops a HEAD
// response's body without reading or cancelling it).

/** A new temporary folder for one download. */
export function temporaryDownloadDir(prefix: string): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), `seima-${prefix}-`));
}

export async function removeTemporary(dir: string): Promise<void> {
  await fsp.rm(dir, { recursive: true, force: true });
}

/**
 * A response carrying `file`. With `temporaryDir`, that folder is removed
 * when the response is done with it.
 */
export async function fileResponse(
  request: Request,
  file: string,
  headers: Record<string, string>,
  { temporaryDir }: { temporaryDir?: string } = {},
): Promise<Response> {
  let size: number;
  try {
    size = (await fsp.stat(file)).size;
  } catch (error) {
    if (temporaryDir) await removeTemporary(temporaryDir);
    throw error;
  }
  const all = { ...headers, "Content-Length": String(size) };
  if (request.method === "HEAD") {
    if (temporaryDir) await removeTemporary(temporaryDir);
    return new Response(null, { headers: all });
  }
  const stream = fs.createReadStream(file);
  if (temporaryDir) stream.once("close", () => void removeTemporary(temporaryDir));
  return new Response(Readable.toWeb(stream) as ReadableStream, { headers: all });
}

/** Whether the client already has this version (If-None-Match names its ETag). */
export function clientHas(request: Request, etag: string): boolean {
  return ifNoneMatch(request.headers.get("If-None-Match"), etag);
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}
