import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import type { Message, Values } from "#app/i18n/intl.ts";
import { serverT } from "#app/.server/platform/i18n.ts";
import { mediaTmpDir, type MediaStore } from "./storage.ts";

// Upload intake: every route that receives a file reads it here, into tmp/,
// bounded by a size limit it passes (the photo limit unless told), and every
// refusal is one error type, UploadRejected, with its reason, the limit it
// names, and the status the route answers with.
//
// Its words are in the common catalog (common.upload.*), which every page
// loads: the editors' pages and a member's proposals say a refusal with
// uploadRefusal, in the reader's language.

export type RejectReason =
  | "notImage"
  | "notScan"
  | "notPdf"
  | "truncated"
  | "tooLarge"
  | "tooManyPixels"
  | "empty"
  | "malformed"
  | "oneFile"
  | "tooManyFiles"
  | "failed";

/**
 * An upload the server will not keep, and why: the reason names a message
 * (common.upload.<reason>) and the values the limit it names. The error's own
 * message is that sentence in Lithuanian, for the server's log; a page says it
 * in the reader's language with uploadRefusal.
 */
export class UploadRejected extends Error {
  readonly reason: RejectReason;
  /** The limit the refusal names: { max } megabytes (tooLarge) or files (tooManyFiles), { megapixels } (tooManyPixels). */
  readonly values: Values;
  constructor(reason: RejectReason, values: Values = {}, options?: ErrorOptions) {
    super(serverT("lt")({ id: `common.upload.${reason}`, values }), options);
    this.name = "UploadRejected";
    this.reason = reason;
    this.values = values;
  }

  /** The HTTP status that says it: the file too large, the server failing, or the request at fault. */
  get status(): number {
    return this.reason === "tooLarge" ? 413 : this.reason === "failed" ? 500 : 400;
  }
}

/** A refusal for a reason that names no count of files (tooManyFiles is readUploadFiles' own). */
export function rejection(
  store: MediaStore,
  reason: Exclude<RejectReason, "tooManyFiles">,
  cause?: unknown,
  maxBytes = store.maxBytes,
): UploadRejected {
  const max = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  const megapixels = Math.round((store.maxPixels / 1_000_000) * 10) / 10;
  const values = reason === "tooLarge" ? { max } : reason === "tooManyPixels" ? { megapixels } : {};
  return new UploadRejected(reason, values, { cause });
}

/** A refusal as a page says it, in the reader's language: its reason's message, with the limit it names. */
export function uploadRefusal(error: UploadRejected): Message {
  return { id: `common.upload.${error.reason}`, values: error.values };
}

/** An uploaded file, saved to a temporary file while it is checked. */
export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}

/** Saves an uploaded file under tmp/; the caller removes it with discardReceived when done. */
export async function receiveUpload(store: MediaStore, file: File, maxBytes = store.maxBytes): Promise<ReceivedFile> {
  if (file.size > maxBytes) throw rejection(store, "tooLarge", undefined, maxBytes);
  if (file.size === 0) throw rejection(store, "empty");
  const target = path.join(await mediaTmpDir(store), `upload-${randomBytes(12).toString("hex")}`);
  await fs.writeFile(target, file.stream());
  // Only the last path segment of the name the browser sent, within reason.
  const name = path.basename(file.name.replaceAll("\\", "/")).slice(0, 255) || "nuotrauka";
  return { path: target, name, size: file.size };
}

/**
 * Streams a request body that is itself the file (the GEDCOM import sends it
 * so, for its progress bar) to tmp/, a chunk at a time, refusing it at the
 * limit or when it is empty. Returns the file's path; the caller removes it.
 */
export async function receiveRawUpload(request: Request, store: MediaStore, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw rejection(store, "tooLarge", undefined, maxBytes);
  if (!request.body) throw rejection(store, "empty");
  const file = path.join(await mediaTmpDir(store), `raw-${randomBytes(12).toString("hex")}`);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? rejection(store, "tooLarge", undefined, maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as never), limit, createWriteStream(file));
    if (received === 0) throw rejection(store, "empty");
    return file;
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error instanceof UploadRejected ? error : rejection(store, "malformed", error);
  }
}

export async function discardReceived(file: ReceivedFile | undefined): Promise<void> {
  if (file) await fs.rm(file.path, { force: true });
}

/**
 * Reads a form that may carry one file in `fileField`: the file goes to tmp/
 * (refused when over `maxBytes`, the photo limit unless told), the other
 * fields stay in the FormData. Also reads plain (urlencoded) forms. An empty
 * file input counts as no file. Every refusal is an UploadRejected.
 */
export async function readUploadForm(
  request: Request,
  store: MediaStore,
  fileField: string,
  maxBytes = store.maxBytes,
): Promise<{ form: FormData; file: ReceivedFile | undefined }> {
  const { form, files } = await readUploadFiles(request, store, fileField, 1, maxBytes);
  return { form, file: files[0] };
}

/**
 * The same intake for a form that may carry up to `maxFiles` files in
 * `fileField` (a memory's photos): each bounded by `maxBytes`, all of them
 * received or none (a refusal removes what was already saved).
 */
export async function readUploadFiles(
  request: Request,
  store: MediaStore,
  fileField: string,
  maxFiles: number,
  maxBytes = store.maxBytes,
): Promise<{ form: FormData; files: ReceivedFile[] }> {
  const files: ReceivedFile[] = [];
  try {
    const form = await parseFormData(
      request,
      { maxFiles, maxFileSize: maxBytes, maxTotalSize: maxFiles * maxBytes + 1024 * 1024 },
      async (upload) => {
        if (upload.fieldName !== fileField || (upload.size === 0 && !upload.name)) return null;
        const file = await receiveUpload(store, upload, maxBytes);
        files.push(file);
        return file.name;
      },
    );
    return { form, files };
  } catch (error) {
    for (const file of files) await discardReceived(file);
    if (error instanceof UploadRejected) throw error;
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw rejection(store, "tooLarge", error, maxBytes);
    }
    if (error instanceof MaxFilesExceededError) {
      if (maxFiles === 1) throw rejection(store, "oneFile", error);
      throw new UploadRejected("tooManyFiles", { max: maxFiles }, { cause: error });
    }
    // A multipart body that does not parse, or a body that is not a form at all.
    if (error instanceof MultipartParseError || error instanceof FormDataParseError || error instanceof TypeError) {
      throw rejection(store, "malformed", error);
    }
    throw error;
  }
}
